import Geometry
import Testing
@testable import Gestures

@Suite("Pinch (wheel notches × 1.1, or Shift drag; scale from 1)")
struct PinchGestureRecognizerTests {
    @Test func scaleStartsAtOneAndGrowsWithWheelUp() {
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        let log = Recorder(pinch)
        pinch.addTarget { r in scales.append((r as! PinchGestureRecognizer).scale) }
        #expect(pinch.scale == 1)
        pinch.handle(.scroll(.up, at: Point(10, 10), time: 0))
        pinch.handle(.scroll(.up, at: Point(10, 10), time: 0.1))
        #expect(log.states == [.began, .changed])
        #expect(abs(scales[0] - 1.1) < 1e-12)
        #expect(abs(scales[1] - 1.21) < 1e-12)
    }

    @Test func wheelDownShrinks() {
        let pinch = PinchGestureRecognizer()
        pinch.handle(.scroll(.down, at: Point(10, 10), time: 0))
        #expect(abs(pinch.scale - 1 / 1.1) < 1e-12)
    }

    @Test func wheelPinchEndsAfterAQuietTime() {
        let pinch = PinchGestureRecognizer()
        let log = Recorder(pinch)
        pinch.handle(.scroll(.up, at: Point(10, 10), time: 0))
        pinch.advance(to: 0.2)
        #expect(pinch.state == .began)
        pinch.advance(to: 0.35)
        #expect(log.states == [.began, .ended])
        #expect(pinch.state == .possible)
        #expect(pinch.scale == 1)   // the next gesture starts from 1 again
    }

    @Test func shiftDragUp100PointsDoubles() {
        let pinch = PinchGestureRecognizer()
        var last: Double?
        pinch.addTarget { r in last = (r as! PinchGestureRecognizer).scale }
        pinch.drag(from: Point(0, 200), to: Point(0, 100), duration: 0.5, modifiers: .shift)
        #expect(abs(last! - 2) < 1e-9)
        pinch.drag(from: Point(0, 100), to: Point(0, 200), start: 1, duration: 0.5, modifiers: .shift)
        #expect(abs(last! - 0.5) < 1e-9)
    }

    @Test func plainLeftDragIsNotAPinch() {
        let pinch = PinchGestureRecognizer()
        let log = Recorder(pinch)
        pinch.drag(from: Point(0, 200), to: Point(0, 100), duration: 0.5)
        #expect(log.count == 0)
    }
}
