// AttachmentBehavior+JointState: where a pin or sliding attachment stands now, as its range
// measures it.
//
// A pin's `attachmentRange` limits the relative angle counted from the angle the two items had
// when the joint was made, and a sliding attachment's limits the travel counted from the anchor;
// neither is visible in the items' centers and angles alone. Saving a moving scene needs both,
// so that the attachment written back (made anew where the items now are) keeps the same limits
// (Box2D's b2RevoluteJoint_GetAngle and b2PrismaticJoint_GetTranslation; UIKit has neither).
import Geometry

extension AttachmentBehavior {
    /// Pin only: the relative angle of the first item to the second (or the reference view), in
    /// radians clockwise, counted from where it was when the attachment began; 0 before that and
    /// for other kinds. Nudge extension.
    public var currentAngle: Double {
        guard kind == .pin, let j = joint, let animator = dynamicAnimator, animator.world.joint(j).isActive else { return 0 }
        let joint = animator.world.joint(j)
        let a = animator.world.body(joint.bodyIDs.a), b = animator.world.body(joint.bodyIDs.b)
        return Angle.normalized(JointSolver.relativeAngle(b.rotation, a.rotation) - referenceAngle)
    }

    /// Sliding only: how far the first item has travelled along the axis from the anchor, in
    /// points; 0 before the attachment begins and for other kinds. Nudge extension.
    public var currentTranslation: Double {
        guard kind == .sliding, let j = joint, let animator = dynamicAnimator, animator.world.joint(j).isActive else { return 0 }
        let joint = animator.world.joint(j)
        let (pointA, pointB) = animator.jointEnds(j)
        return (pointB - pointA).dot(animator.world.body(joint.bodyIDs.a).rotation.rotate(joint.localAxisA))
    }

    /// Sliding only: the axis of travel now, a unit vector in the reference view's coordinates
    /// (it turns with the second item); for other kinds, and before the attachment begins, the
    /// axis it was made with. Nudge extension.
    public var currentAxis: Vector {
        guard kind == .sliding, let j = joint, let animator = dynamicAnimator, animator.world.joint(j).isActive else { return axis }
        let joint = animator.world.joint(j)
        return animator.world.body(joint.bodyIDs.a).rotation.rotate(joint.localAxisA)
    }
}
