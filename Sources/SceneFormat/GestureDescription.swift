// GestureDescription: one `gestures:` entry, what a mouse gesture does in a scene.
//
// A gesture pairs a recognizer (UIKit's kinds) with an action. The action is an enum whose
// payload is exactly what that action takes, so a description cannot hold a value its action
// ignores or miss one it needs: SceneParser checks the keys (with positioned errors) and then
// builds the case, defaults filled in. Only the data lives here; the recognizers and the actions
// themselves belong to the Gestures and Playground modules. Every id (items, the push behavior)
// has been checked against the scene, so an action can look its targets up without failing.
import Geometry

public struct GestureDescription: Hashable, Sendable {
    public enum Recognizer: String, CaseIterable, Sendable {
        case tap, doubleTap, longPress, pan, swipe, rotation, pinch
    }

    public enum Action: Hashable, Sendable {
        /// Aim the push behavior `push` from `item`'s center toward the point, magnitude = distance / divisor.
        case pushToward(item: String, push: String, divisor: Double)
        /// Replace `item`'s snap with one to the point (with `damping`).
        case snapTo(item: String, damping: Double)
        /// While panning, push `item` continuously with translation.x / divisor; removed on release.
        case dragPush(item: String, divisor: Double)
        /// Show `text` in the status line ("{direction}" is filled in for swipes).
        case message(text: String)
        /// Rotate `item` by the gesture's rotation, accumulating across gestures.
        case rotate(item: String)
        /// Scale `item` by the gesture's scale, accumulating across gestures.
        case scale(item: String)
        /// Pick up the item under the pointer and throw it on release.
        case grab
        /// Add a new item built from `template` at the point (its id is a prefix for the new
        /// items' ids), joining `behaviors` (nil: every behavior whose `items` is omitted).
        case spawn(template: ItemDescription, behaviors: [String]?)
        /// Run these actions, the vocabulary of rules (`do:` in place of `action:`), at the step
        /// boundary after the gesture, with the item under the press and the point.
        case actions([ActionDescription])

        /// The `action:` names.
        public enum Name: String, CaseIterable, Sendable {
            case pushToward, snapTo, dragPush, message, rotate, scale, grab, spawn
            /// A `do:` list of actions (not written as `action:`).
            case actions

            /// The names `action:` takes.
            public static var written: [Name] { allCases.filter { $0 != .actions } }
        }

        public var name: Name {
            switch self {
            case .pushToward: .pushToward
            case .snapTo: .snapTo
            case .dragPush: .dragPush
            case .message: .message
            case .rotate: .rotate
            case .scale: .scale
            case .grab: .grab
            case .spawn: .spawn
            case .actions: .actions
            }
        }

        /// The item the action acts on, for those that act on one named item.
        public var item: String? {
            switch self {
            case .pushToward(let item, _, _), .snapTo(let item, _), .dragPush(let item, _), .rotate(let item), .scale(let item):
                item
            case .message, .grab, .spawn, .actions:
                nil
            }
        }

        /// pushToward's divisor when the file leaves it out.
        public static let pushTowardDivisor = 200.0
        /// dragPush's divisor when the file leaves it out.
        public static let dragPushDivisor = 10.0
        /// snapTo's damping when the file leaves it out (SnapBehavior's default).
        public static let snapDamping = 0.5
    }

    public enum Direction: String, CaseIterable, Sendable { case right, left, up, down }

    public var recognizer: Recognizer
    public var action: Action
    /// The item the recognizer is attached to; nil means the whole scene.
    public var on: String?
    /// swipe only (default [right], as UIKit).
    public var directions: [Direction]?
    /// tap and doubleTap: taps required (tap 1, doubleTap 2 by default).
    public var taps: Int?
    /// The recognizer's id, thresholds and relations to other entries (GestureTuning.swift).
    public var tuning = GestureTuning()

    public init(recognizer: Recognizer, action: Action, on: String? = nil) {
        self.recognizer = recognizer; self.action = action; self.on = on
    }

    /// Whether the entry's `do:` actions name the item `id`.
    public func actionsName(_ id: String) -> Bool {
        guard case .actions(let actions) = action else { return false }
        return actions.contains { $0.namedItems.contains(id) }
    }

    /// One line for the help: `tap → pushToward square`, `swipe → message "Swiped."`.
    public var summary: String {
        var line = "\(recognizer.rawValue) → \(action.name.rawValue)"
        if let item = action.item ?? on { line += " \(item)" }
        if case .message(let text) = action { line += " \"\(text)\"" }
        return line
    }
}
