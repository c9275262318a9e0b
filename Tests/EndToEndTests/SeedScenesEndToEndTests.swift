// End to end against the SHIPPED seed scenes: the real `nudge play scenes/NNN-….yaml` in tmux,
// driven with mouse bytes in both encodings (SGR under xterm-256color, X10 under tmux-256color).
//
// The scene files are the ones in the repository's scenes/ folder (found from #filePath), so an
// edit that breaks what a seed scene promises breaks a test here. Geometry used throughout: an
// 80×24 window leaves 23 rows for the scene, a 640×368 pt canvas at 8×16 pt per cell, and a
// report at cell (c, r) arrives as the point (8c + 4, 16r + 8). Every wait is a bounded poll
// (≤ 3 s, 50 ms steps); every test kills its own tmux server, even when an expectation fails.
// Gesture inputs keep clear of the thresholds in docs/gestures.md: taps are a press and a
// release in the same cell (scenes allow 18 pt of wobble), pans move ≥ 2 cells (> 10 pt), swipes
// run 16 cells (128 pt) in a straight row within a fraction of the 0.5 s limit, so they are
// recognized as fast (≥ 30 pt at ≥ 400 pt/s) and would be even as slow (≥ 60 pt within 15°).
//
// Input pacing and retries. Every report is its own write followed by a 12 ms pause, as a
// person's mouse sends them. (A press that arrived in the same read as the motion after it used
// to be lost inside ncurses' mouse parser; the driver now decodes reports itself, and
// CursesTerminalPTYTests sends a whole drag in one write.) On a loaded machine an interaction
// may still race the scene, so each may be tried up to three times (drags after `r`, which
// reloads the scene to its start, since a partial attempt could have moved something; clicks and
// swipes simply again); a retry is printed, and the checks are the same every time.
import Foundation
import Testing

@Suite("seed scenes in tmux", TmuxSession.requirement, .serialized)
struct SeedScenesEndToEndTests {
    static let terms = ["xterm-256color", "tmux-256color"]

    /// 256-color indexes of UIKit's named colors as the renderer degrades them (nearest point of
    /// the xterm cube, or of its gray ramp 8 + 10k): green (0, 255, 0) → 46, orange (255, 128, 0)
    /// → 208, lightGray (170, 170, 170) → 168 on the ramp, 232 + 16 = 248.
    static let green = 46, orange = 208, lightGray = 248

    static var scenesFolder: URL { TmuxSession.packageRoot.appendingPathComponent("scenes") }

    /// Runs `body` with nudge playing the shipped scene `file` in an 80×24 tmux window, once the
    /// status line shows "`name` 1/1"; always kills the tmux server.
    static func withScene(_ file: String, name: String, term: String, _ body: (TmuxSession) throws -> Void) throws {
        let path = scenesFolder.appendingPathComponent(file).path
        try #require(FileManager.default.fileExists(atPath: path), "missing seed scene \(path)")
        let session = try TmuxSession(term: term, arguments: ["play", path])
        defer { session.stop() }
        let started = try session.waitUntil(seconds: 3) { try session.statusLine().contains("\(name) 1/1") }
        try #require(started, "nudge did not start \(file): \((try? session.text()) ?? "")")
        try body(session)
    }

    /// One mouse report as its own write, then a pause so nudge reads it alone.
    static func report(_ s: TmuxSession, _ action: TmuxSession.MouseAction, column: Int, row: Int,
                       button: TmuxSession.MouseButton = .left, control: Bool = false) throws {
        try s.mouse(action, column: column, row: row, button: button, control: control)
        usleep(12_000)
    }

    /// A click: press and release in one cell.
    static func click(_ s: TmuxSession, column: Int, row: Int) throws {
        try report(s, .press, column: column, row: row)
        try report(s, .release, column: column, row: row)
    }

    /// Runs `attempt` up to `times` times until it returns true; before a retry, `r` reloads the
    /// scene (when `reset`) and the status line shows `name` again. Prints when a retry was needed.
    static func withRetries(_ s: TmuxSession, name: String, times: Int = 3, reset: Bool = true,
                            _ attempt: () throws -> Bool) throws -> Bool {
        for k in 1...times {
            if k > 1 {
                print("retrying (\(k)/\(times)) in \(name) under \(s.term): an attempt's mouse reports were not all seen")
                if reset {
                    try s.send(keys: "r")
                    _ = try s.waitUntil(seconds: 1) { try s.statusLine().contains("\(name) 1/1") }
                }
            }
            if try attempt() { return true }
        }
        return false
    }

    static func describe(_ cells: [(column: Int, row: Int)]) -> String {
        "\(cells.count) cells, mean column \(meanColumn(cells) ?? -1), mean row \(meanRow(cells) ?? -1)"
    }

    // MARK: 000 Push

    @Test("Push: a click up and to the left of the square pushes it up and to the left", arguments: terms)
    func pushTowardClick(term: String) throws {
        try Self.withScene("000-push.yaml", name: "Push", term: term) { s in
            // The 80×80 square centered at (320, 184) covers columns 35…44 and rows 9…13.
            let before = try s.cells(withColor: Self.green)
            let column = try #require(meanColumn(before), "no green square on screen")
            let row = try #require(meanRow(before))
            #expect(abs(column - 39.5) < 1 && abs(row - 11) < 1, "\(Self.describe(before))")
            // A click at (84, 56): 236 pt left, 128 pt up, so the push points up and to the left.
            let moved = try Self.withRetries(s, name: "Push") {
                try Self.click(s, column: 10, row: 3)
                return try s.waitUntil(seconds: 2) {
                    let now = try s.cells(withColor: Self.green)
                    guard let c = meanColumn(now), let r = meanRow(now) else { return false }
                    return c < column - 5 && r < row - 1
                }
            }
            #expect(moved, "the square did not move toward the click: \(Self.describe((try? s.cells(withColor: Self.green)) ?? []))")
        }
    }

    // MARK: 001 Snap

    @Test("Snap: the square snaps to two successive clicks", arguments: terms)
    func snapToClicks(term: String) throws {
        try Self.withScene("001-snap.yaml", name: "Snap", term: term) { s in
            let start = try s.cells(withColor: Self.green)
            #expect(start.count >= 40, "the square is not on screen: \(Self.describe(start))")
            for (column, row) in [(15, 5), (62, 16)] {
                // Centered on the clicked cell within ±1 cell, on three polls in a row (150 ms),
                // so an overshoot passing through does not count as arriving. A retry clicks the
                // same cell again (no reset: the first target must stay reached).
                let arrived = try Self.withRetries(s, name: "Snap", reset: false) {
                    try Self.click(s, column: column, row: row)
                    var streak = 0
                    return try s.waitUntil(seconds: 2) {
                        let cells = try s.cells(withColor: Self.green)
                        if let c = meanColumn(cells), let r = meanRow(cells), cells.count >= 40,
                           abs(c - Double(column)) <= 1, abs(r - Double(row)) <= 1 {
                            streak += 1
                        } else {
                            streak = 0
                        }
                        return streak >= 3
                    }
                }
                #expect(arrived, "the square did not snap to (\(column), \(row)): \(Self.describe((try? s.cells(withColor: Self.green)) ?? []))")
            }
        }
    }

    // MARK: 002 Pendulum

    @Test("Pendulum: a drag on the bob pushes it out, and after the release it swings through to the other side", arguments: terms)
    func pendulumSwings(term: String) throws {
        try Self.withScene("002-pendulum.yaml", name: "Pendulum", term: term) { s in
            // The 40 pt bob hangs at (320, 240): columns 37…42, rows 13…16, mean column ≈ 39.5.
            let rest = try s.cells(withColor: Self.orange)
            let restColumn = try #require(meanColumn(rest), "no orange bob on screen")
            #expect(abs(restColumn - 39.5) < 1, "\(Self.describe(rest))")
            // Press on the bob at (324, 248), drag 10 cells right (80 pt: dragPush gives magnitude 8).
            let pushed = try Self.withRetries(s, name: "Pendulum") {
                try Self.report(s, .press, column: 40, row: 15)
                for column in 41...50 { try Self.report(s, .drag, column: column, row: 15) }
                let out = try s.waitUntil(seconds: 1.5) { (meanColumn(try s.cells(withColor: Self.orange)) ?? 0) > restColumn + 4 }
                if !out { try Self.report(s, .release, column: 50, row: 15) }
                return out
            }
            #expect(pushed, "the drag did not push the bob right: \(Self.describe((try? s.cells(withColor: Self.orange)) ?? []))")
            // The release twice: a second one is ignored, and if the two are read together the
            // surviving report is still a release.
            try Self.report(s, .release, column: 50, row: 15)
            try Self.report(s, .release, column: 50, row: 15)
            // Let go on the right, it swings back through the bottom and out on the left.
            var positions = Set<Int>()
            let swung = try s.waitUntil(seconds: 3) {
                let cells = try s.cells(withColor: Self.orange)
                guard let c = meanColumn(cells) else { return false }
                positions.insert(Int(c.rounded()))
                return c < restColumn - 3
            }
            #expect(swung, "the bob did not swing to the left: \(Self.describe((try? s.cells(withColor: Self.orange)) ?? []))")
            #expect(positions.count >= 3, "the bob's cells barely changed after the release: mean columns \(positions.sorted())")
        }
    }

    // MARK: 003 Newton's cradle

    @Test("Newton's cradle: the left ball pulled out and let go sends the right ball out, and the left one stays", arguments: terms)
    func cradleSendsOneBallOut(term: String) throws {
        try Self.withScene("003-cradle.yaml", name: "Newton's Cradle", term: term) { s in
            // Five 40 pt balls hang at x = 240…400, y = 240 (rows 13…16) on 200 pt rods from y = 40:
            // together they cover columns 27…52.
            func balls() throws -> [(column: Int, row: Int)] {
                try s.cells(withColor: Self.lightGray).filter { $0.row >= 4 && $0.row <= 17 }
            }
            let rest = try balls()
            #expect(rest.count >= 20 && rest.allSatisfy { (27...52).contains($0.column) }, "\(Self.describe(rest))")
            // The left ball's arc around its anchor (240, 40), from hanging (90°) to 44° out.
            var arc: [(Int, Int)] = []
            for degrees in stride(from: 90.0, through: 134, by: 4) {
                let a = degrees * .pi / 180
                let cell = (Int((240 + 200 * cos(a)) / 8), Int((40 + 200 * sin(a)) / 16))
                if arc.last.map({ $0 != cell }) ?? true { arc.append(cell) }
            }
            let lifted = try Self.withRetries(s, name: "Newton's Cradle") {
                try Self.report(s, .press, column: arc[0].0, row: arc[0].1)
                for cell in arc.dropFirst() { try Self.report(s, .drag, column: cell.0, row: cell.1) }
                let out = try s.waitUntil(seconds: 1) { try balls().contains { $0.column < 20 } }
                if !out { try Self.report(s, .release, column: arc.last!.0, row: arc.last!.1) }
                return out
            }
            #expect(lifted, "the left ball did not follow the drag: \(Self.describe((try? balls()) ?? []))")
            // Let go only once it hangs still on the pointer's spring (the same cells on two polls
            // in a row), so it falls from rest rather than being thrown.
            var last: Set<Int> = []
            _ = try s.waitUntil(seconds: 1.5) {
                let now = Set(try balls().filter { $0.column < 27 }.map { $0.row * 1000 + $0.column })
                defer { last = now }
                return !now.isEmpty && now == last
            }
            try Self.report(s, .release, column: arc.last!.0, row: arc.last!.1)
            try Self.report(s, .release, column: arc.last!.0, row: arc.last!.1)
            // Lifted about 44° (its center 139 pt left of its anchor), it strikes the row a quarter
            // period later (≈ 0.7 s); the right ball then swings out to about the same angle while
            // the others hang at rest: balls far right (columns ≥ 60: ≥ 60 pt out), none left of
            // where the row begins, and the middle three (x 260…380, columns 33…46) drawn in the
            // cells they had at rest, give or take 6 (≈ 2° is 7 pt, under one column).
            func middle(_ cells: [(column: Int, row: Int)]) -> Set<Int> {
                Set(cells.filter { (33...46).contains($0.column) && (12...17).contains($0.row) }.map { $0.row * 1000 + $0.column })
            }
            let middleAtRest = middle(rest)
            var seen: [(column: Int, row: Int)] = []
            let across = try s.waitUntil(seconds: 3) {
                seen = try balls()
                return seen.contains { $0.column >= 60 } && seen.allSatisfy { $0.column >= 26 }
                    && middle(seen).symmetricDifference(middleAtRest).count <= 6
            }
            #expect(across, "the right ball did not swing out alone: \(Self.describe(seen)), columns \(Set(seen.map(\.column)).sorted())")
        }
    }

    // MARK: 004 Gestures

    /// A left-button drag along one row from `from` to `to` in 2-cell (16 pt) steps, one report
    /// every ~12 ms: 128 pt in about 0.1 s, far above 400 pt/s and well inside 0.5 s.
    static func swipe(_ s: TmuxSession, row: Int, from: Int, to: Int) throws {
        let step = to > from ? 2 : -2
        try report(s, .press, column: from, row: row)
        for column in stride(from: from + step, through: to, by: step) {
            try report(s, .drag, column: column, row: row)
        }
        try report(s, .release, column: to, row: row)
    }

    @Test("Gestures: a fast left swipe says \"Swiped Left.\", a right swipe \"Swiped Right.\"", arguments: terms)
    func swipesReportTheirDirection(term: String) throws {
        try Self.withScene("004-gestures.yaml", name: "Gestures", term: term) { s in
            #expect(try !s.statusLine().contains("Swiped"))
            let left = try Self.withRetries(s, name: "Gestures", reset: false) {
                try Self.swipe(s, row: 4, from: 60, to: 44)
                return try s.waitUntil(seconds: 1) { try s.statusLine().contains("Swiped Left.") }
            }
            #expect(left, "status line: \((try? s.statusLine()) ?? "")")
            let right = try Self.withRetries(s, name: "Gestures", reset: false) {
                try Self.swipe(s, row: 4, from: 20, to: 36)
                return try s.waitUntil(seconds: 1) { try s.statusLine().contains("Swiped Right.") }
            }
            #expect(right, "status line: \((try? s.statusLine()) ?? "")")
        }
    }

    /// The cell (column, row) where `word` reads downward, one letter per row, if it does.
    static func verticalWord(_ word: String, in grid: [[Character]]) -> (column: Int, row: Int)? {
        let letters = Array(word)
        for row in 0..<grid.count where row + letters.count <= grid.count {
            for column in grid[row].indices where grid[row][column] == letters[0] {
                if letters.indices.allSatisfy({ k in
                    column < grid[row + k].count && grid[row + k][column] == letters[k]
                }) { return (column, row) }
            }
        }
        return nil
    }

    enum RotationInput: String, CaseIterable, CustomTestStringConvertible {
        case rightButton, controlLeft
        var testDescription: String { rawValue }
    }

    @Test("Gestures: a quarter-turn rotation around the label turns \"Hello, World!\" to run down a column",
          arguments: terms, RotationInput.allCases)
    func rotationTurnsTheLabel(term: String, input: RotationInput) throws {
        try Self.withScene("004-gestures.yaml", name: "Gestures", term: term) { s in
            // The label is centered at (320, 184): row 11, columns 34…46.
            let row11 = String(try s.grid()[11])
            #expect(row11.contains("Hello, World!"), "label not drawn level: \((try? s.text()) ?? "")")
            #expect(Self.verticalWord("Hello", in: try s.grid()) == nil)
            // Around the pivot (320, 184) at radius 92 pt, from due right (0°) clockwise in 10°
            // steps to just below it: the last report, cell (40, 17) = (324, 280), is 87.6° round.
            let button: TmuxSession.MouseButton = input == .rightButton ? .right : .left
            let control = input == .controlLeft
            var cells: [(Int, Int)] = []
            for degrees in stride(from: 0.0, through: 80, by: 10) {
                let a = degrees * .pi / 180
                let cell = (Int((320 + 92 * cos(a)) / 8), Int((184 + 92 * sin(a)) / 16))
                if cells.last.map({ $0 != cell }) ?? true { cells.append(cell) }
            }
            cells.append((40, 17))
            // At about 90° the letters run down one column, one per row ("H" 6 rows above the
            // center row): H, e, l, l, o in successive rows of one column.
            var found: (column: Int, row: Int)?
            let turned = try Self.withRetries(s, name: "Gestures") {
                try Self.report(s, .press, column: cells[0].0, row: cells[0].1, button: button, control: control)
                for cell in cells.dropFirst() {
                    try Self.report(s, .drag, column: cell.0, row: cell.1, button: button, control: control)
                }
                try Self.report(s, .release, column: 40, row: 17, button: button, control: control)
                return try s.waitUntil(seconds: 1.5) {
                    found = Self.verticalWord("Hello", in: try s.grid())
                    return found != nil
                }
            }
            #expect(turned, "the label did not turn a quarter: \((try? s.text()) ?? "")")
            if let found {
                #expect(abs(found.column - 39) <= 1 && abs(found.row - 5) <= 1, "\"Hello\" runs down from \(found)")
            }
            // It keeps its angle after the gesture has ended.
            usleep(200_000)
            #expect(Self.verticalWord("Hello", in: try s.grid()) != nil, "the label did not keep its angle")
        }
    }
}
