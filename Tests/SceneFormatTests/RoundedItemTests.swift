// RoundedItemTests: `shape: capsule` and a rectangle's `cornerRadius` read, write back, and
// report a radius outside 0 … half the short side (or on another shape) at its own line and
// column (found in the fixture's text).
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite struct RoundedItemTests {
    @Test func capsuleAndCornerRadiusReadAndRoundTrip() throws {
        let yaml = """
            items:
              - {id: pill, shape: capsule, size: [80, 20]}
              - {id: tile, size: [60, 40], cornerRadius: 20}
            """
        let scene = try #require(Fixture.scene(yaml))
        #expect(scene.items[0].shape == .capsule && scene.items[0].cornerRadius == 0)
        #expect(scene.items[1].shape == .rectangle && scene.items[1].cornerRadius == 20)
        let again = try #require(Fixture.scene(try SceneWriter().text(for: scene)))
        #expect(again.items == scene.items)
    }

    @Test(arguments: ["-1", "21"])
    func cornerRadiusOutsideZeroToHalfTheShortSideIsAnErrorAtTheValue(value: String) {
        let yaml = """
            items:
              - {id: tile, size: [60, 41], cornerRadius: \(value)}
            """
        expectSingleError(yaml, at: value, keyPath: "items[0].cornerRadius",
                          containing: ["from 0 to 20.5", "found \(value)"])
    }

    @Test func cornerRadiusOnAnotherShapeIsAnErrorAtTheKey() {
        let yaml = """
            items:
              - {id: pill, shape: capsule, size: [80, 20], cornerRadius: 4}
            """
        expectSingleError(yaml, at: "cornerRadius", keyPath: "items[0].cornerRadius",
                          containing: ["applies only to shape: rectangle"])
    }
}
