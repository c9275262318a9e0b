// Piecework: a long job cut into pieces that a caller runs one at a time, between frames.
//
// Unpacking a 1,000-item crowd's packed checkpoint and restoring a session from it take longer
// than a frame; an app that does it while the screen should stay live runs it a piece per turn
// of its loop (or as many as fit its slice). A Piecework is the list of pieces, each reporting
// whether it worked, and a finish that makes the value from what they left behind. Layers wrap
// one another's with `map` (the world's unpacking becomes the animator's, then the scene's),
// so the pieces stay those of the layer that has them. Running all pieces then taking the
// result is the same work, in the same order, as doing the job at once.
/// A job in pieces (Piecework.swift).
public final class Piecework<Value> {
    private let pieces: [() -> Bool]
    private let finish: () -> Value?
    private var next = 0
    private var failed = false

    /// A job of `pieces`, run in order, then `finish`, which gives nil when the job failed.
    public init(pieces: [() -> Bool], finish: @escaping () -> Value?) {
        self.pieces = pieces
        self.finish = finish
    }

    /// A job with nothing left to do.
    public convenience init(finished value: Value) {
        self.init(pieces: [], finish: { value })
    }

    /// Whether every piece has run (or one failed).
    public var isDone: Bool { failed || next == pieces.count }

    /// How many pieces are left.
    public var remaining: Int { failed ? 0 : pieces.count - next }

    /// Runs the next piece; false when it failed (or one before did).
    @discardableResult
    public func runNext() -> Bool {
        guard !failed else { return false }
        guard next < pieces.count else { return true }
        next += 1
        if !pieces[next - 1]() { failed = true }
        return !failed
    }

    /// The value, once every piece has run; nil before, or when a piece or the finish failed.
    public func result() -> Value? {
        guard !failed, next == pieces.count else { return nil }
        return finish()
    }

    /// Runs what is left at once and gives the value.
    public func finished() -> Value? {
        while !isDone { runNext() }
        return result()
    }

    /// The same job, its value made into another by `transform` (nil: the job failed). Run the
    /// pieces through the new one only.
    public func map<T>(_ transform: @escaping (Value) -> T?) -> Piecework<T> {
        let finish = self.finish
        return Piecework<T>(pieces: Array(pieces[next...]), finish: { finish().flatMap(transform) })
    }
}
