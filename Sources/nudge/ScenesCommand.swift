// ScenesCommand: `nudge scenes` lists the scenes the playground would show, in order.
import ArgumentParser
import SceneFormat
import Scenes

struct ScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenes",
        abstract: "List the scenes: one line each with file, name and summary.",
        discussion: """
            Columns are separated by two spaces. A file that does not validate is listed with its \
            first error (run `nudge check` for all of them), and the exit status is 1.
            """)

    @OptionGroup var location: SceneLocationOptions

    func run() throws {
        let files: [SceneFile]
        do {
            files = try location.library().files()
        } catch {
            throw CommandFailure("scenes", error)
        }
        var rows: [(String, String, String)] = []
        var failed = false
        for file in files {
            do {
                let scene = try file.load()
                rows.append((file.path.escapingControlCharacters, scene.name.escapingControlCharacters,
                             scene.summary.escapingControlCharacters))
            } catch let errors as SceneErrors {
                failed = true
                let count = errors.errors.count
                rows.append((file.path.escapingControlCharacters, "(invalid)",
                             "\(errors.errors[0])" + (count > 1 ? " (+\(count - 1) more)" : "")))
            }
        }
        let fileWidth = rows.map(\.0.count).max() ?? 0
        let nameWidth = rows.map(\.1.count).max() ?? 0
        for (file, name, summary) in rows {
            print(file.padding(to: fileWidth) + "  " + name.padding(to: nameWidth) + "  " + summary)
        }
        if failed { throw ExitCode.failure }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
