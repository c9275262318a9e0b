// CollisionCategories: the bits a scene's category names stand for, and the engine filter of an
// item description.
//
// Bit 0 is `default`, the category of every item that names none; the other names get bits 1,
// 2, … in the order the scene first names them (its items, then its gestures' templates), so
// the same file always gives the same bits. An item made later (edit mode, a spawn) with a name
// the scene has not used yet takes the next free bit, while there is one; past 32 categories a
// new name is in no category (the file reader reports that case at the key).
import Dynamics
import SceneFormat

public struct CollisionCategories: Hashable, Sendable {
    /// The engine keeps 32 category bits.
    public static let maximum = ItemDescription.maximumCategories
    /// The category of an item whose `category` is left out.
    public static let defaultName = ItemDescription.defaultCategory

    /// The names by bit: `names[k]` is bit `1 << k`.
    public private(set) var names: [String] = [Self.defaultName]

    public init() {}

    /// The categories of `scene`'s items, then of its gestures' templates, in that order.
    public init(_ scene: SceneDescription) {
        for item in scene.items { add(item.category) }
        for gesture in scene.gestures {
            if case .spawn(let template, _) = gesture.action { add(template.category) }
        }
    }

    private mutating func add(_ category: [String]) {
        for name in category where !names.contains(name) && names.count < Self.maximum { names.append(name) }
    }

    /// The bits of `list`; names not known (and not addable) give none.
    private func bits(_ list: [String]) -> UInt32 {
        var bits: UInt32 = 0
        for name in list {
            if let k = names.firstIndex(of: name) { bits |= 1 << UInt32(k) }
        }
        return bits
    }

    /// The engine filter of `item`, adding any category name not seen yet while bits are left.
    public mutating func filter(for item: ItemDescription) -> CollisionFilter {
        add(item.category)
        let categories = item.category.isEmpty ? 1 : bits(item.category)
        let collidesWith = item.collidesWith.map(bits) ?? .max
        return CollisionFilter(categories: categories, collidesWith: collidesWith, group: Int32(clamping: item.collisionGroup))
    }
}
