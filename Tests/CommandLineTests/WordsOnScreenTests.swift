// Scene text and command-line text that reaches a terminal, and the command line's small words:
// every route by which text from a scene or the command line is printed escapes control and
// bidirectional-formatting characters (ECMA-48's C0/C1 controls; Unicode UAX #9's explicit
// formatting characters U+202A–U+202E, U+2066–U+2069 and the marks U+200E, U+200F, U+061C), and
// the command line takes scene names, mistyped options and empty results the way
// docs/command-line.md says.
import Foundation
import Testing
@testable import SceneFormat

@Suite("words on screen")
struct WordsOnScreenTests {
    /// Every bidirectional formatting character Unicode defines (UAX #9, tables 1 and 2).
    static let bidi: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    static func hasUnsafe(_ text: String, allowing allowed: Set<UInt32> = []) -> Bool {
        text.unicodeScalars.contains { s in
            guard !allowed.contains(s.value) else { return false }
            return s.value < 0x20 || (0x7F...0x9F).contains(s.value) || bidi.contains(s.value)
        }
    }

    /// A scene whose name, summary and label hold an OSC title, an alternate-screen switch, a
    /// right-to-left override and an isolate (YAML double-quoted escapes; raw controls are refused
    /// by libyaml).
    static let hostile = """
        name: "Evil\\e]2;pwned\\a\\u202Efdp.exe"
        summary: "sum\\e[?1049h\\u2066x\\u2069"
        items:
          - {id: sign, shape: label, text: "lab\\e[2J\\u202Eel", center: ["50%", "40%"], color: white}
        """

    @Test func everyBidiControlIsEscapedAndOrdinaryTextIsNot() {
        for v in Self.bidi {
            let s = "a\(Character(Unicode.Scalar(v)!))b"
            #expect(s.escapingControlCharacters == "a\\u{\(String(v, radix: 16, uppercase: true))}b")
        }
        #expect("שלום عربي héllo 世界".escapingControlCharacters == "שלום عربي héllo 世界")
    }

    @Test("snapshot .txt and .ans: the scene's name, summary and label reach the file escaped",
          arguments: ["txt", "ans"])
    func snapshotFiles(format: String) throws {
        let scene = try CommandLineTests.temporaryScene(Self.hostile)
        defer { try? FileManager.default.removeItem(at: scene) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-esc-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: output) }
        let r = try CommandLineTests.run(["snapshot", scene.path, "--output", output.path, "--size", "120x24"])
        #expect(r.status == 0, "\(r.errors)")
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        if format == "txt" {
            #expect(!Self.hasUnsafe(text, allowing: [0x0A]), "raw controls in \(text.debugDescription)")
        } else {
            // The .ans file's own escapes are its clearing, SGR colors and cursor moves: no OSC, no
            // mode switch, no BEL, no bidi character.
            #expect(!text.contains("\u{1B}]") && !text.contains("\u{1B}[?1049") && !text.contains("\u{07}"))
            #expect(!text.unicodeScalars.contains { Self.bidi.contains($0.value) })
        }
        #expect(text.contains("Evil\\u{1B}]2;pwned\\u{7}\\u{202E}fdp.exe"), "name")
        #expect(text.contains("sum\\u{1B}[?1049h\\u{2066}x\\u{2069}"), "summary")
        #expect(text.contains("lab\\u{1B}[2J\\u{202E}el") || format == "ans", "label")
        #expect(text.contains("\\u{202E}el"), "label")
    }

    @Test("check: a bidi override in a key is shown escaped")
    func checkEscapesBidi() throws {
        let scene = try CommandLineTests.temporaryScene("name: T\nitems:\n  - {id: a, size: [10, 10], \"co\\u202Elor\": red}\n")
        defer { try? FileManager.default.removeItem(at: scene) }
        let r = try CommandLineTests.run(["check", scene.path])
        #expect(r.status == 1)
        #expect(!Self.hasUnsafe(r.output + r.errors, allowing: [0x0A]), "\((r.output + r.errors).debugDescription)")
        #expect((r.output + r.errors).contains("co\\u{202E}lor"))
    }

    @Test("a command-line value holding ESC is echoed escaped in the usage error")
    func commandLineValue() throws {
        let r = try CommandLineTests.run(["simulate", "scenes/000-push.yaml", "--steps", "\u{1B}[31m\u{1B}]2;x\u{07}"])
        #expect(r.status == 64)
        #expect(!Self.hasUnsafe(r.errors, allowing: [0x0A]), "\(r.errors.debugDescription)")
        #expect(r.errors.contains("\\u{1B}[31m"))
    }

    @Test("--input: a value holding ESC is echoed escaped; a bare modifier name is told as a list")
    func inputFileMessages() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-in-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: input) }
        try "{\"t\":0,\"type\":\"\\u001b[2J\",\"x\":1,\"y\":2}\n".write(to: input, atomically: true, encoding: .utf8)
        var r = try CommandLineTests.run(["simulate", "scenes/000-push.yaml", "--input", input.path])
        #expect(r.status == 1)
        #expect(!Self.hasUnsafe(r.errors, allowing: [0x0A]), "\(r.errors.debugDescription)")
        #expect(r.errors.contains("found \"\\u{1B}[2J\""), "\(r.errors)")

        try "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2,\"modifiers\":\"shift\"}\n".write(to: input, atomically: true, encoding: .utf8)
        r = try CommandLineTests.run(["simulate", "scenes/000-push.yaml", "--input", input.path])
        #expect(r.status == 1)
        #expect(!r.errors.contains("Array<Any>"), "\(r.errors)")
        #expect(r.errors.contains("\"modifiers\": expected a list of names in brackets, e.g. [\"shift\"]"), "\(r.errors)")
    }

    @Test("play --glyph octant FILE: the mistyped option gets its did-you-mean, not 'no scene file at octant'")
    func mistypedOptionWithValue() throws {
        let r = try CommandLineTests.run(["play", "--glyph", "octant", "scenes/000-push.yaml"])
        #expect(r.status == 64)
        #expect(r.errors.contains("unknown option '--glyph'; did you mean '--glyphs'?"), "\(r.errors)")
        #expect(!r.errors.contains("no scene file or folder"))
    }

    @Test("snapshot --keys d at the default --at 0 shows the contact overlay")
    func snapshotKeysAtZero() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-keys-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let r = try CommandLineTests.run(["snapshot", "scenes/000-push.yaml", "--keys", "d", "--output", output.path, "--size", "120x24"])
        #expect(r.status == 0, "\(r.errors)")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("overlay: contacts"), "\(text)")
    }

    @Test("bench render --scene nosuch fails with a message naming it")
    func benchRenderUnknownScene() throws {
        let r = try CommandLineTests.run(["bench", "render", "--scene", "nosuch", "--steps", "1"])
        #expect(r.status == 1)
        #expect(r.errors.contains("no scene named 'nosuch'"), "\(r.errors)")
        #expect(!r.output.contains("median ms"), "a header was printed: \(r.output)")
    }

    @Test("flow style with an unquoted #ff8800 gets the quoted-hex hint, as block style does")
    func flowStyleHexHint() throws {
        let flow = try CommandLineTests.temporaryScene("""
            name: T
            items:
              - {id: ball, shape: ellipse, size: [48, 48], color: #ff8800}
              - {id: box, size: [64, 64]}
            """)
        defer { try? FileManager.default.removeItem(at: flow) }
        let r = try CommandLineTests.run(["check", flow.path])
        #expect(r.status == 1)
        #expect((r.output + r.errors).contains("line 3 has #ff8800 unquoted: in YAML a # starts a comment, so a hex color must be quoted, e.g. color: \"#ff8800\""),
                "\(r.output)\(r.errors)")
    }

    @Test("the starter file (`nudge new`) with its ball's color made an unquoted #ff8800 gets the hint")
    func starterFlowStyle() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-starter-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try CommandLineTests.run(["new", file.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("color: orange}"), "the starter's ball changed: \(text)")
        try text.replacingOccurrences(of: "color: orange}", with: "color: #ff8800}").write(to: file, atomically: true, encoding: .utf8)
        let r = try CommandLineTests.run(["check", file.path])
        #expect(r.status == 1)
        #expect((r.output + r.errors).contains("has #ff8800 unquoted: in YAML a # starts a comment, so a hex color must be quoted"), "\(r.output)\(r.errors)")
    }

    @Test("the unquoted-hex hint leaves quoted and commented hashes alone")
    func hexHintOnlyWhereUnquoted() {
        #expect(SceneParser.unquotedHexHint("a: {color: \"#ff8800\"}\n", upToLine: 2) == "")
        #expect(SceneParser.unquotedHexHint("a: 1 # see #ff8800\n", upToLine: 2) == "")
        #expect(SceneParser.unquotedHexHint("x\n  - {color: #00ff00}\n", upToLine: 3).contains("line 2 has #00ff00"))
    }
}
