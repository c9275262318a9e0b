// PushBehavior (UIPushBehavior): a force (continuous) or an impulse (instantaneous).
//
// UIKit's unit: magnitude 1 accelerates a 100×100 item of density 1 (mass 1) at 100 pt/s², or
// changes its velocity by 100 pt/s at once. So a push is 100·magnitude in mass·pt/s² (or
// mass·pt/s), and lighter items move more. An instantaneous push fires at the next step and then
// sets `active` to false; set it true to fire again. `targetOffsetFromCenter` is where on the
// item the push applies, in the item's own (rotating) coordinates; off center it also turns it.
import Geometry

public final class PushBehavior: ItemListBehavior {
    public enum Mode: Sendable { case continuous, instantaneous }

    public let mode: Mode
    /// The push vector in UIKit's units (magnitude × unit direction).
    public var pushDirection: Vector = .zero { didSet { setNeedsResume() } }
    public var active = true { didSet { if active { setNeedsResume() } } }
    private var offsets: [ObjectIdentifier: Vector] = [:]

    /// 100 mass·pt/s² (or mass·pt/s) per unit of magnitude.
    public static let unit = 100.0

    public init(items: [DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    public var angle: Double {
        get { pushDirection == .zero ? 0 : pushDirection.angle }
        set { pushDirection = Vector(angle: newValue) * magnitude }
    }

    /// Negative magnitudes push the opposite way.
    public var magnitude: Double {
        get { pushDirection.length }
        set { pushDirection = Vector(angle: angle) * newValue }
    }

    public func setAngle(_ angle: Double, magnitude: Double) {
        pushDirection = Vector(angle: angle) * magnitude
    }

    public func setTargetOffsetFromCenter(_ offset: Vector, for item: DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsResume()
    }

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
}
