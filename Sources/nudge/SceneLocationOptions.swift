// SceneLocationOptions: the `--scenes DIR` option shared by every command that looks scenes up.
import ArgumentParser
import Foundation
import SceneFormat
import Scenes

struct SceneLocationOptions: ParsableArguments {
    @Option(name: .customLong("scenes"), help: ArgumentHelp(
        "The folder of scene files (default: ./scenes, else the package's scenes/, else the built-in scene).",
        valueName: "dir"))
    var directory: String?

    /// The library these options select.
    func library() throws -> SceneLibrary {
        try SceneLibrary.locate(scenesOption: directory,
                                currentDirectory: FileManager.default.currentDirectoryPath,
                                executablePath: Self.executablePath)
    }

    /// The running binary's path: /proc/self/exe on Linux, else argv[0].
    static var executablePath: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments.first
    }
}
