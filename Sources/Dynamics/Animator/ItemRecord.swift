// ItemRecord: an item in the engine, with the body and the shapes made for it when it joined.
//
// The body starts dynamic at the item's center and rotation, with density 1; the shape follows
// the item's collision bounds type (a circle for a square ellipse, a polygon otherwise). An item
// group (DynamicItemGroup) gets one body at its center of mass and one shape per item, placed
// where the item sits in the group, and remembers each item's part of the mass (GroupPart) for
// ItemMaterial.setMass. What behaviors configure (materials, mass, filters) is written at every
// commit, into every shape of the record.
import Geometry

/// One item of a group as the group's mass sees it: its area (width × height / 10⁴, the mass at
/// density 1), its inertia per unit mass about its own center, and its center in the body.
struct GroupPart {
    let area: Double
    let inertiaPerMass: Double
    let offset: Vector
}

final class ItemRecord {
    let item: DynamicItem
    let body: BodyID
    /// The item's shapes: one for an item, one per item for a group.
    let shapes: [ShapeID]
    /// A group's items' shares of its mass; nil for a lone item.
    let parts: [GroupPart]?
    /// Still named by a behavior at the commit under way.
    var seen = true

    /// The first shape: the only one of a lone item.
    var shape: ShapeID { shapes[0] }

    init(item: DynamicItem, body: BodyID, shapes: [ShapeID], parts: [GroupPart]? = nil) {
        self.item = item
        self.body = body
        self.shapes = shapes
        self.parts = parts
    }

    /// A body and a shape for `item` in `world` (a body and a shape per item for a group).
    static func make(for item: DynamicItem, in world: World) -> ItemRecord {
        if let group = item as? DynamicItemGroup, !group.items.isEmpty { return make(group: group, in: world) }
        _ = checkedSize(of: item)
        let id = world.createBody(BodyDefinition(kind: .dynamic, position: item.center,
                                                 rotation: Rotation(angle: item.transform.rotationAngle)))
        let shape = collisionOutline(of: item).add(to: id, in: world)
        let record = ItemRecord(item: item, body: id, shapes: [shape])
        ItemMaterial.setMass(density: 1, record: record, world: world)
        return record
    }

    /// One body for the group at its center and rotation, a shape per item where it sits.
    private static func make(group: DynamicItemGroup, in world: World) -> ItemRecord {
        let id = world.createBody(BodyDefinition(kind: .dynamic, position: group.center,
                                                 rotation: Rotation(angle: group.angle)))
        var shapes: [ShapeID] = [], parts: [GroupPart] = []
        for (item, place) in zip(group.items, group.placements) {
            let size = checkedSize(of: item)
            let turn = Rotation(angle: place.angle)
            let area = size.width * size.height / 10_000
            let outline = collisionOutline(of: item)
            shapes.append(outline.add(to: id, in: world, turn: turn, offset: place.offset))
            parts.append(GroupPart(area: area, inertiaPerMass: outline.inertiaPerMass, offset: place.offset))
        }
        let record = ItemRecord(item: group, body: id, shapes: shapes, parts: parts)
        ItemMaterial.setMass(density: 1, record: record, world: world)
        return record
    }

    private static func checkedSize(of item: DynamicItem) -> Size {
        let size = item.bounds.size
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
                     "a dynamic item needs a positive, finite size; got \(size)")
        return size
    }

    /// The collision shape an item's bounds type gives, about its center at rotation 0.
    private static func collisionOutline(of item: DynamicItem) -> CollisionOutline {
        let size = item.bounds.size
        switch item.collisionBoundsType {
        case .ellipse where size.width == size.height:
            return .circle(size.width / 2)
        case .ellipse:
            return .polygon(PolygonBuilder.ellipse(width: size.width, height: size.height), radius: 0)
        case .path:
            guard let path = item.collisionBoundingPath, let convex = PolygonBuilder.convexWinding(path) else {
                preconditionFailure("a .path item needs a convex collisionBoundingPath")
            }
            return .polygon(convex, radius: 0)
        case .capsule:
            return CollisionOutline.roundedBox(size, radius: min(size.width, size.height) / 2)
        case .rectangle:
            let radius = item.cornerRadius
            guard radius.isFinite, radius > 0 else {
                return .polygon(PolygonBuilder.box(width: size.width, height: size.height), radius: 0)
            }
            return CollisionOutline.roundedBox(size, radius: radius)
        }
    }
}
