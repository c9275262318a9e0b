import Testing
import SceneFormat
import Scenes
@testable import Benchmarks

@Suite struct RenderBenchTests {
    @Test func theCrowdSceneHasAThousandItemsAndValidates() throws {
        let description = try SceneParser().parse(yaml: RenderBench.crowdScene(), file: "crowd.yaml")
        #expect(description.items.count == 1000)
    }

    /// A frame of the crowd draws into a 120×40 grid; after the first frame only moving items
    /// change cells, so a frame costs far less than repainting all 4,800 cells.
    @Test func renderBenchReportsBytesPerFrameBelowAFullRepaint() throws {
        let description = try SceneParser().parse(yaml: RenderBench.crowdScene(count: 100), file: "crowd.yaml")
        var clock: UInt64 = 0
        let result = RenderBench.run(name: "crowd", description: description, frames: 20, now: { clock += 1000; return clock })
        #expect(result.kind == "render")
        #expect(result.bodies == 100)
        let bytes = try #require(result.bytesPerFrame)
        #expect(bytes > 0 && bytes < Double(RenderBench.columns * RenderBench.rows) * 10)
    }
}
