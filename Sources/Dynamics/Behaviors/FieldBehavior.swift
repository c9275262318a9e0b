// FieldBehavior (UIFieldBehavior): a force field over a region, acting only on its own items.
//
// UIKit documents the fields but not their units, so Nudge fixes them (docs/dynamics.md):
//   - strength 1 of a gravity-like field is 1000 pt/s², the same as GravityBehavior's magnitude 1;
//   - `falloff` f scales a field by (100 pt / max(d, minimumRadius))^f, d being the distance from
//     `position` (100 pt is one meter, as in UIKit's Box2D); default 0, no falloff; the factor is
//     bounded so a field never moves a body farther than its distance to the center in one step;
//   - linear gravity: acceleration strength·1000 along `direction`;
//   - radial gravity: acceleration strength·1000 toward `position`;
//   - drag: acceleration −strength·v (s⁻¹), so strength 1 halves speed every ln 2 seconds;
//   - velocity: acceleration strength·(direction·100 − v), steering toward `direction` pt/s·100;
//   - vortex: acceleration strength·1000 perpendicular to the line to `position` (clockwise on
//     screen for positive strength);
//   - spring: acceleration −(2π)²·strength·(p − position): an item oscillates at √strength Hz;
//   - noise / turbulence: a smooth pseudo-random acceleration of strength·1000, in time and space,
//     with `smoothness` (0 rough … 1 smooth) and `animationSpeed` (cycles per second), seeded so
//     the same run replays exactly; turbulence scales it by the item's speed / 100 and only
//     turns or slows an item, never speeds it up (its push along the velocity is left out);
//   - electric: force strength·1000·charge away from `position` (like charges repel);
//   - magnetic: force strength·charge·(v turned a quarter turn clockwise), as q·v×B with B out of
//     the screen.
// `region` limits where the field acts, around `position`.
// Every kind but linear gravity depends on where the item is or how it moves, so the solver
// applies it at every substep from the item's state of that moment (SubstepField.swift), with
// the exact solution for the velocity-dependent kinds: a magnetic field turns the velocity
// without changing the speed, drag and velocity fields decay exponentially. The electric field
// and radial gravity without falloff have their work over each substep made their potential's
// fall (FieldWork.swift).
import Geometry

/// Where a field acts, around its ``FieldBehavior/position``. UIKit: `UIRegion`.
public enum FieldRegion: Sendable, Equatable {
    /// Everywhere (the default).
    case infinite
    /// Within `radius` points of the position.
    case circle(radius: Double)
    /// Within the rectangle of `size` points centered on the position.
    case rect(size: Size)

    func contains(_ offset: Vector) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return offset.lengthSquared <= r * r
        case .rect(let s): return abs(offset.x) <= s.width / 2 && abs(offset.y) <= s.height / 2
        }
    }
}

/// A force field over a region, acting on its own items only. UIKit: `UIFieldBehavior`.
///
/// UIKit leaves the fields' units open; Nudge fixes them so that strength 1 of a gravity-like
/// field is 1000 pt/s², as ``GravityBehavior``'s magnitude 1 (docs/dynamics.md has every kind).
public final class FieldBehavior: ItemListBehavior, SubstepField {
    /// The kinds of field, one per UIKit factory method. The raw value is the name scene files use.
    public enum Kind: String, Sendable, CaseIterable {
        /// Acceleration strength × 1000 pt/s² along ``FieldBehavior/direction``.
        case linearGravity
        /// Acceleration strength × 1000 pt/s² toward ``FieldBehavior/position``.
        case radialGravity
        /// Acceleration −strength × velocity (strength in 1/s).
        case drag
        /// Steers velocity toward ``FieldBehavior/direction`` × 100 pt/s at rate strength (1/s).
        case velocity
        /// Acceleration strength × 1000 pt/s² across the line to the position, clockwise on
        /// screen for positive strength.
        case vortex
        /// Pulls toward the position so that an item oscillates at √strength Hz.
        case spring
        /// A smooth pseudo-random acceleration of up to strength × 1000 pt/s², varying in space
        /// and time.
        case noise
        /// Noise scaled by the item's speed / 100 pt/s.
        case turbulence
        /// Force strength × 1000 × charge away from the position (like charges repel).
        case electric
        /// Force strength × charge × velocity turned a quarter turn clockwise (q·v × B).
        case magnetic
    }

    /// Which field this is; fixed at creation.
    public let kind: Kind
    /// The field's center, in the reference view's points. Default (0, 0).
    public var position: Point = .zero { didSet { setNeedsResume() } }
    /// Where around ``position`` the field acts. Default ``FieldRegion/infinite``.
    public var region: FieldRegion = .infinite { didSet { setNeedsResume() } }
    /// How strong the field is, in the units of its ``Kind``. Default 1.
    public var strength: Double = 1 { didSet { setNeedsResume() } }
    /// The exponent f of the falloff factor (100 pt / max(d, ``minimumRadius``))^f, d being the
    /// distance from ``position``; 0 (the default) means no falloff.
    public var falloff: Double = 0 { didSet { setNeedsResume() } }
    /// Points within which the falloff stops growing. Default 0.
    public var minimumRadius: Double = 0 { didSet { setNeedsResume() } }
    /// The direction of linear gravity and velocity fields. Default (0, 1), down.
    public var direction: Vector = Vector(0, 1) { didSet { setNeedsResume() } }
    /// Noise and turbulence: 0 rough (20 pt cells) to 1 smooth (400 pt cells). Default 0.5.
    public var smoothness: Double = 0.5 { didSet { setNeedsResume() } }
    /// Noise and turbulence: how fast the pattern changes, in cycles per second. Default 1.
    public var animationSpeed: Double = 1 { didSet { setNeedsResume() } }
    /// Seed of the noise and turbulence fields: the same seed replays the same forces. Default 1.
    public var seed: UInt64 = 1

    /// A field of `kind` with every property at its default and no items.
    public init(kind: Kind) {
        self.kind = kind
        super.init(items: [])
    }

    /// Gravity along `direction` (normalized). UIKit: `linearGravityField(direction:)`.
    public static func linearGravityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    /// Gravity toward `position`. UIKit: `radialGravityField(position:)`.
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// Drag proportional to velocity. UIKit: `dragField()`.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Steering toward the velocity `direction` × 100 pt/s. UIKit: `velocityField(direction:)`.
    public static func velocityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    /// A swirl around the position. UIKit: `vortexField()`.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// A spring toward the position. UIKit: `springField()`.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// Smooth random forces. UIKit: `noiseField(smoothness:animationSpeed:)`.
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Random forces scaled by speed. UIKit: `turbulenceField(smoothness:animationSpeed:)`.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Pushes charged items away from the position. UIKit: `electricField()`.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// Turns moving charged items. UIKit: `magneticField()`.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// The falloff factor at distance `d` from the position (1 without falloff).
    private func falloffScale(_ d: Double) -> Double {
        guard falloff != 0 else { return 1 }
        // (100 / d)^falloff, taken in logarithms and bounded: the field is integrated explicitly,
        // which stays meaningful only while it moves a body less than its distance to the
        // center in one step, |a| ≤ d·60². Past that (a steep falloff near the center: falloff
        // 150 at 10 pt is 10^150) the body would jump past the center and the numbers overflow
        // to infinity on the first step.
        let r = max(d, minimumRadius, 1e-6)
        let logScale = falloff * log(100 / r)
        let unit = abs(strength) * GravityBehavior.pointsPerSecondSquared
        let logCap = unit > 0 ? log(max(r, 1) * 3600 / unit) : logScale
        return exp(min(logScale, max(logCap, 0)))
    }

    /// The acceleration (pt/s²) the field gives a body at `p` moving at `v` with mass `m` and
    /// charge `q`, at time `t`; zero outside the region.
    func acceleration(at p: Point, velocity v: Vector, mass m: Double, charge q: Double, time t: Double) -> Vector {
        let offset = p - position
        guard region.contains(offset) else { return .zero }
        let d = offset.length
        let g = GravityBehavior.pointsPerSecondSquared
        let scale = falloffScale(d)
        switch kind {
        case .linearGravity:
            return direction.normalized * (strength * g * scale)
        case .radialGravity:
            return d > 1e-9 ? offset / d * (-strength * g * scale) : .zero
        case .drag:
            return v * (-strength * scale)
        case .velocity:
            return (direction * 100 - v) * (strength * scale)
        case .vortex:
            return d > 1e-9 ? (offset / d).perpendicular * (strength * g * scale) : .zero
        case .spring:
            return offset * (-(2 * Double.pi) * (2 * Double.pi) * strength * scale)
        case .noise, .turbulence:
            let n = noise(p, t)
            let speedFactor = kind == .turbulence ? v.length / 100 : 1
            return n * (strength * g * scale * speedFactor)
        case .electric:
            guard m > 0, d > 1e-9 else { return .zero }
            return offset / d * (strength * g * q * scale / m)
        case .magnetic:
            guard m > 0 else { return .zero }
            return v.perpendicular * (strength * q * scale / m)
        }
    }

    /// The field's effect over `tau` seconds, at every substep (SubstepField.swift). Forces of
    /// the position and time kick by their acceleration; forces of the velocity take their exact
    /// solution over `tau`, so they cannot add energy the equations do not:
    ///   - magnetic: the velocity turns, its speed kept, by Boris's angle 2·atan(ω·h/2) per substep
    ///     (τ/h of it for a kick of τ), ω = strength·charge/mass;
    ///   - drag: v·exp(−strength·τ); velocity: the difference to the target decays the same way;
    ///   - turbulence: its push across the velocity turns it, its push against it slows it, and
    ///     its push along it is left out, so it stirs but never speeds an item up (a force that
    ///     grows with speed and may point along the velocity would double the speed every
    ///     0.07 s at strength 1);
    ///   - spring: the stiffness is corrected for the substep so the period is exactly 1/√strength
    ///     s (SpringForce.stiffness).
    func kick(_ v: inout Vector, at p: Point, mass m: Double, charge q: Double, time t: Double, tau: Double, h: Double) {
        let offset = p - position
        guard region.contains(offset) else { return }
        let scale = falloffScale(offset.length)
        switch kind {
        case .magnetic:
            guard m > 0 else { return }
            // Boris's angle: a substep turns the velocity by 2·atan(ω·h/2), not ω·h (a kick of
            // τ by its share τ/h of it, so the half kicks at a step's ends make one substep's).
            let omega = strength * q * scale / m
            let angle = h > 0 ? tau / h * 2 * atan(omega * h / 2) : omega * tau
            v = v * cos(angle) + v.perpendicular * sin(angle)
        case .drag:
            v = v * exp(-strength * scale * tau)
        case .velocity:
            let target = direction * 100
            v = target + (v - target) * exp(-strength * scale * tau)
        case .spring:
            let rate = strength * scale
            if rate > 0 {
                v -= offset * (SpringForce.stiffness(omega: 2 * Double.pi * rate.squareRoot(), h: h) * tau)
            } else {
                v -= offset * ((2 * Double.pi) * (2 * Double.pi) * rate * tau)
            }
        case .turbulence:
            let speed = v.length
            guard speed > 0 else { return }
            let along = v / speed, across = along.perpendicular
            let a = noise(p, t) * (strength * GravityBehavior.pointsPerSecondSquared * scale * speed / 100)
            let angle = a.dot(across) * tau / speed
            let newSpeed = max(0, speed + min(a.dot(along), 0) * tau)
            v = (along * cos(angle) + across * sin(angle)) * newSpeed
        case .linearGravity, .radialGravity, .vortex, .noise, .electric:
            v += acceleration(at: p, velocity: v, mass: m, charge: q, time: t) * tau
        }
    }

    /// The potential energy of a body in the electric field or radial gravity without falloff
    /// over the whole plane: a cone, ∓|F|·d (FieldWork.swift makes the kicks' work match it).
    /// nil for every other field, whose potential has no closed form here or jumps at a
    /// region's edge.
    func potential(at p: Point, mass m: Double, charge q: Double) -> Double? {
        guard falloff == 0, region == .infinite, m > 0 else { return nil }
        let d = p.distance(to: position), g = GravityBehavior.pointsPerSecondSquared
        switch kind {
        case .radialGravity: return m * strength * g * d
        case .electric: return -q * strength * g * d
        default: return nil
        }
    }

    /// Magnetic, drag, velocity and turbulence fields act on the velocity (SubstepField.swift).
    var dependsOnVelocity: Bool {
        switch kind {
        case .magnetic, .drag, .velocity, .turbulence: return true
        case .linearGravity, .radialGravity, .vortex, .spring, .noise, .electric: return false
        }
    }

    override func applyBeforeStep(_ context: StepContext) {
        for item in items {
            guard let id = context.body(for: item) else { continue }
            let b = context.world.body(id)
            guard b.kind == .dynamic else { continue }
            // A sleeping body is loaded as before it slept (World.velocityForForces), so an
            // unchanged drag or magnetic field does not wake it.
            let v = context.world.velocityForForces(of: id)
            let a = acceleration(at: b.position, velocity: v, mass: b.mass, charge: b.charge, time: context.time)
            if kind == .linearGravity {
                // The same everywhere and at every speed: a constant load is exact.
                context.world.withBody(id) { $0.acceleration += a }
            } else {
                // The load still tells the sleeper what the body feels; the solver applies the
                // field itself at every substep.
                context.world.withBody(id) { $0.acceleration += a; $0.fieldAcceleration += a }
                context.world.addFieldLoad(FieldLoad(field: self, body: id.index, time: context.time))
            }
        }
    }

    // MARK: Noise

    /// Smooth value noise in 3D (x, y in cells, time): two independent channels make a 2D vector
    /// with components in −1…1. Cell size grows with smoothness (20 pt rough to 400 pt smooth).
    private func noise(_ p: Point, _ t: Double) -> Vector {
        let cell = 20 + 380 * min(max(smoothness, 0), 1)
        let x = p.x / cell, y = p.y / cell, z = t * animationSpeed
        return Vector(valueNoise(x, y, z, channel: 0), valueNoise(x, y, z, channel: 1))
    }

    private func valueNoise(_ x: Double, _ y: Double, _ z: Double, channel: UInt64) -> Double {
        // The lattice repeats every 2³² cells, so any finite coordinate maps to a valid Int64.
        let period = 4_294_967_296.0
        func wrap(_ v: Double) -> Double { v.isFinite ? v - (v / period).rounded(.down) * period : 0 }
        let x = wrap(x), y = wrap(y), z = wrap(z)
        let x0 = x.rounded(.down), y0 = y.rounded(.down), z0 = z.rounded(.down)
        let fx = smooth(x - x0), fy = smooth(y - y0), fz = smooth(z - z0)
        let ix = Int64(x0), iy = Int64(y0), iz = Int64(z0)
        func corner(_ dx: Int64, _ dy: Int64, _ dz: Int64) -> Double {
            hash(ix + dx, iy + dy, iz + dz, channel)
        }
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        let c00 = lerp(corner(0, 0, 0), corner(1, 0, 0), fx), c10 = lerp(corner(0, 1, 0), corner(1, 1, 0), fx)
        let c01 = lerp(corner(0, 0, 1), corner(1, 0, 1), fx), c11 = lerp(corner(0, 1, 1), corner(1, 1, 1), fx)
        return lerp(lerp(c00, c10, fy), lerp(c01, c11, fy), fz)
    }

    private func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// A value in −1…1 from integer coordinates (SplitMix64 finalizer).
    private func hash(_ x: Int64, _ y: Int64, _ z: Int64, _ channel: UInt64) -> Double {
        var h = seed &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: x) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(bitPattern: y) &* 0x94D0_49BB_1331_11EB
        h ^= UInt64(bitPattern: z) &* 0xD6E8_FEB8_6659_FD93
        h ^= channel &* 0xA076_1D64_78BD_642F
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Double(h >> 11) / Double(1 << 52) - 1
    }

    /// Checkpoints: the noise seed and where the field stands and how strong it is (an action
    /// may move or retune it between steps).
    override func captureState() -> Any? {
        (super.captureState(), seed, position, strength, direction)
    }
    override func restoreState(_ state: Any?) {
        guard let (list, s, p, k, d) = state as? (Any?, UInt64, Point, Double, Vector) else { return }
        super.restoreState(list)
        seed = s
        position = p
        strength = k
        direction = d
    }
}
