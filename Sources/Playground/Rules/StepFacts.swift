// StepFacts: what happened in the step just run, gathered for the rules to match against.
//
// The animator's delegates (contacts began and ended, pause and resume), the animations that
// ran to their end and the items whose center left the reference bounds, in the order they
// happened; a step's facts are read once, by every rule in order, and then dropped. Contacts are
// kept once per pair and phase, however many collision behaviors share the pair.
import Geometry
import Scenes

/// One contact callback of UICollisionBehaviorDelegate.
struct ContactFact: Hashable {
    var began: Bool
    var item: String
    /// The other item; nil for a boundary.
    var other: String?
    /// The boundary's identifier (`reference` for the reference-bounds walls); nil for an item.
    var boundary: String?
    var point: Point?
}

final class StepFacts {
    let scene: Scene
    /// The number of the step just run.
    let step: Int
    var contacts: [ContactFact] = []
    var paused = false
    var resumed = false
    /// The items whose animation ran to its end, one entry per animation, in order.
    var completedAnimations: [String] = []
    /// The items whose center left the reference bounds in this step.
    var leftPlayArea: [String] = []
    /// A counter's value now (0 before a rule first changes it).
    var counter: (String) -> Double = { _ in 0 }

    init(scene: Scene, step: Int) { self.scene = scene; self.step = step }
}

/// One firing of an event: the item it concerns, the other side, and its point.
struct EventOccurrence: Equatable {
    var item: String?
    var other: String?
    var point: Point?

    /// The occurrence's fields for its headless line (`"item"`, `"with"`, `"x"`, `"y"`).
    var jsonFields: [(String, String)] {
        var fields: [(String, String)] = []
        if let item { fields.append(("item", HeadlessJSON.string(item))) }
        if let other { fields.append(("with", HeadlessJSON.string(other))) }
        if let point {
            fields.append(("x", HeadlessJSON.number(point.x)))
            fields.append(("y", HeadlessJSON.number(point.y)))
        }
        return fields
    }
}

/// What a rule remembers from step to step: whether it fired (for `once`), the gestures its
/// recognizer saw since the last step, and each item's side of a threshold.
final class RuleMemory {
    var fired = false
    /// The items the rule has fired for (`oncePerItem`).
    var firedItems: Set<String> = []
    var pending: [EventOccurrence] = []
    var over: [String: Bool] = [:]
}

/// JSON values for the headless lines, written as HeadlessSimulation writes its numbers.
enum HeadlessJSON {
    static func number(_ value: Double) -> String { HeadlessSimulation.number(value) }
    static func string(_ text: String) -> String { HeadlessSimulation.string(text) }
}
