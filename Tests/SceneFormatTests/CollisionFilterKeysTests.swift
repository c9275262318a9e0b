// CollisionFilterKeysTests: the items' `category`, `collidesWith` and `collisionGroup` keys read,
// write back, and report bad values at their own line and column.
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite struct CollisionFilterKeysTests {
    @Test func theKeysReadAndRoundTrip() throws {
        let yaml = """
            items:
              - {id: ghost, size: [30, 30], category: ghost, collidesWith: [wall]}
              - {id: ledge, size: [200, 20], category: [wall, solid], collidesWith: all}
              - {id: link, size: [40, 10], collisionGroup: -2}
            """
        let scene = try #require(Fixture.scene(yaml))
        #expect(scene.items[0].category == ["ghost"] && scene.items[0].collidesWith == ["wall"])
        #expect(scene.items[1].category == ["wall", "solid"] && scene.items[1].collidesWith == nil)
        #expect(scene.items[2].category.isEmpty && scene.items[2].collidesWith == nil && scene.items[2].collisionGroup == -2)
        let again = try #require(Fixture.scene(try SceneWriter().text(for: scene)))
        #expect(again.items == scene.items)
    }

    @Test func anUnknownCategoryIsAnErrorAtTheNameWithAGuess() {
        let yaml = """
            items:
              - {id: ghost, size: [30, 30], collidesWith: [default, wal]}
              - {id: ledge, size: [200, 20], category: wall}
            """
        expectSingleError(yaml, at: "wal]", keyPath: "items[0].collidesWith[1]",
                          containing: ["unknown category 'wal'", "did you mean 'wall'?"])
    }

    @Test(arguments: ["1.5", "-0.5"])
    func aCollisionGroupThatIsNotAWholeNumberIsAnErrorAtTheValue(value: String) {
        let yaml = """
            items:
              - {id: link, size: [40, 10], collisionGroup: \(value)}
            """
        expectSingleError(yaml, at: value, keyPath: "items[0].collisionGroup",
                          containing: ["expected a whole number", "negative"])
    }

    @Test func aThirtyThirdCategoryIsAnErrorAtItsName() {
        let names = (1...32).map { "c\($0)" }
        let yaml = "items:\n" + names.enumerated().map { i, name in
            "  - {id: i\(i), size: [10, 10], category: \(name)}"
        }.joined(separator: "\n")
        expectSingleError(yaml, at: "c32}", keyPath: "items[31].category",
                          containing: ["at most 32 collision categories", "'c32'"])
    }

    @Test func allIsNotACategoryName() {
        let yaml = """
            items:
              - {id: ghost, size: [30, 30], category: all}
            """
        expectSingleError(yaml, at: "all", keyPath: "items[0].category", containing: ["'all' is not a category name"])
    }
}
