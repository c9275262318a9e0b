// Nudge: the root command. Argument parsing and wiring only; every behavior lives in the modules.
//
// `nudge` alone will open the playground (`play`, the default subcommand) once the front end
// lands; until then it prints this help.
import ArgumentParser

@main
struct Nudge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nudge",
        abstract: "An interactive physics playground in the terminal: UIKit Dynamics, gestures and animations.",
        discussion: """
            Scenes are YAML files (see docs/scene-format.md). They are found in --scenes DIR, \
            else ./scenes, else the scenes/ folder of the package the executable was built in, \
            else the built-in Push scene.
            """,
        subcommands: [
            // PlayCommand.self goes first here, as the default subcommand, when it exists.
            SimulateCommand.self,
            CheckCommand.self,
            ScenesCommand.self,
            BenchCommand.self,
        ]
    )
}
