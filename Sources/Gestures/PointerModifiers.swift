// PointerModifiers: the modifier keys held during a pointer event.
//
// Terminals report Shift, Ctrl and Alt (Meta) with mouse events; there is no Command key. An
// OptionSet, like UIKit's `UIKeyModifierFlags`, so a recognizer can ask "is Ctrl among them".

public struct PointerModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = PointerModifiers(rawValue: 1 << 0)
    public static let control = PointerModifiers(rawValue: 1 << 1)
    public static let alt = PointerModifiers(rawValue: 1 << 2)
}
