// Collision+Building: `type: collision` → CollisionBehavior, named boundaries included.
//
// Boundaries given in percent are laid out again whenever the reference bounds change
// (`BehaviorBuildContext.boundaryLayouts`), as the reference walls are.
import Dynamics
import Geometry
import SceneFormat

extension BehaviorDescription.Collision: BehaviorRuntime {
    func build(in context: BehaviorBuildContext) -> CollisionBehavior {
        let b = CollisionBehavior(items: context.select(items))
        switch mode {
        case .items: b.collisionMode = .items
        case .boundaries: b.collisionMode = .boundaries
        case .everything: b.collisionMode = .everything
        }
        if boundaries == .reference {
            b.setTranslatesReferenceBoundsIntoBoundary(with: insets)
        }
        /// Adds a named boundary; one given in percent is laid out again when the bounds change.
        func place(_ name: String, _ points: [Position], add: @escaping (CollisionBehavior, [Point]) -> Void) {
            add(b, points.map(context.point))
            guard points.contains(where: \.followsBounds) else { return }
            context.boundaryLayouts.append { [unowned b] bounds in
                b.removeBoundary(withIdentifier: name)
                add(b, points.map { $0.resolve(in: bounds) })
            }
        }
        for segment in segments {
            place(segment.name, segment.points) { $0.addBoundary(withIdentifier: segment.name, from: $1[0], to: $1[1]) }
        }
        for path in paths {
            place(path.name, path.points) { $0.addBoundary(withIdentifier: path.name, for: $1) }
        }
        return b
    }
}
