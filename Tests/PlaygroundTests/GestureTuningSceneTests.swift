// Gesture tuning keys in scenes (GestureTuning), driven through a scene's recognizers with timed
// pointer events; the outcomes are UIKit's documented ones for require(toFail:), simultaneous
// recognition, minimumPressDuration, allowableMovement and numberOfTapsRequired.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Gesture tuning in scenes")
struct GestureTuningSceneTests {
    static func session(_ gestures: String) throws -> SceneSession {
        try Fixture.session("""
            name: Tuning
            items:
              - {id: marker, size: [8, 8], center: [4, 4]}
            gestures:
            \(gestures)
            """)
    }

    /// A press at (100, 100) held still `hold` s, then dragged 100 pt right over 0.2 s and released.
    static func holdThenDrag(_ s: SceneSession, hold: Double) {
        s.handle(.down(Point(100, 100), time: 0))
        while s.time < hold { s.step() }
        for i in 1...10 { s.handle(.move(Point(100 + 10 * Double(i), 100), time: hold + 0.02 * Double(i))) }
        s.handle(.up(Point(200, 100), time: hold + 0.2))
    }

    @Test func aLongPressBeginsAfterItsMinimumPressDuration() throws {
        let s = try Self.session("  - {recognizer: longPress, minimumPressDuration: 1, action: message, text: held}")
        s.handle(.down(Point(100, 100), time: 0))
        while s.time < 0.95 { s.step() }
        #expect(s.messages.isEmpty, "not before 1 s")
        while s.time < 1.05 { s.step() }
        #expect(s.messages == ["held"])
    }

    @Test func byDefaultALongPressAndAPanBothRecognizeOneHeldDrag() throws {
        let s = try Self.session("""
              - {recognizer: longPress, action: message, text: held}
              - {recognizer: pan, action: message, text: panned}
            """)
        Self.holdThenDrag(s, hold: 0.6)
        #expect(s.messages == ["held", "panned"])
    }

    @Test func simultaneousFalseOnBothLetsTheFirstToRecognizeKeepThePress() throws {
        let s = try Self.session("""
              - {recognizer: longPress, simultaneous: false, action: message, text: held}
              - {recognizer: pan, simultaneous: false, action: message, text: panned}
            """)
        Self.holdThenDrag(s, hold: 0.6)
        #expect(s.messages == ["held"])
    }

    @Test func aListedPartnerMayShareThePress() throws {
        let s = try Self.session("""
              - {id: hold, recognizer: longPress, simultaneous: [drag], action: message, text: held}
              - {id: drag, recognizer: pan, simultaneous: false, action: message, text: panned}
            """)
        Self.holdThenDrag(s, hold: 0.6)
        #expect(s.messages == ["held", "panned"])
    }

    static let flickAndPan = """
          - {id: flick, recognizer: swipe, directions: [right], action: message, text: swiped}
          - {recognizer: pan, requireToFail: [flick], action: message, text: panned}
        """

    @Test func aPanRequiringTheSwipeToFailWaitsAndFailsWhenTheSwipeRecognizes() throws {
        let s = try Self.session(Self.flickAndPan)
        // 100 pt right in 0.1 s: a fast swipe.
        s.handle(.down(Point(100, 100), time: 0))
        for i in 1...5 { s.handle(.move(Point(100 + 20 * Double(i), 100), time: 0.02 * Double(i))) }
        s.handle(.up(Point(200, 100), time: 0.1))
        #expect(s.messages == ["swiped"])
    }

    @Test func aPanRequiringTheSwipeToFailRecognizesOnceTheSwipeFails() throws {
        let s = try Self.session(Self.flickAndPan)
        // 100 pt down over 1 s: no swipe to the right, so the swipe fails and the pan goes ahead.
        s.handle(.down(Point(100, 100), time: 0))
        for i in 1...20 { s.handle(.move(Point(100, 100 + 5 * Double(i)), time: 0.05 * Double(i))) }
        s.handle(.up(Point(100, 200), time: 1))
        #expect(s.messages == ["panned"])
    }

    @Test func threeTapsForATapOfThree() throws {
        let s = try Self.session("  - {recognizer: tap, taps: 3, action: message, text: three}")
        s.click(Point(100, 100), at: 0)
        s.click(Point(100, 100), at: 0.2)
        #expect(s.messages.isEmpty)
        s.click(Point(100, 100), at: 0.4)
        #expect(s.messages == ["three"])
    }

    @Test(arguments: [(nil as Double?, false), (30, true)])
    func aTapsAllowableMovement(allowable: Double?, taps: Bool) throws {
        let key = allowable.map { ", allowableMovement: \(Int($0))" } ?? ""
        let s = try Self.session("  - {recognizer: tap\(key), action: message, text: tapped}")
        // A 25 pt wobble: more than a scene's one-cell default (18 pt), less than 30.
        s.handle(.down(Point(100, 100), time: 0))
        s.handle(.move(Point(100, 125), time: 0.02))
        s.handle(.up(Point(100, 125), time: 0.05))
        s.run(steps: 40)
        #expect(s.messages == (taps ? ["tapped"] : []))
    }
}
