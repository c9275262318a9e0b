import Testing
@testable import Geometry

@Suite struct GeometryTests {
    @Test func rotationByQuarterTurnPointsDownOnScreen() {
        // UIKit: y grows downward, so +π/2 turns the x axis to point down.
        let v = Vector(1, 0).rotated(by: .pi / 2)
        #expect(abs(v.x) < 1e-12 && abs(v.y - 1) < 1e-12)
    }

    @Test func transformRoundTripsRotationAndScale() {
        let t = AffineTransform(rotationAngle: 0.7, scale: 2)
        #expect(abs(t.rotationAngle - 0.7) < 1e-12)
        #expect(abs(t.scale - 2) < 1e-12)
    }

    @Test func angleDifferenceTakesTheShortWay() {
        #expect(abs(Angle.difference(from: 3.0, to: -3.0) - (2 * .pi - 6)) < 1e-12)
    }

    @Test func rectInsetsFollowUIKitOrder() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50).inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(r == Rect(x: 2, y: 1, width: 94, height: 46))
    }
}
