// DynamicItemProperties+Building: `type: dynamicItem` → DynamicItemBehavior.
//
// Initial velocities need the items' bodies, so they are added once the behavior is in the
// animator (`BehaviorBuildContext.afterAdding`).
import Dynamics
import SceneFormat

extension BehaviorDescription.DynamicItemProperties: BehaviorBuilding {
    func build(in context: BehaviorBuildContext) -> DynamicBehavior {
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
}
