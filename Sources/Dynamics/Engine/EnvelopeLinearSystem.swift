// EnvelopeLinearSystem: A·x = b for a large sparse symmetric positive semi-definite A whose
// nonzeros in each row lie close to the diagonal: the exact solve of a long chain of joints
// (JointGroups.swift), which BoundedLinearSystem's dense factorization cannot afford.
//
// Row i keeps only the columns from `first(i)` to i (its envelope, or skyline). An LDLᵀ
// factorization creates no entry outside the envelope, so it is factored in place with work
// Σᵢ wᵢ²/2 for envelope widths wᵢ: a chain of n pins, each of whose rows meets only the rows of
// the joints beside it, has widths of at most four and factors in O(n), where the dense solve
// takes n³/6. The unknowns carry no bounds (a group with limits, motors, ropes or contacts is
// solved densely or one joint at a time); a pivot below a billionth of its diagonal is a row
// that depends on the ones before it (a loop closed twice) and is set to zero, as in the dense
// solve.

struct EnvelopeLinearSystem {
    private(set) var size = 0
    /// Row i's entries Aᵢⱼ for j from first[i] to i, stored at start[i] + (j − first[i]).
    private var values: [Double] = []
    private var first: [Int] = []
    private var start: [Int] = []
    private var pivots: [Double] = []
    private var x: [Double] = []

    /// The multiply-adds a factorization with these envelope widths (i − first(i) + 1) takes.
    static func factorWork<S: Sequence>(widths: S) -> Int where S.Element == Int {
        widths.reduce(0) { $0 + $1 * $1 / 2 }
    }

    /// Starts a system of `n` rows; row i's envelope begins at column `firstColumn(i)` (≤ i).
    mutating func reset(size n: Int, firstColumn: (Int) -> Int) {
        size = n
        first.removeAll(keepingCapacity: true)
        start.removeAll(keepingCapacity: true)
        var total = 0
        for i in 0..<n {
            let f = min(max(firstColumn(i), 0), i)
            first.append(f); start.append(total)
            total += i - f + 1
        }
        if values.count < total { values = [Double](repeating: 0, count: total) }
        if x.count < n { x = [Double](repeating: 0, count: n); pivots = x }
    }

    @inline(__always) func firstColumn(_ i: Int) -> Int { first[i] }
    /// Aᵢⱼ for first(i) ≤ j ≤ i.
    @inline(__always) mutating func setMatrix(_ i: Int, _ j: Int, _ v: Double) { values[start[i] + j - first[i]] = v }
    @inline(__always) func matrix(_ i: Int, _ j: Int) -> Double { values[start[i] + j - first[i]] }
    @inline(__always) mutating func addToDiagonal(_ i: Int, _ v: Double) { values[start[i] + i - first[i]] += v }
    @inline(__always) mutating func setRight(_ i: Int, _ v: Double) { x[i] = v }
    @inline(__always) func solution(_ i: Int) -> Double { x[i] }

    /// Factors A = L·D·Lᵀ in place and solves, leaving x in place of b.
    mutating func solve() {
        let n = size
        values.withUnsafeMutableBufferPointer { v in
        pivots.withUnsafeMutableBufferPointer { d in
        x.withUnsafeMutableBufferPointer { r in
            for i in 0..<n {
                let fi = first[i], si = start[i] - fi
                for j in fi..<i {
                    let fj = first[j], sj = start[j] - fj
                    var s = v[si + j]
                    for k in max(fi, fj)..<j { s -= v[si + k] * v[sj + k] * d[k] }
                    v[si + j] = d[j] != 0 ? s / d[j] : 0
                }
                var diagonal = v[si + i]
                for k in fi..<i { diagonal -= v[si + k] * v[si + k] * d[k] }
                d[i] = diagonal > 1e-9 * v[si + i] && diagonal > 0 ? diagonal : 0
            }
            // L·y = b, then D·z = y, then Lᵀ·x = z.
            for i in 0..<n {
                let fi = first[i], si = start[i] - fi
                var s = r[i]
                for k in fi..<i { s -= v[si + k] * r[k] }
                r[i] = s
            }
            for i in 0..<n { r[i] = d[i] != 0 ? r[i] / d[i] : 0 }
            for i in stride(from: n - 1, through: 0, by: -1) {
                let fi = first[i], si = start[i] - fi
                let xi = r[i]
                if xi == 0 { continue }
                for k in fi..<i { r[k] -= v[si + k] * xi }
            }
        }}}
    }
}
