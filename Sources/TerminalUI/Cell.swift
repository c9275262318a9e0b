// Cell: what one terminal cell shows, a character in a foreground color on a background color.
//
// The character is a single Unicode scalar rather than a `Character`: every glyph Nudge draws
// (blocks, labels, box lines) is one scalar, and a 4-byte scalar keeps a 120×40 grid small and its
// per-frame diff cheap. A wide character (two columns) is followed by a `continuation` cell.

public struct Cell: Hashable, Sendable {
    public var character: Unicode.Scalar
    public var foreground: Color
    public var background: Color
    public var bold: Bool

    @inlinable public init(_ character: Unicode.Scalar = " ", foreground: Color = .white, background: Color = .black, bold: Bool = false) {
        self.character = character; self.foreground = foreground; self.background = background; self.bold = bold
    }

    /// A blank cell showing `color`.
    @inlinable public static func blank(_ color: Color) -> Cell { Cell(" ", foreground: color, background: color) }

    /// The upper half block: foreground is the top sub-pixel, background the bottom one.
    public static let upperHalfBlock: Unicode.Scalar = "\u{2580}"
    /// The lower half block (used when there is no color to tell the halves apart).
    public static let lowerHalfBlock: Unicode.Scalar = "\u{2584}"
    /// The full block.
    public static let fullBlock: Unicode.Scalar = "\u{2588}"
    /// The right half of a wide character, which the character in the cell before it draws:
    /// drivers send nothing for it.
    public static let continuation: Unicode.Scalar = "\u{0}"
}
