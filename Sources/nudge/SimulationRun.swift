// The simulation part of `nudge simulate`, kept apart from flag handling: build the scene, run it
// as a SceneSession (gestures from --input, animations, removals), stream JSON Lines to stdout.
import Foundation
import Geometry
import Playground
import SceneFormat
import Scenes

extension SimulateCommand {
    func runSimulation(_ description: SceneDescription, bounds: Rect, events: [InputEvent]) throws {
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        scene.useSolverWorkers(workers)
        let session = SceneSession(scene: scene)
        var buffer = ""
        buffer.reserveCapacity(1 << 16)
        SessionReplay.run(session, events: events, steps: steps, every: every) { line in
            buffer += line
            buffer += "\n"
            if buffer.utf8.count >= 1 << 16 {
                FileHandle.standardOutput.write(Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(buffer.utf8))
    }

    /// Reads and validates an --input file; errors name the file and line.
    static func readEvents(_ path: String) throws -> [InputEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputFileError(file: path, line: 0, message: "cannot read the file (missing or not readable)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputFileError(file: path, line: 0, message: "the file is not UTF-8 text")
        }
        return try InputEvent.parse(text, file: path)
    }
}
