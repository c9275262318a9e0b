// SnapshotError: why a snapshot could not be made, said so that the user can act on it.

public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The font: missing, unreadable.
    case font(String)
    /// The output file.
    case output(String)

    public var description: String {
        switch self {
        case .font(let text): return text
        case .output(let text): return text
        }
    }
}
