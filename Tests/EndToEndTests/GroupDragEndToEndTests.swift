// An item group dragged in the real playground under tmux: a press on one ball of a dumbbell and a
// drag carry the whole dumbbell (both balls move the same way, their distance apart kept).
import Foundation
import Testing

@Suite("an item group in nudge play", TmuxSession.requirement, .serialized)
struct GroupDragEndToEndTests {
    static let green = 46, red = 196

    /// A red and a green ball (48 pt, 148 pt apart) on a bar, one group, no gravity; a drag grabs.
    static let dumbbell = """
        name: Dumbbell
        summary: Drag a ball.
        items:
          - {id: left, shape: ellipse, size: [48, 48], center: [200, 184], color: red}
          - {id: bar, size: [100, 8], center: [274, 184], color: gray}
          - {id: right, shape: ellipse, size: [48, 48], center: [348, 184], color: green}
        groups:
          - {id: dumbbell, items: [left, bar, right]}
        behaviors:
          - {type: collision, boundaries: reference}
        gestures:
          - {recognizer: pan, action: grab}
        """

    @Test("a drag on the red ball carries the green one with it")
    func dragCarriesTheGroup() throws {
        let play = try PlaygroundSession("e2e", files: ["dumbbell.yaml": Self.dumbbell]) { ["play", $0.file("dumbbell.yaml").path] }
        defer { play.stop() }
        let s = play.tmux
        #expect(try s.waitUntil { try s.statusLine().contains("Dumbbell") }, "\((try? s.text()) ?? "")")
        // 8×16 pt cells: the red ball covers columns 22…27, the green one 40…46, rows 10…12.
        #expect(try s.waitUntil { meanColumn(try s.cells(withColor: Self.green)) != nil })
        let red0 = try #require(meanColumn(try s.cells(withColor: Self.red)))
        let green0 = try #require(meanColumn(try s.cells(withColor: Self.green)))
        try s.mouse(.press, column: 25, row: 11)
        for i in 1...10 {
            try s.mouse(.drag, column: 25 + 2 * i, row: 11)
            usleep(30_000)
        }
        let carried = try s.waitUntil(seconds: 3) { (meanColumn(try s.cells(withColor: Self.green)) ?? 0) > green0 + 12 }
        try s.mouse(.release, column: 45, row: 11)
        let red1 = meanColumn((try? s.cells(withColor: Self.red)) ?? []) ?? -1
        let green1 = meanColumn((try? s.cells(withColor: Self.green)) ?? []) ?? -1
        #expect(carried, "the green ball did not follow a drag on the red one: \(green0) → \(green1)")
        #expect(red1 > red0 + 12, "the red ball followed the pointer: \(red0) → \(red1)")
        // One rigid body: still 148 pt (18.5 columns) apart, give or take a cell as it turns.
        #expect(abs((green1 - red1) - 18.5) < 2, "apart: \(green1 - red1) columns")
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") })
    }

    @Test("edit mode: a click on the red ball frames the green one too (the whole group is selected)")
    func selectFramesTheGroup() throws {
        let play = try PlaygroundSession("e2e", files: ["dumbbell.yaml": Self.dumbbell]) { ["play", $0.file("dumbbell.yaml").path] }
        defer { play.stop() }
        let s = play.tmux
        #expect(try s.waitUntil { try s.statusLine().contains("Dumbbell") }, "\((try? s.text()) ?? "")")
        try s.send(keys: "e")
        #expect(try s.waitUntil { try s.statusLine().contains("edit") })
        try s.mouse(.press, column: 25, row: 11)
        try s.mouse(.release, column: 25, row: 11)
        // The selection's yellow (255, 220, 0: 256-color 220) frames each item of the group:
        // some of it around the green ball, right of the bar's end (column 37).
        let framed = try s.waitUntil(seconds: 3) { try s.cells(withColor: 220).contains { $0.column > 38 && $0.row < 20 } }
        #expect(framed, "no frame around the green ball: \((try? s.cells(withColor: 220)) ?? [])")
        try s.send(keys: "q")
    }
}
