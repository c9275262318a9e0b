// PushBehavior (UIPushBehavior): a force (continuous) or an impulse (instantaneous).
//
// UIKit's unit: magnitude 1 accelerates a 100×100 item of density 1 (mass 1) at 100 pt/s², or
// changes its velocity by 100 pt/s at once. So a push is 100·magnitude in mass·pt/s² (or
// mass·pt/s), and lighter items move more. An instantaneous push fires at the next step and then
// sets `active` to false; set it true to fire again. `targetOffsetFromCenter` is where on the
// item the push applies, in the item's own (rotating) coordinates; off center it also turns it.
import Geometry

/// A force or an impulse on its items. UIKit: `UIPushBehavior`.
///
/// Magnitude 1 accelerates a 100 × 100 pt item of density 1 (mass 1) at 100 pt/s²
/// (continuous), or changes its velocity by 100 pt/s at once (instantaneous); lighter items
/// move more.
public final class PushBehavior: ItemListBehavior {
    /// How the push acts. UIKit: `UIPushBehavior.Mode`.
    public enum Mode: Sendable {
        /// A force applied at every step while ``PushBehavior/active``.
        case continuous
        /// An impulse applied once, at the next step; the behavior then turns itself off.
        case instantaneous
    }

    /// Continuous force or one impulse; fixed at creation.
    public let mode: Mode
    /// The push vector in UIKit's units (magnitude × unit direction). Default zero.
    /// UIKit: `pushDirection`.
    public var pushDirection: Vector = .zero { didSet { setNeedsResume() } }
    /// Whether the push acts. An instantaneous push sets it to false after firing; set it to
    /// true to fire again. Default true.
    public var active = true { didSet { if active { setNeedsResume() } } }
    private var offsets: [ObjectIdentifier: Vector] = [:]

    /// 100 mass·pt/s² (or mass·pt/s) per unit of magnitude.
    public static let unit = 100.0

    /// A push on `items` with direction zero: set ``pushDirection`` or ``magnitude`` and
    /// ``angle`` to make it push.
    public init(items: [DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// The push's direction in radians (0 right, π/2 down); 0 while the magnitude is 0.
    public var angle: Double {
        get { pushDirection == .zero ? 0 : pushDirection.angle }
        set { pushDirection = Vector(angle: newValue) * magnitude }
    }

    /// The push's strength in UIKit's units (1 = 100 mass·pt/s², see ``unit``); setting it
    /// keeps the angle. Negative magnitudes push the opposite way. Default 0.
    public var magnitude: Double {
        get { pushDirection.length }
        set { pushDirection = Vector(angle: angle) * newValue }
    }

    /// Sets the direction (radians) and the magnitude (UIKit's units) at once.
    public func setAngle(_ angle: Double, magnitude: Double) {
        pushDirection = Vector(angle: angle) * magnitude
    }

    /// Where on `item` the push applies, in points from its center in the item's own (rotating)
    /// coordinates; off center the push also turns the item. Default zero.
    /// UIKit: `setTargetOffsetFromCenter(_:for:)`.
    public func setTargetOffsetFromCenter(_ offset: Vector, for item: DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsResume()
    }

    /// The offset set for `item` with ``setTargetOffsetFromCenter(_:for:)``, zero by default.
    public func targetOffsetFromCenter(for item: DynamicItem) -> Vector {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override func applyBeforeStep(_ context: StepContext) {
        guard active else { return }
        let f = pushDirection * Self.unit
        for item in items {
            guard let b = context.body(for: item) else { continue }
            let offset = offsets[ObjectIdentifier(item)] ?? .zero
            context.world.withBody(b) { body in
                let torque = offset == .zero ? 0 : body.rotation.rotate(offset).cross(f)
                switch mode {
                case .continuous:
                    body.force += f
                    body.torque += torque
                case .instantaneous:
                    body.pendingImpulse += f
                    body.pendingAngularImpulse += torque
                }
            }
        }
        if mode == .instantaneous { active = false }
    }

    /// Checkpoints: whether the push still acts (an instantaneous one turns itself off), its
    /// vector (a gesture may aim it) and each item's offset, in the items' order.
    override func captureState() -> Any? {
        (super.captureState(), pushDirection, active, items.map { offsets[ObjectIdentifier($0)] })
    }
    override func restoreState(_ state: Any?) {
        guard let (list, direction, isActive, itemOffsets) = state as? (Any?, Vector, Bool, [Vector?]) else { return }
        super.restoreState(list)
        pushDirection = direction
        active = isActive
        offsets = [:]
        for (item, offset) in zip(items, itemOffsets) { offsets[ObjectIdentifier(item)] = offset }
    }
}
