// `groups:` (UIKit's UIDynamicItemGroup): what the parser accepts, the errors it gives at the id
// that breaks a rule, and the writer's round trip.
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Item groups in scene files")
struct GroupValidationTests {
    static let items = """
        items:
          - id: left
            shape: ellipse
            size: [20, 20]
          - id: bar
            size: [40, 6]
          - id: right
            shape: ellipse
            size: [20, 20]
        """

    @Test("a group lists its items, with or without an id")
    func readsGroups() throws {
        let yaml = Self.items + """

            groups:
              - id: dumbbell
                items: [left, bar, right]
            """
        let scene = try SceneParser().parse(yaml: yaml, file: Fixture.file)
        #expect(scene.groups == [GroupDescription(id: "dumbbell", items: ["left", "bar", "right"])])
        #expect(scene.group(containing: "bar") == 0 && scene.group(containing: "nothing") == nil)
    }

    @Test("an unknown item in a group is an unknown id, with a suggestion, where it is written")
    func unknownItem() {
        let yaml = Self.items + """

            groups:
              - items: [left, barr]
            """
        expectSingleError(yaml, at: "barr", keyPath: "groups[0].items[1]", containing: ["unknown item id 'barr'", "did you mean 'bar'"])
    }

    @Test("an item in two groups is an error at its second mention, naming the first")
    func itemInTwoGroups() {
        let yaml = Self.items + """

            groups:
              - id: one
                items: [left, bar]
              - id: two
                items: [bar, right]
            """
        let first = Fixture.locate("bar", in: yaml, occurrence: 2)
        expectSingleError(yaml, at: "bar", occurrence: 3, keyPath: "groups[1].items[0]",
                          containing: ["item 'bar' is already in group 'one'", "(line \(first.line), column \(first.column))",
                                       "one group at most"])
    }

    @Test("a group of one item is an error at its list")
    func groupOfOne() {
        let yaml = Self.items + """

            groups:
              - items: [left]
            """
        expectSingleError(yaml, at: "[left]", keyPath: "groups[0].items", containing: ["at least two items"])
    }

    @Test("a group without items says what it needs")
    func groupWithoutItems() {
        let yaml = Self.items + """

            groups:
              - id: empty
            """
        expectSingleError(yaml, at: "id: empty", keyPath: "groups[0]", containing: ["items"])
    }

    @Test("the writer writes groups after the items, and they read back equal")
    func roundTrip() throws {
        let good = try SceneParser().parse(yaml: Self.items + "\ngroups:\n  - id: d\n    items: [left, bar]\n", file: Fixture.file)
        let text = try SceneWriter().text(for: good)
        #expect(text.contains("\ngroups:\n- id: \"d\"\n  items: [\"left\", \"bar\"]\n"), "\(text)")
        let again = try SceneParser().parse(yaml: text, file: Fixture.file)
        #expect(again == good)
        // A scene without groups writes no `groups` key at all.
        let plain = try SceneParser().parse(yaml: Self.items, file: Fixture.file)
        #expect(try !SceneWriter().text(for: plain).contains("groups"))
    }
}
