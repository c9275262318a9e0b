// DynamicItemProperties+Building: `type: dynamicItem` → DynamicItemBehavior.
//
// Initial velocities need the items' bodies, so they are added once the behavior is in the
// animator (`BehaviorBuildContext.afterAdding`). Written back, the start velocities are left out:
// they were spent at the start and the items' own velocities now carry them. An edit changes the
// properties in place when it sets every property the entry set (a live behavior cannot forget a
// value), besides the list.
import Dynamics
import SceneFormat

extension BehaviorDescription.DynamicItemProperties: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> DynamicItemBehavior {
        let chosen = context.select(items)
        let b = DynamicItemBehavior(items: chosen)
        if let v = elasticity { b.elasticity = v }
        if let v = friction { b.friction = v }
        if let v = density { b.density = v }
        if let v = resistance { b.resistance = v }
        if let v = angularResistance { b.angularResistance = v }
        if let v = allowsRotation { b.allowsRotation = v }
        if let v = anchored { b.isAnchored = v }
        if let v = charge { b.charge = v }
        if let velocity {
            context.afterAdding.append { for item in chosen { b.addLinearVelocity(velocity, for: item) } }
        }
        if let omega = angularVelocity {
            context.afterAdding.append { for item in chosen { b.addAngularVelocity(omega, for: item) } }
        }
        return b
    }

    func current(_ live: DynamicItemBehavior, in scene: Scene, itemIDs: Set<String>) -> Self? {
        guard let ids = scene.itemList(items, live) else { return nil }
        var properties = self
        properties.items = ids
        properties.velocity = nil
        properties.angularVelocity = nil
        return properties
    }

    func change(_ live: DynamicItemBehavior, to new: Self, in scene: Scene) -> Bool {
        guard setsEveryProperty(of: self, new) else { return false }
        if let v = new.elasticity { live.elasticity = v }
        if let v = new.friction { live.friction = v }
        if let v = new.density { live.density = v }
        if let v = new.resistance { live.resistance = v }
        if let v = new.angularResistance { live.angularResistance = v }
        if let v = new.allowsRotation { live.allowsRotation = v }
        if let v = new.anchored { live.isAnchored = v }
        if let v = new.charge { live.charge = v }
        scene.relist(live, new.items)
        return true
    }

    /// Whether `new` sets every property `old` sets, with the same start velocities.
    private func setsEveryProperty(of old: Self, _ new: Self) -> Bool {
        (old.elasticity == nil || new.elasticity != nil) && (old.friction == nil || new.friction != nil)
            && (old.density == nil || new.density != nil) && (old.resistance == nil || new.resistance != nil)
            && (old.angularResistance == nil || new.angularResistance != nil)
            && (old.allowsRotation == nil || new.allowsRotation != nil) && (old.anchored == nil || new.anchored != nil)
            && (old.charge == nil || new.charge != nil) && old.velocity == new.velocity
            && old.angularVelocity == new.angularVelocity
    }
}
