// GestureTuning: the keys of a `gestures:` entry that tune its recognizer as UIKit does, and how
// the parser reads and checks them.
//
// UIKit tunes recognizers with properties (a long press's `minimumPressDuration` and
// `allowableMovement`, a tap's `numberOfTapsRequired`, which the entry's `taps` is) and with
// relations between two of them: `require(toFail:)` and the delegate's
// `shouldRecognizeSimultaneouslyWith`. A relation names another entry, so an entry may have an
// `id`; the ids are checked once every entry is read (an unknown one gets a did-you-mean at the
// place it is written, as an unknown item does).
//
// `simultaneous` is the delegate's answer: `true` (the default, Nudge's rule: it recognizes
// alongside any other), `false` (UIKit's default: while it recognizes, no other that also says
// `false` does, and the first to recognize keeps the press), or a list of entry ids it may share
// a press with. As in UIKit, one yes from either side is enough.

/// How a gesture entry's recognizer is tuned; every value nil or empty leaves the default.
public struct GestureTuning: Hashable, Sendable {
    /// Which other recognizers this one may recognize alongside.
    public enum Simultaneity: Hashable, Sendable {
        /// Any other (Nudge's default).
        case always
        /// None (UIKit's default).
        case never
        /// The entries with these ids.
        case only([String])
    }

    /// The entry's id, for other entries' `requireToFail` and `simultaneous`.
    public var id: String?
    /// Entries that must fail before this one recognizes. UIKit: `require(toFail:)`.
    public var requireToFail: [String] = []
    public var simultaneous: Simultaneity = .always
    /// Long press: seconds held before it begins (UIKit's default 0.5).
    public var minimumPressDuration: Double?
    /// Long press, tap: points the pointer may move (a scene's default is one cell, 18 pt).
    public var allowableMovement: Double?

    public init() {}
}

extension Reading {
    static let gestureTuningKeys = ["id", "requireToFail", "simultaneous", "minimumPressDuration", "allowableMovement"]

    /// The tuning keys of one entry; references to other entries are checked at the end.
    func gestureTuning(_ m: MappingReader, recognizer: GestureDescription.Recognizer) -> GestureTuning {
        var t = GestureTuning()
        if let reader = m["id"], let id = reader.identifier() {
            t.id = id
            context.noteGestureID(id, at: reader)
        }
        if let list = m["requireToFail"]?.identifierList() {
            context.noteGestureReferences(list)
            t.requireToFail = list.map(\.id)
        }
        if let reader = m["simultaneous"] {
            if case .scalar = reader.node {
                if let yes = reader.bool() { t.simultaneous = yes ? .always : .never }
            } else if let list = reader.identifierList() {
                context.noteGestureReferences(list)
                t.simultaneous = .only(list.map(\.id))
            }
        }
        t.minimumPressDuration = m["minimumPressDuration"]?.nonNegativeNumber()
        t.allowableMovement = m["allowableMovement"]?.nonNegativeNumber()
        if recognizer != .longPress {
            m.forbid("minimumPressDuration", "'minimumPressDuration' applies only to recognizer: longPress")
        }
        if ![.longPress, .tap, .doubleTap].contains(recognizer) {
            m.forbid("allowableMovement", "'allowableMovement' applies only to recognizer: longPress, tap or doubleTap")
        }
        return t
    }

    /// Reports every gesture id named by `requireToFail` or `simultaneous` that no entry has,
    /// and an entry that requires itself to fail.
    func checkGestureReferences() {
        let known = context.gestureIDs.map(\.id)
        for reference in context.gestureReferences where !known.contains(reference.id) {
            if let guess = Suggestion.closest(to: reference.id, in: known) {
                reference.at.error("unknown gesture id '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown gesture id '\(reference.id)'" + (known.isEmpty ? "; no gesture has an id"
                    : "; the gesture ids are: \(known.joined(separator: ", "))"))
            }
        }
    }
}
