// RuleRunner+Checkpoint: the rules' state at a step as one value, and a runner put back to it.
//
// What carries from step to step in a scene with rules, besides the scene and the animations:
// the counters, the ending and its step, each rule's memory (fired for `once`, the items it
// fired for with `oncePerItem`, the gestures its recognizer saw, each item's side of a
// threshold or a counter's), each item's side of the reference bounds (for `leftPlayArea`),
// and what the delegates and gesture entries noted since the last boundary. Items are named by
// id, so the value restores into a runner of a session built again from the description.
// Timers need nothing: `after` and `every` fire on the session's step count, which the session
// checkpoint holds. The rules' recognizers are the router's, and a checkpoint is taken only
// where every recognizer is back to `possible` (SceneSession+Checkpoint).
//
// Rules also move behaviors in and out of the animator (`addBehavior`, `removeBehavior`,
// `enableBehavior` on what is not a push), and UIKit's animator steps its behaviors in the order
// they were added: the checkpoint keeps which of the file's behaviors are in the animator, in
// that order, and a restore puts a rebuilt animator's behaviors in that order before the
// animator's own state goes back (DynamicAnimator+Checkpoint checks the structure then, and the
// scene checks its items, so an order that does not rebuild the same records fails the restore,
// which then falls back to re-simulating). A behavior a rule made (a `snap`, an instantaneous
// `push` not yet spent) is kept as the values it was made from (RuleRunner+OwnBehaviors), at
// its place in that order, and made again on restore; the animator's restore then puts back
// its state (a snap's joint, a push that fired) as for the file's own.
import Dynamics
import SceneFormat
import Scenes

extension RuleRunner {
    /// The rules' state at a step (see the top of this file).
    public struct Checkpoint {
        struct Memory {
            let fired: Bool
            let firedItems: Set<String>
            let pending: [EventOccurrence]
            let over: [String: Bool]
        }
        let counters: [(name: String, value: Double)]
        let ending: Ending?
        let endingStep: Int?
        let bells: Int
        let contacts: [ContactFact]
        let paused: Bool
        let resumed: Bool
        let inside: [String: Bool]
        let gestures: [(number: Int, recognizer: String, actions: [ActionDescription], occurrence: EventOccurrence)]
        let memories: [Memory]
        /// The behaviors in the animator, in its order: a file's behavior by its index among
        /// them (0 and up), a rule's by −1 − its index in `own`.
        let behaviorOrder: [Int]
        /// The behaviors rules made that are in the animator.
        let own: [OwnBehavior]

        /// Bytes held, roughly: the counters, the sides and the memories (an estimate; small
        /// beside the engine's arrays).
        var retainedBytes: Int {
            let word = MemoryLayout<Int>.stride
            return counters.count * 4 * word + inside.count * 3 * word + behaviorOrder.count * word + own.count * 6 * word
                + memories.reduce(0) { $0 + 4 * word + ($1.firedItems.count + $1.over.count + $1.pending.count) * 3 * word }
        }
    }

    /// The rules' state now; nil while the animator holds a behavior that is neither the file's
    /// nor one a rule made.
    func checkpoint() -> Checkpoint? {
        let scene = session.scene
        var order: [Int] = []
        var own: [OwnBehavior] = []
        for behavior in scene.animator.behaviors {
            if let index = scene.fileBehaviors.firstIndex(where: { $0 === behavior }) {
                order.append(index)
                continue
            }
            guard let made = OwnBehavior(behavior) else { return nil }
            own.append(made)
            order.append(-own.count)
        }
        var sides: [String: Bool] = [:]
        for item in scene.items {
            if let side = inside[ObjectIdentifier(item)] { sides[item.id] = side }
        }
        return Checkpoint(
            counters: counters, ending: ending, endingStep: endingStep, bells: bells, contacts: contacts,
            paused: paused, resumed: resumed, inside: sides, gestures: gestures,
            memories: memories.map { Checkpoint.Memory(fired: $0.fired, firedItems: $0.firedItems, pending: $0.pending, over: $0.over) },
            behaviorOrder: order, own: own)
    }

    /// Puts the file's behaviors and the rules' own, made again, into the animator in the
    /// checkpoint's order (before the animator's state is restored); false when the checkpoint
    /// names a behavior or an item this scene lacks.
    func restoreBehaviors(_ c: Checkpoint) -> Bool {
        let scene = session.scene, file = scene.fileBehaviors
        var wanted: [DynamicBehavior] = []
        var spent: [PushBehavior] = []
        for index in c.behaviorOrder {
            if index >= 0 {
                guard file.indices.contains(index) else { return false }
                wanted.append(file[index])
            } else {
                guard c.own.indices.contains(-1 - index), let made = c.own[-1 - index].make(in: scene) else { return false }
                wanted.append(made)
                if let push = made as? PushBehavior { spent.append(push) }
            }
        }
        pushes = spent
        let now = scene.animator.behaviors
        guard !now.elementsEqual(wanted, by: ===) else { return true }
        for behavior in now { scene.animator.removeBehavior(behavior) }
        for behavior in wanted { scene.animator.addBehavior(behavior) }
        scene.animator.commitChanges()
        return true
    }

    /// Puts back the rules' own state; false when the checkpoint is of another scene's rules.
    func restore(_ c: Checkpoint) -> Bool {
        guard c.memories.count == memories.count else { return false }
        for (memory, saved) in zip(memories, c.memories) {
            memory.fired = saved.fired
            memory.firedItems = saved.firedItems
            memory.pending = saved.pending
            memory.over = saved.over
        }
        counters = c.counters
        ending = c.ending
        endingStep = c.endingStep
        bells = c.bells
        contacts = c.contacts
        paused = c.paused
        resumed = c.resumed
        gestures = c.gestures
        lines = []
        inside = [:]
        for item in session.scene.items {
            if let side = c.inside[item.id] { inside[ObjectIdentifier(item)] = side }
        }
        return true
    }
}
