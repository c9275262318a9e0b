// ImageError: why an image could not be read or written.
//
// Scene files name images by hand, so the error says which file (when there is one) and what is
// wrong with it in words a person can act on ("not a PNG file", "too large"). The Scenes module
// puts `message` into its own positioned error; `description` is the stand-alone form.

public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file involved, if the bytes came from one.
    public var file: String?
    public var message: String

    public init(file: String? = nil, message: String) {
        self.file = file; self.message = message
    }

    public var description: String {
        guard let file else { return message }
        return "\(file): \(message)"
    }
}
