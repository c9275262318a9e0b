// The gesture tuning keys: read, checked where they stand, and written back.
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Gesture tuning keys")
struct GestureTuningTests {
    static let head = """
        items:
          - {id: a, size: [10, 10]}
        gestures:

        """

    @Test func readsAndWritesEveryKey() throws {
        let yaml = Self.head + """
              - {id: hold, recognizer: longPress, minimumPressDuration: 0.8, allowableMovement: 30, simultaneous: [drag], action: message, text: h}
              - {id: drag, recognizer: pan, simultaneous: false, requireToFail: [hold], action: message, text: p}
              - {recognizer: tap, taps: 3, allowableMovement: 12, action: message, text: t}
            """
        let scene = try SceneParser().parse(yaml: yaml, file: Fixture.file)
        var hold = GestureTuning()
        hold.id = "hold"; hold.minimumPressDuration = 0.8; hold.allowableMovement = 30; hold.simultaneous = .only(["drag"])
        var drag = GestureTuning()
        drag.id = "drag"; drag.simultaneous = .never; drag.requireToFail = ["hold"]
        var tap = GestureTuning()
        tap.allowableMovement = 12
        #expect(scene.gestures.map(\.tuning) == [hold, drag, tap])
        #expect(scene.gestures[2].taps == 3)
        let again = try SceneParser().parse(yaml: try SceneWriter().text(for: scene), file: Fixture.file)
        #expect(again == scene)
    }

    @Test func anUnknownGestureIdHasADidYouMeanWhereItIsWritten() {
        let yaml = Self.head + """
              - {id: flick, recognizer: swipe, action: message, text: s}
              - {recognizer: pan, requireToFail: [flik], action: message, text: p}
            """
        expectSingleError(yaml, at: "flik", keyPath: "gestures[1].requireToFail[0]",
                          containing: ["unknown gesture id 'flik'", "did you mean 'flick'"])
    }

    @Test func minimumPressDurationBelongsToALongPress() {
        let yaml = Self.head + """
              - {recognizer: pan, minimumPressDuration: 1, action: message, text: p}
            """
        expectSingleError(yaml, at: "minimumPressDuration", keyPath: "gestures[0].minimumPressDuration",
                          containing: ["applies only to recognizer: longPress"])
    }

    @Test func aDuplicateGestureIdIsAnError() {
        let yaml = Self.head + """
              - {id: x, recognizer: pan, action: message, text: p}
              - {id: x, recognizer: tap, action: message, text: t}
            """
        expectSingleError(yaml, at: "x, recognizer: tap", keyPath: "gestures[1].id", containing: ["duplicate gesture id 'x'"])
    }
}
