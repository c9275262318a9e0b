// Helpers that script pointer input and record what recognizers report.
import Geometry
@testable import Gestures

/// Records every action call: the state the recognizer was in when its actions ran.
final class Recorder {
    private(set) var states: [GestureRecognizer.State] = []
    private(set) var locations: [Point] = []

    init(_ recognizer: GestureRecognizer) {
        recognizer.addTarget { r in
            self.states.append(r.state)
            self.locations.append(r.location)
        }
    }

    var count: Int { states.count }
    func count(_ state: GestureRecognizer.State) -> Int { states.filter { $0 == state }.count }
}

/// Something that takes events: a recognizer or a router.
protocol EventSink {
    func handle(_ event: PointerEvent)
    func advance(to time: Double)
}
extension GestureRecognizer: EventSink {}
extension GestureRouter: EventSink {}

extension EventSink {
    /// A press at `from` at `start`, moves in `steps` equal steps to `to` over `duration`, and,
    /// if `release`, a release at `to` at the end.
    func drag(
        from: Point, to: Point, start: Double = 0, duration: Double, steps: Int = 10,
        button: PointerButton = .left, modifiers: PointerModifiers = [], release: Bool = true
    ) {
        handle(.down(from, time: start, button: button, modifiers: modifiers))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            handle(.move(from + (to - from) * f, time: start + duration * f, button: button, modifiers: modifiers))
        }
        if release {
            handle(.up(to, time: start + duration, button: button, modifiers: modifiers))
        }
    }

    /// A quick click (press, release 0.02 s later) at `point`.
    func click(_ point: Point, at time: Double, button: PointerButton = .left, modifiers: PointerModifiers = []) {
        handle(.down(point, time: time, button: button, modifiers: modifiers))
        handle(.up(point, time: time + 0.02, button: button, modifiers: modifiers))
    }

    /// Moves along an arc of `radius` around `pivot` from angle `from` to angle `to` (radians,
    /// clockwise on screen) in 5° steps, pressing at the start and releasing at the end.
    func arc(
        around pivot: Point, radius: Double, from: Double, to: Double, duration: Double,
        button: PointerButton = .right, modifiers: PointerModifiers = [], release: Bool = true
    ) {
        let steps = max(1, Int((abs(to - from) / (Double.pi / 36)).rounded()))
        let point = { (a: Double) in pivot + Vector(angle: a) * radius }
        handle(.down(point(from), time: 0, button: button, modifiers: modifiers))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            handle(.move(point(from + (to - from) * f), time: duration * f, button: button, modifiers: modifiers))
        }
        if release {
            handle(.up(point(to), time: duration, button: button, modifiers: modifiers))
        }
    }
}

let degree = Double.pi / 180
