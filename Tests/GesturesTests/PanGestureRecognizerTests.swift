import Geometry
import Testing
@testable import Gestures

@Suite("Pan (UIKit: begins after 10 pt; cumulative translation; velocity in pt/s)")
struct PanGestureRecognizerTests {
    @Test func beginsAt11PointsButNotAt9() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.handle(.down(Point(100, 100), time: 0))
        pan.handle(.move(Point(109, 100), time: 0.05))
        #expect(log.count == 0)
        #expect(pan.state == .possible)
        pan.handle(.move(Point(111, 100), time: 0.1))
        #expect(log.states == [.began])
        #expect(pan.state == .began)
    }

    @Test func aDragOf9PointsNeverPans() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.drag(from: Point(0, 0), to: Point(0, 9), duration: 0.2)
        #expect(log.count == 0)
        #expect(pan.state == .possible)
    }

    @Test func translationIsCumulativeFromThePress() {
        let pan = PanGestureRecognizer()
        var translations: [Vector] = []
        pan.addTarget { r in translations.append((r as! PanGestureRecognizer).translation()) }
        pan.handle(.down(Point(10, 10), time: 0))
        pan.handle(.move(Point(30, 10), time: 0.1))   // began: 20 right
        pan.handle(.move(Point(50, 20), time: 0.2))   // changed: 40 right, 10 down
        pan.handle(.move(Point(40, 40), time: 0.3))   // changed: 30 right, 30 down
        pan.handle(.up(Point(40, 40), time: 0.3))
        #expect(translations == [Vector(20, 0), Vector(40, 10), Vector(30, 30), Vector(30, 30)])
        #expect(pan.translation() == .zero)   // reset after ended
    }

    @Test func velocityOfAConstantSpeedDragIsItsSpeed() {
        // 100 pt in 0.1 s at constant speed is 1000 pt/s.
        let pan = PanGestureRecognizer()
        var endVelocity: Vector?
        pan.addTarget { r in if r.state == .ended { endVelocity = (r as! PanGestureRecognizer).velocity() } }
        pan.drag(from: Point(0, 0), to: Point(100, 0), duration: 0.1, steps: 10)
        let v = try! #require(endVelocity)
        #expect(abs(v.x - 1000) < 1)
        #expect(abs(v.y) < 1e-9)
    }

    @Test func velocityOfAConstantSpeedIsExactWhateverTheSampling() {
        // A terminal reports motion per cell, at uneven times: 800 pt/s sampled irregularly.
        let pan = PanGestureRecognizer()
        pan.handle(.down(Point(0, 0), time: 0))
        for t in [0.01, 0.035, 0.04, 0.09, 0.13, 0.17, 0.171, 0.22] {
            pan.handle(.move(Point(800 * t, 0), time: t))
        }
        #expect(abs(pan.velocity().x - 800) < 1e-6)
    }

    @Test func hoverMovesAreIgnored() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        for i in 0...10 { pan.handle(.move(Point(Double(i) * 20, 0), time: Double(i) * 0.01)) }
        pan.handle(.up(Point(200, 0), time: 0.2))
        #expect(log.count == 0)
        #expect(!pan.isTracking)
    }

    @Test func velocityDropsToZeroOnceThePointerStops() {
        let pan = PanGestureRecognizer()
        pan.drag(from: Point(0, 0), to: Point(0, 50), duration: 0.1, release: false)
        #expect(abs(pan.velocity().y - 500) < 1)
        pan.advance(to: 0.3)   // no motion for 0.2 s
        #expect(pan.velocity() == .zero)
    }

    @Test func setTranslationRebasesAndResetsVelocity() {
        let pan = PanGestureRecognizer()
        pan.drag(from: Point(0, 0), to: Point(100, 0), duration: 0.1, release: false)
        #expect(pan.velocity().x > 900)
        pan.setTranslation(.zero)
        #expect(pan.translation() == .zero)
        #expect(pan.velocity() == .zero)
        pan.handle(.move(Point(110, 0), time: 0.11))
        #expect(pan.translation() == Vector(10, 0))
    }

    @Test func rightDragIsNotAPan() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.drag(from: Point(0, 0), to: Point(100, 0), duration: 0.2, button: .right)
        pan.drag(from: Point(0, 0), to: Point(100, 0), start: 1, duration: 0.2, modifiers: .control)
        #expect(log.count == 0)
    }

    @Test func dragWithNoReleaseIsCancelledAfterTheTimeout() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.drag(from: Point(0, 0), to: Point(50, 0), duration: 0.1, release: false)
        #expect(pan.state == .changed)
        pan.advance(to: 0.1 + 1.9)
        #expect(pan.state == .changed)
        #expect(log.count(.cancelled) == 0)
        pan.advance(to: 0.1 + 2.1)
        #expect(log.states.last == .cancelled)
        #expect(pan.state == .possible)
        // The release that finally arrives belongs to no gesture.
        pan.handle(.up(Point(50, 0), time: 3))
        #expect(log.count(.ended) == 0)
    }

    @Test func statesOfAFullPanAndResetAfterEnded() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.drag(from: Point(0, 0), to: Point(100, 0), duration: 0.5, steps: 5)
        #expect(log.states == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(pan.state == .possible)
    }
}
