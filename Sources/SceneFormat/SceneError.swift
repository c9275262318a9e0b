// SceneError: one problem in a scene file, located the way compilers locate theirs.
//
// Scene files are written by hand, so every error names the file, the line and column (1-based,
// as Yams' Mark counts them), the key path inside the document (`items[2].size[0]`) and what was
// expected. `description` is gcc style, `file:line:column: keyPath: message`, which editors and
// terminals already know how to jump to. Validation collects every error of a file and throws
// them together as `SceneErrors`, so one `nudge check` run shows everything to fix.

public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the problem has no position (an unreadable file).
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 when the problem has no position.
    public var column: Int
    /// Where in the document, e.g. `behaviors[1].items[0]`; empty for the document itself.
    public var keyPath: String
    public var message: String

    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.column = column
        self.keyPath = keyPath; self.message = message
    }

    /// `file:line:column: keyPath: message`, with control characters from the file (in any
    /// part) shown as escapes, so printing it cannot drive the terminal.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": "
        if !keyPath.isEmpty { text += keyPath + ": " }
        return (text + message).escapingControlCharacters
    }
}

/// Every error found in one scene file (never empty), in document order.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [SceneError]

    public init(_ errors: [SceneError]) {
        precondition(!errors.isEmpty, "SceneErrors needs at least one error")
        self.errors = errors
    }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
