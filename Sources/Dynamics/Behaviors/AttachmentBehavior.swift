// AttachmentBehavior (UIAttachmentBehavior): a connection between an item and an anchor point
// or between two items.
//
// The default kind keeps the distance between the two attachment points at `length` (which
// starts as their distance when the behavior is made): with `frequency` 0 it is a rigid rod,
// above 0 a spring that oscillates at about that frequency with damping ratio `damping`. The
// iOS 9 kinds map onto engine joints: `limit` is a rope (at most `length`), `pin` a revolute
// joint with `frictionTorque`, an optional motor (Box2D's `motorSpeed` and `maxMotorTorque`:
// UIKit has none; friction is a motor at speed 0, so a motor takes its place), an optional
// angular spring (`angularFrequency`, Box2D's revolute spring) and an optional angle range,
// `sliding` a prismatic joint along an axis with an optional translation range, and `fixed` a
// weld. Offsets are in each item's own
// coordinates; anchors and axes are in the reference view's.
import Geometry

/// A connection between an item and an anchor point, or between two items: a rod, spring,
/// rope, pin, slider or weld. UIKit: `UIAttachmentBehavior`.
///
/// Offsets are in points in each item's own (rotating) coordinates; anchors and axes are in
/// the reference view's points.
public final class AttachmentBehavior: DynamicBehavior {
    /// What the attachment joins. UIKit: `UIAttachmentBehavior.AttachmentType`.
    public enum AttachedBehaviorType: Sendable {
        /// Two items.
        case items
        /// An item and a fixed anchor point.
        case anchor
    }
    /// The joint the attachment makes.
    public enum Kind: Sendable {
        /// Keeps the two points at ``AttachmentBehavior/length``: a rod, or a spring when
        /// ``AttachmentBehavior/frequency`` > 0 (the UIKit initializers).
        case distance
        /// A rope: at most ``AttachmentBehavior/length`` apart. UIKit: `limitAttachment`.
        case limit
        /// A revolute joint about a shared point. UIKit: `pinAttachment`.
        case pin
        /// A prismatic joint: translation along an axis only. UIKit: `slidingAttachment`.
        case sliding
        /// A weld: no relative motion. UIKit: `fixedAttachment`.
        case fixed
    }

    /// Which joint this attachment is; fixed at creation.
    public let kind: Kind
    /// The attached items: one (to an anchor) or two.
    public let items: [DynamicItem]
    /// ``AttachedBehaviorType/items`` for two items, ``AttachedBehaviorType/anchor`` for one.
    public var attachedBehaviorType: AttachedBehaviorType { items.count == 2 ? .items : .anchor }
    /// For anchor attachments, the anchor; for pin, sliding and fixed, the shared point at creation.
    public var anchorPoint: Point { didSet { setNeedsCommit() } }
    /// The distance kept (distance) or the most allowed (limit) between the attachment points,
    /// in points; starts as their distance when the behavior is made.
    public var length: Double { didSet { setNeedsCommit() } }
    /// The spring's frequency in Hz (distance kind); 0, the default, makes a rigid rod.
    public var frequency: Double = 0 { didSet { setNeedsCommit() } }
    /// Damping ratio of the spring; 1 is critical. Default 0.
    public var damping: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin only: torque that resists turning, mass·pt²/s².
    public var frictionTorque: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin only: the angular velocity (rad/s, clockwise on screen) the motor drives the first item
    /// toward, relative to the second item or to the reference view.
    public var motorSpeed: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin only: the most torque the motor applies, mass·pt²/s²; 0 (the default) is no motor.
    public var maxMotorTorque: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin: allowed relative angle (radians); sliding: allowed translation along the axis (points).
    public var attachmentRange: ClosedRange<Double>? { didSet { setNeedsCommit() } }
    /// Pin only: the frequency (Hz) of an angular spring that turns the first item back toward
    /// ``restAngle`` relative to the second (or the reference view); 0, the default, is none.
    /// Nudge extension (Box2D v3's revolute spring; UIKit has none).
    public var angularFrequency: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin only: the angular spring's damping ratio; 1 is critical. Default 0.
    public var angularDamping: Double = 0 { didSet { setNeedsCommit() } }
    /// Pin only: the relative angle (radians, clockwise on screen) the angular spring pulls
    /// toward, counted like ``currentAngle`` from the angle when the joint was made. Default 0.
    public var restAngle: Double = 0 { didSet { setNeedsCommit() } }

    let offsetA: Vector
    let offsetB: Vector
    let axis: Vector
    var joint: JointID?
    var referenceAngle: Double = 0
    private var localAnchors: (Vector, Vector)?

    private init(kind: Kind, items: [DynamicItem], offsetA: Vector, offsetB: Vector, anchor: Point,
                 axis: Vector = Vector(1, 0), length: Double? = nil) {
        self.kind = kind
        self.items = items
        self.offsetA = offsetA
        self.offsetB = offsetB
        self.anchorPoint = anchor
        self.axis = axis.normalized == .zero ? Vector(1, 0) : axis.normalized
        let a = Self.point(of: items[0], offset: offsetA)
        let b = items.count == 2 ? Self.point(of: items[1], offset: offsetB) : anchor
        self.length = length ?? a.distance(to: b)
        super.init()
    }

    /// The item's point at `offset` from its center, in its own rotating frame.
    static func point(of item: DynamicItem, offset: Vector) -> Point {
        item.center + offset.rotated(by: item.transform.rotationAngle)
    }

    /// A rod (or, with ``frequency`` > 0, a spring) from the point `offset` from the item's
    /// center to `anchor`. UIKit: `init(item:offsetFromCenter:attachedToAnchor:)`.
    public convenience init(item: DynamicItem, offsetFromCenter offset: Vector = .zero, attachedToAnchor anchor: Point) {
        self.init(kind: .distance, items: [item], offsetA: offset, offsetB: .zero, anchor: anchor)
    }

    /// A rod (or, with ``frequency`` > 0, a spring) between a point on each item.
    /// UIKit: `init(item:offsetFromCenter:attachedTo:offsetFromCenter:)`.
    public convenience init(item: DynamicItem, offsetFromCenter offset1: Vector = .zero,
                            attachedTo item2: DynamicItem, offsetFromCenter offset2: Vector = .zero) {
        self.init(kind: .distance, items: [item, item2], offsetA: offset1, offsetB: offset2, anchor: item2.center)
    }

    /// Two items that may only slide relative to each other along `axis` (reference-view
    /// coordinates), sharing `anchor`. UIKit: `slidingAttachment(with:attachedTo:attachmentAnchor:axisOfTranslation:)`.
    public static func slidingAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                         attachmentAnchor anchor: Point, axisOfTranslation axis: Vector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: anchor, axis: axis, length: 0)
    }

    /// An item that may only slide along `axis` through `anchor`.
    /// UIKit: `slidingAttachment(with:attachmentAnchor:axisOfTranslation:)`.
    public static func slidingAttachment(with item: DynamicItem, attachmentAnchor anchor: Point,
                                         axisOfTranslation axis: Vector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item], offsetA: .zero, offsetB: .zero, anchor: anchor, axis: axis, length: 0)
    }

    /// A rope between a point on each item, as long as they are apart now.
    /// UIKit: `limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`.
    public static func limitAttachment(with item1: DynamicItem, offsetFromCenter offset1: Vector,
                                       attachedTo item2: DynamicItem, offsetFromCenter offset2: Vector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, items: [item1, item2], offsetA: offset1, offsetB: offset2, anchor: item2.center)
    }

    /// A rope from an item to an anchor point (not in UIKit, which only has item-to-item limits).
    public static func limitAttachment(with item: DynamicItem, offsetFromCenter offset: Vector = .zero,
                                       attachedToAnchor anchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, items: [item], offsetA: offset, offsetB: .zero, anchor: anchor)
    }

    /// Welds two items together at `anchor`. UIKit: `fixedAttachment(with:attachedTo:attachmentAnchor:)`.
    public static func fixedAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                       attachmentAnchor anchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: anchor, length: 0)
    }

    /// Pins two items together at `anchor`, about which they may turn.
    /// UIKit: `pinAttachment(with:attachedTo:attachmentAnchor:)`.
    public static func pinAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                     attachmentAnchor anchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: anchor, length: 0)
    }

    /// A pin between an item and a fixed point of the reference view.
    public static func pinAttachment(with item: DynamicItem, attachmentAnchor anchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item], offsetA: .zero, offsetB: .zero, anchor: anchor, length: 0)
    }

    override var ownItems: [DynamicItem] { items }

    /// The two attachment points now, in the reference view's coordinates (for drawing): the
    /// first item's, then the second item's or the anchor.
    public var attachmentPoints: (Point, Point) {
        if let j = joint, let animator = dynamicAnimator, animator.world.joint(j).isActive {
            // The engine's body A is the second item or the ground, body B the first item.
            let (other, item) = animator.jointEnds(j)
            return (item, other)
        }
        let a = Self.point(of: items[0], offset: offsetA)
        let b = items.count == 2 ? Self.point(of: items[1], offset: offsetB) : anchorPoint
        return (a, b)
    }

    override func declare(into plan: inout CommitPlan) {
        if joint == nil { plan.newJoints += 1 }
    }

    override func sync(_ context: SyncContext) {
        // The engine's body A is the second item or the ground (anchor); body B is the first item.
        guard let bodyB = context.body(for: items[0]) else { return }
        let bodyA: BodyID
        if items.count == 2 {
            guard let b = context.body(for: items[1]) else { return }
            bodyA = b
        } else {
            bodyA = context.world.ground
        }
        let world = context.world
        let existing = joint.map { world.joint($0) }
        let reuse = existing.map { $0.isActive && $0.bodyIDs == (bodyA, bodyB) } ?? false
        var d = reuse ? existing!.definition : JointDefinition(kind: .distance, bodyA: bodyA, bodyB: bodyB)
        let a = world.body(bodyA), b = world.body(bodyB)
        if !reuse {
            // Anchors are fixed in each body's frame at creation.
            switch kind {
            case .distance, .limit:
                d.localAnchorB = offsetA
                d.localAnchorA = items.count == 2 ? offsetB : anchorPoint
            case .pin, .sliding, .fixed:
                d.localAnchorB = b.transform.inverseApply(anchorPoint)
                d.localAnchorA = a.transform.inverseApply(anchorPoint)
                referenceAngle = JointSolver.relativeAngle(b.rotation, a.rotation)
            }
        }
        if items.count == 1 && (kind == .distance || kind == .limit) { d.localAnchorA = anchorPoint }
        d.referenceAngle = referenceAngle
        d.enableLimit = false
        switch kind {
        case .distance:
            d.kind = .distance
            d.length = max(length, 0)
            if frequency > 0 {
                d.hertz = frequency; d.dampingRatio = max(damping, 0)
                d.minLength = 0; d.maxLength = .infinity
            } else {
                d.hertz = 0; d.minLength = d.length; d.maxLength = d.length
            }
        case .limit:
            d.kind = .distance
            d.length = max(length, 0)
            d.hertz = 0; d.minLength = 0; d.maxLength = d.length
        case .pin:
            definePin(&d)
        case .sliding:
            d.kind = .prismatic
            if !reuse { d.localAxisA = a.rotation.inverseRotate(axis) }
            if let r = attachmentRange { d.enableLimit = true; d.lower = r.lowerBound; d.upper = r.upperBound }
        case .fixed:
            d.kind = .weld
        }
        if reuse { world.withJoint(joint!) { $0.definition = d } } else { joint = world.createJoint(d) }
    }

    /// A pin's revolute joint: friction or a motor, the range, and the angular spring.
    private func definePin(_ d: inout JointDefinition) {
        d.kind = .revolute
        let motor = maxMotorTorque > 0
        d.maxMotorTorque = motor ? maxMotorTorque : max(frictionTorque, 0)
        d.motorSpeed = motor ? motorSpeed : 0
        if let r = attachmentRange { d.enableLimit = true; d.lower = r.lowerBound; d.upper = r.upperBound }
        let spring = angularFrequency.isFinite && angularFrequency > 0
        d.angularHertz = spring ? angularFrequency : 0
        d.angularDampingRatio = spring && angularDamping.isFinite ? max(angularDamping, 0) : 0
        d.targetAngle = spring && restAngle.isFinite ? restAngle : 0
    }

    override func detach(_ context: SyncContext) {
        if let j = joint { context.world.destroyJoint(j) }
        joint = nil
    }

    /// Checkpoints: the joint the engine gave the attachment, the angle and anchors it noted
    /// when it was made, and its anchor and length (a gesture may move the anchor).
    override func captureState() -> Any? { (joint, referenceAngle, localAnchors, anchorPoint, length) }
    override func restoreState(_ state: Any?) {
        guard let (j, angle, anchors, anchor, l) = state as? (JointID?, Double, (Vector, Vector)?, Point, Double)
        else { return }
        anchorPoint = anchor
        length = l
        joint = j
        referenceAngle = angle
        localAnchors = anchors
    }
}
