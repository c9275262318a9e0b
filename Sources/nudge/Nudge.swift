import ArgumentParser

@main
struct Nudge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nudge",
        abstract: "An interactive physics playground in the terminal.")
    func run() throws { print("nudge: the playground arrives with the front-end issue") }
}
