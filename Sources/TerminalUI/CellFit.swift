// CellFit: the two colors and the pattern that best show a cell's sub-pixels.
//
// A terminal cell has one foreground and one background color, so a glyph set with more than
// two sub-pixels per cell must split them into two groups. The split is the one that minimizes
// the squared color error, searched along the cell's principal color axis as chafa and
// notcurses do: the two sub-pixels farthest apart span the axis, every sub-pixel is projected
// on it, and each of the n − 1 cuts of that order is tried (n ≤ 8, so this is exact for the
// two-color cells a scene mostly makes, and cheap).
//
// Each group then takes its mean color, moved along the axis by a contrast ramp: a group whose
// mean lies less than a quarter of the way from the cell's darkest sample to its brightest
// (along the axis) takes the extreme itself, more than three quarters the other extreme, and in
// between it is blended, twice as steep as the plain mean. Plain means blur a shape's edge over
// a whole sub-pixel (a half block's edge is 8 points wide); the ramp keeps the blend for
// sub-pixels the edge really cuts through and snaps those it barely touches. Measured against
// the exact disk (Tests/TerminalUITests/BallCoverageTests: Σ|shown − exact coverage| over the
// disk's area, worst of six placements), the ramp takes a 40 pt ball from 0.272 to 0.242 in half
// blocks, 0.187 to 0.137 in sextants and 0.145 to 0.105 in octants; plain thresholding would be
// a little lower still, but loses the blended edge that makes a ball read as round.

public enum CellFit {
    /// The result: `pattern` has bit k set for the sub-pixels shown in `foreground`.
    public struct Result: Equatable, Sendable {
        public var pattern: UInt8
        public var foreground: SIMD3<Float>
        public var background: SIMD3<Float>
    }

    /// Fits `colors` (the sub-pixel means, reading order, 1…8 of them). `darkest` and
    /// `brightest` bound the cell's samples along the fitted axis: pass the cell's sample
    /// colors through `extremes` (or nil to use the sub-pixels themselves).
    public static func fit(_ colors: UnsafeBufferPointer<SIMD3<Float>>,
                           samples: UnsafeBufferPointer<SIMD3<Float>>? = nil) -> Result {
        let n = colors.count
        precondition(n >= 1 && n <= 8, "a cell has one to eight sub-pixels")
        // The axis: the farthest pair.
        let (p, q, widest) = farthestPair(colors)
        if widest < 1e-6 {
            var mean = SIMD3<Float>(repeating: 0)
            for c in colors { mean += c }
            mean /= Float(n)
            return Result(pattern: 0, foreground: mean, background: mean)
        }
        let origin = colors[p]
        let axis = colors[q] - origin
        // Sort sub-pixels by their projection (insertion sort; n ≤ 8).
        var order: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 1, 2, 3, 4, 5, 6, 7)
        var keys: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &order) { orderRaw in
            withUnsafeMutableBytes(of: &keys) { keysRaw in
                let ord = orderRaw.bindMemory(to: Int.self)
                let key = keysRaw.bindMemory(to: Float.self)
                for i in 0..<n { key[i] = ((colors[i] - origin) * axis).sum() }
                for i in 1..<max(1, n) {
                    let k = ord[i], v = key[k]
                    var j = i - 1
                    while j >= 0 && key[ord[j]] > v { ord[j + 1] = ord[j]; j -= 1 }
                    ord[j + 1] = k
                }
                let bestCut = Self.bestCut(colors, order: ord)
                var low = SIMD3<Float>(repeating: 0), high = SIMD3<Float>(repeating: 0)
                var pattern: UInt8 = 0
                for m in 0..<n {
                    let k = ord[m]
                    if m < bestCut { low += colors[k] } else { high += colors[k]; pattern |= 1 << UInt8(k) }
                }
                low /= Float(bestCut); high /= Float(n - bestCut)
                // The contrast ramp along the axis, between the cell's extreme samples.
                let axisLength2 = (axis * axis).sum()
                var lo = key[ord[0]] / axisLength2, hi = key[ord[n - 1]] / axisLength2
                if let samples {
                    for s in samples {
                        let t = ((s - origin) * axis).sum() / axisLength2
                        lo = min(lo, t); hi = max(hi, t)
                    }
                }
                let ramp = Ramp(origin: origin, axis: axis, axisLength2: axisLength2, lo: lo, span: hi - lo)
                return Result(pattern: pattern, foreground: ramp.apply(high), background: ramp.apply(low))
            }
        }
    }

    /// The two sub-pixels farthest apart, and their squared distance.
    @inline(__always)
    static func farthestPair(_ colors: UnsafeBufferPointer<SIMD3<Float>>) -> (Int, Int, Float) {
        let n = colors.count
        var p = 0, q = 0
        var widest: Float = 0
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) {
                let d = colors[j] - colors[i]
                let d2 = (d * d).sum()
                if d2 > widest { widest = d2; p = i; q = j }
            }
        }
        return (p, q, widest)
    }

    /// Of every cut of the sorted sub-pixels (low = the first m in `order`, high = the rest),
    /// the m with the least squared error of the two groups about their means.
    @inline(__always)
    static func bestCut(_ colors: UnsafeBufferPointer<SIMD3<Float>>, order ord: UnsafeMutableBufferPointer<Int>) -> Int {
        let n = colors.count
        var total = SIMD3<Float>(repeating: 0), totalSquares: Float = 0
        for c in colors { total += c; totalSquares += (c * c).sum() }
        var lowSum = SIMD3<Float>(repeating: 0), lowSquares: Float = 0
        var bestCut = 1, bestError = Float.infinity
        for m in 1..<n {
            let c = colors[ord[m - 1]]
            lowSum += c; lowSquares += (c * c).sum()
            let highSum = total - lowSum, highSquares = totalSquares - lowSquares
            let error = lowSquares - (lowSum * lowSum).sum() / Float(m)
                + highSquares - (highSum * highSum).sum() / Float(n - m)
            if error < bestError { bestError = error; bestCut = m }
        }
        return bestCut
    }

    /// The contrast ramp along the fitted axis: a color a quarter of the cell's span from
    /// either end is moved to that end, the middle stretched between.
    struct Ramp {
        let origin: SIMD3<Float>, axis: SIMD3<Float>, axisLength2: Float, lo: Float, span: Float

        @inline(__always) func apply(_ c: SIMD3<Float>) -> SIMD3<Float> {
            guard span > 1e-6 else { return c }
            let t = ((c - origin) * axis).sum() / axisLength2
            let u = (t - lo) / span
            let f = min(max(2 * u - 0.5, 0), 1)
            let moved = c + axis * ((f - u) * span)
            return moved.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
        }
    }
}
