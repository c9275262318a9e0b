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
// A pivot below a billionth of its diagonal marks an unknown that depends on the ones before it
// (two rows asking the same thing of the same bodies): it is set to zero and the rest are solved
// exactly, which is what the dependent row needs when the rows agree and the least harm when they
// do not.

struct BoundedLinearSystem {
    private(set) var size = 0
    private var a: [Double] = []
    private var b: [Double] = []
    private var lower: [Double] = []
    private var upper: [Double] = []
    private var x: [Double] = []
    private var held: [Bool] = []
    /// The bound each held unknown is held at: −1 lower, +1 upper.
    private var side: [Int8] = []
    // Scratch for one round: the free unknowns, their matrix, pivots and right-hand side.
    private var free: [Int] = []
    private var f: [Double] = []
    private var pivots: [Double] = []
    private var r: [Double] = []

    mutating func reset(size n: Int) {
        size = n
        if a.count < n * n { a = [Double](repeating: 0, count: n * n); f = a }
        if b.count < n {
            b = [Double](repeating: 0, count: n)
            lower = b; upper = b; x = b; pivots = b; r = b
            held = [Bool](repeating: false, count: n)
            side = [Int8](repeating: 0, count: n)
        }
        free.removeAll(keepingCapacity: true)
    }

    /// Aᵢⱼ for j ≤ i (the lower triangle is all that is kept).
    @inline(__always) func matrix(_ i: Int, _ j: Int) -> Double { a[i * size + j] }
    @inline(__always) mutating func setMatrix(_ i: Int, _ j: Int, _ v: Double) { a[i * size + j] = v }
    @inline(__always) mutating func addToDiagonal(_ i: Int, _ v: Double) { a[i * size + i] += v }
    @inline(__always) mutating func setRight(_ i: Int, _ v: Double) { b[i] = v }
    @inline(__always) mutating func setBounds(_ i: Int, lower lo: Double, upper hi: Double) { lower[i] = lo; upper[i] = hi }
    @inline(__always) func solution(_ i: Int) -> Double { x[i] }

    @inline(__always) private func entry(_ i: Int, _ j: Int) -> Double { i >= j ? a[i * size + j] : a[j * size + i] }

    /// Solves from no unknown held.
    mutating func solve() { solve(start: nil) }

    /// Solves starting with the unknowns `start` marks (−1 held at the lower bound, +1 at the
    /// upper, 0 free; one entry an unknown) held, and writes the held set it ends with back into
    /// it. A mark on an infinite bound is ignored.
    mutating func solve(start: UnsafeMutablePointer<Int8>?) {
        let n = size
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
                    let excess = max(lower[i] - x[i], x[i] - upper[i]) * entry(i, i)
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
                for j in 0..<n { residual += entry(i, j) * x[j] }
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
        for i in 0..<n where !held[i] { free.append(i) }
        if free.isEmpty { return }
        // The scratch moves out of the stored arrays for the call (no copy: each is then held once)
        // and back after it, so the unchecked loops borrow no stored property of `self`.
        let a = self.a, b = self.b, held = self.held, free = self.free
        var x = self.x, f = self.f, pivots = self.pivots, r = self.r
        self.x = []; self.f = []; self.pivots = []; self.r = []
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in held.withUnsafeBufferPointer { held in
        free.withUnsafeBufferPointer { free in x.withUnsafeMutableBufferPointer { x in
        f.withUnsafeMutableBufferPointer { f in pivots.withUnsafeMutableBufferPointer { pivots in
        r.withUnsafeMutableBufferPointer { r in
            Self.solveFree(n: n, a: a.baseAddress!, b: b.baseAddress!, held: held.baseAddress!, free: free,
                           x: x.baseAddress!, f: f.baseAddress!, pivots: pivots.baseAddress!, r: r.baseAddress!)
        }}}}}}}}
        self.x = x; self.f = f; self.pivots = pivots; self.r = r
    }

    /// `solveFree` on the buffers, unchecked: the free rows' matrix (lower triangle of A) is
    /// factored as LDLᵀ and solved. The arithmetic, and its order, is the checked loops' own.
    private static func solveFree(n: Int, a: UnsafePointer<Double>, b: UnsafePointer<Double>, held: UnsafePointer<Bool>,
                                  free: UnsafeBufferPointer<Int>, x: UnsafeMutablePointer<Double>,
                                  f: UnsafeMutablePointer<Double>, pivots: UnsafeMutablePointer<Double>,
                                  r: UnsafeMutablePointer<Double>) {
        let m = free.count
        @inline(__always) func entry(_ i: Int, _ j: Int) -> Double { i >= j ? a[i * n + j] : a[j * n + i] }
        for k in 0..<m {
            let i = free[k]
            var v = b[i]
            for j in 0..<n where held[j] { v -= entry(i, j) * x[j] }
            r[k] = v
            for l in 0...k { f[k * m + l] = entry(i, free[l]) }
        }
        // LDLᵀ in place: f's strict lower triangle becomes L, `pivots` D.
        for i in 0..<m {
            let fi = f + i * m
            for j in 0..<i {
                let fj = f + j * m
                var v = fi[j]
                for k in 0..<j { v -= fi[k] * fj[k] * pivots[k] }
                fi[j] = pivots[j] != 0 ? v / pivots[j] : 0
            }
            var d = fi[i]
            for k in 0..<i { d -= fi[k] * fi[k] * pivots[k] }
            pivots[i] = d > 1e-9 * fi[i] && d > 0 ? d : 0
        }
        for i in 0..<m {
            for k in 0..<i { r[i] -= f[i * m + k] * r[k] }
        }
        for i in 0..<m { r[i] = pivots[i] != 0 ? r[i] / pivots[i] : 0 }
        for i in stride(from: m - 1, through: 0, by: -1) {
            for k in (i + 1)..<m { r[i] -= f[k * m + i] * r[k] }
        }
        for k in 0..<m { x[free[k]] = r[k] }
    }
}
