// Gravity+Building: `type: gravity` → GravityBehavior.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Gravity: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> GravityBehavior {
        let b = GravityBehavior(items: context.select(items))
        if let direction {
            b.gravityDirection = direction
        } else if angle != nil || magnitude != nil {
            // UIKit's defaults for the one left out: straight down, magnitude 1.
            b.setAngle(angle ?? Double.pi / 2, magnitude: magnitude ?? 1)
        }
        return b
    }
}
