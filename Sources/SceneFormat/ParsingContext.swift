// ParsingContext: what reading one scene file remembers between its entries.
//
// References to items and behaviors may point forward in the file, so they are collected here
// with their positions and checked once every id is known (SceneParser does that at the end).
// The kinds of behavior (Behaviors/) read their references through this object, and keep counts
// of their own where the format limits them (at most 64 collision behaviors).
public final class ParsingContext {
    /// Item references to check once all item ids are known.
    private(set) var itemReferences: [Reference] = []
    /// Behavior references and the `type:` each must have (nil: any type).
    private(set) var behaviorReferences: [(Reference, String?)] = []
    /// Boundary names rules refer to, checked once every collision behavior is read.
    private(set) var boundaryReferences: [Reference] = []
    /// Entries read so far, by `type:` name.
    private var counts: [String: Int] = [:]

    init() {}

    /// An item id at `r`, remembered for checking; nil (after an error) when it is not an id.
    func itemReference(_ r: NodeReader?) -> String? {
        guard let r, let id = r.identifier() else { return nil }
        itemReferences.append(Reference(id: id, at: r))
        return id
    }

    /// A non-empty list of item ids at `r`, each remembered for checking.
    func itemList(_ r: NodeReader?) -> [String]? {
        guard let r, let references = r.identifierList() else { return nil }
        if references.isEmpty { r.error("expected at least one item id (leave 'items' out to mean every item)") }
        itemReferences.append(contentsOf: references)
        return references.map(\.id)
    }

    /// Item ids read elsewhere (a group's list), remembered for checking.
    func noteItemReferences(_ references: [Reference]) {
        itemReferences.append(contentsOf: references)
    }

    /// Gesture ids and where each is given, and references to them (GestureTuning.swift).
    private(set) var gestureIDs: [Reference] = []
    private(set) var gestureReferences: [Reference] = []

    /// A gesture entry's id; a second entry with the same id is an error there.
    func noteGestureID(_ id: String, at r: NodeReader) {
        if let first = gestureIDs.first(where: { $0.id == id }) {
            r.error("duplicate gesture id '\(id)' (first used at line \(first.at.line), column \(first.at.column))")
            return
        }
        gestureIDs.append(Reference(id: id, at: r))
    }

    /// References to gesture ids, checked once every entry is read.
    func noteGestureReferences(_ references: [Reference]) {
        gestureReferences.append(contentsOf: references)
    }

    /// A behavior reference that must name a behavior of `type` (any type when nil).
    func behaviorReference(_ reference: Reference, type: String?) {
        behaviorReferences.append((reference, type))
    }

    /// A boundary name a rule's event refers to.
    func boundaryReference(_ reference: Reference) {
        boundaryReferences.append(reference)
    }

    /// Category names items are in, in the order first named (not `default`), and the
    /// `collidesWith` names to check once every item is read (Reading+CollisionFilter.swift).
    private(set) var categoryNames: [String] = []
    private(set) var categoryReferences: [Reference] = []

    /// Notes a category name; false when it is new and the scene has no bit left for it.
    func noteCategory(_ name: String) -> Bool {
        if categoryNames.contains(name) { return true }
        if categoryNames.count + 1 >= ItemDescription.maximumCategories { return false }
        categoryNames.append(name)
        return true
    }

    func noteCategoryReference(_ reference: Reference) { categoryReferences.append(reference) }

    /// Counts one more entry of `type` and returns how many there are now.
    func countEntry(ofType type: String) -> Int {
        counts[type, default: 0] += 1
        return counts[type]!
    }
}
