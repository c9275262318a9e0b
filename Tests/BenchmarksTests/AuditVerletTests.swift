// The energy the audit counts for the springs, which velocity Verlet kicks (AuditVerlet.swift):
// the scheme keeps H̃ = T + V + h²/12·q̇ᵀV″q̇ − h²/24·∇VᵀM⁻¹∇V, not T + V, which wobbles around it
// by (ω̃h)²/4 of the spring's energy at its turning points. Both numbers are the scheme's, not the
// code's: the wobble follows from the exact invariant v² + ω̃²·cos²(ωh/2)·x² of velocity Verlet on
// a harmonic oscillator, and H̃ is kept to the order h⁴.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes
import Testing
@testable import Benchmarks

@Suite("energy audit: the springs' energy")
struct AuditVerletTests {
    /// A 20 pt box released 200 pt from the center of a spring field of strength 16 (4 Hz), no
    /// gravity and no walls reached: its T + V and the ledger's energy over 10 s.
    static func swing() throws -> (raw: [Double], ledger: [Double], omegaH: Double) {
        var scene = EnergyAudit.Scene(seed: 0, yaml: """
            items:
              - {id: a, size: [20, 20], center: [520, 184]}
            behaviors:
              - {type: collision, boundaries: reference}
              - {type: field, kind: spring, items: [a], position: [320, 184], strength: 16}
            """)
        scene.kinds = [.springField]
        scene.fields = [EnergyAudit.Scene.Field(kind: "spring", items: ["a"], position: Point(320, 184), strength: 16,
                                                direction: .zero)]
        let description = try SceneParser().parse(yaml: scene.yaml, file: "swing.yaml")
        let built = SceneBuilder().build(description, referenceBounds: EnergyAudit.bounds)
        built.animator.pausesAtRest = false
        var ledger = AuditLedger(scene: scene, animator: built.animator, items: built.items)
        var raw: [Double] = [], counted: [Double] = []
        for _ in 0..<600 {
            ledger.beginStep()
            built.animator.step()
            ledger.endStep()
            let e = ledger.energy()
            counted.append(e)
            raw.append(e - ledger.verletTerms())
        }
        return (raw, counted, 2 * Double.pi * 4 * built.animator.substepDuration)
    }

    @Test func theLedgerCountsTheEnergyVerletKeeps() throws {
        let (raw, counted, omegaH) = try Self.swing()
        // The box's energy: ½·m·ω̃²·200², its potential at release (the field's stiffness).
        let start = raw.max()!
        let rawWobble = (raw.max()! - raw.min()!) / start
        let countedWobble = (counted.max()! - counted.min()!) / start
        // T + V swings by (ω̃h)²/4 of the energy, 0.27 % at 4 Hz and 240 substeps a second.
        let predicted = pow(2 * sin(omegaH / 2), 2) / 4
        #expect(abs(rawWobble / predicted - 1) < 0.05, "T + V swings by \(rawWobble), Verlet's invariant says \(predicted)")
        // H̃ is kept to the order (ωh)⁴: within half of (ωh)⁴ = 1.2·10⁻⁴ of the energy, a
        // fortieth of the wobble.
        #expect(countedWobble < pow(omegaH, 4) / 2, "the ledger's energy swings by \(countedWobble)")
    }
}
