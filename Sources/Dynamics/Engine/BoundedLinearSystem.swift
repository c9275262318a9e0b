// BoundedLinearSystem: A·x = b for a small symmetric positive semi-definite A, with each xᵢ held
// within [lowerᵢ, upperᵢ]: the solve behind a joint group (JointGroups.swift).
//
// The unknowns are solved together by an LDLᵀ factorization, exact where A is well posed. Bounds
// are met by an active set: while some unknown lies outside its bounds, the one furthest out
// (weighed by its diagonal, so the measure is a velocity) is held at the bound it crossed, moved
// to the right-hand side, and the others are solved again; once all free unknowns are within
// their bounds, a held one whose row pulls away from its bound is let go and the holding starts
// again. At most n are let go, so the answer always ends within every bound; a system with no
// bound crossed is solved once.
//
// A start (`solve(start:)`): the held set a previous solve of the same rows ended with, each at
// the side it was held at. A joint group is solved twice in each of a step's substeps with the
// same rows, and a ragdoll's pins hold most of their limit and friction rows every time: started
// cold, each of those is found in a round of its own (a factorization each); started from the
// last set, the first round is usually the answer. The end tests are the same, and the answer is
// the last round's solve with the held set it ends with, so where the bounded problem has one
// solution (A positive definite) the start changes how fast it is found, not what is found.
//
// Sparsity (BoundedLinearSystem+Factor.swift): a row couples only with the rows that share a
// moving body with it, and only those entries are handed over (`setMatrix` records each in its
// row's pattern, a bit mask: a system has at most 64 rows, `maxSize`). The factorization, the
// held rows' share of the right-hand side and the residuals walk those patterns in the order the
// dense loops walked every column, so in the rows' own order they skip only terms that are
// exactly zero. A ragdoll's rows factored in their own order fill in (its root joint's rows come
// first and tie every limb to every other), so a system may be given an elimination order
// (`eliminationOrder()`, minimum degree on the patterns, kept only when it fills in less): a
// tree of joints, leaves first, factors with no fill at all, in work proportional to its rows
// and their neighbours. The held rows are left out of the order and what remains of it still
// fills in no more.
//
// A pivot below a billionth of its diagonal marks an unknown that depends on the ones before it
// (two rows asking the same thing of the same bodies): it is set to zero and the rest are solved
// exactly, which is what the dependent row needs when the rows agree and the least harm when they
// do not.

struct BoundedLinearSystem {
    /// The most rows a system may have (one bit each in a row's pattern).
    static let maxSize = 64
    private(set) var size = 0
    private var a: [Double] = []
    private var b: [Double] = []
    private var lower: [Double] = []
    private var upper: [Double] = []
    private var x: [Double] = []
    private var held: [Bool] = []
    /// The bound each held unknown is held at: −1 lower, +1 upper.
    private var side: [Int8] = []
    /// Each row's pattern: bit j set when Aᵢⱼ (j < i) was handed over; `neighbours` both sides.
    private var pattern: [UInt64] = []
    private var neighbours: [UInt64] = []
    /// The order the free unknowns are eliminated in (empty: the rows' own order).
    private var order: [Int] = []
    // Scratch for one round: the free unknowns, their matrix, pivots, right-hand side, patterns
    // (below and above the diagonal, after fill) and each unknown's place among the free ones.
    private var free: [Int] = []
    private var f: [Double] = []
    private var pivots: [Double] = []
    private var r: [Double] = []
    private var lowerFill: [UInt64] = []
    private var upperFill: [UInt64] = []
    private var place: [Int] = []

    /// The mask with bit j set.
    @inline(__always) static func bit(_ j: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: j) }

    /// Starts a system of `n` ≤ `maxSize` rows with no entries and the rows' own order.
    mutating func reset(size n: Int) {
        precondition(n <= Self.maxSize, "a bounded linear system has at most \(Self.maxSize) rows")
        size = n
        if a.count < n * n { a = [Double](repeating: 0, count: n * n); f = a }
        if b.count < n {
            b = [Double](repeating: 0, count: n)
            lower = b; upper = b; x = b; pivots = b; r = b
            held = [Bool](repeating: false, count: n)
            side = [Int8](repeating: 0, count: n)
            pattern = [UInt64](repeating: 0, count: n)
            neighbours = pattern; lowerFill = pattern; upperFill = pattern
            place = [Int](repeating: 0, count: n)
        }
        for i in 0..<n { pattern[i] = 0 }
        order.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
    }

    /// Aᵢⱼ for j ≤ i (the lower triangle is all that is kept); zero where none was handed over.
    @inline(__always) func matrix(_ i: Int, _ j: Int) -> Double {
        i == j || pattern[i] & (Self.bit(j)) != 0 ? a[i * size + j] : 0
    }
    /// Hands over Aᵢⱼ for j ≤ i; an entry not handed over is zero.
    @inline(__always) mutating func setMatrix(_ i: Int, _ j: Int, _ v: Double) {
        a[i * size + j] = v
        if j < i { pattern[i] |= Self.bit(j) }
    }
    @inline(__always) mutating func addToDiagonal(_ i: Int, _ v: Double) { a[i * size + i] += v }
    @inline(__always) mutating func setRight(_ i: Int, _ v: Double) { b[i] = v }
    @inline(__always) mutating func setBounds(_ i: Int, lower lo: Double, upper hi: Double) { lower[i] = lo; upper[i] = hi }
    @inline(__always) func solution(_ i: Int) -> Double { x[i] }

    /// An order to eliminate the unknowns in (a permutation of 0..<size) that fills in no more
    /// than the rows' own order: minimum degree on the patterns handed over, or the rows' own.
    func eliminationOrder() -> [Int] {
        EliminationOrder.best(lowerPatterns: Array(pattern[0..<size]))
    }

    /// Solves from no unknown held.
    mutating func solve() { solve(start: nil) }

    /// Solves starting with the unknowns `start` marks (−1 held at the lower bound, +1 at the
    /// upper, 0 free; one entry an unknown) held, and writes the held set it ends with back into
    /// it, eliminating in `order` (a permutation of 0..<size; empty: the rows' own order). A mark
    /// on an infinite bound is ignored.
    mutating func solve(start: UnsafeMutablePointer<Int8>?, order: [Int] = []) {
        let n = size
        self.order = order.count == n ? order : []
        for i in 0..<n { neighbours[i] = pattern[i] }
        for i in 0..<n {
            var p = pattern[i]
            while p != 0 { let j = p.trailingZeroBitCount; p &= p - 1; neighbours[j] |= Self.bit(i) }
        }
        for i in 0..<n {
            held[i] = false; x[i] = 0; side[i] = 0
            guard let mark = start?[i], mark != 0 else { continue }
            let bound = mark < 0 ? lower[i] : upper[i]
            if bound.isFinite { held[i] = true; x[i] = bound; side[i] = mark < 0 ? -1 : 1 }
        }
        holdAndRelease()
        if let start { for i in 0..<n { start[i] = held[i] ? side[i] : 0 } }
    }

    private mutating func holdAndRelease() {
        let n = size
        var releases = 0
        while true {
            // Hold: the unknown furthest outside its bounds, if any, is held at the bound, until
            // every free one is within its bounds (each round holds one more, so at most n + 1).
            for _ in 0...n {
                solveFree()
                var worst = -1, worstExcess = 0.0
                for i in 0..<n where !held[i] {
                    let excess = max(lower[i] - x[i], x[i] - upper[i]) * a[i * n + i]
                    if excess > worstExcess { worst = i; worstExcess = excess }
                }
                if worst < 0 { break }
                side[worst] = x[worst] < lower[worst] ? -1 : 1
                x[worst] = min(max(x[worst], lower[worst]), upper[worst])
                held[worst] = true
            }
            // Let go: a held unknown must still push toward its bound: at the lower bound the
            // residual (A·x − b)ᵢ must be ≥ 0, at the upper ≤ 0. One that pulls away from its
            // bound was held only because of unknowns held after it, and holding it would apply
            // an impulse its row does not ask for: the one pulling hardest is let go, and the
            // others are held again as needed. At most n are let go, so the answer always ends
            // within every bound.
            if releases == n { return }
            var loosest = -1, loosestPull = 0.0
            for i in 0..<n where held[i] && lower[i] < upper[i] {
                var residual = -b[i]
                var cols = neighbours[i] | Self.bit(i)
                while cols != 0 {
                    let j = cols.trailingZeroBitCount; cols &= cols - 1
                    residual += (i >= j ? a[i * n + j] : a[j * n + i]) * x[j]
                }
                let pull = x[i] <= lower[i] ? -residual : residual
                // Rounding alone (a billionth of the row's right-hand side) lets nothing go.
                if pull > loosestPull && pull > 1e-9 * abs(b[i]) { loosest = i; loosestPull = pull }
            }
            if loosest < 0 { return }
            held[loosest] = false
            releases += 1
        }
    }

    /// Solves for the unknowns not held, with the held ones on the right-hand side.
    private mutating func solveFree() {
        let n = size
        free.removeAll(keepingCapacity: true)
        var heldMask: UInt64 = 0
        for i in 0..<n where held[i] { heldMask |= Self.bit(i) }
        if order.isEmpty {
            for i in 0..<n where !held[i] { free.append(i) }
        } else {
            for i in order where !held[i] { free.append(i) }
        }
        if free.isEmpty { return }
        // The scratch moves out of the stored arrays for the call (no copy: each is then held once)
        // and back after it, so the unchecked loops borrow no stored property of `self`.
        let a = self.a, b = self.b, neighbours = self.neighbours, free = self.free
        var x = self.x, f = self.f, pivots = self.pivots, r = self.r
        var lowerFill = self.lowerFill, upperFill = self.upperFill, place = self.place
        self.x = []; self.f = []; self.pivots = []; self.r = []; self.lowerFill = []; self.upperFill = []; self.place = []
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in neighbours.withUnsafeBufferPointer { nb in
        free.withUnsafeBufferPointer { free in x.withUnsafeMutableBufferPointer { x in
        f.withUnsafeMutableBufferPointer { f in pivots.withUnsafeMutableBufferPointer { pivots in
        r.withUnsafeMutableBufferPointer { r in lowerFill.withUnsafeMutableBufferPointer { lf in
        upperFill.withUnsafeMutableBufferPointer { uf in place.withUnsafeMutableBufferPointer { place in
            let round = SparseFactor(n: n, m: free.count, a: a.baseAddress!, neighbours: nb.baseAddress!, free: free.baseAddress!,
                                 f: f.baseAddress!, pivots: pivots.baseAddress!, r: r.baseAddress!,
                                 lowerFill: lf.baseAddress!, upperFill: uf.baseAddress!, place: place.baseAddress!)
            round.gather(b: b.baseAddress!, x: x.baseAddress!, held: heldMask)
            round.fill()
            round.factor()
            round.substitute()
            for k in 0..<free.count { x[free[k]] = r[k] }
        }}}}}}}}}}}
        self.x = x; self.f = f; self.pivots = pivots; self.r = r
        self.lowerFill = lowerFill; self.upperFill = upperFill; self.place = place
    }
}
