// EventRuntime: the runtime half of an event kind, when it fires.
//
// The format (SceneFormat/Rules/Events) reads and writes each kind; here each says which of a
// step's facts are its occurrences. `install` runs once when the session starts (a gesture event
// adds its recognizer, a threshold notes each item's side). RuleRunner reaches every kind only
// through this protocol; the tests over every registered kind fail for a kind without it.
import Geometry
import SceneFormat
import Scenes

protocol EventRuntime: EventKind {
    /// Prepares the event in a session about to run (default: nothing).
    func install(in session: SceneSession, memory: RuleMemory)
    /// The event's occurrences in the step `facts` describe, in the order they happened.
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence]
}

extension EventRuntime {
    func install(in session: SceneSession, memory: RuleMemory) {}
}

extension EventDescription {
    /// The kind's runtime half (every registered kind has one; EveryRuleKindTests checks it).
    var runtime: (any EventRuntime)? { kind as? any EventRuntime }
}

/// Whether an event over `items` (nil: every item) listens to the item `id`.
func listens(_ items: [String]?, to id: String?) -> Bool {
    guard let id else { return false }
    return items?.contains(id) ?? true
}

// MARK: Contacts

extension EventDescription.Contact {
    /// The facts of one phase that this filter matches, the listed item first.
    func occurrences(in facts: StepFacts, began: Bool) -> [EventOccurrence] {
        var found: [EventOccurrence] = []
        for fact in facts.contacts where fact.began == began {
            var sides = [(fact.item, fact.other)]
            if let other = fact.other { sides.append((other, fact.item)) }
            for (item, other) in sides where listens(items, to: item) {
                if let with, other != with { continue }
                if let boundary, fact.boundary != boundary { continue }
                if boundary == nil && with == nil && other == nil && fact.boundary == nil { continue }
                found.append(EventOccurrence(item: item, other: other ?? fact.boundary, point: fact.point))
                break
            }
        }
        return found
    }
}

extension EventDescription.ContactBegan: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { contact.occurrences(in: facts, began: true) }
}

extension EventDescription.ContactEnded: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { contact.occurrences(in: facts, began: false) }
}

// MARK: Items, animations, the animator, timers

extension EventDescription.LeftPlayArea: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        facts.leftPlayArea.filter { listens(items, to: $0) }.map {
            EventOccurrence(item: $0, point: facts.scene.item(withID: $0)?.center)
        }
    }
}

extension EventDescription.AnimationCompleted: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        facts.completedAnimations.filter { listens(items, to: $0) }.map {
            EventOccurrence(item: $0, point: facts.scene.item(withID: $0)?.center)
        }
    }
}

extension EventDescription.Rest: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { facts.paused ? [EventOccurrence()] : [] }
}

extension EventDescription.Resume: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] { facts.resumed ? [EventOccurrence()] : [] }
}

extension EventDescription.After: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        facts.step == EventDescription.timerSteps(seconds) ? [EventOccurrence()] : []
    }
}

extension EventDescription.CounterReached: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        let reached = facts.counter(counter) >= value
        let was = memory.over[counter] ?? (0 >= value)
        memory.over[counter] = reached
        return reached && !was ? [EventOccurrence()] : []
    }
}

extension EventDescription.Every: EventRuntime {
    func occurrences(in facts: StepFacts, memory: RuleMemory) -> [EventOccurrence] {
        facts.step % EventDescription.timerSteps(seconds) == 0 ? [EventOccurrence()] : []
    }
}
