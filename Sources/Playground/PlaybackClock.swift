// PlaybackClock: which step of simulated time is due at a moment of the wall clock, at a speed.
//
// The simulation always steps in 1/60 s of simulated time; the speed only says how much
// simulated time a wall second holds (`[` and `]`: 1/8×, 1/4×, 1/2×, 1×, 2×). Simulated time at
// `now` is (now − origin) × speed, so the steps due are computed from the clock, never summed
// from frame times, and cannot drift. Whatever moves the relation between the two clocks moves
// the origin: a new speed re-bases it so the simulated time at that moment stays put (nothing
// jumps), a pause delays it by the wall time spent paused, time that could not be caught up on
// is dropped from it, and a step taken by hand or a trip through history places it at that step.
struct PlaybackClock {
    /// The speeds `[` and `]` move between, slowest first; 1 is the default.
    static let speeds: [Double] = [0.125, 0.25, 0.5, 1, 2]

    /// Wall-clock time at which step 0 began, at the current speed.
    private(set) var origin: Double
    /// Simulated seconds per wall second.
    private(set) var speed: Double

    init(origin: Double, speed: Double = 1) {
        self.origin = origin
        self.speed = speed
    }

    /// Simulated time at `now`, in steps (with the fraction of the step in progress).
    func steps(at now: Double) -> Double { (now - origin) * 60 * speed }

    /// Whole steps due at `now` (0 when the clock is before the origin or not a number).
    func dueStep(at now: Double) -> Int {
        let steps = (steps(at: now) + 1e-9).rounded(.down)
        guard steps.isFinite else { return 0 }
        return Int(steps.clamped(0, Double(Int32.max)))
    }

    /// The wall time at which step `n` falls due.
    func wallTime(ofStep n: Int) -> Double { origin + Double(n) / (60 * speed) }

    /// Changes the speed at `now`, keeping the simulated time at `now` where it was.
    mutating func setSpeed(_ newSpeed: Double, at now: Double) {
        guard newSpeed.isFinite, newSpeed > 0 else { return }
        let position = steps(at: now)
        speed = newSpeed
        origin = now - position / (60 * speed)
    }

    /// Moves the origin later by `seconds` of wall time (the time spent paused).
    mutating func delay(by seconds: Double) { origin += seconds }

    /// Forgets `steps` steps of simulated time that were due but could not be run.
    mutating func drop(steps: Int) { origin += Double(steps) / (60 * speed) }

    /// Places the origin so that step `n` is due at `now` (after a step by hand or a trip
    /// through history).
    mutating func place(step n: Int, at now: Double) { origin = now - Double(n) / (60 * speed) }

    /// The next speed up from the current one, nil at the fastest.
    var faster: Double? { Self.speeds.first { $0 > speed + 1e-12 } }

    /// The next speed down from the current one, nil at the slowest.
    var slower: Double? { Self.speeds.last { $0 < speed - 1e-12 } }

    /// How the status line writes a speed: "0.5×", "0.125×", "2×".
    static func label(_ speed: Double) -> String {
        var text = String(format: "%.3f", speed)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "×"
    }
}
