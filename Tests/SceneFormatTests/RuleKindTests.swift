// Rules in scene files: every registered event and action kind, from the example it gives
// itself, written into a scene and read back equal; and the errors `nudge check` shows for a
// misspelt event, action, item or boundary, each with the nearest name at its own line and
// column (found in the fixture's text, never taken from the parser's output).
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Rule kinds: every event and action reads back equal; unknown names are placed and guessed")
struct RuleKindTests {
    static let items = """
        items:
          - {id: a, size: [20, 20], center: [60, 60]}
          - {id: b, size: [20, 20], center: [140, 100]}
        behaviors:
          - {type: gravity, id: fall, items: [a]}
          - {type: collision, id: walls, boundaries: reference, segments: {floor: [[0, 180], [200, 180]]}}

        """

    static func roundTrip(_ rule: RuleDescription) throws {
        var scene = try #require(Fixture.scene(Self.items))
        scene.rules = [rule]
        let text = try scene.yaml()
        let read = try SceneParser().parse(yaml: text, file: "rules.yaml")
        #expect(read.rules == [rule], "written as:\n\(text)")
        #expect(read == scene)
    }

    @Test("the registries are not empty and name each kind once")
    func registries() {
        #expect(!EventKinds.all.isEmpty && !ActionKinds.all.isEmpty)
        #expect(Set(EventKinds.names).count == EventKinds.names.count)
        #expect(Set(ActionKinds.names).count == ActionKinds.names.count)
    }

    @Test("every event kind: its example, in a rule, is written and read back equal", arguments: EventKinds.names)
    func eventRoundTrip(_ name: String) throws {
        let kind = try #require(EventKinds.kind(named: name))
        let event = EventDescription(kind.example(naming: ["a", "b"]))
        #expect(Set(event.namedItems).isSubset(of: ["a", "b"]))
        var rule = RuleDescription(id: "r", once: true, event: event, actions: [ActionDescription(ActionDescription.Message(text: "hi"))])
        try Self.roundTrip(rule)
        rule.once = false
        rule.oncePerItem = true
        try Self.roundTrip(rule)
    }

    @Test("every action kind: its example, in a rule, is written and read back equal", arguments: ActionKinds.names)
    func actionRoundTrip(_ name: String) throws {
        let kind = try #require(ActionKinds.kind(named: name))
        let action = ActionDescription(kind.example(naming: ["a", "b"], behavior: "fall"))
        #expect(Set(action.namedItems).isSubset(of: ["a", "b"]))
        try Self.roundTrip(RuleDescription(event: EventDescription(EventDescription.After(seconds: 1)), actions: [action, action]))
    }

    /// The one error of `yaml`, which must stand where `needle` stands and say `message`.
    static func expectError(_ yaml: String, at needle: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let errors = Fixture.errors(yaml)
        let (line, column) = Fixture.locate(needle, in: yaml)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.line == line && errors.first?.column == column, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.message == message, sourceLocation: sourceLocation)
    }

    @Test("a scene has at most 1,000 rules: the first one past is an error at its entry")
    func ruleLimit() {
        let rule = "  - {on: {event: rest}, do: [{action: bell}]}\n"
        let errors = Fixture.errors(Self.items + "rules:\n" + String(repeating: rule, count: 1_001))
        #expect(errors.map(\.message) == ["a scene has at most 1,000 rules and this list has 1,001; the rest are not read"])
        #expect(errors.first?.keyPath == "rules[1000]")
    }

    @Test("a misspelt event is named, with the nearest event, at its line and column")
    func unknownEvent() {
        Self.expectError(Self.items + """
            rules:
              - on: {event: contactBegn, item: a, boundary: floor}
                do: [{action: bell}]
            """, at: "contactBegn", "unknown event 'contactBegn'; did you mean 'contactBegan'?")
    }

    @Test("a misspelt action is named, with the nearest action, at its line and column")
    func unknownAction() {
        Self.expectError(Self.items + """
            rules:
              - on: {event: after, seconds: 1}
                do:
                  - {action: bell}
                  - {action: setColour, item: a, color: red}
            """, at: "setColour", "unknown action 'setColour'; did you mean 'setColor'?")
    }

    @Test("an unknown item in an event or an action is named, with the nearest id, at its line and column")
    func unknownItem() {
        Self.expectError(Self.items + """
            rules:
              - on: {event: threshold, item: aa, value: y, above: 100}
                do: [{action: bell}]
            """, at: "aa", "unknown item id 'aa'; did you mean 'a'?")
        Self.expectError(Self.items + """
            rules:
              - on: {event: after, seconds: 1}
                do: [{action: remove, item: bb}]
            """, at: "bb", "unknown item id 'bb'; did you mean 'b'?")
    }

    @Test("a gesture entry with do: reads and writes back equal; do and action together is an error at do")
    func gestureDo() throws {
        let yaml = Self.items + """
            gestures:
              - recognizer: longPress
                on: a
                do:
                  - {action: snap}
                  - {action: add, template: b, behaviors: [fall]}
            """
        let scene = try #require(Fixture.scene(yaml))
        guard case .actions(let actions) = scene.gestures.first?.action else {
            Issue.record("not a do: entry: \(String(describing: scene.gestures.first))")
            return
        }
        #expect(actions.map(\.name) == ["snap", "add"])
        #expect(try SceneParser().parse(yaml: try scene.yaml(), file: "gesture-do.yaml") == scene)
        Self.expectError(yaml.replacingOccurrences(of: "    on: a\n", with: "    on: a\n    action: grab\n"),
                         at: "do:", "give either 'action' or 'do' (a list of rule actions), not both")
    }

    @Test("a composite's child with an id of its own is an error at that id; a composite in a composite at its entry")
    func compositeChildren() {
        Self.expectError(Self.items + """
              - type: composite
                children:
                  - {type: gravity, id: inner, items: [b]}
            """, at: "inner", "a child has no id of its own; give the composite the id")
        Self.expectError(Self.items + """
              - type: composite
                children:
                  - {type: composite, children: [{type: gravity}]}
            """, at: "{type: composite", "a composite cannot hold a composite")
    }

    @Test("an unknown boundary is named with the nearest boundary; an unknown behavior with the nearest id")
    func unknownBoundaryAndBehavior() {
        Self.expectError(Self.items + """
            rules:
              - on: {event: contactBegan, item: a, boundary: flor}
                do: [{action: bell}]
            """, at: "flor", "unknown boundary 'flor'; did you mean 'floor'?")
        Self.expectError(Self.items + """
            rules:
              - on: {event: after, seconds: 1}
                do: [{action: disableBehavior, behavior: fal}]
            """, at: "fal}", "unknown behavior id 'fal'; did you mean 'fall'?")
    }
}
