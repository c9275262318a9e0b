// NewCommand: `nudge new FILE` writes a starter scene (StarterScene) to a new file.
//
// It never overwrites: the file is created with O_EXCL, so an existing file (or one that
// appears meanwhile) is refused with a message naming it, and nothing is written.
import ArgumentParser
import Foundation
import SceneFormat

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a starter scene to a new file (never overwrites).",
        discussion: """
            The scene has walls, gravity, a ball and a box, a tap that drops balls and a pan that \
            throws items, and a comment on top that explains the keys. Play it with `nudge play FILE`. \
            An existing FILE is refused (exit status 1) and left as it is.
            """)

    @Argument(help: ArgumentHelp("The scene file to create, e.g. mine.yaml.", valueName: "file"))
    var file: String

    func run() throws {
        switch NewFile.write(StarterScene.yaml + "\n", to: file) {
        case .success: break
        case .failure(.exists):
            throw CommandFailure("nudge new: \(file.escapingControlCharacters) already exists; choose another name (nothing was written)")
        case .failure(.cannotCreate(let code)):
            throw CommandFailure("nudge new: cannot create \(file.escapingControlCharacters): \(String(cString: strerror(code)))")
        case .failure(let failure):
            throw CommandFailure("nudge new: cannot write \(file.escapingControlCharacters): \(failure.reason)")
        }
        print("Wrote \(file.escapingControlCharacters); play it with: nudge play \(file.escapingControlCharacters)")
    }
}
