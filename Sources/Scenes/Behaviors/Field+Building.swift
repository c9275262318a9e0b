// Field+Building: `type: field` → FieldBehavior of the file's kind.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Field: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> FieldBehavior {
        let b = makeField()
        for item in context.select(items) { b.addItem(item) }
        b.position = position.map(context.point) ?? context.referenceBounds.center  // default: the middle of the bounds
        if let v = strength { b.strength = v }
        if let v = falloff { b.falloff = v }
        if let v = minimumRadius { b.minimumRadius = v }
        switch region {
        case .infinite: break
        case .circle(let radius): b.region = .circle(radius: radius)
        case .rect(let size): b.region = .rect(size: size)
        }
        return b
    }

    private func makeField() -> FieldBehavior {
        switch kind {
        case .radialGravity: return .radialGravityField(position: .zero)  // position set by build
        case .linearGravity: return .linearGravityField(direction: direction ?? Vector(0, 1))
        case .drag: return .dragField()
        case .vortex: return .vortexField()
        case .spring: return .springField()
        case .noise: return .noiseField(smoothness: smoothness ?? 0.5, animationSpeed: animationSpeed ?? 1)
        case .velocity: return .velocityField(direction: direction ?? .zero)
        case .turbulence: return .turbulenceField(smoothness: smoothness ?? 0.5, animationSpeed: animationSpeed ?? 1)
        case .electric: return .electricField()
        case .magnetic: return .magneticField()
        }
    }
}
