// End to end in tmux: the seed scenes fit small windows and windows shrunk while they play, and
// `nudge glyphs` shows every glyph set by name. Positions come from the scene files' geometry:
// the pendulum's ball hangs 220…260 pt down, the cradle's balls span x 220…420 and y 220…260,
// and in a window that is too short for them the world is scaled by (play area height) / 260.
// Also what `?` says about the terminal and the keys that close it.
// Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing
import TerminalUI

@Suite("scenes fit small windows in tmux", TmuxSession.requirement, .serialized)
struct SceneFitEndToEndTests {
    static func scene(_ name: String) -> String {
        TmuxSession.packageRoot.appendingPathComponent("scenes/\(name)").path
    }

    static let orange = Color(red: 255, green: 128, blue: 0).paletteIndex(in: .palette256)!
    static let lightGray = Color(red: 170, green: 170, blue: 170).paletteIndex(in: .palette256)!

    @Test("the pendulum's ball stays in the play area when the window shrinks to 40×12 while it plays")
    func pendulumAfterShrinking() throws {
        let session = try TmuxSession(term: "xterm-256color", arguments: ["play", Self.scene("002-pendulum.yaml")])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Pendulum") })
        #expect(try session.waitUntil { !(try session.cells(withColor: Self.orange)).isEmpty })
        try session.resize(columns: 40, rows: 12)
        // 11 rows of play area, 176 pt: the world grows to 260 pt tall and shrinks by 176/260,
        // so the ball (y 220…260) is drawn at 148.9…176 pt: rows 9 and 10.
        #expect(try session.waitUntil {
            let cells = try session.cells(withColor: Self.orange)
            return !cells.isEmpty && cells.allSatisfy { $0.row <= 10 && $0.column < 40 } && cells.contains { $0.row == 10 }
        }, "\((try? session.text()) ?? "")")
        let rows = Set(try session.cells(withColor: Self.orange).map(\.row))
        #expect(rows.isSubset(of: [9, 10]), "ball rows \(rows)")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("the pendulum started in 40×12 shows its ball above the status line")
    func pendulumStartedSmall() throws {
        let session = try TmuxSession(term: "xterm-256color", columns: 40, rows: 12, arguments: ["play", Self.scene("002-pendulum.yaml")])
        defer { session.stop() }
        #expect(try session.waitUntil {
            let cells = try session.cells(withColor: Self.orange)
            return !cells.isEmpty && cells.allSatisfy { $0.row <= 10 }
        }, "\((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("the cradle at 60×16 is scaled by 240/260: its balls end by column 48 and above the status line")
    func cradleAtSixtyBySixteen() throws {
        let session = try TmuxSession(term: "xterm-256color", columns: 60, rows: 16, arguments: ["play", Self.scene("003-cradle.yaml")])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Cradle") })
        #expect(try session.waitUntil { !(try session.cells(withColor: Self.lightGray)).isEmpty })
        let gray = try session.cells(withColor: Self.lightGray)
        // The last ball's right edge: 420 pt × 240/260 = 387.7 pt, 3.7 pt into column 48 (8 pt
        // columns), which a half block lights or not by its coverage; unscaled it would reach
        // 420 pt, column 52.
        let right = gray.map(\.column).max() ?? -1
        #expect((47...48).contains(right), "the cradle ends in column \(right)")
        // The balls' bottom: 260 pt × 240/260 = 240 pt, the bottom of row 14, the last row above
        // the status line; they are drawn down to it.
        #expect(gray.allSatisfy { $0.row <= 14 })
        #expect(gray.contains { $0.row == 14 })
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("? says how the terminal is drawn and why; q then only closes the box, and a second q quits")
    func helpBoxSaysWhy() throws {
        let session = try TmuxSession(term: "xterm-256color", columns: 100, rows: 40, arguments: ["play", Self.scene("000-push.yaml")])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.statusLine().contains("Push") })
        try session.send(keys: "?")
        #expect(try session.waitUntil { try session.text().contains("This terminal") }, "\((try? session.text()) ?? "")")
        let text = try session.text()
        // Inside tmux: no graphics query is trusted, half blocks, and xterm-256color's 256 colors.
        #expect(text.contains("graphics: cells (inside tmux or screen, which do not pass pixels through)"))
        #expect(text.contains("glyphs: half (inside tmux, the terminal outside is unknown)"))
        #expect(text.contains("colors: 256 (TERM=xterm-256color)"))
        try session.send(keys: "q")
        #expect(try session.waitUntil { !(try session.text().contains("This terminal")) })
        // Still playing a second later.
        #expect(!(try session.waitUntil(seconds: 1) { try session.text().contains("nudge exited") }))
        #expect(try session.statusLine().contains("Push"))
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }

    @Test("nudge glyphs names every set with its flag above a picture drawn in its characters")
    func glyphsCommand() throws {
        let session = try TmuxSession(term: "xterm-256color", columns: 80, rows: 40, arguments: ["glyphs"])
        defer { session.stop() }
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") }, "\((try? session.text()) ?? "")")
        let lines = try session.text().split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        for set in GlyphSet.allCases {
            // The name line, then the flag line under it at the same column.
            let flag = Array("--glyphs \(set.rawValue)")
            guard let row = lines.firstIndex(where: { $0.firstRange(of: flag) != nil }),
                  let column = lines[row].firstRange(of: flag)?.lowerBound else {
                Issue.record("no '--glyphs \(set.rawValue)' in \(lines.map { String($0) })"); continue
            }
            #expect(String(lines[row - 1][column...]).hasPrefix(set.rawValue))
            // The four picture rows above the name: the set's own characters, several kinds.
            var kinds = Set<Character>()
            for r in (row - 5)...(row - 2) where r >= 0 && lines[r].count > column {
                for c in column..<min(column + 18, lines[r].count) where lines[r][c] != " " {
                    let scalar = lines[r][c].unicodeScalars.first!
                    #expect(set.table.pattern(of: scalar) != nil, "\(set): '\(lines[r][c])' is not one of its characters")
                    kinds.insert(lines[r][c])
                }
            }
            #expect(kinds.count >= 2, "\(set): \(kinds)")
        }
        // Inside tmux, auto takes half blocks and says why.
        #expect(try session.text().contains("Here nudge play chooses half: inside tmux"))
    }
}
