import ArgumentParser

@main
struct Nudge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nudge",
        abstract: "An interactive physics playground in the terminal.",
        subcommands: [BenchCommand.self])
}
