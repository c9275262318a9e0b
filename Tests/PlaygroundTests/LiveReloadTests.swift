// Live reload in the running app: good edits reload within half a second, broken ones are
// reported in the status line and survived, and fixing the file reloads it.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

/// Live reload: saving the scene reloads it within half a second; a broken edit shows
/// its file:line:column and keeps the last good scene running; fixing it reloads.
@Suite("Live reload")
struct LiveReloadTests {
    /// File stamps the test controls: every `touch` is a new modification.
    final class Stamps: FileStatusProvider {
        var version: [String: Int64] = [:]
        func stamp(of path: String) -> FileStamp? {
            FileManager.default.fileExists(atPath: path) ? FileStamp(modified: version[path] ?? 0, size: 0, inode: 1) : nil
        }
        func touch(_ path: String) { version[path, default: 0] += 1 }
    }

    static func scene(x: Int) -> String {
        """
        name: Reloadable
        summary: Edit me.
        items:
          - {id: square, size: [80, 80], center: [\(x), 100], color: green}
        behaviors:
          - {type: gravity, magnitude: 0.01}
        """
    }

    @Test func editsReloadWithinHalfASecondAndBrokenEditsAreReportedAndSurvived() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": Self.scene(x: 100)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = scenes[0].path
        let stamps = Stamps()
        let noop = TerminalEvent.key(.character("z"))
        // Edits land at 1.0 s (good), 2.0 s (broken), 3.0 s (fixed); q at 4.0 s.
        let terminal = ScriptedTerminal(script: [(1.0, noop), (2.0, noop), (3.0, noop), (4.0, key("q"))])
        var deliveries = 0
        terminal.onDeliver = { _ in
            deliveries += 1
            let text: String
            switch deliveries {
            case 1: text = Self.scene(x: 300)
            case 2: text = Self.scene(x: 300).replacingOccurrences(of: "size: [80, 80]", with: "size: [80, -80]")
            case 3: text = Self.scene(x: 500)
            default: return
            }
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            stamps.touch(path)
        }
        var seen: [(time: Double, x: Double, error: String?)] = []
        let watcher = StepWatcher()
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, clock: { terminal.now }, files: stamps, observer: watcher)
        watcher.each = { app, session, _ in
            let x = session.scene.item(withID: "square")?.center.x ?? .nan
            seen.append((terminal.now, x, app.loadError))
        }
        _ = try app.run()
        func first(_ condition: ((time: Double, x: Double, error: String?)) -> Bool) -> Double? {
            seen.first(where: condition)?.time
        }
        // The good edit shows within 0.5 s.
        let moved = try #require(first { $0.x == 300 })
        #expect(moved >= 1.0 && moved <= 1.5, "reloaded at \(moved)")
        // And says so in the status line (docs/playground.md promises "Reloaded").
        let said = zip(terminal.frameTimes, terminal.statusLines).filter { $0.1.contains("Reloaded a.yaml.") }.map(\.0)
        #expect(said.contains { $0 >= 1.0 && $0 <= 1.5 }, "no \"Reloaded a.yaml.\" after the good edit")
        // The broken edit: the error names the file, line 4 and the size's column, and the
        // scene keeps stepping at x = 300.
        let broken = try #require(seen.first { $0.error != nil })
        #expect(broken.time >= 2.0 && broken.time <= 2.5)
        #expect(broken.error?.contains("a.yaml:4:") == true, "\(broken.error ?? "")")
        #expect(broken.x == 300)
        #expect(seen.contains { $0.time > 2.6 && $0.time < 3.0 && $0.x == 300 && $0.error != nil })
        // Fixed: reloads and the error clears.
        let fixed = try #require(first { $0.x == 500 })
        #expect(fixed >= 3.0 && fixed <= 3.5)
        #expect(seen.last?.error == nil)
        #expect(terminal.statusLines.contains { $0.contains("error") && $0.contains("a.yaml:4:") })
    }
}

/// Every kind of broken edit is reported in the status line and survived: the last good scene
/// keeps playing, and restoring the file reloads it.
@Suite("Live reload: broken edits")
struct BrokenEditTests {
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case yamlSyntax, unknownKey, wrongType, outOfRange, unknownItem, missingImage, corruptImage, emptyFile, deletedFile
        var testDescription: String { rawValue }

        /// The broken text (nil: delete the file) and what the status line must name.
        func apply(to path: String, folder: String) -> (text: String?, expect: String) {
            let good = LiveReloadTests.scene(x: 300)
            switch self {
            case .yamlSyntax: return (good + "\n  - {id: [oops\n", "a.yaml:")
            case .unknownKey: return (good.replacingOccurrences(of: "color: green", with: "colour: green"), "colour")
            case .wrongType: return (good.replacingOccurrences(of: "size: [80, 80]", with: "size: big"), "a.yaml:4:")
            case .outOfRange: return (good.replacingOccurrences(of: "magnitude: 0.01", with: "magnitude: .nan"), "a.yaml:6:")
            case .unknownItem: return (good + "\n  - {type: snap, item: ghost, point: [1, 1]}\n", "ghost")
            case .missingImage:
                return (good.replacingOccurrences(of: "behaviors:", with: "  - {id: pic, shape: image, image: nowhere.png, size: [10, 10]}\nbehaviors:"), "nowhere.png")
            case .corruptImage:
                try? Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
                return (good.replacingOccurrences(of: "behaviors:", with: "  - {id: pic, shape: image, image: bad.png, size: [10, 10]}\nbehaviors:"), "bad.png")
            case .emptyFile: return ("", "a.yaml")
            case .deletedFile: return (nil, "a.yaml")
            }
        }
    }

    @Test(arguments: Edit.allCases)
    func brokenEditIsReportedAndSurvived(edit: Edit) throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": LiveReloadTests.scene(x: 300)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = scenes[0].path
        let stamps = LiveReloadTests.Stamps()
        let noop = TerminalEvent.key(.character("z"))
        let terminal = ScriptedTerminal(script: [(1.0, noop), (2.0, noop), (3.0, key("q"))])
        var deliveries = 0
        var expectation = ""
        terminal.onDeliver = { _ in
            deliveries += 1
            if deliveries == 1 {
                let (text, expect) = edit.apply(to: path, folder: folder.path)
                expectation = expect
                if let text { try? text.write(toFile: path, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(atPath: path) }
            } else if deliveries == 2 {
                try? LiveReloadTests.scene(x: 500).write(toFile: path, atomically: true, encoding: .utf8)
            } else { return }
            stamps.touch(path)
        }
        var seen: [(time: Double, x: Double, error: String?)] = []
        let watcher = StepWatcher()
        let app = PlaygroundApp(terminal: terminal, scenes: scenes, clock: { terminal.now }, files: stamps, observer: watcher)
        watcher.each = { app, session, _ in
            seen.append((terminal.now, session.scene.item(withID: "square")?.center.x ?? .nan, app.loadError))
        }
        _ = try app.run()
        // Reported within half a second, naming what is wrong; the good scene kept stepping.
        let broken = try #require(seen.first { $0.error != nil }, "no error shown for \(edit)")
        #expect(broken.time >= 1.0 && broken.time <= 1.5)
        #expect(broken.error?.contains(expectation) == true, "\(edit): \(broken.error ?? "")")
        #expect(seen.filter { $0.time > 1.6 && $0.time < 2.0 }.allSatisfy { $0.x == 300 && $0.error != nil })
        #expect(seen.contains { $0.time > 1.6 && $0.time < 2.0 })
        // Restored: reloads, error gone.
        let fixed = try #require(seen.first { $0.x == 500 })
        #expect(fixed.time >= 2.0 && fixed.time <= 2.5)
        #expect(seen.last?.error == nil)
    }
}
