// Scene text echoed by `nudge check` and `nudge scenes` never reaches the terminal as control
// characters: an ESC in a key, a name or a summary is printed as the visible escape \u{1B}.
import Foundation
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("terminal-safe output")
struct TerminalSafeOutputTests {
    /// ESC [ ? 1049 h (alternate screen) and ESC ] 2 ; t BEL (window title), written with YAML's
    /// double-quoted escapes (libyaml refuses raw control characters in the file itself).
    static let alternateScreen = "\\e[?1049h", title = "\\e]2;pwned\\a"

    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-esc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    @Test("check: an unknown key holding ESC sequences is reported with them escaped")
    func checkEscapesKeys() throws {
        let yaml = "name: T\nitems:\n  - {id: a, size: [10, 10], \"\(Self.alternateScreen)\(Self.title)\": 1}\n"
        let folder = try Self.folder(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CommandLineTests.run(["check", folder.appendingPathComponent("a.yaml").path])
        #expect(r.status == 1)
        #expect(!r.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "raw control characters in: \(r.output.debugDescription)")
        #expect(r.output.contains("\\u{1B}[?1049h"))
        #expect(r.output.contains("\\u{7}"))
    }

    @Test("scenes: a name and summary holding ESC sequences are listed with them escaped")
    func scenesEscapesNames() throws {
        let yaml = "name: \"Bad\(Self.alternateScreen)\"\nsummary: \"Sum\(Self.title)\"\nitems:\n  - {id: a, size: [10, 10]}\n"
        let folder = try Self.folder(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CommandLineTests.run(["scenes", "--scenes", folder.path])
        #expect(!r.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "raw control characters in: \(r.output.debugDescription)")
        #expect(r.output.contains("Bad\\u{1B}[?1049h"))
        #expect(r.output.contains("Sum\\u{1B}]2;pwned\\u{7}"))
    }

    @Test func escapingCoversC0DelAndC1ButNotText() {
        #expect("a\u{1B}b\u{7F}c\u{9B}d\u{0}".escapingControlCharacters == "a\\u{1B}b\\u{7F}c\\u{9B}d\\u{0}")
        #expect("héllo → 世界 ▀".escapingControlCharacters == "héllo → 世界 ▀")
    }
}
