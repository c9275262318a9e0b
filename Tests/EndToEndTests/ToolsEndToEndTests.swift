// End to end: the joining, motor, fix and inspector tools of edit mode in the real `nudge play`
// under tmux, with SGR mouse reports. What is checked is what physics or the docs fix, read off
// the pane: a box on a 2 Hz spring hangs where m·g = k·x puts it (x = g/(2πf)²); a box on a
// rope hangs no lower than the rope's length; a motor at 4 rad/s has turned a bar by 1 rad
// after 0.25 s about a center that stays put; a fixed box keeps its cells for a second and,
// freed, falls to the floor; the inspector shows a drawn box's density 1 (the default
// material), 1.25 after →, and 1 again after u.
//
// Time is moved while paused with `.` and → (whole steps of simulated time), so each check
// waits only for the status line to show the time reached: no test sleeps. The pane is 120×24
// cells of 8×16 pt; cell (c, r) has its center at (8c + 4, 16r + 8) in the scene. Skipped
// (with a printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("edit mode's tools in tmux", TmuxSession.requirement, .serialized)
struct ToolsEndToEndTests {
    /// 256-color indexes of the first two drawn items' colors (see EditModeEndToEndTests).
    static let cyan = EditModeEndToEndTests.cyan, yellow = EditModeEndToEndTests.yellow

    /// g in the scene format, pt/s² (docs/scene-format.md, gravity's default magnitude 1 × 1000).
    static let g = 1000.0

    /// The row whose cells have their centers at scene `y` (fractional: a box's mean row).
    static func row(ofY y: Double) -> Double { (y - 8) / 16 }

    /// The bench with `nudge play` started, paused, in edit mode.
    static func start() throws -> PlaygroundSession {
        // 120 columns: room for the status line's messages in full.
        let play = try PlaygroundSession("e2e-tools", files: ["bench.yaml": EditModeEndToEndTests.bench], columns: 120) {
            ["play", $0.path]
        }
        let s = play.tmux
        try #require(try s.waitUntil { try s.statusLine().contains("Bench 1/1") }, "nudge did not start")
        try s.send(keys: "Space")
        try #require(try s.waitUntil { try s.statusLine().contains("paused") })
        try s.send(keys: "e")
        try #require(try s.waitUntil { try s.statusLine().contains("edit: select") }, "\((try? s.statusLine()) ?? "")")
        return play
    }

    /// Chooses a tool by its key and waits for the status line to name it.
    static func choose(_ key: String, _ name: String, _ s: TmuxSession) throws {
        try s.send(keys: key)
        // 15 s: under a loaded machine (the suite's other tests run beside it) a debug build can
        // take seconds to answer a key; the status line names the tool as soon as it does.
        try #require(try s.waitUntil(seconds: 15) { try s.statusLine().contains("edit: \(name)") }, "\((try? s.statusLine()) ?? "")")
    }

    /// A press at one cell and a release at another (with a drag between when they differ).
    static func drag(_ s: TmuxSession, from a: (Int, Int), to b: (Int, Int)) throws {
        try s.mouse(.press, column: a.0, row: a.1)
        if a != b { try s.mouse(.drag, column: (a.0 + b.0) / 2, row: (a.1 + b.1) / 2) }
        try s.mouse(.release, column: b.0, row: b.1)
    }

    /// Waits for the status line to say `text`.
    static func expectStatus(_ s: TmuxSession, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try s.waitUntil(seconds: 15) { try s.statusLine().contains(text) }, "status line: \((try? s.statusLine()) ?? "")",
                sourceLocation: sourceLocation)
    }

    /// Sends `keys` and waits for the paused time to move on by `seconds`.
    static func travel(_ s: TmuxSession, _ keys: String, by seconds: Double) throws {
        let start = try #require(TimeEndToEndTests.pausedTime(try s.statusLine()), "not paused: \((try? s.statusLine()) ?? "")")
        try s.tmux(["send-keys", "-t", "t", keys])
        try #require(try s.waitUntil { TimeEndToEndTests.pausedTime(try s.statusLine()).map { abs($0 - start - seconds) < 0.001 } ?? false },
                     "time did not move on by \(seconds) s from \(start) s: \((try? s.statusLine()) ?? "")")
    }

    /// The mean row and column of a set of cells.
    static func center(_ cells: [(column: Int, row: Int)]) -> (column: Double, row: Double)? {
        guard let c = meanColumn(cells), let r = meanRow(cells) else { return nil }
        return (c, r)
    }

    /// The direction of a set of cells' long axis in radians, clockwise on screen from the
    /// x axis (−π/2 to π/2), from the second moments of the cells' centers in points.
    static func axisAngle(_ cells: [(column: Int, row: Int)]) -> Double {
        let points = cells.map { (x: 8 * Double($0.column) + 4, y: 16 * Double($0.row) + 8) }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my)
        }
        return 0.5 * atan2(2 * sxy, sxx - syy)
    }

    static func quit(_ s: TmuxSession) throws {
        try s.send(keys: "q")
        try expectStatus(s, "unsaved edits: w saves, the same key again discards")
        try s.send(keys: "q")
        #expect(try s.waitUntil { try s.text().contains("nudge exited 0") }, "\((try? s.text()) ?? "")")
    }

    @Test("a box on a spring from empty space hangs g/(2πf)² below the spring's length; a box on a rope hangs no lower than the rope")
    func springAndRope() throws {
        let play = try Self.start()
        defer { play.stop() }
        let s = play.tmux

        // box-1 (cyan): cells (10, 8) to (18, 11), the points (84, 136) to (148, 184): 64 × 48
        // pt centered at (116, 160). A spring from (116, 152) on it to (116, 56) above: 96 pt.
        try Self.choose("b", "box", s)
        try Self.drag(s, from: (10, 8), to: (18, 11))
        try Self.expectStatus(s, "Made box-1")
        try Self.choose("s", "spring", s)
        try Self.drag(s, from: (14, 9), to: (14, 3))
        try Self.expectStatus(s, "Made a spring.")
        // box-2 (yellow): (356, 136) to (452, 184), centered at (404, 160). A rope from empty
        // space at (404, 40) to (404, 152) on it: 112 pt.
        try Self.choose("b", "box", s)
        try Self.drag(s, from: (44, 8), to: (56, 11))
        try Self.expectStatus(s, "Made box-2")
        try Self.choose("o", "rope", s)
        try Self.drag(s, from: (50, 2), to: (50, 9))
        try Self.expectStatus(s, "Made a rope.")
        // Nothing selected, so no highlight is drawn over the boxes.
        try Self.choose("v", "select", s)
        try Self.drag(s, from: (75, 18), to: (75, 18))

        // The spring stretches by x = m·g/k = g/(2πf)² (k = m(2πf)²), whatever the mass; its
        // damping ratio 0.3 leaves e^(−0.3·2π·2·1 s) ≈ 2 % of the first swing after a second.
        let stretch = Self.g / pow(2 * Double.pi * 2, 2)             // 6.3 pt
        let springRow = Self.row(ofY: 56 + 96 + stretch + 8)          // its center 8 pt below the hook
        // The rope's end can be at most 112 pt below its anchor: the center at most 40 + 112 + 8.
        let ropeRow = Self.row(ofY: 40 + 112 + 8)
        var rows: [(spring: Double, rope: Double)] = []
        for second in 1...2 {
            try Self.travel(s, "Right", by: 1)
            let spring = try #require(meanRow(try s.cells(withColor: Self.cyan)), "box-1 is not drawn")
            let rope = try #require(meanRow(try s.cells(withColor: Self.yellow)), "box-2 is not drawn")
            rows.append((spring, rope))
            // A box that fell would lie on the floor, around row 20.5.
            #expect(abs(spring - springRow) < 0.5, "at \(second) s box-1's mean row is \(spring), the spring holds it at \(springRow)")
            #expect(rope < ropeRow + 0.5 && rope > ropeRow - 1, "at \(second) s box-2's mean row is \(rope), the rope allows \(ropeRow)")
        }
        #expect(abs(rows[0].spring - rows[1].spring) < 0.25, "box-1 still moves: \(rows)")
        #expect(abs(rows[0].rope - rows[1].rope) < 0.25, "box-2 still moves: \(rows)")
        try Self.quit(s)
    }

    @Test("a motor on a hinge at a bar's center: + three times says 4 rad/s, and 15 steps turn the bar 1 rad about its center")
    func motor() throws {
        let play = try Self.start()
        defer { play.stop() }
        let s = play.tmux

        // A bar from (244, 152) to (404, 184): 160 × 32 pt centered at (324, 168), cell (40, 10).
        try Self.choose("b", "box", s)
        try Self.drag(s, from: (30, 9), to: (50, 11))
        try Self.expectStatus(s, "Made box-1")
        try Self.choose("h", "hinge", s)
        try Self.drag(s, from: (40, 10), to: (40, 10))
        try Self.expectStatus(s, "Pinned box-1 to the world.")
        try Self.choose("m", "motor", s)
        try Self.drag(s, from: (40, 10), to: (40, 10))
        try Self.expectStatus(s, "Motor at 1 rad/s; + and - change it.")
        for speed in 2...4 {
            try s.send(keys: "+")
            try Self.expectStatus(s, "Motor at \(speed) rad/s.")
        }
        try Self.choose("v", "select", s)
        try Self.drag(s, from: (75, 18), to: (75, 18))

        let before = try s.cells(withColor: Self.cyan)
        let start = try #require(Self.center(before), "the bar is not drawn")
        #expect(abs(Self.axisAngle(before)) < 0.05, "the bar is drawn level: \(Self.axisAngle(before)) rad")
        // 15 steps of 1/60 s at 4 rad/s (the motor's torque reaches its speed within the first
        // step): 1 rad, clockwise on screen.
        try Self.travel(s, String(repeating: ".", count: 15), by: 0.25)
        let after = try s.cells(withColor: Self.cyan)
        let end = try #require(Self.center(after), "the bar is not drawn")
        #expect(Set(after.map { $0.row * 1000 + $0.column }) != Set(before.map { $0.row * 1000 + $0.column }), "the bar did not turn")
        #expect(abs(end.column - start.column) < 0.5 && abs(end.row - start.row) < 0.5,
                "the center moved from \(start) to \(end)")
        let angle = Self.axisAngle(after)
        #expect(abs(angle - 1.0) < 0.15, "the bar is at \(angle) rad, 4 rad/s × 0.25 s = 1 rad")
        try Self.quit(s)
    }

    @Test("f fixes a box in mid-air: its cells stay the same for a second; f again frees it and it falls to the floor")
    func fixAndFree() throws {
        let play = try Self.start()
        defer { play.stop() }
        let s = play.tmux

        // A box from (164, 56) to (228, 104): 64 × 48 pt centered at (196, 80), cell (24, 4).
        try Self.choose("b", "box", s)
        try Self.drag(s, from: (20, 3), to: (28, 6))
        try Self.expectStatus(s, "Made box-1")
        try Self.choose("f", "fix", s)
        try Self.drag(s, from: (24, 4), to: (24, 4))
        try Self.expectStatus(s, "Fixed box-1.")
        let key = { (cells: [(column: Int, row: Int)]) in Set(cells.map { $0.row * 1000 + $0.column }) }
        let fixed = key(try s.cells(withColor: Self.cyan))
        #expect(!fixed.isEmpty, "box-1 is not drawn")
        try Self.travel(s, "Right", by: 1)
        // Free, it would have fallen ½·g·t² = 500 pt in that second.
        #expect(key(try s.cells(withColor: Self.cyan)) == fixed, "the fixed box moved")

        try Self.drag(s, from: (24, 4), to: (24, 4))
        try Self.expectStatus(s, "Freed box-1.")
        try Self.travel(s, "Right", by: 1)
        // It reaches the floor (y = 368) after √(2 · 264 pt / g) = 0.73 s and lies there, its
        // center 24 pt above it.
        let floorRow = Self.row(ofY: 368 - 24)
        let lying = try #require(meanRow(try s.cells(withColor: Self.cyan)), "box-1 is not drawn")
        #expect(abs(lying - floorRow) < 0.75, "box-1's mean row is \(lying); on the floor it is \(floorRow)")
        try Self.quit(s)
    }

    /// The number after "density" in the inspector's panel, nil when the panel is not shown.
    static func shownDensity(_ s: TmuxSession) throws -> String? {
        let text = try s.text()
        guard let range = text.range(of: #"density +[0-9.]+"#, options: .regularExpression) else { return nil }
        return text[range].split(separator: " ").last.map(String.init)
    }

    @Test("the inspector shows a drawn box's density 1 (the default material); → makes it 1.25 (×1.25); u makes it 1 again")
    func inspector() throws {
        let play = try Self.start()
        defer { play.stop() }
        let s = play.tmux

        try Self.choose("b", "box", s)
        try Self.drag(s, from: (10, 8), to: (18, 11))
        try Self.expectStatus(s, "Made box-1")
        try Self.choose("v", "select", s)
        try Self.drag(s, from: (14, 9), to: (14, 9))
        try s.send(keys: "i")
        #expect(try s.waitUntil { try Self.shownDensity(s) == "1" }, "\((try? s.text()) ?? "")")
        #expect(try s.text().contains("box-1"))
        try s.send(keys: "Right")
        #expect(try s.waitUntil { try Self.shownDensity(s) == "1.25" }, "\((try? s.text()) ?? "")")
        try s.send(keys: "u")
        #expect(try s.waitUntil { try Self.shownDensity(s) == "1" }, "\((try? s.text()) ?? "")")
        #expect(try s.statusLine().contains("Undone (1 more to undo)."), "\((try? s.statusLine()) ?? "")")
        try s.send(keys: "Escape")
        #expect(try s.waitUntil { try Self.shownDensity(s) == nil })
        try Self.quit(s)
    }
}
