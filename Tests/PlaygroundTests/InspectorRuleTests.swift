// The inspector holds a joint to the scene format's rules (BehaviorDescription.Attachment's
// `problem`): a step onto a value `nudge check` would refuse, a limit's length of 0, changes
// nothing, says why, and leaves the scene as it was.
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Inspector rules")
struct InspectorRuleTests {
    @Test("← on a 5 pt limit's length would make it 0: refused with the rule, the rope keeps 5 pt")
    func limitLengthStaysAboveZero() throws {
        let scene = try Fixture.scene("""
            items:
              - {id: weight, size: [40, 40], center: [320, 200]}
            behaviors:
              - {type: attachment, kind: limit, item: weight, anchor: [320, 195], length: 5}
            """)
        let original = scene.sceneDescription
        var inspector = Inspector(selection: .joint(index: 0))
        let why = try #require(inspector.refusal(-1, in: scene))
        #expect(why.contains("length 0 pt") && why.contains("above 0"), "\(why)")
        #expect(inspector.change(-1, in: scene) == nil)
        #expect(inspector.handle(.left, in: scene) == nil)
        #expect(scene.sceneDescription == original)
        #expect(scene.jointValue(.length, ofBehaviorAt: 0)?.value == 5)
        // The scene refuses the value by itself too, and → is allowed (10 pt).
        #expect(!scene.setJointValue(.length, to: TunedValue(explicit: 0), ofBehaviorAt: 0))
        #expect(inspector.refusal(1, in: scene) == nil)
        #expect(inspector.handle(.right, in: scene) != nil)
        #expect(scene.jointValue(.length, ofBehaviorAt: 0)?.value == 10)
    }

    @Test("a rod (kind distance) may be stepped down to length 0")
    func rodMayReachZero() throws {
        let scene = try Fixture.scene("""
            items:
              - {id: weight, size: [40, 40], center: [320, 200]}
            behaviors:
              - {type: attachment, item: weight, anchor: [320, 195], length: 5}
            """)
        var inspector = Inspector(selection: .joint(index: 0))
        #expect(inspector.refusal(-1, in: scene) == nil)
        #expect(inspector.handle(.left, in: scene) != nil)
        #expect(scene.jointValue(.length, ofBehaviorAt: 0)?.value == 0)
    }
}
