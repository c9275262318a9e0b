import Geometry
import Testing
@testable import Gestures

@Suite("Swipe (UIKit: direction set, fast and short or slow and precise, fails after 0.5 s)")
struct SwipeGestureRecognizerTests {
    typealias Direction = SwipeGestureRecognizer.Direction

    @Test func directionRawValuesAreUIKits() {
        #expect(Direction.right.rawValue == 1)
        #expect(Direction.left.rawValue == 2)
        #expect(Direction.up.rawValue == 4)
        #expect(Direction.down.rawValue == 8)
        #expect(SwipeGestureRecognizer().direction == .right)
    }

    @Test(arguments: [
        (Direction.right, Vector(80, 0)),
        (Direction.left, Vector(-80, 0)),
        (Direction.up, Vector(0, -80)),     // y grows downward
        (Direction.down, Vector(0, 80)),
    ])
    func eachDirectionIsRecognizedOnlyByItsRecognizer(swiped: Direction, movement: Vector) {
        let singles: [Direction] = [.right, .left, .up, .down]
        let recognizers = singles.map { SwipeGestureRecognizer(direction: $0) }
        let all = SwipeGestureRecognizer(direction: .all)
        let router = GestureRouter(recognizers + [all])
        let logs = recognizers.map(Recorder.init)
        let allLog = Recorder(all)

        let start = Point(200, 200)
        router.drag(from: start, to: start + movement, duration: 0.1)   // 800 pt/s

        for (d, log) in zip(singles, logs) {
            #expect(log.states == (d == swiped ? [.ended] : []), "recognizer for \(d)")
        }
        #expect(allLog.states == [.ended])
        #expect(all.recognizedDirection == swiped)
    }

    @Test func swipeTaking0_6sFailsAndTheSamePathIn0_4sIsRecognized() {
        // 66 pt straight right, at constant speed.
        let slow = SwipeGestureRecognizer()
        let slowLog = Recorder(slow)
        slow.drag(from: Point(0, 0), to: Point(66, 0), duration: 0.6, steps: 12)
        #expect(slowLog.count == 0)

        let quick = SwipeGestureRecognizer()
        let quickLog = Recorder(quick)
        quick.drag(from: Point(0, 0), to: Point(66, 0), duration: 0.4, steps: 12)
        #expect(quickLog.states == [.ended])
    }

    @Test func aFastSwipeMayBeShortAndLoose() {
        // 35 pt at 25° off the axis in 0.05 s (700 pt/s): within the fast rule (30 pt, 30°).
        let swipe = SwipeGestureRecognizer()
        let log = Recorder(swipe)
        let end = Point(0, 0) + Vector(angle: 25 * degree) * 35
        swipe.drag(from: Point(0, 0), to: end, duration: 0.05, steps: 5)
        #expect(log.states == [.ended])
    }

    @Test func aSlowSwipeMustBePrecise() {
        // The same short, loose path at 117 pt/s is not a swipe...
        let loose = SwipeGestureRecognizer()
        let looseLog = Recorder(loose)
        let end = Point(0, 0) + Vector(angle: 25 * degree) * 35
        loose.drag(from: Point(0, 0), to: end, duration: 0.3, steps: 6)
        #expect(looseLog.count == 0)

        // ...but a slow one that goes 70 pt within 10° of the axis is.
        let precise = SwipeGestureRecognizer()
        let preciseLog = Recorder(precise)
        let far = Point(0, 0) + Vector(angle: 10 * degree) * 70
        precise.drag(from: Point(0, 0), to: far, duration: 0.45, steps: 9)
        #expect(preciseLog.states == [.ended])
    }

    @Test func isRecognizedMidDragAndIgnoresTheRest() {
        let swipe = SwipeGestureRecognizer()
        let log = Recorder(swipe)
        swipe.handle(.down(Point(0, 0), time: 0))
        swipe.handle(.move(Point(40, 0), time: 0.05))
        #expect(log.states == [.ended])
        #expect(swipe.state == .possible)
        swipe.handle(.move(Point(-100, 0), time: 0.1))
        swipe.handle(.up(Point(-100, 0), time: 0.2))
        #expect(log.states == [.ended])
    }
}
