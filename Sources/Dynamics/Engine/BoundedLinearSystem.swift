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

    mutating func solve() {
        let n = size
        for i in 0..<n { held[i] = false; x[i] = 0 }
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
        let m = free.count
        if m == 0 { return }
        for (k, i) in free.enumerated() {
            var v = b[i]
            for j in 0..<n where held[j] { v -= entry(i, j) * x[j] }
            r[k] = v
            for (l, j) in free.prefix(k + 1).enumerated() { f[k * m + l] = entry(i, j) }
        }
        // LDLᵀ in place: f's strict lower triangle becomes L, `pivots` D.
        for i in 0..<m {
            for j in 0..<i {
                var v = f[i * m + j]
                for k in 0..<j { v -= f[i * m + k] * f[j * m + k] * pivots[k] }
                f[i * m + j] = pivots[j] != 0 ? v / pivots[j] : 0
            }
            var d = f[i * m + i]
            for k in 0..<i { d -= f[i * m + k] * f[i * m + k] * pivots[k] }
            pivots[i] = d > 1e-9 * f[i * m + i] && d > 0 ? d : 0
        }
        for i in 0..<m {
            for k in 0..<i { r[i] -= f[i * m + k] * r[k] }
        }
        for i in 0..<m { r[i] = pivots[i] != 0 ? r[i] / pivots[i] : 0 }
        for i in stride(from: m - 1, through: 0, by: -1) {
            for k in (i + 1)..<m { r[i] -= f[k * m + i] * r[k] }
        }
        for (k, i) in free.enumerated() { x[i] = r[k] }
    }
}
