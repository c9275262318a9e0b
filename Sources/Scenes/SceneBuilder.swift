// SceneBuilder: a validated SceneDescription + reference bounds → a live Scene.
//
// Every value was checked by SceneParser, so building cannot fail on the file's content: ids
// resolve, numbers are finite and in range. Percent positions resolve against the reference
// bounds here and only here. Values the file leaves out are left at the behavior classes' own
// defaults (UIKit's), so the defaults live in one place. Items listed by no behavior stay out of
// the animator (as a view no behavior holds), and a behavior's `items` left out means every item.
import Dynamics
import Geometry

public struct SceneBuilder: Sendable {
    public init() {}

    public func build(_ description: SceneDescription, referenceBounds: Rect) -> Scene {
        let items = description.items.map { SceneItem($0, in: referenceBounds) }
        var byID: [String: SceneItem] = [:]
        for item in items { byID[item.id] = item }
        var dynamic: Set<ObjectIdentifier> = []

        /// The items a behavior names, all items when it names none.
        func select(_ ids: [String]?) -> [SceneItem] {
            let chosen = ids.map { $0.compactMap { byID[$0] } } ?? items
            for item in chosen { dynamic.insert(ObjectIdentifier(item)) }
            return chosen
        }
        func one(_ id: String) -> SceneItem {
            guard let item = byID[id] else { preconditionFailure("SceneParser lets no unknown item id through: \(id)") }
            dynamic.insert(ObjectIdentifier(item))
            return item
        }
        func point(_ p: Position) -> Point { p.resolve(in: referenceBounds) }

        let animator = DynamicAnimator(referenceBounds: referenceBounds)
        var behaviorsByID: [String: DynamicBehavior] = [:]
        var fileBehaviors: [DynamicBehavior] = []
        /// Work that needs the behavior to be in the animator first (initial velocities).
        var afterAdding: [() -> Void] = []
        /// Named boundaries given in percent, laid out again when the bounds change.
        var boundaryLayouts: [(Rect) -> Void] = []

        for entry in description.behaviors {
            let behavior: DynamicBehavior
            switch entry {
            case .collision(let c):
                let b = CollisionBehavior(items: select(c.items))
                switch c.mode {
                case .items: b.collisionMode = .items
                case .boundaries: b.collisionMode = .boundaries
                case .everything: b.collisionMode = .everything
                }
                if c.boundaries == .reference {
                    b.setTranslatesReferenceBoundsIntoBoundary(with: c.insets)
                }
                /// Adds a named boundary; one given in percent is laid out again when the bounds change.
                func place(_ name: String, _ points: [Position], add: @escaping (CollisionBehavior, [Point]) -> Void) {
                    add(b, points.map(point))
                    guard points.contains(where: \.followsBounds) else { return }
                    boundaryLayouts.append { [unowned b] bounds in
                        b.removeBoundary(withIdentifier: name)
                        add(b, points.map { $0.resolve(in: bounds) })
                    }
                }
                for segment in c.segments {
                    place(segment.name, segment.points) { $0.addBoundary(withIdentifier: segment.name, from: $1[0], to: $1[1]) }
                }
                for path in c.paths {
                    place(path.name, path.points) { $0.addBoundary(withIdentifier: path.name, for: $1) }
                }
                behavior = b

            case .push(let p):
                let pushed = select(p.items)
                let b = PushBehavior(items: pushed, mode: p.mode == .continuous ? .continuous : .instantaneous)
                if let direction = p.direction {
                    b.pushDirection = direction
                } else if p.angle != nil || p.magnitude != nil {
                    // Both at once: with magnitude 0 a separate angle would be lost.
                    b.setAngle(p.angle ?? 0, magnitude: p.magnitude ?? 0)
                }
                if let offset = p.offset {
                    for item in pushed { b.setTargetOffsetFromCenter(offset, for: item) }
                }
                b.active = p.active
                behavior = b

            case .gravity(let g):
                let b = GravityBehavior(items: select(g.items))
                if let direction = g.direction {
                    b.gravityDirection = direction
                } else if g.angle != nil || g.magnitude != nil {
                    // UIKit's defaults for the one left out: straight down, magnitude 1.
                    b.setAngle(g.angle ?? Double.pi / 2, magnitude: g.magnitude ?? 1)
                }
                behavior = b

            case .snap(let s):
                let b = SnapBehavior(item: one(s.item), snapTo: point(s.point))
                b.damping = s.damping
                behavior = b

            case .attachment(let a):
                behavior = attachment(a, item: one(a.item), to: a.to.map(one), point: point)

            case .dynamicItem(let d):
                let chosen = select(d.items)
                let b = DynamicItemBehavior(items: chosen)
                if let v = d.elasticity { b.elasticity = v }
                if let v = d.friction { b.friction = v }
                if let v = d.density { b.density = v }
                if let v = d.resistance { b.resistance = v }
                if let v = d.angularResistance { b.angularResistance = v }
                if let v = d.allowsRotation { b.allowsRotation = v }
                if let v = d.anchored { b.isAnchored = v }
                if let v = d.charge { b.charge = v }
                if let velocity = d.velocity {
                    afterAdding.append { for item in chosen { b.addLinearVelocity(velocity, for: item) } }
                }
                if let omega = d.angularVelocity {
                    afterAdding.append { for item in chosen { b.addAngularVelocity(omega, for: item) } }
                }
                behavior = b

            case .field(let f):
                let b = field(f)
                for item in select(f.items) { b.addItem(item) }
                b.position = f.position.map(point) ?? referenceBounds.center  // default: the middle of the bounds
                if let v = f.strength { b.strength = v }
                if let v = f.falloff { b.falloff = v }
                if let v = f.minimumRadius { b.minimumRadius = v }
                switch f.region {
                case .infinite: break
                case .circle(let radius): b.region = .circle(radius: radius)
                case .rect(let size): b.region = .rect(size: size)
                }
                behavior = b
            }
            if let id = entry.id { behaviorsByID[id] = behavior }
            fileBehaviors.append(behavior)
            animator.addBehavior(behavior)
        }
        for work in afterAdding { work() }

        let scene = Scene(sceneDescription: description, referenceBounds: referenceBounds, items: items, animator: animator,
                          behaviorsByID: behaviorsByID, dynamicItems: dynamic)
        scene.fileBehaviors = fileBehaviors
        scene.boundaryLayouts = boundaryLayouts
        return scene
    }

    private func attachment(_ a: BehaviorDescription.Attachment, item: SceneItem, to other: SceneItem?,
                            point: (Position) -> Point) -> AttachmentBehavior {
        // SceneParser guarantees the keys each kind needs; the fallbacks below are never taken.
        let anchor = a.anchor.map(point) ?? item.center
        let b: AttachmentBehavior
        switch a.kind {
        case .distance:
            if let other {
                b = AttachmentBehavior(item: item, offsetFromCenter: a.offset, attachedTo: other, offsetFromCenter: a.toOffset)
            } else {
                b = AttachmentBehavior(item: item, offsetFromCenter: a.offset, attachedToAnchor: anchor)
            }
        case .pin:
            if let other {
                b = AttachmentBehavior.pinAttachment(with: item, attachedTo: other, attachmentAnchor: anchor)
            } else {
                b = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: anchor)
            }
            if let v = a.frictionTorque { b.frictionTorque = v }
        case .sliding:
            let axis = a.axis ?? Vector(1, 0)
            if let other {
                b = AttachmentBehavior.slidingAttachment(with: item, attachedTo: other, attachmentAnchor: anchor, axisOfTranslation: axis)
            } else {
                b = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: anchor, axisOfTranslation: axis)
            }
        case .limit:
            if let other {
                b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: a.offset, attachedTo: other, offsetFromCenter: a.toOffset)
            } else {
                b = AttachmentBehavior.limitAttachment(with: item, offsetFromCenter: a.offset, attachedToAnchor: anchor)
            }
        case .fixed:
            b = AttachmentBehavior.fixedAttachment(with: item, attachedTo: other ?? item, attachmentAnchor: anchor)
        }
        if let v = a.length { b.length = v }
        if let v = a.frequency { b.frequency = v }
        if let v = a.damping { b.damping = v }
        if let range = a.range { b.attachmentRange = range }  // pin: radians; sliding: points
        return b
    }

    private func field(_ f: BehaviorDescription.Field) -> FieldBehavior {
        switch f.kind {
        case .radialGravity: return .radialGravityField(position: .zero)  // position set by the caller
        case .linearGravity: return .linearGravityField(direction: f.direction ?? Vector(0, 1))
        case .drag: return .dragField()
        case .vortex: return .vortexField()
        case .spring: return .springField()
        case .noise: return .noiseField(smoothness: f.smoothness ?? 0.5, animationSpeed: f.animationSpeed ?? 1)
        case .velocity: return .velocityField(direction: f.direction ?? .zero)
        case .turbulence: return .turbulenceField(smoothness: f.smoothness ?? 0.5, animationSpeed: f.animationSpeed ?? 1)
        case .electric: return .electricField()
        case .magnetic: return .magneticField()
        }
    }
}
