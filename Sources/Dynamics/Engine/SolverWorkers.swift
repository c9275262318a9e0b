// SolverWorkers: the threads a world's solver may use, passed in by whoever owns the world (the
// command line, the playground for a large scene); no world shares them with another, and none
// is global.
//
// One worker runs every stage inline, on the caller's thread: nothing is started, nothing is
// shared. Two workers keep one extra thread for the life of the object. The solver's stages
// are short (a graph color of a large pile is a few dozen microseconds), and a step has a few
// hundred of them, so handing a stage over must cost well under a microsecond: no queue, no
// lock and no system call on the way. A stage is posted by writing its task into a shared slot
// and bumping a generation word; the helper, spinning on that word, sees it at once. Both
// threads then take chunks of the stage's range from a shared counter until it is used up.
//
// The machine may be shared, and the helper may not be running when a stage is posted (it went
// to sleep between steps, or the system gave its core to someone else). So the helper must
// claim a stage before touching it, and the caller, once its chunks are done, claims it too if
// the helper has not: whoever claims first wins, and the caller never waits for a helper that
// did not start (it waits only for a helper's chunk in progress). A stalled helper costs the
// caller nothing but the stage's own work, which is then all its own.
// The helper spins for a short while after each stage (the next comes within microseconds inside
// a step), then sleeps on a condition variable until the next post (between steps, while the
// caller finds contacts). The post wakes it only when it said it was asleep.
//
// Which thread does which chunk changes from run to run; what a chunk computes does not. A stage
// is split only where its items are independent (the batches of one graph color share no moving
// body; integrating a body touches only that body), so results are the same bytes with one
// worker or two.
import CLaneShuffles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads one world's solver shares its wide passes and integration with: one (all inline)
/// or two (the caller and a helper thread that lives as long as the workers).
public final class SolverWorkers: @unchecked Sendable {
    /// A stage's work over `lo..<hi` of its range, with the context it was posted with.
    typealias Task = @convention(c) (UnsafeMutableRawPointer, Int, Int) -> Void

    /// 1 (everything inline) or 2 (the caller and one helper thread).
    public let count: Int
    private let helper: Helper?
    /// Stages that were shared so far (split in chunks for both threads), and the chunks the
    /// helper took of them: what a test or a bench reads to see that the helper took part.
    public private(set) var sharedStages = 0
    /// The chunks of shared stages the helper thread took so far (0 with one worker).
    public var helperChunks: Int { helper?.chunksTaken ?? 0 }

    /// Workers for one world's solver: `count` is clamped to 1...2 (the engine splits its stages
    /// in two; more threads would wait on each other at every color).
    public init(count: Int) {
        self.count = min(max(count, 1), 2)
        helper = self.count > 1 ? Helper() : nil
    }

    deinit { helper?.stop() }

    /// Runs `task` over `0..<n`: inline when there is no helper or `n` is under two chunks of
    /// `minimumChunk`, otherwise in chunks taken by both threads. Returns when all of it is done.
    @inline(__always)
    func run(_ n: Int, minimumChunk: Int, _ task: Task, _ context: UnsafeMutableRawPointer) {
        guard let helper, n >= 2 * minimumChunk else {
            if n > 0 { task(context, 0, n) }
            return
        }
        sharedStages &+= 1
        helper.run(n, chunk: max(minimumChunk, (n + 7) / 8), task, context)
    }
}

/// The helper thread and the words it shares with the caller.
private final class Helper: @unchecked Sendable {
    /// The shared words, each on a cache line of its own, at fixed addresses.
    enum Word: Int, CaseIterable {
        case posted     // generation of the latest stage posted
        case claimed    // generation of the latest stage claimed, by either thread
        case finished   // generation of the latest stage the helper finished
        case next       // the stage's next unclaimed item
        case sleeping   // 1 while the helper waits on the condition variable
        case stopping   // 1 once the helper should end
        case chunks     // chunks the helper has taken, in all
    }
    private static let lineWords = 8
    private let words: UnsafeMutablePointer<UInt64>
    /// The posted stage: written by the caller before it posts, read by the helper after it claims.
    private struct Stage {
        var count = 0, chunk = 0
        var task: SolverWorkers.Task?
        var context: UnsafeMutableRawPointer?
    }
    private let stage = UnsafeMutablePointer<Stage>.allocate(capacity: 1)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t? = nil
    private var generation: UInt64 = 0

    init() {
        let n = Word.allCases.count * Self.lineWords
        words = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        words.initialize(repeating: 0, count: n)
        stage.initialize(to: Stage())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        let box = Unmanaged.passRetained(self).toOpaque()
        var t = pthread_t()
        let started = pthread_create(&t, nil, { raw in
            let helper = Unmanaged<Helper>.fromOpaque(raw!).takeRetainedValue()
            helper.serve()
            return nil
        }, box)
        if started == 0 { thread = t } else { Unmanaged<Helper>.fromOpaque(box).release() }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate(); mutex.deallocate()
        stage.deinitialize(count: 1); stage.deallocate()
        words.deallocate()
    }

    @inline(__always) private func word(_ w: Word) -> UnsafeMutablePointer<UInt64> {
        words + w.rawValue &* Self.lineWords
    }

    /// Chunks the helper thread has taken so far.
    var chunksTaken: Int { Int(nudge_load_acquire(word(.chunks))) }

    /// Ends the thread and waits for it.
    func stop() {
        guard let thread else { return }
        nudge_store_seq(word(.stopping), 1)
        pthread_mutex_lock(mutex)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        pthread_join(thread, nil)
        self.thread = nil
    }

    /// The caller's side: post the stage, take chunks, then claim it back or wait for the helper.
    func run(_ n: Int, chunk: Int, _ task: SolverWorkers.Task, _ context: UnsafeMutableRawPointer) {
        guard thread != nil else { task(context, 0, n); return }
        generation &+= 1
        let g = generation
        stage.pointee = Stage(count: n, chunk: chunk, task: task, context: context)
        nudge_store_seq(word(.next), 0)
        nudge_store_seq(word(.posted), g)
        if nudge_load_seq(word(.sleeping)) != 0 {
            pthread_mutex_lock(mutex)
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }
        Self.takeChunks(word(.next), n, chunk, task, context)
        // The helper never started this stage: it is ours, and done.
        if nudge_claim(word(.claimed), g &- 1, g) { return }
        var spins = 0
        while nudge_load_acquire(word(.finished)) != g {
            spins &+= 1
            if spins < 4096 { nudge_spin_pause() } else { sched_yield() }
        }
    }

    /// Both threads: chunks of the stage until none is left.
    @inline(__always)
    @discardableResult
    private static func takeChunks(_ next: UnsafeMutablePointer<UInt64>, _ n: Int, _ chunk: Int,
                                   _ task: SolverWorkers.Task, _ context: UnsafeMutableRawPointer) -> UInt64 {
        var taken: UInt64 = 0
        while true {
            let lo = Int(nudge_fetch_add(next, UInt64(chunk)))
            if lo >= n { return taken }
            task(context, lo, min(lo + chunk, n))
            taken &+= 1
        }
    }

    /// The helper's loop: wait for a post, claim it, work, report; until stopped.
    private func serve() {
        var seen: UInt64 = 0
        while true {
            guard let g = waitForPost(after: seen) else { return }
            seen = g
            guard nudge_claim(word(.claimed), g &- 1, g) else { continue }
            let s = stage.pointee
            let taken = Self.takeChunks(word(.next), s.count, s.chunk, s.task!, s.context!)
            nudge_store_release(word(.chunks), nudge_load_acquire(word(.chunks)) &+ taken)
            nudge_store_release(word(.finished), g)
        }
    }

    /// How long the helper spins for the next stage before it sleeps: far longer than the gap
    /// between two stages of a step, far shorter than the part of a step it has no share in.
    static let spinNanoseconds: UInt64 = 50_000

    /// Spins for a while (`spinNanoseconds`) for a generation after `seen`, then sleeps until
    /// one is posted. Nil when the thread should end.
    private func waitForPost(after seen: UInt64) -> UInt64? {
        var spins = 0
        var since: UInt64 = 0
        while true {
            let g = nudge_load_acquire(word(.posted))
            if g != seen { return g }
            if nudge_load_acquire(word(.stopping)) != 0 { return nil }
            spins &+= 1
            nudge_spin_pause()
            // The clock is read once every 64 spins: reading it costs more than a spin.
            if spins & 63 != 0 { continue }
            if since == 0 { since = Self.nanoseconds(); continue }
            if Self.nanoseconds() &- since < Self.spinNanoseconds { continue }
            pthread_mutex_lock(mutex)
            nudge_store_seq(word(.sleeping), 1)
            while nudge_load_seq(word(.posted)) == seen && nudge_load_seq(word(.stopping)) == 0 {
                pthread_cond_wait(condition, mutex)
            }
            nudge_store_seq(word(.sleeping), 0)
            pthread_mutex_unlock(mutex)
            spins = 0; since = 0
        }
    }

    /// The monotonic clock, for the spin's length only (nothing the solver computes reads it).
    private static func nanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }
}
