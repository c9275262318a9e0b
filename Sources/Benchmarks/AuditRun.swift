// AuditRun: one audit scene, parsed and built as a scene file is, stepped at 1/60 s and checked
// after every step: every value finite, every item's center inside the walls, and the energy no
// more than 1 % of the scene's scale above the start plus the drivers' work (AuditLedger.swift).
// The first failed check ends the run, with the step and what was seen.
import Dynamics
import Foundation
import SceneFormat
import Scenes

extension EnergyAudit {
    /// Runs `scene` for `steps` steps of 1/60 s and checks it.
    public static func run(_ scene: Scene, steps: Int) throws -> Outcome {
        let description = try SceneParser().parse(yaml: scene.yaml, file: "audit-\(scene.seed).yaml")
        let built = SceneBuilder().build(description, referenceBounds: bounds)
        let animator = built.animator
        animator.pausesAtRest = false
        var ledger = AuditLedger(scene: scene, animator: animator, items: built.items)
        let start = ledger.energy()
        var outcome = Outcome()
        for step in 1...max(1, steps) {
            ledger.beginStep()
            animator.step()
            ledger.endStep()
            if let escape = escape(built.items, animator, step: step) {
                outcome.failure = escape.failure
                outcome.cause = escape.cause
                return outcome
            }
            let excess = (ledger.energy() - start - ledger.work) / (ledger.scale + ledger.worked)
            outcome.worstExcess = max(outcome.worstExcess, excess)
            if !(excess <= 0.01) {
                outcome.failure = "step \(step): energy grew by \(excess) of the scene's scale beyond the drivers' work"
                outcome.cause = "energy"
                return outcome
            }
        }
        return outcome
    }

    /// The first item that went NaN or infinite ("nan") or left the walls ("walls"), or nil.
    private static func escape(_ items: [SceneItem], _ animator: DynamicAnimator,
                               step: Int) -> (failure: String, cause: String)? {
        for item in items {
            let v = animator.linearVelocity(for: item), w = animator.angularVelocity(for: item)
            guard item.center.x.isFinite, item.center.y.isFinite, v.x.isFinite, v.y.isFinite, w.isFinite else {
                return ("step \(step): \(item.id) is not finite (center \(item.center), v \(v), ω \(w))", "nan")
            }
            guard bounds.contains(item.center) else {
                return ("step \(step): \(item.id) left the walls, to \(item.center)", "walls")
            }
        }
        return nil
    }
}
