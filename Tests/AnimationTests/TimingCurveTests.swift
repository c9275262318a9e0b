// Timing curves against UIKit's published progress values and the geometry of cubic Béziers.
import Testing
import Geometry
@testable import Animation

@Suite struct TimingCurveTests {
    // UIKit's progress at 25%, 50% and 75% of the duration.
    static let published: [(TimingCurve, Double, Double)] = [
        (.easeInOut, 0.25, 0.1292), (.easeInOut, 0.5, 0.5), (.easeInOut, 0.75, 0.8708),
        (.easeIn, 0.25, 0.0935), (.easeIn, 0.5, 0.3154), (.easeIn, 0.75, 0.6219),
        (.easeOut, 0.25, 0.3781), (.easeOut, 0.5, 0.6846), (.easeOut, 0.75, 0.9065),
    ]

    @Test(arguments: 0..<9)
    func namedCurvesMatchUIKitsProgress(_ row: Int) {
        let (curve, fraction, expected) = Self.published[row]
        #expect(abs(curve.progress(at: fraction, duration: 1) - expected) < 0.001,
                "\(curve) at \(fraction) should be \(expected)")
    }

    @Test func customCubicWithUIKitsControlPointsIsThatCurve() {
        let curve = TimingCurve.cubic(controlPoint1: Point(0.42, 0), controlPoint2: Point(0.58, 1))
        #expect(abs(curve.progress(at: 0.25, duration: 1) - 0.1292) < 0.001)
        #expect(abs(curve.progress(at: 0.75, duration: 1) - 0.8708) < 0.001)
    }

    @Test func everyCurveStartsAtZeroAndEndsAtOne() {
        let curves: [TimingCurve] = [
            .linear, .easeIn, .easeOut, .easeInOut,
            .cubic(controlPoint1: Point(0.2, 1.4), controlPoint2: Point(0.6, -0.3)),
            .spring(SpringTimingParameters(dampingRatio: 0.3)),
            .spring(SpringTimingParameters(dampingRatio: 1, initialSpringVelocity: 2)),
        ]
        for curve in curves {
            #expect(curve.progress(at: 0, duration: 2) == 0, "\(curve) at 0")
            #expect(curve.progress(at: 1, duration: 2) == 1, "\(curve) at 1")
        }
    }

    @Test func linearIsTheIdentity() {
        for i in 0...20 {
            let f = Double(i) / 20
            #expect(abs(TimingCurve.linear.progress(at: f, duration: 1) - f) < 1e-12)
        }
    }

    @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut])
    func namedCurvesNeverGoBackward(_ curve: TimingCurve) {
        var previous = 0.0
        for i in 1...1000 {
            let p = curve.progress(at: Double(i) / 1000, duration: 1)
            #expect(p >= previous - 1e-12)
            previous = p
        }
        #expect(previous == 1)
    }

    @Test func easeInOutIsPointSymmetricAboutTheMiddle() {
        // Its control points mirror each other through (0.5, 0.5), so p(1 − f) = 1 − p(f).
        for i in 0...50 {
            let f = Double(i) / 50
            let p = TimingCurve.easeInOut.progress(at: f, duration: 1)
            let q = TimingCurve.easeInOut.progress(at: 1 - f, duration: 1)
            #expect(abs(p + q - 1) < 1e-9)
        }
    }

    @Test func solvesCurvesWithAFlatSpotInTime() {
        // Control points (1, 0) and (0, 1): dx/ds = 3(1 − 2s)² vanishes at s = 0.5, where Newton's
        // method alone stalls (and y is steep in x there, hence the looser bound). Evaluate the
        // Bézier directly at parameters s and compare.
        let curve = CubicBezierCurve(1, 0, 0, 1)
        for i in 1..<40 {
            let s = Double(i) / 40
            let x = 3 * (1 - s) * (1 - s) * s * 1 + 3 * (1 - s) * s * s * 0 + s * s * s
            let y = 3 * (1 - s) * (1 - s) * s * 0 + 3 * (1 - s) * s * s * 1 + s * s * s
            #expect(abs(curve.progress(at: x) - y) < 1e-4, "s = \(s)")
        }
    }
}
