// SnapshotCommand: `nudge snapshot SCENE ... --output FILE` writes what the terminal would show.
//
// Wiring only: the scene, the moment, the terminal's size and cell size, the glyph set and the
// recording to replay go to ScreenRecorder, which runs the real playground on a virtual clock;
// the screen it ends on is written as a PNG (one pixel per point, ScreenPainter with a real font),
// as the ANSI bytes that draw it (.ans) or as plain text (.txt). Every option is checked before
// anything runs, and nothing is written when something is wrong.
import ArgumentParser
import Foundation
import Geometry
import Images
import Playground
import SceneFormat
import Scenes
import Snapshots
import TerminalUI

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write what the terminal would show at a moment of a scene: PNG, ANSI or text.",
        discussion: """
            The PNG is one pixel per point (an 80x24 terminal at 8x16 pt cells is 640x384 px), \
            each cell drawn as its glyph's sub-pixel pattern in its two colors, text in a real \
            font (DejaVu Sans Mono). With --graphics pixels the play area is the picture a sixel or \
            kitty terminal would be sent. .ans holds the bytes a truecolor terminal is sent (cells); \
            .txt the characters.
            """)

    @Argument(help: ArgumentHelp("The scene: a file, or a name or file of the library.", valueName: "scene"))
    var scene: String

    @Option(help: ArgumentHelp("Seconds into the scene (default 0).", valueName: "seconds"))
    var at: Double = 0

    @Option(help: ArgumentHelp("The terminal's size in cells (default 80x24).", valueName: "COLSxROWS"))
    var size: String = "80x24"

    @Option(name: .customLong("cell-size"), help: ArgumentHelp("Points per cell, and pixels per cell in the PNG.", valueName: "WxH"))
    var cellSize: String = "8x16"

    @Option(help: ArgumentHelp("\(GlyphSet.names()) (default half).", valueName: "set"))
    var glyphs: String = "half"

    @Option(help: ArgumentHelp("cells or pixels (default cells).", valueName: "mode"))
    var graphics: String = "cells"

    @Option(help: ArgumentHelp("truecolor, 256, 16, 8 or none: the colors the terminal shows (default truecolor).", valueName: "mode"))
    var colors: String = "truecolor"

    /// The color modes `--colors` names.
    static let colorModes: [String: ColorMode] = ["truecolor": .truecolor, "256": .palette256, "16": .palette16, "8": .basic8, "none": .none]

    @Option(help: ArgumentHelp("Replay pointer events from FILE (JSON Lines, as play --record writes).", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("Keys to press at the start, one character each (dd: the velocity overlay).", valueName: "keys"))
    var keys: String = ""

    @Option(help: ArgumentHelp("The file to write: .png, .ans or .txt.", valueName: "file"))
    var output: String

    @OptionGroup var location: SceneLocationOptions

    enum Format { case png, ansi, text }

    var format: Format? {
        switch (output as NSString).pathExtension.lowercased() {
        case "png": return .png
        case "ans": return .ansi
        case "txt": return .text
        default: return nil
        }
    }

    func validate() throws {
        guard at.isFinite, at >= 0, at <= 3600 else { throw ValidationError("--at must be a number of seconds from 0 to 3600, got \(at)") }
        _ = try terminalSize()
        do { let c = try CellSize(parsing: cellSize); _ = c } catch { throw ValidationError("--cell-size: \(error)") }
        do { _ = try GlyphSet(parsing: glyphs) } catch { throw ValidationError("--glyphs: \(error)".replacingOccurrences(of: "choose auto, ", with: "choose ")) }
        guard ["cells", "pixels"].contains(graphics) else { throw ValidationError("--graphics must be cells or pixels, got '\(graphics)'") }
        guard Self.colorModes[colors] != nil else { throw ValidationError("--colors must be truecolor, 256, 16, 8 or none, got '\(colors)'") }
        guard keys.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else {
            throw ValidationError("--keys takes printable characters, one key each, e.g. --keys dd")
        }
        guard format != nil else { throw ValidationError("--output must end in .png, .ans or .txt, got '\(output)'") }
    }

    /// "COLSxROWS" (Size(parsing:)), whole numbers from 20 and 6 (the playground's smallest) to 1000.
    func terminalSize() throws -> (columns: Int, rows: Int) {
        guard let cells = try? Size(parsing: size), let c = Int(exactly: cells.width), let r = Int(exactly: cells.height),
              (20...1000).contains(c), (6...1000).contains(r) else {
            throw ValidationError("--size must be COLUMNSxROWS with 20 to 1000 columns and 6 to 1000 rows, e.g. 80x24; got '\(size)'")
        }
        return (c, r)
    }

    /// The grid with any cell that would be an instruction to a terminal (a control or bidi
    /// character, TerminalSafeText) shown as U+FFFD: .ans and .txt files are meant for `cat`, and
    /// the playground escapes scene text before it reaches a cell, so this is the last guard.
    static func terminalSafe(_ grid: CellGrid) -> CellGrid {
        var safe = grid
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where grid[column, row].character.isTerminalControl {
                safe[column, row].character = "\u{FFFD}"
            }
        }
        return safe
    }

    func run() throws {
        let file: SceneFile
        do { file = try location.library().find(scene) } catch {
            throw CommandFailure("snapshot", error)
        }
        var replay: [InputEvent] = []
        if let input {
            do { replay = try SimulateCommand.readEvents(input) } catch {
                throw CommandFailure("snapshot", error)
            }
        }
        let (columns, rows) = try terminalSize()
        let cells = try CellSize(parsing: cellSize)
        var options = PlaygroundApp.Options(cellSize: cells, glyphs: try GlyphSet(parsing: glyphs))
        options.minimumColumns = 20
        let pixelCell = (width: Int(cells.width.rounded()), height: Int(cells.height.rounded()))
        let recorder: ScreenRecorder
        do {
            // The status line counts the scene among its folder's, as `nudge play FOLDER` would.
            let folder = SceneParser.folder(of: file.path)
            var list = file.builtInYAML == nil ? ((try? SceneLibrary.expand(paths: [folder])) ?? []) : []
            if !list.contains(file) { list = [file] }
            recorder = try ScreenRecorder.capture(list, index: list.firstIndex(of: file) ?? 0, at: at, columns: columns, rows: rows,
                                                  options: options, replay: replay, colorMode: Self.colorModes[colors] ?? .truecolor,
                                                  pixels: graphics == "pixels" ? pixelCell : nil,
                                                  keys: keys.map { .character($0) })
        } catch {
            throw CommandFailure("snapshot", error)
        }
        let grid = Self.terminalSafe(recorder.screen ?? CellGrid(columns: columns, rows: rows))
        let data: [UInt8]
        switch format! {
        case .text:
            let lines = (0..<grid.rows).map { row -> String in
                var line = grid.text(row: row)
                while line.hasSuffix(" ") { line.removeLast() }
                return line
            }
            data = Array((lines.joined(separator: "\n") + "\n").utf8)
        case .ansi:
            data = ANSIScreen.bytes(for: grid)
        case .png:
            guard let path = FontFace.defaultFontPath() else {
                throw CommandFailure("nudge snapshot: no monospace font found for the text; install DejaVu Sans Mono (Debian: apt-get install fonts-dejavu-core)")
            }
            do {
                let font = try FontFace(path: path, cellWidth: pixelCell.width, cellHeight: pixelCell.height)
                let painter = ScreenPainter(cellWidth: pixelCell.width, cellHeight: pixelCell.height, font: font)
                data = try PNGEncoder().encode(recorder.paint(with: painter) ?? painter.paint(grid))
            } catch {
                throw CommandFailure("snapshot", error)
            }
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(data)) else {
            throw CommandFailure("nudge snapshot: cannot write \(output)")
        }
    }
}
