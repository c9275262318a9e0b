// The audit's reading of an item a magnetic field turns under gravity (AuditLedger.readLag). The
// engine kicks half of such an item's constant load before the turn and half after it (Boris), so
// the velocity it holds between steps is that of the positions' instant, and Boris keeps
// ½·m·|v|² − m·g·y exactly under a uniform load and field. Read with the lag g·h/2 that an item
// no field turns needs, the same run shows a wobble of m·(v·c + ½·|c|²), c = g·h/2, whose swing is
// 2·m·|c|·u = m·g·h·u for a turning speed u about the drift: energy the item never had.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes
import Testing
@testable import Benchmarks

@Suite("energy audit: items a field turns")
struct AuditTurnedItemTests {
    @Test func theLedgerReadsATurnedItemAtThePositionsInstant() throws {
        // A 20×20 item (mass 0.04, charge 1) thrown up at 600 pt/s under gravity and a magnetic
        // field of ω = 60 rad/s: it turns on a circle of 10 pt whose centre drifts g/ω = 16.7 pt/s
        // sideways, far from the walls for 10 s.
        let m = 0.04, omega = 60.0, v0 = 600.0
        var scene = EnergyAudit.Scene(seed: 0, yaml: """
            items:
              - {id: a, size: [20, 20], center: [320, 184], velocity: [0, -\(v0)]}
            behaviors:
              - {type: collision, boundaries: reference}
              - {type: gravity, magnitude: 1, angle: 1.5707963267948966}
              - {type: dynamicItem, items: [a], charge: 1}
              - {type: field, kind: magnetic, items: [a], position: [0, 0], strength: \(omega * m)}
            """)
        scene.kinds = [.gravity, .magneticField, .properties]
        let g = GravityBehavior.pointsPerSecondSquared
        scene.gravity = EnergyAudit.Scene.Gravity(acceleration: Vector(cos(Double.pi / 2), sin(Double.pi / 2)) * g)
        scene.fields = [EnergyAudit.Scene.Field(kind: "magnetic", items: ["a"], position: .zero, strength: omega * m,
                                                direction: .zero)]
        scene.charges = ["a": 1]
        let description = try SceneParser().parse(yaml: scene.yaml, file: "turned.yaml")
        let built = SceneBuilder().build(description, referenceBounds: EnergyAudit.bounds)
        built.animator.pausesAtRest = false
        var ledger = AuditLedger(scene: scene, animator: built.animator, items: built.items)
        #expect(abs(ledger.mass["a"]! - m) < 1e-12)
        let h = built.animator.substepDuration
        let c = scene.gravity!.acceleration * (h / 2)
        var counted: [Double] = [], lagged: [Double] = []
        for _ in 0..<600 {
            ledger.beginStep()
            built.animator.step()
            ledger.endStep()
            let e = ledger.energy()
            let v = built.animator.linearVelocity(for: built.items[0])
            counted.append(e)
            lagged.append(e + m * (v.dot(c) + 0.5 * c.lengthSquared))
        }
        let item = built.items[0].center
        #expect(item.x > 20 && item.x < 620 && item.y > 20 && item.y < 348, "stays clear of the walls: \(item)")
        // Boris keeps the energy exactly: what is left is single precision's rounding.
        let start = m * g * EnergyAudit.bounds.height + 0.5 * m * v0 * v0
        let countedSwing = (counted.max()! - counted.min()!) / start
        #expect(countedSwing < 1e-5, "the ledger's energy swings by \(countedSwing) of the scale")
        // The lagged reading swings by m·g·h·u, u the turning speed about the drift g/ω.
        let u = (v0 * v0 + pow(g / omega, 2)).squareRoot()
        let laggedSwing = lagged.max()! - lagged.min()!
        #expect(abs(laggedSwing / (m * g * h * u) - 1) < 0.02, "read with the lag it swings by \(laggedSwing), predicted \(m * g * h * u)")
    }
}
