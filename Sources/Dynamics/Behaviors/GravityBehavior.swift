// GravityBehavior (UIGravityBehavior): the same acceleration for every item, whatever its mass.
// Magnitude 1.0 is 1000 pt/s²; `gravityDirection` is the acceleration in those units, so angle
// and magnitude are two views of one vector. Setting the magnitude to 0 makes the angle read 0.
import Geometry

/// The same downward (or any) acceleration for every one of its items, whatever their mass.
/// UIKit: `UIGravityBehavior`.
///
/// Magnitude 1 is 1000 pt/s², UIKit's unit; the default is magnitude 1 pointing down.
public final class GravityBehavior: ItemListBehavior {
    /// Acceleration, in units of 1000 pt/s². Default (0, 1): down.
    public var gravityDirection = Vector(0, 1) {
        didSet { setNeedsResume() }
    }

    /// The direction of the acceleration in radians (0 right, π/2 down); 0 when the magnitude
    /// is 0. Setting it keeps the magnitude.
    public var angle: Double {
        get { gravityDirection == .zero ? 0 : gravityDirection.angle }
        set { gravityDirection = Vector(angle: newValue) * magnitude }
    }

    /// The acceleration in units of 1000 pt/s²; setting it keeps the angle. Default 1.
    public var magnitude: Double {
        get { gravityDirection.length }
        set { gravityDirection = newValue == 0 ? .zero : Vector(angle: angle) * newValue }
    }

    /// Sets the direction (radians) and magnitude (units of 1000 pt/s²) at once.
    public func setAngle(_ angle: Double, magnitude: Double) {
        gravityDirection = Vector(angle: angle) * magnitude
    }

    /// pt/s² per unit of magnitude.
    public static let pointsPerSecondSquared = 1000.0

    override func declare(into plan: inout CommitPlan) {
        plan.gravityBehaviors.append(self)
    }

    override func applyBeforeStep(_ context: StepContext) {
        let a = gravityDirection * Self.pointsPerSecondSquared
        context.world.addAcceleration(a, to: bodies)
    }

    /// Checkpoints: the gravity vector (a gesture or an action may turn it).
    override func captureState() -> Any? { (super.captureState(), gravityDirection) }
    override func restoreState(_ state: Any?) {
        guard let (list, direction) = state as? (Any?, Vector) else { return }
        super.restoreState(list)
        gravityDirection = direction
    }
}
