// ItemRecord: an item in the engine, with the body and the shape made for it when it joined.
//
// The body starts dynamic at the item's center and rotation, with density 1; the shape follows
// the item's collision bounds type (a circle for a square ellipse, a polygon otherwise). What
// behaviors configure (materials, mass, filters) is written at every commit.
import Geometry

final class ItemRecord {
    let item: DynamicItem
    let body: BodyID
    let shape: ShapeID
    /// Still named by a behavior at the commit under way.
    var seen = true

    init(item: DynamicItem, body: BodyID, shape: ShapeID) {
        self.item = item
        self.body = body
        self.shape = shape
    }

    /// A body and a shape for `item` in `world`.
    static func make(for item: DynamicItem, in world: World) -> ItemRecord {
        let size = item.bounds.size
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
                     "a dynamic item needs a positive, finite size; got \(size)")
        let id = world.createBody(BodyDefinition(kind: .dynamic, position: item.center,
                                                 rotation: Rotation(angle: item.transform.rotationAngle)))
        let shape: ShapeID
        switch item.collisionBoundsType {
        case .ellipse where size.width == size.height:
            shape = world.addCircle(body: id, radius: size.width / 2)
        case .ellipse:
            shape = world.addPolygon(body: id, vertices: PolygonBuilder.ellipse(width: size.width, height: size.height))
        case .path:
            guard let path = item.collisionBoundingPath, let convex = PolygonBuilder.convexWinding(path) else {
                preconditionFailure("a .path item needs a convex collisionBoundingPath")
            }
            shape = world.addPolygon(body: id, vertices: convex)
        case .rectangle:
            shape = world.addPolygon(body: id, vertices: PolygonBuilder.box(width: size.width, height: size.height))
        }
        let record = ItemRecord(item: item, body: id, shape: shape)
        ItemMaterial.setMass(density: 1, record: record, world: world)
        return record
    }
}
