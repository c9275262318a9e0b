// Simultaneous recognition (UIKit's gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)) and
// the tuned thresholds of long press and tap, driven by timed pointer events. The outcomes are
// UIKit's documented ones: without a delegate's yes, the first recognizer to recognize a touch
// keeps it and the others fail; one yes from either delegate lets both recognize; a long press
// begins after minimumPressDuration (default 0.5 s) unless the press moved more than
// allowableMovement (default 10 pt) first; a tap needs numberOfTapsRequired taps.
import Geometry
import Testing
@testable import Gestures

@Suite("Simultaneous recognition and tuned thresholds")
struct SimultaneousRecognitionTests {
    /// A long press and a pan on one router; the press is held still 0.6 s, then dragged 100 pt.
    static func holdThenDrag(press: LongPressGestureRecognizer, pan: PanGestureRecognizer) {
        let router = GestureRouter([press, pan])
        router.handle(.down(Point(0, 0), time: 0))
        router.advance(to: 0.6)
        for i in 1...10 { router.handle(.move(Point(10 * Double(i), 0), time: 0.6 + 0.02 * Double(i))) }
        router.handle(.up(Point(100, 0), time: 0.9))
    }

    @Test func byDefaultEveryRecognizerRecognizesAlongsideTheOthers() {
        let press = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        let pressLog = Recorder(press), panLog = Recorder(pan)
        Self.holdThenDrag(press: press, pan: pan)
        #expect(pressLog.states.first == .began && pressLog.states.last == .ended)
        #expect(panLog.states.first == .began && panLog.states.last == .ended)
    }

    @Test func withUIKitsDefaultTheFirstToRecognizeKeepsThePress() {
        let press = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        press.shouldRecognizeSimultaneously = { _ in false }
        pan.shouldRecognizeSimultaneously = { _ in false }
        let pressLog = Recorder(press), panLog = Recorder(pan)
        Self.holdThenDrag(press: press, pan: pan)
        // The long press began at 0.5 s; the pan, which would begin past 10 pt, fails.
        #expect(pressLog.states.first == .began && pressLog.states.last == .ended)
        #expect(panLog.count == 0)
    }

    @Test func aPanThatBeginsFirstStopsTheLongPress() {
        let press = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        press.allowableMovement = 1000   // the press would survive the drag on its own
        press.shouldRecognizeSimultaneously = { _ in false }
        pan.shouldRecognizeSimultaneously = { _ in false }
        let pressLog = Recorder(press), panLog = Recorder(pan)
        let router = GestureRouter([press, pan])
        router.drag(from: Point(0, 0), to: Point(100, 0), duration: 0.3, release: false)
        router.advance(to: 0.8)
        router.handle(.up(Point(100, 0), time: 0.9))
        #expect(panLog.states.first == .began && panLog.states.last == .ended)
        #expect(pressLog.count == 0, "the long press failed when the pan began at 0.03 s")
    }

    @Test func oneYesFromEitherSideLetsBothRecognize() {
        let press = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        press.shouldRecognizeSimultaneously = { $0 === pan }
        pan.shouldRecognizeSimultaneously = { _ in false }
        let pressLog = Recorder(press), panLog = Recorder(pan)
        Self.holdThenDrag(press: press, pan: pan)
        #expect(pressLog.states.first == .began)
        #expect(panLog.states.first == .began)
    }

    @Test func aLongerMinimumPressDurationBeginsLater() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        press.minimumPressDuration = 1.2
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.advance(to: 1.15)
        #expect(log.count == 0)
        press.handle(.move(Point(2, 0), time: 1.2))
        #expect(log.states == [.began, .changed])
    }

    @Test(arguments: [(25.0, true), (35.0, false)])
    func allowableMovementDecidesWhetherAMovedPressStillBegins(moved: Double, begins: Bool) {
        let press = LongPressGestureRecognizer()
        press.allowableMovement = 30
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.handle(.move(Point(moved, 0), time: 0.2))
        press.advance(to: 0.6)
        #expect((log.states.first == .began) == begins)
    }

    @Test func aTripleTapRecognizesOnTheThirdTapAndNotBefore() {
        let tap = TapGestureRecognizer(numberOfTapsRequired: 3)
        let log = Recorder(tap)
        tap.click(Point(5, 5), at: 0)
        tap.click(Point(5, 5), at: 0.2)
        #expect(log.count == 0)
        tap.click(Point(5, 5), at: 0.4)
        #expect(log.states == [.ended])
        // Two taps and a pause longer than 0.35 s: nothing.
        tap.click(Point(5, 5), at: 2)
        tap.click(Point(5, 5), at: 2.2)
        tap.advance(to: 3)
        #expect(log.states == [.ended])
    }
}
