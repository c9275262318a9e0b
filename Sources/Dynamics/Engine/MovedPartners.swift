// MovedPartners: for the broad phase's pair search, the shapes each moved proxy already has a
// contact with, so that "do we have this pair?" is a look at a small array indexed by shape
// instead of a probe of the pair table.
//
// Every partner a moved proxy finds in the tree is checked against the existing pairs, and most
// of them exist (a box in a pile finds its neighbors again each time it moves). In a scene of
// thousands of contacts the pair table is hundreds of kilobytes and each probe a cache miss; it
// was most of the pair search's time (docs/performance-log.md). Here the contact set's compact
// list of each contact's shapes is read once, front to back, and the partners of the moved
// shapes are gathered into one list ordered by shape (counts, prefix sums, fill). Before a moved
// shape's query its partners get the current stamp in `mark` (one entry per shape), and a found
// shape with that stamp has its contact. A pair made during the search with a moved shape whose
// turn is still to come is noted for that shape (`noteMade`) and marked with its partners, so a
// shape without the stamp has no contact, and the answers are exactly the pair table's: the
// search probed the table for every such shape, and its probes were a third of its time in a
// stirred pile (docs/performance-log.md). Stamps only grow, so marks left from earlier shapes and
// steps never match; when the counter wraps, the marks are cleared.

struct MovedPartners {
    /// By shape, where its partners start in `list` (shape count + 1 entries; empty ranges for
    /// shapes that did not move).
    private var start: [Int32] = []
    private var cursor: [Int32] = []
    private var list: [Int32] = []
    private var mark: [UInt32] = []
    private var stamp: UInt32 = 0
    /// The pairs made in this search for shapes whose turn is still to come: by shape, the first
    /// of a list (-1: none) through `madeNext`, each entry naming the partner in `madeShape`.
    private var madeFirst: [Int32] = []
    private var madeNext: [Int32] = []
    private var madeShape: [Int32] = []

    /// Gathers the partners of every shape with `moved[shape]`, from each contact's shapes.
    mutating func build(pairs: [SIMD2<Int32>], moved: [Bool]) {
        let n = moved.count
        if mark.count < n { mark.append(contentsOf: repeatElement(0, count: n - mark.count)) }
        if madeFirst.count < n { madeFirst.append(contentsOf: repeatElement(-1, count: n - madeFirst.count)) }
        madeNext.removeAll(keepingCapacity: true)
        madeShape.removeAll(keepingCapacity: true)
        start.removeAll(keepingCapacity: true)
        start.append(contentsOf: repeatElement(0, count: n + 1))
        pairs.withUnsafeBufferPointer { pp in
        moved.withUnsafeBufferPointer { mv in
        start.withUnsafeMutableBufferPointer { st in
            for p in pp {
                let a = Int(p[0]), b = Int(p[1])
                if mv[a] { st[a + 1] &+= 1 }
                if mv[b] { st[b + 1] &+= 1 }
            }
            for i in 0..<n { st[i + 1] &+= st[i] }
        }}}
        cursor.removeAll(keepingCapacity: true)
        cursor.append(contentsOf: start)
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: repeatElement(0, count: Int(start[n])))
        pairs.withUnsafeBufferPointer { pp in
        moved.withUnsafeBufferPointer { mv in
        cursor.withUnsafeMutableBufferPointer { cu in
        list.withUnsafeMutableBufferPointer { out in
            for p in pp {
                let a = Int(p[0]), b = Int(p[1])
                if mv[a] { out[Int(cu[a])] = Int32(b); cu[a] &+= 1 }
                if mv[b] { out[Int(cu[b])] = Int32(a); cu[b] &+= 1 }
            }
        }}}}
    }

    /// Marks the partners of moved shape `id`; `isPartner` answers for it until the next call.
    mutating func mark(partnersOf id: Int32) {
        stamp &+= 1
        if stamp == 0 {
            for i in mark.indices { mark[i] = 0 }
            stamp = 1
        }
        let s = stamp
        list.withUnsafeBufferPointer { l in
        mark.withUnsafeMutableBufferPointer { m in
            for k in Int(start[Int(id)])..<Int(start[Int(id) + 1]) { m[Int(l[k])] = s }
        }}
        var k = madeFirst[Int(id)]
        while k >= 0 {
            mark[Int(madeShape[Int(k)])] = s
            k = madeNext[Int(k)]
        }
        madeFirst[Int(id)] = -1
    }

    /// Notes that the search made a pair of `a` and `b`, a moved shape whose turn is still to
    /// come: `mark(partnersOf: b)` marks `a` too.
    mutating func noteMade(_ a: Int32, with b: Int32) {
        madeShape.append(a)
        madeNext.append(madeFirst[Int(b)])
        madeFirst[Int(b)] = Int32(madeShape.count - 1)
    }

    /// Whether `other` has a contact with the shape last marked: one it had when the search
    /// began, or one the search made.
    @inline(__always) func isPartner(_ other: Int32) -> Bool { mark[Int(other)] == stamp }
}
