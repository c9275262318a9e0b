// DynamicItemGroup: several items that move as one rigid body (UIKit's UIDynamicItemGroup).
//
// The group is itself a DynamicItem: a behavior is given the group, never its items one by one,
// and the animator makes one body for it with one shape per item (ItemRecord.make), each where
// the item was when the group was made. The group's center is the center of mass of its items
// (each item weighs its width × height, as a lone item does, and a dynamic item behavior gives
// the whole group one density, so the densities cancel out of the center); its rotation starts
// at zero. Each item keeps its place in the group (`placements`): when the animator writes the
// group's center or transform, the group writes every item's center and rotation from it, so
// whatever draws the items sees them move together, and moving the group by hand (a drag in edit
// mode) moves them all.
import Geometry

/// Items moved by the animator as one rigid body. UIKit: `UIDynamicItemGroup`.
///
/// Add the group, not its items, to behaviors (UIKit raises for an item of a group added alone;
/// here it would get a body of its own besides its shape in the group's). Its mass is the sum
/// of its items' masses and its rotational inertia the sum of each item's inertia about its own
/// center plus its mass times the squared distance from the group's center of mass (the
/// parallel-axis theorem).
public final class DynamicItemGroup: DynamicItem {
    /// The items, in the order given. UIKit: `items`.
    public let items: [DynamicItem]
    /// Each item's center relative to the group's center, and its angle, at the group's rotation 0.
    public let placements: [(offset: Vector, angle: Double)]
    /// Origin zero; a size that holds every item, at any of their rotations, as the group was made.
    public let bounds: Rect

    /// The center of mass; setting it moves every item with it.
    public var center: Point { didSet { if !isPlacingOnce { placeItems() } } }
    /// The group's rotation about its center; setting it turns every item with it.
    public var transform: AffineTransform = .identity { didSet { if !isPlacingOnce { placeItems() } } }
    /// While `place(center:transform:)` sets both.
    private var isPlacingOnce = false

    /// A group of `items` as they are placed now (an item listed twice is kept once).
    /// UIKit: `init(with:)`.
    public init(items: [DynamicItem]) {
        var seen = Set<ObjectIdentifier>()
        let unique = items.filter { seen.insert(ObjectIdentifier($0)).inserted }
        self.items = unique
        let weights = unique.map { $0.bounds.size.width * $0.bounds.size.height }
        let total = weights.reduce(0, +)
        var c = Vector.zero
        if total > 0 {
            for (item, w) in zip(unique, weights) { c += item.center * (w / total) }
        } else if let first = unique.first {
            c = first.center
        }
        center = c
        placements = unique.map { ($0.center - c, $0.transform.rotationAngle) }
        var lo = Vector(Double.infinity, Double.infinity), hi = -lo
        for item in unique {
            let half = item.bounds.size.width / 2 + item.bounds.size.height / 2
            lo = Vector(min(lo.x, item.center.x - half), min(lo.y, item.center.y - half))
            hi = Vector(max(hi.x, item.center.x + half), max(hi.y, item.center.y + half))
        }
        bounds = unique.isEmpty ? .zero : Rect(x: 0, y: 0, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The group's rotation, radians clockwise on screen.
    public var angle: Double { transform.rotationAngle }

    /// Sets the center and the transform and places the items once: what setting one and then
    /// the other leaves, for the animator, which writes both after every step.
    func place(center: Point, transform: AffineTransform) {
        isPlacingOnce = true
        self.center = center
        self.transform = transform
        isPlacingOnce = false
        placeItems()
    }

    /// Writes every item's center and rotation from the group's. The turn's cosine and sine are
    /// found once for all the offsets (`Vector.rotated(cosine:sine:)`), and serve an item's
    /// own rotation too when its angle in the group adds nothing to the turn; a group of four
    /// items placed twice a step took ten cosines and ten sines of the same angle, a tenth of a
    /// step of 3,000 such groups.
    private func placeItems() {
        let turn = transform.rotationAngle
        let c = cos(turn), s = sin(turn)
        for (item, place) in zip(items, placements) {
            item.center = center + place.offset.rotated(cosine: c, sine: s)
            let angle = turn + place.angle
            item.transform = angle.bitPattern == turn.bitPattern
                ? AffineTransform(rotationCosine: c, sine: s) : AffineTransform(rotationAngle: angle)
        }
    }
}
