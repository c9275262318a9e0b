// The simulation part of `nudge simulate`, kept apart from flag handling: build the scene, step
// it, stream JSON Lines to standard output.
import Foundation
import Geometry
import Scenes

extension SimulateCommand {
    func runSimulation(_ description: SceneDescription, bounds: Rect) throws {
        let scene = SceneBuilder().build(description, referenceBounds: bounds)
        var buffer = ""
        buffer.reserveCapacity(1 << 16)
        HeadlessSimulation(scene: scene).run(steps: steps, every: every) { line in
            buffer += line
            buffer += "\n"
            if buffer.utf8.count >= 1 << 16 {
                FileHandle.standardOutput.write(Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(buffer.utf8))
    }
}
