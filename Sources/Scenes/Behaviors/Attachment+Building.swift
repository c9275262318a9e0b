// Attachment+Building: `type: attachment` → AttachmentBehavior of the file's kind.
//
// SceneParser guarantees the keys each kind needs; the fallbacks below are never taken. An
// attachment is made for its items: it leaves when one of them is removed. Written back, it is
// its live definition, made so that building it where the items now are keeps the same joint:
// the `length` it has now (a length left out would mean the distance at creation, which differs
// mid-swing), anchors where they are now, a sliding axis as it has turned, and pin and sliding
// ranges and a pin's spring rest angle counted from the present angle or travel. An edit changes its length, spring, range,
// friction and motor in place (building it again would lose a pin's anchor on moving items).
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Attachment: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> AttachmentBehavior {
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
            if let v = angularFrequency { b.angularFrequency = v }
            if let v = angularDamping { b.angularDamping = v }
            if let v = restAngle { b.restAngle = v }
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

    func take(_ item: SceneItem, into live: AttachmentBehavior) {}

    func letGo(of item: SceneItem, in live: AttachmentBehavior) -> Bool {
        live.items.contains { $0 === item }
    }

    /// An attachment's live definition, to be built again where its items now are.
    func current(_ live: AttachmentBehavior, in scene: Scene, itemIDs: Set<String>) -> Self? {
        guard itemIDs.contains(item), to.map(itemIDs.contains) ?? true else { return nil }
        let entry = self
        var d = self
        let (itemPoint, otherPoint) = live.attachmentPoints
        switch entry.kind {
        case .distance, .limit:
            if entry.to == nil { d.anchor = Scene.position(live.anchorPoint) }
            d.length = Scene.bounded(live.length, 0...1e6)
        case .pin:
            d.anchor = Scene.position(entry.to == nil ? live.anchorPoint : itemPoint)
            if let range = live.attachmentRange {
                let turned = live.currentAngle
                d.range = Scene.rangeFromHere(range, at: turned)
            }
        case .sliding:
            d.anchor = Scene.position(entry.to == nil ? live.anchorPoint : otherPoint)
            let axis = live.currentAxis
            d.axis = Vector(Scene.bounded(axis.x), Scene.bounded(axis.y))
            if let range = live.attachmentRange {
                let travelled = live.currentTranslation
                d.range = Scene.rangeFromHere(range, at: travelled)
            }
        case .fixed:
            d.anchor = Scene.position(itemPoint)
        }
        if entry.kind == .distance {
            d.frequency = entry.frequency == nil && live.frequency == 0 ? nil : Scene.bounded(live.frequency, 0...1e6)
            d.damping = entry.damping == nil && live.damping == 0 ? nil : Scene.bounded(live.damping, 0...1)
        }
        if entry.kind == .pin {
            let motor = live.maxMotorTorque > 0
            d.motorTorque = motor ? Scene.bounded(live.maxMotorTorque, 0...1e6) : nil
            d.motorSpeed = motor ? Scene.bounded(live.motorSpeed) : nil
            d.frictionTorque = !motor && (entry.frictionTorque != nil || live.frictionTorque > 0)
                ? Scene.bounded(live.frictionTorque, 0...1e6) : nil
            currentAngularSpring(live, into: &d)
        }
        return d
    }

    /// A pin's angular spring as it is now: its rest angle counted from the present angle, where
    /// the attachment written back starts (as a range is).
    private func currentAngularSpring(_ live: AttachmentBehavior, into d: inout Self) {
        guard live.angularFrequency > 0 else {
            d.angularFrequency = nil; d.angularDamping = nil; d.restAngle = nil
            return
        }
        d.angularFrequency = Scene.bounded(live.angularFrequency, 0...1e6)
        d.angularDamping = angularDamping == nil && live.angularDamping == 0 ? nil : Scene.bounded(live.angularDamping, 0...1)
        let rest = Scene.bounded(live.restAngle - live.currentAngle)
        d.restAngle = restAngle == nil && rest == 0 ? nil : rest
    }

    /// Only the length, spring, range, friction, motor and angular spring may differ.
    func change(_ live: AttachmentBehavior, to new: Self, in scene: Scene) -> Bool {
        var o = self
        o.length = new.length; o.frequency = new.frequency; o.damping = new.damping; o.range = new.range
        o.frictionTorque = new.frictionTorque; o.motorSpeed = new.motorSpeed; o.motorTorque = new.motorTorque
        o.angularFrequency = new.angularFrequency; o.angularDamping = new.angularDamping; o.restAngle = new.restAngle
        guard o == new else { return false }
        if let v = new.length { live.length = v }
        live.frequency = new.frequency ?? 0
        live.damping = new.damping ?? 0
        live.attachmentRange = new.range
        live.frictionTorque = new.frictionTorque ?? 0
        live.motorSpeed = new.motorSpeed ?? 0
        live.maxMotorTorque = new.motorTorque ?? 0
        live.angularFrequency = new.angularFrequency ?? 0
        live.angularDamping = new.angularDamping ?? 0
        live.restAngle = new.restAngle ?? 0
        return true
    }

    /// A point shared by two items moves with them: an undo puts the joint where it is now.
    func removed(from live: AttachmentBehavior) -> Self {
        guard to != nil, kind != .distance && kind != .limit else { return self }
        let point = live.attachmentPoints.0
        guard point.isFinite else { return self }
        var a = self
        a.anchor = Position(point)
        return a
    }
}
