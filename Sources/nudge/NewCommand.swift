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
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            let shown = file.escapingControlCharacters
            if code == EEXIST { throw CommandFailure("nudge new: \(shown) already exists; choose another name (nothing was written)") }
            throw CommandFailure("nudge new: cannot create \(shown): \(String(cString: strerror(code)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data((StarterScene.yaml + "\n").utf8))
            try handle.close()
        } catch {
            unlink(file)
            throw CommandFailure("nudge new: cannot write \(file.escapingControlCharacters): \(error)")
        }
        print("Wrote \(file.escapingControlCharacters); play it with: nudge play \(file.escapingControlCharacters)")
    }
}
