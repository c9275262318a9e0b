// SimulateCommand: `nudge simulate SCENE` steps a scene with no terminal and prints JSON Lines.
//
// The contract is the headless output: one object per reported step, step 0 before the
// first step, then every K steps, items in file order. Flags are checked before anything runs,
// so a bad flag never produces half an output.
import ArgumentParser
import Foundation
import Geometry
import Playground
import SceneFormat
import Scenes

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scene without a terminal and print its state as JSON Lines.",
        discussion: """
            Each line is {"step":N,"time":SECONDS,"items":[{"id":...,"x":...,"y":...,"angle":...,\
            "vx":...,"vy":...,"omega":...}]}: centers in points, angles in radians, velocities in \
            pt/s and rad/s; "alpha" when an item's alpha is not 1 or the scene has animations, \
            "scale" when it is not 1. Animations run and items they remove leave the list. The \
            simulation steps at exactly 60 Hz. --input replays JSON Lines events \
            ({"t":s,"type":"down|move|up|key|scroll","x":pt,"y":pt,"button":1,"key":"n"}) through \
            the scene's gesture recognizers, each before the step it fell in. A scene with rules \
            also prints {"step":N,"rule":R,"event":...} and {"step":N,"rule":R,"action":...} lines, \
            and one a rule ends stops with {"step":N,"result":"won|lost|next"}. Errors go to \
            standard error with file:line(:column), and the exit status is then non-zero.
            """)

    @Argument(help: ArgumentHelp("A scene file, or the file name or scene name of a scene in the library.", valueName: "scene"))
    var scene: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Steps to simulate (1/60 s each).", valueName: "n"))
    var steps: Int = 600

    @Option(parsing: .unconditional, help: ArgumentHelp("Print every K-th step (and step 0).", valueName: "k"))
    var every: Int = 1

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Reference bounds in points when the scene sets no size (default: the play area of an 80×24 terminal, "
        + "80×23 cells of --cell-size: 640x368 at 8x16).", valueName: "WxH"))
    var size: String?

    @Option(name: .customLong("cell-size"), parsing: .unconditional, help: ArgumentHelp(
        "Points per terminal cell; sets the default --size (as in play).", valueName: "WxH"))
    var cellSize: String = "8x16"

    @Option(help: ArgumentHelp(
        "Replay pointer and key events from a JSON Lines file (as `nudge play --record` writes it).",
        valueName: "file"))
    var input: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Threads the engine may share a large step with (1 or 2); the output is the same bytes either way.",
        valueName: "n"))
    var workers: Int = 1

    @OptionGroup var location: SceneLocationOptions

    mutating func validate() throws {
        guard steps >= 0 else { throw ValidationError("--steps must be 0 or more, got \(steps)") }
        guard every >= 1 else { throw ValidationError("--every must be 1 or more, got \(every)") }
        guard (1...2).contains(workers) else { throw ValidationError("--workers must be 1 or 2, got \(workers)") }
        if let size { _ = try Self.parseSize(size, option: "--size") }
        _ = try Self.parseSize(cellSize, option: "--cell-size")
    }

    /// "WxH" with positive finite numbers (Size(parsing:)), e.g. "640x384".
    static func parseSize(_ text: String, option: String) throws -> Size {
        do throws(SizeTextError) { return try Size(parsing: text) } catch {
            switch error {
            case .notTwoNumbers:
                throw ValidationError("\(option) must be WIDTHxHEIGHT in points, e.g. 640x384; got '\(text)'")
            case .notPositive:
                throw ValidationError("\(option) \(text): width and height must be greater than 0")
            }
        }
    }

    /// What the scene gets as reference bounds: --size, or what `nudge play` gives it in an 80×24
    /// terminal (every row but the status line), so headless output matches the screen.
    func playArea() throws -> Size {
        if let size { return try Self.parseSize(size, option: "--size") }
        let cell = try Self.parseSize(cellSize, option: "--cell-size")
        return Size(80 * cell.width, 23 * cell.height)
    }

    func run() throws {
        let description: SceneDescription
        do {
            let file = try location.library().find(scene)
            description = try file.load()
        } catch let errors as SceneErrors {
            throw CommandFailure(errors.description)
        } catch {
            throw CommandFailure("simulate", error)
        }
        let events: [InputEvent]
        do {
            events = try input.map(Self.readEvents) ?? []
        } catch {
            throw CommandFailure("simulate", error)
        }
        let bounds = description.referenceBounds(available: try playArea())
        try runSimulation(description, bounds: bounds, events: events)
    }
}
