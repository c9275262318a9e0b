// End to end: `nudge play --glyphs SET` in tmux draws a 40 pt red ball with that set's
// characters, where the scene puts it. The ball at (320, 184) of an 80×24 terminal spans x
// 300…340 and y 164…204: columns 37…42 and rows 10…12 (8×16 pt cells), with the cells around
// (39…40, 11) fully inside it. Skipped (with a printed reason) only when tmux is not installed.
import Foundation
import Testing
import TerminalUI

@Suite("glyph sets in tmux", TmuxSession.requirement, .serialized)
struct GlyphSetsEndToEndTests {
    static let ball = """
        name: Ball
        summary: A ball.
        items:
          - {id: ball, shape: ellipse, size: [40, 40], center: [320, 184], color: red}
        """

    @Test("each glyph set draws the ball with its own characters in the ball's cells", arguments: GlyphSet.allCases)
    func ballInEachSet(_ set: GlyphSet) throws {
        let play = try PlaygroundSession("glyphs", files: ["ball.yaml": Self.ball]) {
            ["play", "--glyphs", set.rawValue, $0.file("ball.yaml").path]
        }
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.statusLine().contains("Ball 1/1") }, "\((try? session.text()) ?? "")")
        let red = try session.cells(withColor: 196)
        #expect(!red.isEmpty, "no red cells in \((try? session.tmux(["capture-pane", "-p", "-e", "-t", "t"])) ?? "")")
        for cell in red {
            #expect((37...42).contains(cell.column) && (10...12).contains(cell.row), "red outside the ball at \(cell)")
        }
        #expect(red.contains { $0.column == 39 && $0.row == 11 } && red.contains { $0.column == 40 && $0.row == 11 })
        // Every character in the ball's cells is one of the set's.
        let table = set.table
        let grid = try session.grid()
        var edgeCharacters = Set<Character>()
        for row in 10...12 {
            for column in 37...42 where column < grid[row].count {
                let c = grid[row][column]
                #expect(c == " " || table.pattern(of: c.unicodeScalars.first!) != nil, "\(set): '\(c)' at (\(column), \(row))")
                if c != " " && c != "█" { edgeCharacters.insert(c) }
            }
        }
        // The edge of a round ball needs partial cells: more than one kind in the finer sets.
        #expect(edgeCharacters.count >= (set == .half ? 1 : 3), "\(set): edge characters \(edgeCharacters)")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") })
    }
}

@Suite("colors in tmux", TmuxSession.requirement, .serialized)
struct ColorsEndToEndTests {
    @Test("NO_COLOR draws without any color, and the ball's shape is still there in block characters")
    func noColor() throws {
        let play = try PlaygroundSession("nocolor", files: ["ball.yaml": GlyphSetsEndToEndTests.ball], environment: ["NO_COLOR": "1"]) {
            ["play", "--glyphs", "half", $0.file("ball.yaml").path]
        }
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.statusLine().contains("Ball 1/1") })
        let screen = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        #expect(!screen.contains("38;5;") && !screen.contains("48;5;") && !screen.contains("38;2;"), "colors under NO_COLOR")
        let grid = try session.grid()
        #expect(grid[11].count > 40 && grid[11][39] == "█" && grid[11][40] == "█")
    }

    @Test("COLORTERM=truecolor sends 24-bit colors: the red ball is 38;2;255;0;0 or 48;2;255;0;0")
    func truecolor() throws {
        let play = try PlaygroundSession("rgb", files: ["ball.yaml": GlyphSetsEndToEndTests.ball], environment: ["COLORTERM": "truecolor"]) {
            ["play", "--glyphs", "half", $0.file("ball.yaml").path]
        }
        defer { play.stop() }
        let session = play.tmux
        #expect(try session.waitUntil { try session.statusLine().contains("Ball 1/1") })
        let screen = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        #expect(screen.contains("8;2;255;0;0"), "no 24-bit red in the capture")
    }
}
