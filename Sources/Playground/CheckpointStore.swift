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
// Past `evenFrom` steps from both (three mean gaps, at least `farAway`), distance stops
// counting: there every gap costs its length alone, so the far past is spaced evenly and a
// jump anywhere into it re-simulates at most about one even gap, where spacing in proportion to
// distance left the first tenth of a 10-minute crowd's session with one checkpoint (a jump
// there re-simulated minutes). Nearer, gaps stay within about twice their distance.
//
// Checkpoints are packed as they age (SessionCheckpoint.packed(): the engine's contacts,
// bodies and shapes deflated): the newest stay as they are, while they hold at most a
// sixteenth of the budget (`unpackedShare`); any older one is packed once, when it leaves that
// set. Steps back show recorded frames, so a restore is needed only to resume or settle, where
// unpacking (tens of milliseconds for a crowd, in pieces for a settle) is small beside the
// steps run after it; a quarter of the budget held unpacked was room for some 20 packed
// checkpoints of a crowd, which now make the far past denser instead.
//
// Once the budget is full and the store thins (it has dropped a checkpoint to fit), a
// checkpoint leaving the unpacked set is packed only when its step is on a coarser grid
// (`packingInterval`, 64 steps); the others are dropped there instead. Packed as they came,
// all but a few of them were dropped later, further off, as spacing grew with distance: in a
// 10-minute crowd, 4,500 checkpoints were deflated (9 MB each) to keep 80, and deflating them
// took more processor time than stepping the crowd (56 % of its play). Steps back show
// recorded frames, so the gaps of up to 64 steps this leaves near the present cost only a
// settle's or a resume's re-simulation, run behind the frame on screen.
//
// The bytes are each checkpoint's arrays counted alone (SessionCheckpoint.retainedBytes), an
// upper bound: checkpoints taken while parts of the engine did not change share those arrays.
//
// Packing goes through buffers of a contact array's size; the store keeps one PackingScratch and
// packs every checkpoint through it, so those pages are reused, not asked for and touched anew.
// A packed checkpoint frees its unpacked arrays (the contacts, the pair table); the C allocator
// keeps freed blocks for the live world's next copies of the same arrays (taking a checkpoint
// shares them, so the world's next write copies each), but between the checkpoints that stay
// they can add up to more than the budget in the process's resident set. Handing the free pages
// back after every packing (malloc_trim) made the next copies fault every page in again: 22.5
// million minor faults in a 10-minute crowd's `bench travel`. The store trims only once packing
// has freed a quarter of the budget since the last trim, so the freed blocks serve several
// copies first and the resident set stays within a quarter of the budget of a trimmed one.
import Dynamics
#if os(Linux)
/// glibc's malloc_trim (malloc.h, which the Glibc module leaves out).
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif

/// What the store needs of a checkpoint.
protocol StepCheckpoint {
    var step: Int { get }
    var retainedBytes: Int { get }
    /// Whether it is packed, and the same checkpoint packed (itself where nothing packs).
    var isPacked: Bool { get }
    func packed(scratch: PackingScratch) -> Self
}

extension StepCheckpoint {
    var isPacked: Bool { true }
    func packed(scratch: PackingScratch) -> Self { self }
}

extension SessionCheckpoint: StepCheckpoint {}

final class CheckpointStore<Checkpoint: StepCheckpoint> {
    /// Steps between checkpoints offered.
    let interval: Int
    /// Most bytes the checkpoints may hold.
    var budget: Int
    private(set) var checkpoints: [(checkpoint: Checkpoint, bytes: Int)] = []
    private(set) var bytes = 0
    /// Steps users are near: the furthest reached and the last one a trip or step reached.
    private var present = 0
    private var cursor = 0
    /// The part of the budget the newest checkpoints may hold unpacked (at least the newest is).
    static var unpackedShare: Int { 16 }
    /// Steps of the checkpoints not packed yet, oldest added first.
    private var unpacked: [Int] = []
    /// Distance from the present or the cursor beyond which spacing is even.
    let farAway: Int
    /// The buffers every packing goes through.
    private let scratch = PackingScratch()
    /// Bytes packing freed since the allocator was last asked to hand free pages back.
    private var freedSinceTrim = 0
    /// Steps between the checkpoints packed once the store thins (a multiple of `interval`).
    let packingInterval: Int
    /// Whether the budget has made the store drop a checkpoint: from then on only those on the
    /// packing grid are packed.
    private(set) var thins = false

    init(interval: Int = 8, budget: Int = 256 << 20, farAway: Int = 512, packingEvery: Int = 8) {
        self.interval = max(1, interval)
        self.packingInterval = self.interval * max(1, packingEvery)
        self.budget = budget
        self.farAway = max(1, farAway)
    }

    var count: Int { checkpoints.count }
    /// How many are packed.
    var packedCount: Int { checkpoints.count(where: { $0.checkpoint.isPacked }) }

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
        if !c.isPacked { unpacked.append(c.step) }
        freedSinceTrim += packOldest()
        while bytes > budget, let victim = cheapestToDrop() {
            remove(at: victim)
            thins = true
        }
        #if os(Linux)
        if freedSinceTrim > budget / 4 {
            _ = mallocTrim(0)
            freedSinceTrim = 0
        }
        #endif
    }

    /// Packs the oldest unpacked checkpoints while the unpacked ones hold more than their share
    /// of the budget, keeping the newest as it is, and once the store thins drops those off the
    /// packing grid instead (not the first); returns the bytes packing took off.
    private func packOldest() -> Int {
        var held = unpacked.reduce(0) { sum, step in sum + (index(of: step).map { checkpoints[$0].bytes } ?? 0) }
        var freed = 0
        var k = 0
        while held > budget / Self.unpackedShare, unpacked.count - k > 1 {
            let step = unpacked[k]
            guard let i = index(of: step) else { unpacked.remove(at: k); continue }
            if thins && step % packingInterval != 0 && i > 0 && i < checkpoints.count - 1 {
                // The two before the present stay (see cheapestToDrop), unpacked until they
                // are further back.
                if isNearPresent(step) { k += 1; continue }
                unpacked.remove(at: k)
                held -= checkpoints[i].bytes
                bytes -= checkpoints[i].bytes
                checkpoints.remove(at: i)
                continue
            }
            unpacked.remove(at: k)
            held -= checkpoints[i].bytes
            let p = checkpoints[i].checkpoint.packed(scratch: scratch)
            let size = p.retainedBytes
            freed += max(0, checkpoints[i].bytes - size)
            bytes += size - checkpoints[i].bytes
            checkpoints[i] = (p, size)
        }
        return freed
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

    /// Whether `step` is one of the two checkpoints' steps before the present.
    private func isNearPresent(_ step: Int) -> Bool {
        step <= present && present - step <= 2 * interval
    }

    private func index(of step: Int) -> Int? {
        checkpoints.firstIndex { $0.checkpoint.step == step }
    }

    private func remove(at i: Int) {
        bytes -= checkpoints[i].bytes
        unpacked.removeAll { $0 == checkpoints[i].checkpoint.step }
        checkpoints.remove(at: i)
    }

    /// The distance from the present and the cursor beyond which spacing is even: three times
    /// the mean gap, and at least `farAway`.
    var evenFrom: Int {
        guard let first = checkpoints.first, let last = checkpoints.last else { return farAway }
        return max(farAway, 3 * (last.checkpoint.step - first.checkpoint.step) / checkpoints.count)
    }

    /// The checkpoint whose loss costs least (see the top of this file); nil when only the first
    /// and the newest are left.
    private func cheapestToDrop() -> Int? {
        guard checkpoints.count > 2 else { return nil }
        return cheapestToDrop(keepingNearPresent: true) ?? cheapestToDrop(keepingNearPresent: false)
    }

    /// The cheapest checkpoint to drop, the first and the last kept. Keeping those near the
    /// present, the two before it stay: a step or two back from where play is never
    /// re-simulates more than the interval, whatever the checkpoints weigh. By cost alone, once
    /// the far gaps had grown to the even spacing, the one 16 steps back cost as little to drop
    /// as any far one (a 1,000-body crowd's checkpoints under 256 MB).
    private func cheapestToDrop(keepingNearPresent: Bool) -> Int? {
        var best: Int?
        var bestCost = Double.infinity
        let even = evenFrom
        for i in 1..<(checkpoints.count - 1) {
            let step = checkpoints[i].checkpoint.step
            if keepingNearPresent && isNearPresent(step) { continue }
            let gap = Double(checkpoints[i + 1].checkpoint.step - checkpoints[i - 1].checkpoint.step)
            let distance = Double(max(1, min(abs(present - step), abs(cursor - step), even)))
            let cost = gap / distance
            if cost < bestCost { bestCost = cost; best = i }
        }
        return best
    }
}
