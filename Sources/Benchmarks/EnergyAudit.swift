// EnergyAudit: random scenes of every behavior kind, run through the real parser and builder, and
// checked for the one law that covers them all: the scene's energy never exceeds what it started
// with plus the work its drivers did. Nothing else can add energy: gravity, springs and the
// conservative fields only trade kinetic for potential energy, and collisions (elasticity ≤ 1),
// friction, resistance, damping, drag, the magnetic field and turbulence only take it out.
//
// The audit is four parts, one file each: the scenes a seed makes (AuditSceneGenerator.swift),
// what the audit knows of a scene beyond its YAML (AuditScene.swift), the energy and the drivers'
// work (AuditLedger.swift, with the energy the integrator keeps in AuditVerlet.swift), and the
// run that checks a scene step by step (AuditRun.swift). This file holds the kinds, the walls and
// the loop over seeds.
//
// A scene fails when its energy exceeds the start plus the drivers' work by more than 1 % of its
// scale, when a value goes NaN or infinite, or when an item's center leaves the walls. A seed's
// scene is the same on every platform (SplitMix64), and its YAML is printed with a failure, so any
// failure replays with `nudge simulate`.
import Geometry

public enum EnergyAudit {
    /// The behavior kinds a scene may draw from: each can be left out to find a failure's cause.
    public enum Kind: String, CaseIterable, Sendable {
        case push, snap, gravity, rod, spring, rope, pin, motor, sliding, fixed, properties
        case linearGravityField, radialGravityField, dragField, velocityField, vortexField, springField
        case noiseField, turbulenceField, electricField, magneticField

        var fieldKind: String? {
            rawValue.hasSuffix("Field") ? String(rawValue.dropLast(5)) : nil
        }
    }

    public static let bounds = Rect(x: 0, y: 0, width: 640, height: 368)

    /// What a run found.
    public struct Outcome: Sendable {
        /// The first check that failed, or nil.
        public var failure: String?
        /// "energy", "nan" or "walls".
        public var cause: String?
        /// The worst energy excess, as a share of the scene's scale.
        public var worstExcess = 0.0
    }

    /// A deterministic random scene for `seed`, drawing only on `kinds`.
    public static func scene(seed: UInt64, kinds: Set<Kind> = Set(Kind.allCases)) -> Scene {
        var generator = AuditSceneGenerator(seed: seed, kinds: kinds)
        return generator.generate()
    }

    /// Runs `seeds` and returns the failures, each with its scene.
    public static func audit(seeds: Range<UInt64>, steps: Int, kinds: Set<Kind> = Set(Kind.allCases),
                             progress: (UInt64) -> Void = { _ in }) -> [(scene: Scene, outcome: Outcome)] {
        var failures: [(scene: Scene, outcome: Outcome)] = []
        for seed in seeds {
            progress(seed)
            let scene = scene(seed: seed, kinds: kinds)
            let outcome: Outcome
            do { outcome = try run(scene, steps: steps) } catch {
                failures.append((scene, Outcome(failure: "does not parse: \(error)", cause: "parse")))
                continue
            }
            if outcome.failure != nil { failures.append((scene, outcome)) }
        }
        return failures
    }
}
