// GroupDescription: a `groups:` entry, items that move as one rigid body (UIKit's
// UIDynamicItemGroup), and how the parser reads and checks the list.
//
// UIKit adds a group to behaviors in place of its items. A scene file names items in its
// behaviors, so a group is declared once, beside the items, and a behavior that names any item
// of a group acts on the whole group: gravity on `[bar]` pulls the whole dumbbell. The checks
// are UIKit's: every item of a group exists (an unknown id gets a did-you-mean, checked with the
// other item references once every id is known), an item belongs to one group at most (UIKit
// raises when an item joins two), and a group has at least two items (one item is a rigid body
// already). Each error stands at the id that breaks the rule.

/// Items that move as one rigid body: one body with one shape per item, its mass the sum of
/// theirs. UIKit: `UIDynamicItemGroup`.
public struct GroupDescription: Hashable, Sendable {
    /// A name for the group (optional; shown in messages and kept when saving).
    public var id: String?
    /// The items' ids, at least two, each in no other group.
    public var items: [String]

    public init(id: String? = nil, items: [String]) {
        self.id = id
        self.items = items
    }
}

extension SceneDescription {
    /// The group `id` belongs to, if any.
    public func group(containing id: String) -> Int? {
        groups.firstIndex { $0.items.contains(id) }
    }
}

extension Reading {
    static let groupKeys = ["id", "items"]

    /// The `groups:` list: each entry's items, each item in one group at most.
    mutating func readGroups(_ m: MappingReader, into scene: inout SceneDescription) {
        var owner: [String: (group: String, at: NodeReader)] = [:]
        var groupIDs: [String: NodeReader] = [:]
        for (index, entry) in limited(m["groups"]?.list() ?? [], "groups", to: limits.entries).enumerated() {
            guard let g = entry.mapping(allowed: Self.groupKeys) else { continue }
            let id = g["id"]?.identifier()
            if let id, let first = groupIDs[id] {
                idReader(entry).error("duplicate group id '\(id)' (first used at line \(first.line), column \(first.column))")
            } else if let id {
                groupIDs[id] = idReader(entry)
            }
            guard let list = g.required("items", "a list of at least two item ids"),
                  let references = list.identifierList() else { continue }
            let name = id.map { "group '\($0)'" } ?? "group \(index + 1)"
            var kept: [String] = []
            for reference in references {
                if let first = owner[reference.id] {
                    reference.at.error("item '\(reference.id)' is already in \(first.group) (line \(first.at.line), "
                                       + "column \(first.at.column)); an item belongs to one group at most")
                    continue
                }
                owner[reference.id] = (name, reference.at)
                kept.append(reference.id)
            }
            context.noteItemReferences(references)
            if references.count < 2 {
                list.error("a group needs at least two items (one item already moves as one rigid body)")
                continue
            }
            scene.groups.append(GroupDescription(id: id, items: kept))
        }
    }
}
