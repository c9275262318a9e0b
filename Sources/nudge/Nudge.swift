// Nudge: the root command. Argument parsing and wiring only; every behavior lives in the modules.
//
// `nudge` alone opens the playground (`play`, the default subcommand).
import ArgumentParser

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
            SnapshotCommand.self,
            BenchCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )
}
