// BoundedLinearSystem+Factor: one round's LDLᵀ of the free unknowns, sparse.
//
// The free unknowns are taken in the system's elimination order; unknown k of them (row i of
// the system) keeps the couplings of row i with free rows eliminated before it, and its pattern
// is a bit mask over the free unknowns (at most 64). Elimination joins the patterns: Lₖⱼ can be
// nonzero only where Aₖⱼ is or where some l < j has both Lₖₗ and Lⱼₗ nonzero (fill), so before
// any arithmetic each row's pattern takes in the patterns of the rows in it, highest first (each
// adds only columns below the one that brought it). The arithmetic is then the dense LDLᵀ's,
// each sum walked in the same ascending order but only over the columns both rows hold: outside
// the patterns every term is an exact zero. The back substitution walks each column's rows
// (`upperFill`), again ascending.
//
// The struct is a view on the system's scratch buffers for one round, unchecked, so the inner
// loops carry no bounds checks and no reference counting.

struct SparseFactor {
    /// The system's size and the number of free unknowns.
    let n: Int, m: Int
    /// The system's matrix (lower triangle, n × n) and each row's neighbours (both sides).
    let a: UnsafePointer<Double>, neighbours: UnsafePointer<UInt64>
    /// The free unknowns' rows, in elimination order.
    let free: UnsafePointer<Int>
    /// The free rows' matrix (m × m; L in its strict lower triangle once factored), pivots (D)
    /// and right-hand side (the solution once substituted).
    let f: UnsafeMutablePointer<Double>, pivots: UnsafeMutablePointer<Double>, r: UnsafeMutablePointer<Double>
    /// Each free unknown's pattern below the diagonal, and above it (the rows of its column).
    let lowerFill: UnsafeMutablePointer<UInt64>, upperFill: UnsafeMutablePointer<UInt64>
    /// Each system row's place among the free unknowns.
    let place: UnsafeMutablePointer<Int>

    @inline(__always) private func entry(_ i: Int, _ j: Int) -> Double { i >= j ? a[i &* n &+ j] : a[j &* n &+ i] }

    /// The free rows' matrix and patterns, and their right-hand side less the held unknowns'
    /// share (`held`, a mask of rows, at their values in `x`).
    @inline(__always) func gather(b: UnsafePointer<Double>, x: UnsafePointer<Double>, held: UInt64) {
        for k in 0..<m { place[free[k]] = k }
        for k in 0..<m {
            let i = free[k]
            var v = b[i]
            var cols = neighbours[i] & held
            while cols != 0 {
                let j = cols.trailingZeroBitCount; cols &= cols - 1
                v -= entry(i, j) * x[j]
            }
            r[k] = v
            var below: UInt64 = 0
            cols = neighbours[i] & ~held
            while cols != 0 {
                let j = cols.trailingZeroBitCount; cols &= cols - 1
                let l = place[j]
                if l < k { below |= BoundedLinearSystem.bit(l); f[k &* m &+ l] = entry(i, j) }
            }
            f[k &* m &+ k] = a[i &* n &+ i]
            lowerFill[k] = below
        }
    }

    /// Each free row's pattern after elimination, with its fill entries zeroed, and each column's.
    @inline(__always) func fill() {
        for k in 0..<m {
            var p = lowerFill[k]
            // Most rows fill nothing in (a tree of joints, leaves first): when the rows in the
            // pattern hold no column outside it, the walk below would add nothing.
            var union: UInt64 = 0, rows = p
            while rows != 0 { let j = rows.trailingZeroBitCount; rows &= rows &- 1; union |= lowerFill[j] }
            upperFill[k] = 0
            if union & ~p == 0 { continue }
            var scan = p
            while scan != 0 {
                let j = 63 - scan.leadingZeroBitCount
                scan &= ~BoundedLinearSystem.bit(j)
                var added = lowerFill[j] & ~p
                if added == 0 { continue }
                p |= added; scan |= added
                while added != 0 { let l = added.trailingZeroBitCount; added &= added &- 1; f[k &* m &+ l] = 0 }
            }
            lowerFill[k] = p
        }
        for k in 0..<m {
            var p = lowerFill[k]
            while p != 0 { let j = p.trailingZeroBitCount; p &= p - 1; upperFill[j] |= BoundedLinearSystem.bit(k) }
        }
    }

    /// LDLᵀ in place: f's strict lower triangle becomes L, `pivots` D. A pivot below a
    /// billionth of its diagonal is zero (the row depends on the ones before it). The pivot's
    /// sum is taken in the same loop as the row's entries, in the same ascending order, and
    /// every sum stays in a register until it is stored once.
    @inline(__always) func factor() {
        for i in 0..<m {
            let fi = f + i &* m
            let li = lowerFill[i]
            let diagonal = fi[i]
            var d = diagonal
            var cols = li
            while cols != 0 {
                let j = cols.trailingZeroBitCount; cols &= cols &- 1
                let fj = f + j &* m
                var v = fi[j]
                var common = li & lowerFill[j]
                while common != 0 {
                    let k = common.trailingZeroBitCount; common &= common &- 1
                    v -= fi[k] * fj[k] * pivots[k]
                }
                let pj = pivots[j]
                let l = pj != 0 ? v / pj : 0
                fi[j] = l
                d -= l * l * pj
            }
            pivots[i] = d > 1e-9 * diagonal && d > 0 ? d : 0
        }
    }

    /// Forward substitution, the pivots, back substitution: r becomes the free unknowns. Each
    /// row's sum is kept in a register and stored once (the terms in the same ascending order).
    @inline(__always) func substitute() {
        for i in 0..<m {
            var cols = lowerFill[i]
            if cols == 0 { continue }
            let fi = f + i &* m
            var v = r[i]
            while cols != 0 { let k = cols.trailingZeroBitCount; cols &= cols &- 1; v -= fi[k] * r[k] }
            r[i] = v
        }
        for i in 0..<m { r[i] = pivots[i] != 0 ? r[i] / pivots[i] : 0 }
        for i in stride(from: m - 1, through: 0, by: -1) {
            var rows = upperFill[i]
            if rows == 0 { continue }
            var v = r[i]
            while rows != 0 { let k = rows.trailingZeroBitCount; rows &= rows &- 1; v -= f[k &* m &+ i] * r[k] }
            r[i] = v
        }
    }
}
