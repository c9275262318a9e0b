// BoxTwinSpinner: the twin of Box2D v3's spinner (shared/benchmarks.c: CreateSpinner), stated in
// v3's units; BoxTwins.swift says how they map.
//
// spinner (500 steps, v3's default sleeping on; the rotor never sleeps): a static loop of 360
// points on a circle of radius 40 m about (0, 32), friction 0.1; a dynamic rotor at (0, 12), a
// box of half extents 0.4 × 20 m rounded by 0.2 m, friction 0, density 1, pinned to the ground
// at its centre by a motor of 5 rad/s with unbounded torque; 6,076 bodies (2 · 3,038), in turn a
// capsule (segment (±0.25, 0), radius 0.25), a ball of radius 0.35 and a square of half extent
// 0.35, friction 0.1, restitution 0.1, density 0.25, in rows from (−23, 2), 0.5 m apart, 92 a row
// (x from −23 up to 22.5), rows 0.5 m apart (so neighbours start overlapping, as in v3).
// Each capsule is a capsule item and the rotor a rectangle of its outer size, 1.2 × 40.4 m, with a
// corner radius of 0.2 m: v3's rounded box. The loop is a closed boundary path.
// "Unbounded torque" is v3's FLT_MAX, scaled.
import Geometry
import Dynamics

extension BoxTwins {
    /// v3's spinner.
    struct Spinner {
        let loopPoints = 360, loopRadius = 40.0, loopCenter = (0.0, 32.0), loopFriction = 0.1
        let rotorCenter = (0.0, 12.0), rotorHalf = (0.4, 20.0), rotorRounding = 0.2, rotorFriction = 0.0
        let motorSpeed = 5.0, maxMotorTorque = Double(Float.greatestFiniteMagnitude)
        let bodyCount = 2 * 3038, capsuleHalfLength = 0.25, capsuleRadius = 0.25, ballRadius = 0.35, squareHalf = 0.35
        let friction = 0.1, restitution = 0.1, density = 0.25, start = (-23.0, 2.0), spacing = 0.5, rowEnd = 23.0
        let steps = 500
    }

    static var spinner: BenchScene {
        let d = Spinner()
        return BenchScene(name: "spinner", summary: "v3 twin: a motor-driven rotor stirring 6,076 bodies in a round drum",
                          steps: d.steps) {
            let animator = Self.animator(bounds: Rect(x: -5_000, y: -8_000, width: 10_000, height: 9_000), sleeping: true)
            let rotor = BenchItem(center: point(d.rotorCenter.0, d.rotorCenter.1),
                                  size: size(halfWidth: d.rotorHalf.0 + d.rotorRounding, halfHeight: d.rotorHalf.1 + d.rotorRounding),
                                  cornerRadius: d.rotorRounding * scale)
            var bodies: [DynamicItem] = [], parts: [BenchItem] = []
            var x = d.start.0, y = d.start.1
            for i in 0..<d.bodyCount {
                switch i % 3 {
                case 0:
                    let c = capsule(at: (x, y), from: (-d.capsuleHalfLength, 0), to: (d.capsuleHalfLength, 0), radius: d.capsuleRadius)
                    bodies.append(c.body); parts += c.parts
                case 1:
                    let ball = BenchItem(center: point(x, y), size: size(halfWidth: d.ballRadius, halfHeight: d.ballRadius), type: .ellipse)
                    bodies.append(ball); parts.append(ball)
                default:
                    let square = BenchItem(center: point(x, y), size: size(halfWidth: d.squareHalf, halfHeight: d.squareHalf))
                    bodies.append(square); parts.append(square)
                }
                x += d.spacing
                if x >= d.rowEnd { x = d.start.0; y += d.spacing }
            }
            let collision = CollisionBehavior(items: [rotor as DynamicItem] + bodies)
            var loop: [Point] = (0..<d.loopPoints).map { k in
                let angle = -2 * Double.pi * Double(k) / Double(d.loopPoints)
                return point(d.loopRadius * cos(angle) + d.loopCenter.0, d.loopRadius * sin(angle) + d.loopCenter.1)
            }
            loop.append(loop[0])
            collision.addBoundary(withIdentifier: "drum", for: loop)
            addBodies(bodies, collision: collision, density: d.density, friction: d.friction, elasticity: d.restitution, to: animator)
            animator.addBehavior(GravityBehavior(items: [rotor]))
            let rotorProps = DynamicItemBehavior(items: [rotor])
            rotorProps.friction = d.rotorFriction
            animator.addBehavior(rotorProps)
            let motor = AttachmentBehavior.pinAttachment(with: rotor, attachmentAnchor: rotor.center)
            motor.motorSpeed = -d.motorSpeed
            motor.maxMotorTorque = d.maxMotorTorque * torqueScale
            animator.addBehavior(motor)
            let all = [rotor] + parts
            return BuiltBenchScene(animator: animator, items: all, start: all.map(\.center), standTolerance: nil)
        }
    }
}
