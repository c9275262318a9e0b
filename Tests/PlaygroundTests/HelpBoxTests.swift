// The help box (`?`): what it says about how the terminal is drawn, which keys close it, and
// that it and the HUD hide the picture under them in pixel mode.
import Foundation
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat

/// A terminal that shows frames as pixels (sixel-like, 10×20 px cells) and keeps each frame's
/// text layer, on the same fake clock as ScriptedTerminal.
final class PixelScriptedTerminal: TerminalDriver, PixelDisplay {
    let inner: ScriptedTerminal
    private(set) var pixelGrids: [CellGrid] = []
    var size: TerminalSize { inner.size }
    var colorMode: ColorMode { inner.colorMode }
    var cellPixelSize: (width: Int, height: Int)? { (10, 20) }

    init(columns: Int = 80, rows: Int = 24, script: [(Double, TerminalEvent)]) {
        inner = ScriptedTerminal(columns: columns, rows: rows, script: script)
    }
    func begin() throws { try inner.begin() }
    func end() { inner.end() }
    func draw(_ grid: CellGrid) { inner.draw(grid) }
    func draw(_ grid: CellGrid, image: PixelImage, imageRows: Int) {
        pixelGrids.append(grid)
        inner.draw(grid)
    }
    func nextEvent(timeout: Double) -> TerminalEvent? { inner.nextEvent(timeout: timeout) }
}

@Suite("Help box")
struct HelpBoxTests {
    static let report = DisplayReport(
        graphics: GraphicsChoice(.sixel, because: "the terminal's DA1 lists sixel"),
        glyphs: GlyphChoice(.quadrant, because: "TERM=xterm-256color draws block elements from its font; fonts seldom have sextants"),
        colorSource: "TERM=xterm-256color")

    static func app(_ terminal: TerminalDriver, scenes: [SceneFile], clock: @escaping () -> Double,
                    sleep: @escaping (Double) -> Void) -> PlaygroundApp {
        var options = PlaygroundApp.Options()
        options.reloadInterval = nil
        options.displayReport = report
        return PlaygroundApp(terminal: terminal, scenes: scenes, options: options, clock: clock, sleep: sleep)
    }

    @Test("COLORTERM asks for 24-bit color but the terminal ended in 256: the colors line says why, not only COLORTERM")
    func colorLineSaysWhyFewerColors() {
        let report = DisplayReport(graphics: Self.report.graphics, glyphs: Self.report.glyphs, colorSource: "COLORTERM=truecolor")
        #expect(report.lines(colorMode: .truecolor)[2] == "colors: 24-bit (COLORTERM=truecolor)")
        #expect(report.lines(colorMode: .palette256)[2]
                == "colors: 256 (COLORTERM=truecolor, but the terminfo entry has 256 colors and no -direct sibling)")
    }

    @Test("? says the graphics mode, glyph set and colors, each with why")
    func saysHowTheTerminalIsDrawn() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(columns: 100, rows: 40, script: [(0.2, key("?")), (0.5, key("q")), (0.8, key("q"))])
        _ = try Self.app(terminal, scenes: scenes, clock: { terminal.now }, sleep: { terminal.advance(by: $0) }).run()
        let shown = try #require(terminal.gridTexts.first { $0.contains("This terminal") })
        #expect(shown.contains("graphics: sixel (the terminal's DA1 lists sixel)"))
        #expect(shown.contains("glyphs: quadrant (TERM=xterm-256color draws block elements from its font;"))
        // ScriptedTerminal has 256 colors.
        #expect(shown.contains("colors: 256 (TERM=xterm-256color)"))
    }

    @Test("q, Esc and ? only close the box: the playground goes on, and the next q quits", arguments: [
        Key.character("q"), Key.escape, Key.character("?"),
    ])
    func closingKeysOnlyClose(closer: Key) throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.2, key("?")), (0.5, .key(closer)), (2.0, key("q"))])
        let exit = try Self.app(terminal, scenes: scenes, clock: { terminal.now }, sleep: { terminal.advance(by: $0) }).run()
        #expect(exit == .quit)
        // Still running after the closing key, until the second q at 2 s.
        #expect(terminal.now >= 2.0)
        #expect(terminal.frameTimes.contains { $0 > 1.0 })
        // The box is gone from the frames after the closing key.
        let after = zip(terminal.frameTimes, terminal.gridTexts).filter { $0.0 > 0.6 }.map(\.1)
        #expect(!after.isEmpty)
        #expect(after.allSatisfy { !$0.contains("Mouse in this scene") })
    }

    /// In pixel mode a blank cell of the play area shows the picture; the box's blanks must not.
    static func panelHoles(_ grid: CellGrid) -> Int {
        var holes = 0
        for row in 0..<(grid.rows - 1) {
            for column in 0..<grid.columns where grid[column, row].background == Color.panelBackground {
                if grid[column, row].character == " " { holes += 1 }
            }
        }
        return holes
    }

    static func panelCells(_ grid: CellGrid) -> Int {
        (0..<(grid.rows - 1)).reduce(0) { sum, row in
            sum + (0..<grid.columns).filter { grid[$0, row].background == Color.panelBackground }.count
        }
    }

    @Test("in pixel mode the help box and the HUD hide the picture between their words", arguments: ["?", "d"])
    func panelsAreOpaqueOverPixels(opener: Character) throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = PixelScriptedTerminal(script: [(0.2, key(opener)), (0.5, key("q")), (0.8, .key(.ctrlC))])
        _ = try Self.app(terminal, scenes: scenes, clock: { terminal.inner.now }, sleep: { terminal.inner.advance(by: $0) }).run()
        let open = try #require(terminal.pixelGrids.first { Self.panelCells($0) > 20 })
        #expect(Self.panelHoles(open) == 0)
        // The box's text still reads as text, its word gaps as no-break spaces.
        #expect(open.text.contains(opener == "?" ? "Mouse\u{00A0}in\u{00A0}this\u{00A0}scene" : "bodies"))
    }

    @Test("in cells the panels keep plain spaces (their text reads as it always did)")
    func cellsKeepSpaces() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": PlaygroundAppTests.moving])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [(0.2, key("?")), (0.5, key("q")), (0.8, .key(.ctrlC))])
        _ = try Self.app(terminal, scenes: scenes, clock: { terminal.now }, sleep: { terminal.advance(by: $0) }).run()
        let open = try #require(terminal.grids.first { Self.panelCells($0) > 20 })
        #expect(Self.panelHoles(open) > 0)
        #expect(open.text.contains("Mouse in this scene"))
    }
}
