// SnapBehavior (UISnapBehavior): pulls an item to `snapPoint` and turns it upright (angle 0).
//
// UIKit's implementation hangs the item from four 4 Hz springs at its corners with damping ratio
// `damping`. Here that is one soft joint: a 4 Hz spring on the center, and a rotational spring
// whose frequency is what four corner springs give a rectangle (√3 × 4 Hz, since the corners sit
// at √3 times the radius of gyration of a uniform rectangle). Damping 0 oscillates the most, 1
// the least. Adding a snap for an item replaces that item's previous snap in the same animator
// (UIKit would let them fight).
import Geometry

/// Pulls one item to a point with a damped spring and turns it upright.
/// UIKit: `UISnapBehavior`.
///
/// The center follows a 4 Hz spring; adding a snap for an item replaces that item's earlier
/// snap in the same animator.
public final class SnapBehavior: DynamicBehavior {
    /// The item being snapped.
    public let item: DynamicItem
    /// Where the item's center goes, in the reference view's points.
    public var snapPoint: Point { didSet { setNeedsCommit() } }
    /// The spring's damping ratio, 0 (oscillates the most) to 1 (the least); default 0.5.
    /// UIKit: `UISnapBehavior.damping`.
    public var damping: Double = 0.5 { didSet { setNeedsCommit() } }
    static let hertz = 4.0
    private var joint: JointID?

    /// A snap of `item` to `point` (points) with damping 0.5.
    public init(item: DynamicItem, snapTo point: Point) {
        self.item = item
        self.snapPoint = point
        super.init()
    }

    override var ownItems: [DynamicItem] { [item] }

    /// Removes the animator's other snaps of the same item, so the newest one wins.
    public override func willMove(to animator: DynamicAnimator?) {
        guard let animator else { return }
        // One snap per item: the newest wins.
        for other in animator.flattenedSnaps(for: item) where other !== self {
            if other.parent != nil { other.parent?.removeChildBehavior(other) } else { animator.removeBehavior(other) }
        }
    }

    override func sync(_ context: SyncContext) {
        guard let b = context.body(for: item) else { return }
        let zeta = min(max(damping, 0), 1)
        if let j = joint, context.world.joint(j).isActive, context.world.joint(j).bodyIDs.b == b {
            context.world.withJoint(j) { $0.definition.target = snapPoint; $0.definition.dampingRatio = zeta }
        } else {
            var d = JointDefinition(kind: .mouse, bodyA: context.world.ground, bodyB: b)
            d.target = snapPoint
            d.hertz = Self.hertz
            d.angularHertz = Self.hertz * 3.0.squareRoot()
            d.targetAngle = 0
            d.dampingRatio = zeta
            joint = context.world.createJoint(d)
        }
    }

    override func detach(_ context: SyncContext) {
        if let j = joint { context.world.destroyJoint(j) }
        joint = nil
    }

    /// Checkpoints: the joint the engine gave the snap, and the point it snaps to.
    override func captureState() -> Any? { (joint, snapPoint) }
    override func restoreState(_ state: Any?) {
        guard let (j, point) = state as? (JointID?, Point) else { return }
        snapPoint = point
        joint = j
    }
}

extension DynamicAnimator {
    func flattenedSnaps(for item: DynamicItem) -> [SnapBehavior] {
        var all: [SnapBehavior] = []
        func visit(_ b: DynamicBehavior) {
            if let s = b as? SnapBehavior, s.item === item { all.append(s) }
            b.childBehaviors.forEach(visit)
        }
        behaviors.forEach(visit)
        return all
    }
}
