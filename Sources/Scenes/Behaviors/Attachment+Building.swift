// Attachment+Building: `type: attachment` → AttachmentBehavior of the file's kind.
//
// SceneParser guarantees the keys each kind needs; the fallbacks below are never taken.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Attachment: BehaviorBuilding {
    func build(in context: BehaviorBuildContext) -> DynamicBehavior {
        let item = context.one(self.item)
        let other = to.map(context.one)
        let anchor = self.anchor.map(context.point) ?? item.center
        let b: AttachmentBehavior
        switch kind {
        case .distance:
            if let other {
                b = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: toOffset)
            } else {
                b = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
            }
        case .pin:
            if let other {
                b = AttachmentBehavior.pinAttachment(with: item, attachedTo: other, attachmentAnchor: anchor)
            } else {
                b = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: anchor)
            }
            if let v = frictionTorque { b.frictionTorque = v }
            if let v = motorSpeed { b.motorSpeed = v }
            if let v = motorTorque { b.maxMotorTorque = v }
        case .sliding:
            let axis = self.axis ?? Vector(1, 0)
            if let other {
                b = AttachmentBehavior.slidingAttachment(with: item, attachedTo: other, attachmentAnchor: anchor, axisOfTranslation: axis)
            } else {
                b = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: anchor, axisOfTranslation: axis)
            }
        case .limit:
            if let other {
                b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: toOffset)
            } else {
                b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: offset, attachedToAnchor: anchor)
            }
        case .fixed:
            b = AttachmentBehavior.fixedAttachment(with: item, attachedTo: other ?? item, attachmentAnchor: anchor)
        }
        if let v = length { b.length = v }
        if let v = frequency { b.frequency = v }
        if let v = damping { b.damping = v }
        if let range { b.attachmentRange = range }  // pin: radians; sliding: points
        return b
    }
}
