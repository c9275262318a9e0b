// Nudge: the root command. Argument parsing and wiring only; every behavior lives in the modules.
//
// `nudge` alone opens the playground (`play`, the default subcommand). A command that fails
// throws a CommandFailure, which `main` presents.
import ArgumentParser
import SceneFormat

@main
struct Nudge: ParsableCommand {
    /// The version `nudge --version` prints.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "nudge",
        abstract: "An interactive physics playground in the terminal: UIKit Dynamics, gestures and animations.",
        discussion: """
            Scenes are YAML files (see docs/scene-format.md). They are found in --scenes DIR, \
            else ./scenes, else the scenes/ folder of the package the executable was built in, \
            else the built-in Push scene.
            """,
        version: Nudge.version,
        subcommands: [
            PlayCommand.self,
            SimulateCommand.self,
            CheckCommand.self,
            ScenesCommand.self,
            NewCommand.self,
            SnapshotCommand.self,
            GlyphsCommand.self,
            BenchCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )

    /// Parses the command line and runs the command; a CommandFailure is presented here, the one
    /// place a failing command's message is written, and everything else the way ArgumentParser
    /// presents it.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            failure.present()
            exit(withError: failure.exitCode)
        } catch {
            // ArgumentParser's messages repeat the values given ("The value '…' is invalid"):
            // text from the command line, which may hold ESC. Ours (help, version) go as they are.
            let status = exitCode(for: error)
            guard status != .success else { exit(withError: error) }
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).escapingControlCharacters }.joined(separator: "\n")
            CommandFailure(message, exitCode: status).present()
            exit(withError: status)
        }
    }
}
