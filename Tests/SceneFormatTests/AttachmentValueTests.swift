// An attachment's values are held to what its joint can do from the first step: a pin's or a
// slider's range contains 0, where the item starts (UIKit requires it of a pin's range), a
// limit's length is above 0, and a spring's frequency is 0 or at least 0.001 Hz (below about
// 1e-154 its stiffness underflowed and `nudge simulate` printed null). Each is an error at the
// value, with its key path.
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite struct AttachmentValueTests {
    static let items = "items:\n  - {id: a, size: [10, 10]}\n  - {id: b, size: [10, 10]}\nbehaviors:\n"

    @Test("a pin's range without 0 is an error at the range", arguments: ["[0.5, 2]", "[-2, -0.25]"])
    func pinRangeContainsZero(range: String) {
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, to: b, anchor: [0, 0], range: \(range)}\n",
                          at: range, keyPath: "behaviors[0].range", containing: ["containing 0", "angle"])
    }

    @Test("a slider's range without 0 is an error at the range")
    func slidingRangeContainsZero() {
        expectSingleError(Self.items + "  - {type: attachment, kind: sliding, item: a, anchor: [0, 0], axis: [1, 0], range: [10, 100]}\n",
                          at: "[10, 100]", keyPath: "behaviors[0].range", containing: ["containing 0", "travel"])
    }

    @Test("ranges that contain 0, at an end or inside, are accepted", arguments: ["[0, 1]", "[-1, 0]", "[-0.5, 0.5]", "[0, 0]"])
    func rangesWithZero(range: String) throws {
        let scene = try #require(Fixture.scene(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], range: \(range)}\n"))
        let pin = try #require(scene.behaviors.first?.as(BehaviorDescription.Attachment.self))
        #expect(pin.range?.contains(0) == true)
    }

    @Test("a limit's length of 0 is an error; a rod's is not")
    func limitLengthAboveZero() {
        expectSingleError(Self.items + "  - {type: attachment, kind: limit, item: a, to: b, length: 0.0}\n",
                          at: "0.0", keyPath: "behaviors[0].length", containing: ["above 0", "limit"])
        #expect(Fixture.errors(Self.items + "  - {type: attachment, item: a, to: b, length: 0}\n").isEmpty)
        #expect(Fixture.errors(Self.items + "  - {type: attachment, kind: limit, item: a, to: b, length: 0.5}\n").isEmpty)
    }

    @Test("a spring frequency between 0 and 0.001 Hz is an error", arguments: ["1e-154", "1e-300", "0.0009"])
    func frequencyFloor(frequency: String) {
        expectSingleError(Self.items + "  - {type: attachment, item: a, to: b, frequency: \(frequency)}\n",
                          at: frequency, keyPath: "behaviors[0].frequency", containing: ["at least 0.001"])
    }

    @Test("frequency 0 (a rod) and 0.001 Hz are accepted", arguments: ["0", "0.001", "2.5"])
    func frequencyAccepted(frequency: String) {
        #expect(Fixture.errors(Self.items + "  - {type: attachment, item: a, to: b, frequency: \(frequency)}\n").isEmpty)
    }
}
