// ContactPoint: one point where two shapes touch, as the last step found it, for showing the
// physics (the playground's contact overlay) and for tests.
//
// UIKit has no such query: its collision delegate reports one point when a contact begins. A
// debugger wants every point of every touching contact, with its normal and how hard the solver
// pushed there, so the animator gives a snapshot on demand (DynamicAnimator.contactPoints). It is
// a plain value copied out of the engine's manifolds only when asked; the step never makes one.
import Geometry

/// A point where two items, or an item and a boundary, touch after the last step.
///
/// Read them from ``DynamicAnimator/contactPoints``. Speculative points (the solver keeps some
/// ahead of fast items before they meet) are not contact points and are left out.
public struct ContactPoint: Sendable, Equatable {
    /// Where the shapes touch, in the reference view's points (halfway between the two surfaces,
    /// where the last step's collision found it).
    public var point: Point
    /// The unit normal of the contact, pointing from the first shape to the second; for a contact
    /// with a boundary or an immovable item, out of it.
    public var normal: Vector
    /// The distance between the surfaces along the normal, in points: negative while they overlap.
    public var separation: Double
    /// The force the solver pushed with along the normal at this point in the last step's final
    /// substep, in mass·pt/s² (mass as the scene format defines it: a 100×100 item of density 1
    /// has mass 1): the contacts of an item resting on the floor share its weight, m·g.
    public var normalForce: Double

    /// A contact point with these values.
    public init(point: Point, normal: Vector, separation: Double, normalForce: Double) {
        self.point = point; self.normal = normal; self.separation = separation; self.normalForce = normalForce
    }
}
