import Geometry
import Testing
@testable import Gestures

@Suite("Tap (UIKit: taps within 0.35 s, movement ≤ 10 pt)")
struct TapGestureRecognizerTests {
    @Test func singleClickIsRecognizedOnceAndResets() {
        let tap = TapGestureRecognizer()
        let log = Recorder(tap)
        tap.click(Point(50, 50), at: 0)
        #expect(log.states == [.ended])
        #expect(log.locations == [Point(50, 50)])
        #expect(tap.state == .possible)
    }

    @Test func secondTapAt0_3sMakesADoubleTap() {
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        let log = Recorder(double)
        double.click(Point(50, 50), at: 0)     // released at 0.02
        double.click(Point(50, 50), at: 0.3)   // 0.28 s after the release
        #expect(log.states == [.ended])
    }

    @Test func secondTapAt0_4sDoesNotMakeADoubleTap() {
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        let log = Recorder(double)
        double.click(Point(50, 50), at: 0)
        double.click(Point(50, 50), at: 0.4)   // 0.38 s after the release: too late
        #expect(log.count == 0)
        // The late tap starts a new sequence, which a third tap in time completes.
        double.click(Point(50, 50), at: 0.6)
        #expect(log.states == [.ended])
    }

    @Test func tapMoved11PointsFailsAnd9PointsDoesNot() {
        let far = TapGestureRecognizer()
        let farLog = Recorder(far)
        far.handle(.down(Point(0, 0), time: 0))
        far.handle(.move(Point(11, 0), time: 0.05))
        far.handle(.up(Point(11, 0), time: 0.1))
        #expect(farLog.count == 0)
        #expect(far.state == .possible)

        let near = TapGestureRecognizer()
        let nearLog = Recorder(near)
        near.handle(.down(Point(0, 0), time: 0))
        near.handle(.move(Point(9, 0), time: 0.05))
        near.handle(.up(Point(9, 0), time: 0.1))
        #expect(nearLog.states == [.ended])
    }

    @Test func pressHeldPastTheLongPressMinimumIsNotATap() {
        let tap = TapGestureRecognizer()
        let log = Recorder(tap)
        tap.handle(.down(Point(0, 0), time: 0))
        tap.handle(.up(Point(0, 0), time: 0.45))
        #expect(log.count == 1)
        tap.handle(.down(Point(0, 0), time: 1))
        tap.handle(.up(Point(0, 0), time: 1.55))
        #expect(log.count == 1)
    }

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        single.require(toFail: double)
        let router = GestureRouter([single, double])
        let singleLog = Recorder(single), doubleLog = Recorder(double)

        router.click(Point(50, 50), at: 0)          // released at 0.02
        #expect(singleLog.count == 0)               // held back: the double tap may still come
        router.advance(to: 0.3)
        #expect(singleLog.count == 0)               // 0.28 s: still inside the 0.35 s window
        router.advance(to: 0.4)
        #expect(singleLog.states == [.ended])       // the double tap failed, so the single fires
        #expect(singleLog.locations == [Point(50, 50)])
        #expect(doubleLog.count == 0)
        #expect(single.state == .possible)
    }

    @Test func doubleTapPreventsTheSingleTapThatWaitsForIt() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        single.require(toFail: double)
        // The single tap is listed first: the order must not matter.
        let router = GestureRouter([single, double])
        let singleLog = Recorder(single), doubleLog = Recorder(double)
        router.click(Point(50, 50), at: 0)
        router.click(Point(52, 50), at: 0.3)
        router.advance(to: 2)
        #expect(doubleLog.states == [.ended])
        #expect(singleLog.count == 0)
    }

    @Test func requirementThatSeesNothingCountsAsFailed() {
        // A right-button double tap never sees a left click, so the left single tap need not wait.
        let single = TapGestureRecognizer()
        let rightDouble = TapGestureRecognizer(numberOfTapsRequired: 2)
        rightDouble.acceptsPress = { button, _ in button == .right }
        single.require(toFail: rightDouble)
        let router = GestureRouter([single, rightDouble])
        let log = Recorder(single)
        router.click(Point(0, 0), at: 0)
        #expect(log.states == [.ended])
    }

    @Test func twoTouchesCanNeverBeSatisfiedWithAMouse() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let log = Recorder(tap)
        tap.click(Point(0, 0), at: 0)
        #expect(log.count == 0)
    }

    @Test func disabledRecognizerIgnoresInput() {
        let tap = TapGestureRecognizer()
        let log = Recorder(tap)
        tap.isEnabled = false
        tap.click(Point(0, 0), at: 0)
        #expect(log.count == 0)
    }
}
