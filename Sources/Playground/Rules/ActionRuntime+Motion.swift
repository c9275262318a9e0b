// The actions that move items and switch behaviors, through the animator as UIKit code would.
import Dynamics
import Geometry
import SceneFormat
import Scenes

extension ActionDescription.Push: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        guard let target = c.item(item), c.scene.isDynamic(target) else { return itemField(nil) }
        let push = PushBehavior(items: [target], mode: .instantaneous)
        push.pushDirection = direction
        c.scene.animator.addBehavior(push)
        c.runner.spent(push)
        return itemField(target) + [("dx", HeadlessJSON.number(direction.x)), ("dy", HeadlessJSON.number(direction.y))]
    }
}

extension ActionDescription.Snap: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        guard let target = c.item(item), let point = c.point(to) ?? c.item(item)?.center else { return [] }
        let snap = SnapBehavior(item: target, snapTo: point)
        snap.damping = damping
        c.scene.animator.addBehavior(snap)
        return itemField(target) + [("x", HeadlessJSON.number(point.x)), ("y", HeadlessJSON.number(point.y))]
    }
}

extension ActionDescription.SetVelocity: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] {
        guard let target = c.item(item), c.scene.isDynamic(target) else { return [] }
        let spin = angularVelocity ?? c.scene.angularVelocity(of: target)
        c.scene.animator.setVelocity(velocity, angular: spin, for: target)
        return itemField(target) + [("vx", HeadlessJSON.number(velocity.x)), ("vy", HeadlessJSON.number(velocity.y))]
    }
}

// MARK: Behaviors by id

extension ActionDescription.BehaviorTarget {
    /// Puts the behavior in (true) or takes it out of (false) the animator; the fields of its line.
    func set(_ present: Bool, in c: ActionContext) -> [(String, String)] {
        let fields = [("behavior", HeadlessJSON.string(behavior))]
        guard let live = c.scene.behavior(withID: behavior) else { return fields }
        let animator = c.scene.animator
        let isIn = animator.behaviors.contains { $0 === live }
        if present && !isIn { animator.addBehavior(live) }
        if !present && isIn { animator.removeBehavior(live) }
        return fields
    }

    /// A push's `active`; any other kind is put in or taken out.
    func enable(_ on: Bool, in c: ActionContext) -> [(String, String)] {
        guard let push = c.scene.behavior(withID: behavior) as? PushBehavior else { return set(on, in: c) }
        push.active = on
        return [("behavior", HeadlessJSON.string(behavior))]
    }
}

extension ActionDescription.AddBehavior: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] { target.set(true, in: c) }
}

extension ActionDescription.RemoveBehavior: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] { target.set(false, in: c) }
}

extension ActionDescription.EnableBehavior: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] { target.enable(true, in: c) }
}

extension ActionDescription.DisableBehavior: ActionRuntime {
    func run(_ c: ActionContext) -> [(String, String)] { target.enable(false, in: c) }
}
