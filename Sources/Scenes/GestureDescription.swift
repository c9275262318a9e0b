// GestureDescription: one `gestures:` entry, what a mouse gesture does in a scene.
//
// A gesture pairs a recognizer (UIKit's kinds) with an action. Only the data lives here; the
// recognizers and the actions themselves belong to the Gestures and Playground modules. Every id
// (items, the push behavior) has been checked against the scene, so an action can look its
// targets up without failing.
import Geometry

public struct GestureDescription: Hashable, Sendable {
    public enum Recognizer: String, CaseIterable, Sendable {
        case tap, doubleTap, longPress, pan, swipe, rotation, pinch
    }

    public enum Action: String, CaseIterable, Sendable {
        /// Aim the `push` behavior from `item`'s center toward the point, magnitude = distance / divisor.
        case pushToward
        /// Replace `item`'s snap with one to the point (with `damping`).
        case snapTo
        /// While panning, push `on` (or `item`) continuously with translation.x / divisor; removed on release.
        case dragPush
        /// Show `text` in the status line ("{direction}" is filled in for swipes).
        case message
        /// Rotate `on` (or `item`) by the gesture's rotation, accumulating across gestures.
        case rotate
        /// Scale `on` (or `item`) by the gesture's scale, accumulating across gestures.
        case scale
        /// Pick up the item under the pointer and throw it on release.
        case grab
        /// Add a new item built from `template` at the point.
        case spawn
    }

    public enum Direction: String, CaseIterable, Sendable { case right, left, up, down }

    public var recognizer: Recognizer
    public var action: Action
    /// The item the action acts on.
    public var item: String?
    /// The item the recognizer is attached to; nil means the whole scene.
    public var on: String?
    /// The push behavior's id, for pushToward.
    public var push: String?
    /// pushToward: distance / divisor (default 200); dragPush: translation.x / divisor (default 10).
    public var divisor: Double?
    /// snapTo: the new snap's damping (default 0.5).
    public var damping: Double?
    /// swipe only (default [right], as UIKit).
    public var directions: [Direction]?
    /// message only.
    public var text: String?
    /// tap and doubleTap: taps required (tap 1, doubleTap 2 by default).
    public var taps: Int?
    /// spawn only: the item to add (its id is a prefix for the new items' ids).
    public var template: ItemDescription?
    /// spawn only: the behaviors the new item joins; nil means every behavior whose `items` is omitted.
    public var behaviors: [String]?

    public init(recognizer: Recognizer, action: Action) {
        self.recognizer = recognizer; self.action = action
    }
}
