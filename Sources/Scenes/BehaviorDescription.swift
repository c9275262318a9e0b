// BehaviorDescription: one `behaviors:` entry, one case per UIKit Dynamics behavior.
//
// Optional fields are nil when the file leaves them out, so the builder applies the behavior
// class's own (UIKit's documented) defaults instead of repeating them here. `items: nil` means
// "every item of the scene", which keeps small scenes short and lets items spawned later join.
import Geometry

public enum BehaviorDescription: Hashable, Sendable {
    case collision(Collision)
    case push(Push)
    case gravity(Gravity)
    case snap(Snap)
    case attachment(Attachment)
    case dynamicItem(DynamicItemProperties)
    case field(Field)

    /// The `type:` names, in the order above.
    public enum Kind: String, CaseIterable, Sendable {
        case collision, push, gravity, snap, attachment, dynamicItem, field
    }

    public var kind: Kind {
        switch self {
        case .collision: .collision
        case .push: .push
        case .gravity: .gravity
        case .snap: .snap
        case .attachment: .attachment
        case .dynamicItem: .dynamicItem
        case .field: .field
        }
    }

    /// The behavior's id, if it has one (gestures address behaviors by id).
    public var id: String? {
        switch self {
        case .collision(let b): b.id
        case .push(let b): b.id
        case .gravity(let b): b.id
        case .snap(let b): b.id
        case .attachment(let b): b.id
        case .dynamicItem(let b): b.id
        case .field(let b): b.id
        }
    }

    public struct Collision: Hashable, Sendable {
        public enum Mode: String, CaseIterable, Sendable { case items, boundaries, everything }
        public enum Boundaries: String, CaseIterable, Sendable { case reference, none }
        public var id: String?
        public var items: [String]?
        public var mode: Mode = .everything
        public var boundaries: Boundaries = .none
        /// Top, left, bottom, right, applied to the reference-bounds walls.
        public var insets: EdgeInsets = .zero
        /// Named straight boundaries, in file order.
        public var segments: [NamedPath] = []
        /// Named polyline boundaries, in file order.
        public var paths: [NamedPath] = []
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }
    }

    public struct NamedPath: Hashable, Sendable {
        public var name: String
        public var points: [Position]
        public init(name: String, points: [Position]) { self.name = name; self.points = points }
    }

    public struct Push: Hashable, Sendable {
        public enum Mode: String, CaseIterable, Sendable { case continuous, instantaneous }
        public var id: String?
        public var items: [String]?
        public var mode: Mode = .continuous
        public var angle: Double?
        public var magnitude: Double?
        /// Exclusive with angle/magnitude.
        public var direction: Vector?
        public var active: Bool = true
        /// `targetOffsetFromCenter` for every item of the push.
        public var offset: Vector?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }
    }

    public struct Gravity: Hashable, Sendable {
        public var id: String?
        public var items: [String]?
        public var magnitude: Double?
        public var angle: Double?
        /// Exclusive with angle/magnitude.
        public var direction: Vector?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }
    }

    public struct Snap: Hashable, Sendable {
        public var id: String?
        public var item: String
        public var point: Position
        public var damping: Double = 0.5
        public init(id: String? = nil, item: String, point: Position) { self.id = id; self.item = item; self.point = point }
    }

    public struct Attachment: Hashable, Sendable {
        public enum Kind: String, CaseIterable, Sendable { case distance, pin, sliding, limit, fixed }
        public var id: String?
        public var kind: Kind = .distance
        public var item: String
        /// The other item, for item-to-item attachments.
        public var to: String?
        /// The anchor point (to a point; for pin, sliding and fixed, the shared point).
        public var anchor: Position?
        /// Offset from `item`'s center.
        public var offset: Vector = .zero
        /// Offset from `to`'s center.
        public var toOffset: Vector = .zero
        /// nil: the distance at creation.
        public var length: Double?
        public var frequency: Double?
        public var damping: Double?
        /// Sliding only.
        public var axis: Vector?
        /// Pin only.
        public var frictionTorque: Double?
        /// Pin: the allowed relative angle in radians; sliding: the allowed travel in points.
        public var range: ClosedRange<Double>?
        public init(id: String? = nil, item: String) { self.id = id; self.item = item }
    }

    public struct DynamicItemProperties: Hashable, Sendable {
        public var id: String?
        public var items: [String]?
        public var elasticity: Double?
        public var friction: Double?
        public var density: Double?
        public var resistance: Double?
        public var angularResistance: Double?
        public var allowsRotation: Bool?
        public var anchored: Bool?
        public var charge: Double?
        /// Added once at the start, pt/s.
        public var velocity: Vector?
        /// Added once at the start, rad/s.
        public var angularVelocity: Double?
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }
    }

    public struct Field: Hashable, Sendable {
        public enum Kind: String, CaseIterable, Sendable {
            case radialGravity, linearGravity, drag, vortex, spring, noise, velocity, turbulence, electric, magnetic
        }
        public enum Region: Hashable, Sendable {
            case infinite
            case circle(radius: Double)
            case rect(size: Size)
        }
        public var id: String?
        public var kind: Kind
        public var items: [String]?
        public var position: Position?
        public var strength: Double?
        public var falloff: Double?
        public var minimumRadius: Double?
        /// linearGravity and velocity fields.
        public var direction: Vector?
        public var region: Region = .infinite
        /// noise and turbulence fields, 0...1.
        public var smoothness: Double?
        /// noise and turbulence fields.
        public var animationSpeed: Double?
        public init(id: String? = nil, kind: Kind, items: [String]? = nil) { self.id = id; self.kind = kind; self.items = items }
    }
}
