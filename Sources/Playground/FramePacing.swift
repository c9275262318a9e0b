// FramePacing: when the playground draws, and what it has noted of the frames of the last second.
//
// Frames come at most 60 times a second (`interval`), however many events arrive, so drawing
// never takes the time the simulation and the keys need. A frame the terminal is not ready for
// is dropped before any drawing work (`dropped(at:)`), and the app tries again at the next frame
// time; from `slowTerminalDrops` drops within a second the status line says "terminal slow: N
// frames dropped" (while playing), and says it again with the new count as drops leave that
// second. One now and then (a frame still on its way when the next is due) is not worth a word.
// The frames drawn in the last second are the status line's frames per second.
//
// A value the loop hands the time to, like the rest of the loop's parts; the app keeps one.
struct FramePacing {
    /// The shortest time between frames.
    static let interval = 1.0 / 60
    /// Frames dropped within a second before the status line says the terminal is slow.
    static let slowTerminalDrops = 3

    /// When the last frame was drawn or dropped.
    private(set) var lastFrameAt = -Double.infinity
    /// When frames were drawn, over the last second.
    private(set) var drawn: [Double] = []
    /// When frames were dropped by a terminal still busy with an earlier one.
    private(set) var drops: [Double] = []
    /// Whether the status line on screen says the terminal is slow.
    private(set) var saysSlow = false

    /// Whether a frame may be drawn at `now`.
    func isDue(at now: Double) -> Bool { now >= lastFrameAt + Self.interval - 1e-9 }

    /// Seconds from `now` until a frame may be drawn.
    func untilDue(at now: Double) -> Double { max(0, lastFrameAt + Self.interval - now) }

    /// A frame was due at `now` but the terminal was not ready: dropped.
    mutating func dropped(at now: Double) {
        lastFrameAt = now
        drops.append(now)
    }

    /// A frame is drawn at `now`; `counted` says whether it counts towards the frames per second
    /// (a terminal too small to play in draws frames that do not).
    mutating func drew(at now: Double, counted: Bool) {
        lastFrameAt = now
        guard counted else { return }
        drawn.append(now)
        drawn.removeAll { $0 <= now - 1 }
    }

    /// Before a status line at `now`: forgets drops older than a second and decides whether
    /// the line says the terminal is slow (never while paused).
    mutating func ageDrops(at now: Double, paused: Bool) {
        drops.removeAll { $0 <= now - 1 }
        saysSlow = !paused && drops.count >= Self.slowTerminalDrops
    }

    /// The drops to report in the status line, nil when it does not say the terminal is slow.
    var droppedFrames: Int? { saysSlow ? drops.count : nil }

    /// Frames drawn over the last second, at most 60.
    var framesPerSecond: Int { min(drawn.count, 60) }

    /// Whether, at `now`, a drop the status line counts has left the last second (the line is
    /// then due again, with the new count); forgets it if so.
    mutating func dropLeftTheSecond(at now: Double) -> Bool {
        guard saysSlow, let oldest = drops.first, now - oldest >= 1 else { return false }
        drops.removeAll { $0 <= now - 1 }
        saysSlow = false
        return true
    }

    /// When the status line's count of drops changes next, while it says the terminal is slow.
    var nextDropExpiry: Double? { saysSlow ? drops.first.map { $0 + 1 } : nil }
}
