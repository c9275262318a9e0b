// The simulation part of `nudge simulate`, kept apart from flag handling.
import ArgumentParser
import Geometry
import Scenes

extension SimulateCommand {
    func runSimulation(_ description: SceneDescription, bounds: Rect) throws {
        // Temporary until the Dynamics API is merged.
        printError("nudge simulate: the simulation arrives with the Dynamics API")
        throw ExitCode.failure
    }
}
