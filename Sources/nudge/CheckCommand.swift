// CheckCommand: `nudge check SCENE...` validates scene files and lists every error.
//
// Each file is read fully, so one run shows every problem of every file; errors are gcc style
// (file:line:column: keyPath: message) so editors can jump to them. Exit status 1 if any.
import ArgumentParser
import Foundation
import SceneFormat
import Scenes

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files and print every error with file:line:column.",
        discussion: """
            Prints "FILE: ok" for each valid file and one line per error otherwise, then exits \
            with status 1 if any file has an error. A folder stands for its *.yaml and *.yml files. \
            With no SCENE, checks every scene of the library (see --scenes).
            """)

    @Argument(help: ArgumentHelp("Scene files or folders.", valueName: "scene"))
    var scenes: [String] = []

    @OptionGroup var location: SceneLocationOptions

    func run() throws {
        let files: [SceneFile]
        do {
            files = scenes.isEmpty ? try location.library().files() : try SceneLibrary.expand(paths: scenes)
        } catch {
            throw CommandFailure("check", error)
        }
        var failed = false
        for file in files {
            do {
                _ = try file.load()
                print("\(file.path.escapingControlCharacters): ok")
            } catch let errors as SceneErrors {
                failed = true
                for error in errors.errors { print(error.description) }
            } catch {
                failed = true
                print("\(file.path): \(error)".escapingControlCharacters)
            }
        }
        if files.isEmpty { throw CommandFailure("nudge check: no scene files found") }
        if failed { throw ExitCode.failure }
    }
}
