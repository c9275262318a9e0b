import Testing
import Geometry
@testable import TerminalUI

/// A rounded rectangle and a capsule on a grid of 1 pt samples (sample (i, j) centered at
/// (i + 0.5, j + 0.5)): which samples near a corner are in is worked out from the corner
/// circle's center and radius, and the count of all covered samples is the area, w·h − (4 − π)r².
@Suite struct RoundedRectangleRasterTests {
    let raster = Rasterizer(sampleWidth: 1, sampleHeight: 1, columns: 200, rows: 200)

    /// 100 × 60 at (100, 100), corners rounded by 20: the top-left corner circle is centered at
    /// (70, 90).
    @Test func cornersAreQuarterCircles() {
        let shape = Shape.roundedRectangle(center: Point(100, 100), size: Size(100, 60), angle: 0, cornerRadius: 20)
        let covered = Set(raster.samples(covering: shape))
        func isIn(_ x: Double, _ y: Double) -> Bool { covered.contains(SampleIndex(column: Int(x), row: Int(y))) }
        // The bounds' corner is outside; (55.5, 75.5) lies 14.5√2 = 20.5 from (70, 90), (56.5, 76.5)
        // 13.5√2 = 19.1: out and in.
        #expect(!isIn(50.5, 70.5))
        #expect(!isIn(55.5, 75.5))
        #expect(isIn(56.5, 76.5))
        // Along the straight edges it fills to the bounds.
        #expect(isIn(100.5, 70.5) && isIn(50.5, 100.5) && isIn(149.5, 129.5 - 20))
        let area = 100.0 * 60 - (4 - Double.pi) * 400
        #expect(abs(Double(covered.count) - area) < 0.01 * area, "\(covered.count) samples for area \(area)")
    }

    /// A radius above half the short side is a capsule: the same samples as radius 30, and the
    /// area of a 40 × 60 rectangle and a disc of radius 30.
    @Test func aRadiusBeyondHalfTheShortSideIsTheCapsule() {
        let capsule = Shape.roundedRectangle(center: Point(100, 100), size: Size(100, 60), angle: 0.5, cornerRadius: 30)
        let clamped = Shape.roundedRectangle(center: Point(100, 100), size: Size(100, 60), angle: 0.5, cornerRadius: 500)
        let covered = raster.samples(covering: capsule)
        #expect(covered == raster.samples(covering: clamped))
        let area = 40.0 * 60 + Double.pi * 900
        #expect(abs(Double(covered.count) - area) < 0.01 * area, "\(covered.count) samples for area \(area)")
    }
}
