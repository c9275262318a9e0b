import Geometry
import Testing
@testable import Gestures

@Suite("Rotation (right or Ctrl drag around a pivot; radians, clockwise positive)")
struct RotationGestureRecognizerTests {
    let pivot = Point(300, 200)

    private func rotation(
        from: Double, to: Double, button: PointerButton = .right, modifiers: PointerModifiers = []
    ) -> (angles: [Double], states: [GestureRecognizer.State]) {
        let recognizer = RotationGestureRecognizer()
        recognizer.pivot = pivot
        var angles: [Double] = []
        var states: [GestureRecognizer.State] = []
        recognizer.addTarget { r in
            angles.append((r as! RotationGestureRecognizer).rotation)
            states.append(r.state)
        }
        recognizer.arc(around: pivot, radius: 100, from: from, to: to, duration: 1, button: button, modifiers: modifiers)
        return (angles, states)
    }

    @Test func quarterTurnFromRightOfThePivotToBelowItIsPlusHalfPi() {
        // On screen (y down) right → below is clockwise: +π/2.
        let (angles, states) = rotation(from: 0, to: .pi / 2)
        let final = try! #require(angles.last)
        #expect(abs(final - .pi / 2) < 2 * degree)
        #expect(states.first == .began && states.last == .ended)
    }

    @Test func counterClockwiseQuarterTurnIsMinusHalfPi() {
        let (angles, _) = rotation(from: 0, to: -.pi / 2)
        #expect(abs(angles.last! + .pi / 2) < 2 * degree)
    }

    @Test func rotationContinuesPastPi() {
        // Three quarters of a turn clockwise reads 3π/2, not −π/2; starting from the left of the
        // pivot the sweep crosses atan2's ±π seam at once.
        let (angles, _) = rotation(from: .pi * 0.9, to: .pi * 0.9 + 1.5 * .pi)
        #expect(abs(angles.last! - 1.5 * .pi) < 2 * degree)
        // Every reported step is small: no jump of 2π anywhere.
        for (a, b) in zip(angles, angles.dropFirst()) { #expect(abs(b - a) < 10 * degree) }
    }

    @Test func ctrlLeftDragRotatesToo() {
        let (angles, _) = rotation(from: 0, to: .pi / 2, button: .left, modifiers: .control)
        #expect(abs(angles.last! - .pi / 2) < 2 * degree)
    }

    @Test func plainLeftDragDoesNotRotate() {
        let (angles, _) = rotation(from: 0, to: .pi / 2, button: .left)
        #expect(angles.isEmpty)
    }

    @Test func pivotProviderIsAskedAtThePress() {
        let recognizer = RotationGestureRecognizer()
        var asked: [Point] = []
        recognizer.pivotProvider = { location in asked.append(location); return Point(300, 200) }
        recognizer.arc(around: pivot, radius: 100, from: 0, to: .pi / 2, duration: 1, release: false)
        #expect(asked == [Point(400, 200)])
        #expect(abs(recognizer.rotation - .pi / 2) < 2 * degree)
    }

    @Test func velocityOfAConstantTurnIsItsRate() {
        // A quarter turn in 0.5 s is π rad/s.
        let recognizer = RotationGestureRecognizer()
        recognizer.pivot = pivot
        recognizer.arc(around: pivot, radius: 100, from: 0, to: .pi / 2, duration: 0.5, release: false)
        #expect(abs(recognizer.velocity - .pi) < 0.05 * .pi)
        recognizer.rotation = 0
        #expect(recognizer.velocity == 0)
    }
}
