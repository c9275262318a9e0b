import Geometry
import Testing
@testable import Gestures

@Suite("State machine and router (UIKit: no actions for failed; reset to possible)")
struct GestureStateMachineTests {
    @Test func actionsNeverFireForFailed() {
        // Failures of every kind: a long press released early, a pan that moved only 8 pt, a
        // swipe released too short and one going the wrong way, a tap dragged 40 pt, a
        // rotation that never moved. Only recognitions may reach the actions.
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer(direction: .left)
        let rotation = RotationGestureRecognizer()
        let router = GestureRouter([tap, press, pan, swipe, rotation])
        let logs = router.recognizers.map(Recorder.init)
        router.drag(from: Point(0, 0), to: Point(8, 0), duration: 0.2)              // a tap; pan, swipe, long press fail
        router.drag(from: Point(0, 0), to: Point(40, 0), start: 1, duration: 0.1)   // a pan; tap and swipe fail
        router.click(Point(0, 0), at: 2, button: .right)                            // rotation never moved
        router.advance(to: 5)
        #expect(logs.allSatisfy { !$0.states.contains(.failed) })
        #expect(logs[0].states == [.ended])   // the 8 pt drag was still a tap
        #expect(logs[2].states.first == .began && logs[2].states.last == .ended)
        #expect(logs[3].count == 0)   // the left swipe saw only rightward drags
        #expect(logs[4].count == 0)   // the rotation never began
        #expect(logs[1].count == 0)   // no press lasted 0.5 s
        #expect(router.recognizers.allSatisfy { $0.state == .possible })
    }

    @Test func stateIsPossibleAgainAfterEnded() {
        let pan = PanGestureRecognizer()
        var seenInAction: [GestureRecognizer.State] = []
        pan.addTarget { r in seenInAction.append(r.state) }
        pan.drag(from: Point(0, 0), to: Point(50, 0), duration: 0.1, steps: 2)
        #expect(seenInAction == [.began, .changed, .ended])
        #expect(pan.state == .possible)
        #expect(!pan.isTracking)
    }

    @Test func disablingMidGestureCancels() {
        let pan = PanGestureRecognizer()
        let log = Recorder(pan)
        pan.drag(from: Point(0, 0), to: Point(50, 0), duration: 0.1, release: false)
        pan.isEnabled = false
        #expect(log.states.last == .cancelled)
        #expect(pan.state == .possible)
    }

    @Test func longPressHeldStillIsCancelledByTheDragTimeout() {
        let press = LongPressGestureRecognizer()
        let log = Recorder(press)
        press.handle(.down(Point(0, 0), time: 0))
        press.advance(to: 1.9)
        #expect(log.states == [.began])
        press.advance(to: 2.1)
        #expect(log.states == [.began, .cancelled])
    }

    @Test func leftDragReachesPanAndSwipeButNotRotationOrPinch() {
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        let router = GestureRouter([pan, swipe, rotation, pinch])
        let logs = [pan, swipe, rotation, pinch].map(Recorder.init)
        router.drag(from: Point(0, 0), to: Point(80, 0), duration: 0.1)
        #expect(logs[0].states.first == .began && logs[0].states.last == .ended)
        #expect(logs[1].states == [.ended])
        #expect(logs[2].count == 0)
        #expect(logs[3].count == 0)
    }

    @Test func rightDragReachesOnlyRotation() {
        let pan = PanGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let router = GestureRouter([pan, rotation])
        let panLog = Recorder(pan), rotationLog = Recorder(rotation)
        router.drag(from: Point(0, 0), to: Point(80, 0), duration: 0.1, button: .right)
        #expect(panLog.count == 0)
        #expect(rotationLog.states.first == .began)
    }

    @Test func panThatRequiresSwipeToFailBeginsOnceTheSwipeFails() {
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        pan.require(toFail: swipe)
        let router = GestureRouter([pan, swipe])
        let panLog = Recorder(pan)
        // A slow drag: the swipe cannot be recognized and fails at 0.5 s.
        router.drag(from: Point(0, 0), to: Point(40, 0), duration: 1.0, steps: 20, release: false)
        #expect(panLog.states.first == .began)
        #expect(!panLog.states.isEmpty)
        // A fast drag: the swipe recognizes, so the pan fails and reports nothing.
        let pan2 = PanGestureRecognizer()
        let swipe2 = SwipeGestureRecognizer()
        pan2.require(toFail: swipe2)
        let router2 = GestureRouter([pan2, swipe2])
        let pan2Log = Recorder(pan2), swipe2Log = Recorder(swipe2)
        router2.drag(from: Point(0, 0), to: Point(80, 0), duration: 0.1)
        #expect(swipe2Log.states == [.ended])
        #expect(pan2Log.count == 0)
    }

    @Test func routerDeadlineIsTheEarliestTimeout() {
        let single = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        let router = GestureRouter([single, press])
        #expect(router.nextDeadline == nil)
        router.handle(.down(Point(0, 0), time: 10))
        #expect(router.nextDeadline == 10.5)
    }
}
