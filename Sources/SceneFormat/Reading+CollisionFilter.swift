// Reading+CollisionFilter: an item's `category`, `collidesWith` and `collisionGroup` keys.
//
// Categories are names, as ids are: a scene has at most 32 (the engine keeps one bit for each,
// `default` included, the category of every item that names none), given bits in the order the
// file first names them (Scenes' CollisionCategories). `collidesWith` may name only categories some
// item or template of the file is in, checked once the whole file is read, so a typo is reported
// where it is written rather than making an item silently pass through everything.
import Yams

extension Reading {
    /// Reads the three filter keys into `item`, reporting bad values at their keys.
    func readCollisionFilter(_ m: MappingReader, into item: inout ItemDescription) {
        if let r = m["category"] {
            item.category = categoryNames(r, key: "category")?.filter { !$0.isEmpty } ?? []
            for (name, entry) in zip(item.category, categoryEntries(r)) where name != ItemDescription.defaultCategory {
                if name == "all" {
                    entry.error("'all' is not a category name (collidesWith: all means every category)")
                } else if !context.noteCategory(name) {
                    entry.error("a scene has at most \(ItemDescription.maximumCategories) collision categories"
                        + " ('\(ItemDescription.defaultCategory)' included); '\(name)' is one too many")
                }
            }
        }
        if let r = m["collidesWith"] {
            if case .scalar(let scalar) = r.node, scalar.string == "all" {
                item.collidesWith = nil
            } else if let names = categoryNames(r, key: "collidesWith") {
                item.collidesWith = names
                for (name, entry) in zip(names, categoryEntries(r)) { context.noteCategoryReference(Reference(id: name, at: entry)) }
            }
        }
        if let r = m["collisionGroup"], let value = r.number() {
            if value == value.rounded() && abs(value) <= 1e9 {
                item.collisionGroup = Int(value)
            } else {
                r.error("expected a whole number (negative: the group's items never collide with each other;"
                    + " positive: they always do; 0: no group), found \(NodeReader.format(value))")
            }
        }
    }

    /// A name or a list of names; nil after an error.
    private func categoryNames(_ r: NodeReader, key: String) -> [String]? {
        if case .scalar = r.node { return r.identifier().map { [$0] } }
        guard let entries = r.list() else { return nil }
        let names = entries.map { $0.identifier() }
        return names.contains(nil) ? nil : names.compactMap { $0 }
    }

    /// The readers of a name or of each name of a list, for positioned errors.
    private func categoryEntries(_ r: NodeReader) -> [NodeReader] {
        if case .scalar = r.node { return [r] }
        return r.list() ?? []
    }

    /// Reports every `collidesWith` name that no item's `category` names.
    func checkCategoryReferences() {
        let known = [ItemDescription.defaultCategory] + context.categoryNames
        for reference in context.categoryReferences where !known.contains(reference.id) {
            if let guess = Suggestion.closest(to: reference.id, in: known) {
                reference.at.error("unknown category '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown category '\(reference.id)'; the categories are: \(known.joined(separator: ", "))")
            }
        }
    }
}
