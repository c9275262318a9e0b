// SceneLimits: how large a scene file may be.
//
// Nothing in a scene file can crash the program, and nothing in it should hang it either: a
// 50 MB file of 870,000 items took minutes to read and gigabytes to hold, and no scene that
// size can be played. The limits sit well above what the playground can run smoothly (the
// engine is measured up to 22,000 bodies, Box2D v3's many_pyramids) and well below what takes
// long to read: a 4 MiB file reads in about 3 s in a release build, and a larger one is refused
// before it is read. Entries were capped at 20,000 until a scene had to hold many_pyramids'
// 22,000 boxes; 100,000 is about what 4 MiB of the shortest item entries holds (an item in flow
// style, `- {id: b12345, center: [1000, 2000]}`, is about 40 bytes), so the byte limit and the
// entry limit now bite at about the same size, and memory (a body is well under a kilobyte) is
// not what stops a file.
// Each limit is an error that names the file, where the first entry past the limit stands,
// and the limit.
import Foundation

public struct SceneLimits: Hashable, Sendable {
    /// Bytes in a scene file.
    public var fileBytes: Int
    /// Entries in `items`, `behaviors` and `animations` each.
    public var entries: Int
    /// Entries in `gestures`, and in `rules` (every rule looks at every step).
    public var gestures: Int

    public init(fileBytes: Int = 4 << 20, entries: Int = 100_000, gestures: Int = 1_000) {
        self.fileBytes = fileBytes; self.entries = entries; self.gestures = gestures
    }

    public static let standard = SceneLimits()

    /// "4 MiB", "1.5 MB"-style sizes for messages.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)).replacingOccurrences(of: ".0 ", with: " ") }
        if bytes >= 1 << 10 { return String(format: "%.1f KiB", Double(bytes) / Double(1 << 10)).replacingOccurrences(of: ".0 ", with: " ") }
        return "\(bytes) bytes"
    }
}
