// PointerModifiers: the modifier keys held during a pointer event.
//
// Terminals report Shift, Ctrl and Alt (Meta) with mouse events; there is no Command key. An
// OptionSet, like UIKit's `UIKeyModifierFlags`, so a recognizer can ask "is Ctrl among them".

/// The modifier keys held during a pointer event. UIKit: `UIKeyModifierFlags`.
public struct PointerModifiers: OptionSet, Sendable, Hashable {
    /// The bits of the set: 1 Shift, 2 Control, 4 Alt.
    public let rawValue: Int
    /// The set whose bits are `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The Shift key.
    public static let shift = PointerModifiers(rawValue: 1 << 0)
    /// The Control key.
    public static let control = PointerModifiers(rawValue: 1 << 1)
    /// The Alt (Meta, Option) key.
    public static let alt = PointerModifiers(rawValue: 1 << 2)
}
