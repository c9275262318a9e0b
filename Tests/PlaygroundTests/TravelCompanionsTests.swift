// What goes with the picture when the playground steps through time: the trails show where
// their items were in the 2 s before the step gone to (refilled from the recorded frames), and
// a toast posted at another moment is cleared. The box of `moving` slides 56 pt a second from
// x = 40 (an animation), so its trail at step n is x = 40 + 56·j/60 for j up to n, on the frames'
// 1/16 pt grid.
import Foundation
import Testing
import TerminalUI
@testable import Playground
@testable import Scenes

@Suite("Trails and toasts through time")
struct TravelCompanionsTests {
    @Test("a trail turned on at step 60, paused at step 120, Left: the trail holds steps 0 to 60 of the box's slide, and the toast from before is gone")
    func trailsRefillAndToastsClear() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        // `,` while running posts "Pause (space) to step in time." (a toast); then pause, Left.
        let terminal = ScriptedTerminal(script: [(1.0, key(",")), (2.0, key(" ")), (2.5, .key(.left)), (2.6, key("q"))])
        let app = terminal.app(scenes)
        var delivered = 0
        var linesBeforeLeft = 0
        terminal.onDeliver = { _ in
            if delivered == 0 { _ = app.toggleTrail(itemID: "a") }
            if delivered == 2 { linesBeforeLeft = terminal.statusLines.count }
            delivered += 1
        }
        #expect(try app.run() == .quit)
        #expect(app.session?.stepCount == 60)
        let trail = app.trails.positions(of: "a")
        #expect(trail.count == 61, "\(trail.count) positions")
        for (j, point) in trail.enumerated() {
            #expect(abs(point.x - (40 + 56 * Double(j) / 60)) <= 1.0 / 32, "step \(j): x \(point.x)")
        }
        let before = terminal.statusLines.prefix(linesBeforeLeft), after = terminal.statusLines.dropFirst(linesBeforeLeft)
        #expect(before.contains { $0.contains("Pause (space) to step in time.") }, "the toast never showed")
        #expect(!after.isEmpty && !after.contains { $0.contains("Pause (space)") }, "\(after)")
        #expect(after.last?.contains("paused │ 1.00 s") == true, "\(after.last ?? "")")
    }
}
