// ActiveContacts: which contacts a step works on while part of the scene sleeps.
//
// A contact between two bodies that are asleep or still (a sleeping box against its sleeping
// neighbour, or against a wall) keeps its manifold, takes no constraint, keeps its touching
// flag and holds nothing against a wall: every pass over the contacts (the narrow phase, the
// coloring, the touching test, the wall guard, the island search) skipped it after reading it,
// and a contact is 288 bytes. A sleeping wall of 9,600 boxes has 38,000 such contacts, and
// reading them cost more than the rest of the step.
//
// Design:
// - Once before the narrow phase, and again after it if it woke islands, the set marks each
//   body active or not (IslandSleeper.isActive: an awake dynamic body, or an anchored one that
//   moves) and lists the indices of the contacts with an active body, reading each contact's
//   two bodies from ContactSet.bodyPairs (8 bytes a contact), never the contact itself.
// - The list is ascending, so every pass visits the contacts it used to visit in the same order
//   and skips only contacts it skipped: the step's result is the same, bit for bit.
// - With no sleeping island every contact is active and there is no list (`all`): the passes
//   then run over the whole array as before, with no indirection.
// - What still costs per sleeping body is one flag a step here; what would remove it is an awake
//   contact array kept as v3 keeps its awake set (contacts moved in and out as islands sleep and
//   wake), which changes the contacts' order and so the solver's.
import Geometry

struct ActiveContacts {
    /// Every contact is active: no island sleeps.
    private(set) var all = true
    /// The indices of the contacts with an active body, ascending (when not `all`).
    private(set) var indices: [Int32] = []
    /// Scratch, by body: whether the body is active.
    private var bodyActive: [Bool] = []

    /// Finds the active contacts among `pairs` (each contact's two bodies).
    mutating func select(bodies: UnsafeBufferPointer<Body>, pairs: [SIMD2<Int32>], sleepers: Bool) {
        indices.removeAll(keepingCapacity: true)
        all = !sleepers
        guard sleepers else { return }
        if bodyActive.count != bodies.count { bodyActive = [Bool](repeating: false, count: bodies.count) }
        bodyActive.withUnsafeMutableBufferPointer { ba in
            for i in 0..<bodies.count { ba[i] = IslandSleeper.isActive(bodies[i]) }
        }
        indices.reserveCapacity(pairs.count)
        bodyActive.withUnsafeBufferPointer { ba in
        pairs.withUnsafeBufferPointer { pp in
            for i in 0..<pp.count where ba[Int(pp[i][0])] || ba[Int(pp[i][1])] { indices.append(Int32(i)) }
        }}
    }

    /// How many contacts are active of the `total` there are.
    @inline(__always) func count(of total: Int) -> Int { all ? total : indices.count }

    /// Calls `body` with the active contacts' indices, ascending, or nil when every contact is.
    func withIndices<R>(_ body: (UnsafePointer<Int32>?) -> R) -> R {
        if all { return body(nil) }
        return indices.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// The index of the `k`-th active contact, from the pointer `withIndices` lends (nil: every
    /// contact is active, so the k-th is contact k).
    @inline(__always) static func contact(_ k: Int, of indices: UnsafePointer<Int32>?) -> Int {
        indices.map { Int($0[k]) } ?? k
    }

    /// Calls `body` with each active contact's index, in ascending order.
    @inline(__always)
    func forEach(count: Int, _ body: (Int) -> Void) {
        if all {
            for i in 0..<count { body(i) }
        } else {
            indices.withUnsafeBufferPointer { ip in for i in ip { body(Int(i)) } }
        }
    }
}
