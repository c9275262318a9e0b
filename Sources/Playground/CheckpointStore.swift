// CheckpointStore: a history's checkpoints, dense near the present and near the step on screen,
// sparse further off, within a byte budget.
//
// A checkpoint is offered every `interval` steps (8: a step back re-simulates at most 7 steps
// from one near the present). Kept as they come, a 1,000-body scene's would fill gigabytes in
// minutes, so once the bytes held pass `budget` the store drops checkpoints until they fit
// again, each time the one whose loss costs least: dropping checkpoint i leaves a gap from
// i - 1 to i + 1, and a gap costs in proportion to its length and in inverse proportion to its
// distance from where the user is likely to go (the furthest step reached, where a step back
// starts, and the step last reached by a trip, where the next one starts). The result keeps
// about as many checkpoints between distances d and 2d as between 2d and 4d: spacing grows in
// proportion to distance, so memory grows with the logarithm of the session's length. The first
// checkpoint is never dropped (it bounds every re-simulation), nor the newest.
//
// Trips leave checkpoints behind them (SessionHistory offers every step a trip runs), so the
// first step back into a sparse stretch re-simulates up to a gap, and the steps after it are
// dense again. The last `interval` steps of a trip are taken whatever their number: a step back
// runs from the grid checkpoint before it through the steps the next presses land on, so of 8
// presses of `,` held down one re-simulates up to 7 steps and the other 7 only restore.
//
// The bytes are each checkpoint's arrays counted alone (SessionCheckpoint.retainedBytes), an
// upper bound: checkpoints taken while parts of the engine did not change share those arrays.
/// What the store needs of a checkpoint.
protocol StepCheckpoint {
    var step: Int { get }
    var retainedBytes: Int { get }
}

extension SessionCheckpoint: StepCheckpoint {}

final class CheckpointStore<Checkpoint: StepCheckpoint> {
    /// Steps between checkpoints offered.
    let interval: Int
    /// Most bytes the checkpoints may hold.
    let budget: Int
    private(set) var checkpoints: [(checkpoint: Checkpoint, bytes: Int)] = []
    private(set) var bytes = 0
    /// Steps users are near: the furthest reached and the last one a trip or step reached.
    private var present = 0
    private var cursor = 0

    init(interval: Int = 8, budget: Int = 256 << 20) {
        self.interval = max(1, interval)
        self.budget = budget
    }

    var count: Int { checkpoints.count }

    /// Whether a checkpoint of `step` is wanted: on the grid, or anywhere when `fine` (the last
    /// steps of a trip, where the next steps back will land), and not held already.
    func wants(_ step: Int, fine: Bool = false) -> Bool {
        (fine || step % interval == 0) && index(of: step) == nil
    }

    /// Notes that the session reached `step`, so the store keeps checkpoints near it.
    func note(reached step: Int) {
        cursor = step
        present = max(present, step)
    }

    /// Adds `c`, then drops checkpoints until the bytes fit the budget.
    func add(_ c: Checkpoint) {
        guard index(of: c.step) == nil else { return }
        note(reached: c.step)
        let size = c.retainedBytes
        let at = checkpoints.firstIndex { $0.checkpoint.step > c.step } ?? checkpoints.count
        checkpoints.insert((c, size), at: at)
        bytes += size
        while bytes > budget, let victim = cheapestToDrop() { remove(at: victim) }
    }

    /// The latest checkpoint at or before `step`.
    func latest(atOrBefore step: Int) -> Checkpoint? {
        checkpoints.last { $0.checkpoint.step <= step }?.checkpoint
    }

    /// Drops the checkpoints of `step` and after (what follows them changed).
    func drop(from step: Int) {
        while let last = checkpoints.last, last.checkpoint.step >= step { remove(at: checkpoints.count - 1) }
        present = min(present, step)
        cursor = min(cursor, step)
    }

    /// Drops the checkpoint of `step` (it could not be restored).
    func discard(_ step: Int) {
        if let i = index(of: step) { remove(at: i) }
    }

    private func index(of step: Int) -> Int? {
        checkpoints.firstIndex { $0.checkpoint.step == step }
    }

    private func remove(at i: Int) {
        bytes -= checkpoints[i].bytes
        checkpoints.remove(at: i)
    }

    /// The checkpoint whose loss costs least (see the top of this file); nil when only the first
    /// and the newest are left.
    private func cheapestToDrop() -> Int? {
        guard checkpoints.count > 2 else { return nil }
        var best: Int?
        var bestCost = Double.infinity
        for i in 1..<(checkpoints.count - 1) {
            let step = checkpoints[i].checkpoint.step
            let gap = Double(checkpoints[i + 1].checkpoint.step - checkpoints[i - 1].checkpoint.step)
            let distance = Double(max(1, min(abs(present - step), abs(cursor - step))))
            let cost = gap / distance
            if cost < bestCost { bestCost = cost; best = i }
        }
        return best
    }
}
