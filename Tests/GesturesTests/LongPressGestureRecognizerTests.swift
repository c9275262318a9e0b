import Geometry
import Testing
@testable import Gestures

@Suite("Long press (UIKit: 0.5 s, 10 pt)")
struct LongPressGestureRecognizerTests {
    @Test func holdOf0_55sBegins() {
        let press = LongPressGestureRecognizer()
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.advance(to: 0.55)
        #expect(log.states == [.began])
        #expect(press.state == .began)
        press.handle(.up(Point(0, 0), time: 0.6))
        #expect(log.states == [.began, .ended])
        #expect(press.state == .possible)
    }

    @Test func holdOf0_45sDoesNotBegin() {
        let press = LongPressGestureRecognizer()
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.advance(to: 0.45)
        #expect(log.count == 0)
        press.handle(.up(Point(0, 0), time: 0.45))
        press.advance(to: 2)
        #expect(log.count == 0)
    }

    @Test func beginsOnTheEventThatArrivesAfterTheDuration() {
        // No advance(to:) call: the move at 0.55 s carries the time, so the press begins first.
        let press = LongPressGestureRecognizer()
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.handle(.move(Point(3, 0), time: 0.55))
        #expect(log.states == [.began, .changed])
    }

    @Test func movedBy11PointsFailsAnd9PointsDoesNot() {
        let far = LongPressGestureRecognizer()
        let farLog = Recorder(far)
        far.handle(.down(Point(0, 0), time: 0))
        far.handle(.move(Point(0, 11), time: 0.2))
        far.advance(to: 0.8)
        #expect(farLog.count == 0)

        let near = LongPressGestureRecognizer()
        let nearLog = Recorder(near)
        near.handle(.down(Point(0, 0), time: 0))
        near.handle(.move(Point(0, 9), time: 0.2))
        near.advance(to: 0.8)
        #expect(nearLog.states == [.began])
    }

    @Test func movementAfterBeganIsFreeAndReportsChanged() {
        let press = LongPressGestureRecognizer()
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.advance(to: 0.6)
        press.handle(.move(Point(100, 0), time: 0.7))
        press.handle(.up(Point(100, 0), time: 0.8))
        #expect(log.states == [.began, .changed, .ended])
        #expect(log.locations.last == Point(100, 0))
    }

    @Test func deadlineIsTheMinimumPressDuration() {
        let press = LongPressGestureRecognizer()
        press.handle(.down(Point(0, 0), time: 1))
        #expect(press.nextDeadline == 1.5)
    }
}
