// LeverArmTests: a joint far off a small item's center never makes energy. A rod (an
// attachment of frequency 0) fixed 200 pt off a 6×6 item, swung under gravity, reached 1,996
// times the speed its drop allows, a 2×2 one 6,418 times: near the bottom the rod and the arm
// come into line, the item's whole motion goes into its spin (the tiny inertia turns at
// thousands of rad/s), a substep cannot follow that turn, the rod's far end left its circle by
// tens of points, and the joint's pull back through the spinning item fed energy in. Each case
// here swings one item of side 1 to 40 pt on an arm of 50 to 500 pt for 10 s: its center never
// moves faster than its drop allows, √(2·g·drop), and its energy (kinetic, turn included, plus
// gravity's potential) never exceeds the start by more than 1 % of what the drop releases.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import SceneFormat
@testable import Scenes

@Suite("joints on long arms from small items")
struct LeverArmTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A rod from a point of the reference bounds to the item's point `arm` to its right.
        case rod
        /// The item pinned to the world at the point `arm` to its right of its center.
        case pin
        /// The item welded to a 40×40 wheel pinned at its center, `arm` to the item's left.
        case weld
        var testDescription: String { rawValue }
    }

    static let g = 1000.0

    @Test("an item of side 1 to 40 pt on an arm of 50 to 500 pt never outruns its drop",
          arguments: Kind.allCases, [1.0, 2, 4, 5, 6, 10, 40])
    func swingStaysWithinItsDrop(kind: Kind, size: Double) throws {
        for arm in [50.0, 200, 500] {
            try swing(kind, size: size, arm: arm)
        }
    }

    private func swing(_ kind: Kind, size: Double, arm: Double) throws {
        let (yaml, drop) = Self.scene(kind, size: size, arm: arm)
        let description = try SceneParser().parse(yaml: yaml, file: "arm.yaml")
        let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 368))
        let items = try description.items.map { try #require(scene.item(withID: $0.id)) }
        // Mass density·w·h/10⁴ and inertia m·(w² + h²)/12, as the scene format defines them.
        func energy() -> Double {
            items.reduce(0) { sum, item in
                let m = item.bounds.width * item.bounds.height / 10_000
                let i = m * (item.bounds.width * item.bounds.width + item.bounds.height * item.bounds.height) / 12
                let v = scene.linearVelocity(of: item), w = scene.angularVelocity(of: item)
                return sum + 0.5 * m * v.lengthSquared + 0.5 * i * w * w - m * Self.g * item.center.y
            }
        }
        let item = items[0], m = size * size / 10_000
        let bound = (2 * Self.g * drop).squareRoot()
        let start = energy(), scale = m * Self.g * drop
        var fastest = 0.0, gain = 0.0
        for _ in 0..<600 {
            scene.animator.step()
            let v = scene.linearVelocity(of: item)
            guard item.center.isFinite, v.x.isFinite, v.y.isFinite else {
                Issue.record("\(kind) \(size)×\(size) on \(arm) pt: not finite"); return
            }
            fastest = max(fastest, v.length)
            gain = max(gain, energy() - start)
        }
        #expect(fastest <= bound, "\(kind) \(size)×\(size) on \(arm) pt: \(fastest) pt/s, \(fastest / bound) × its drop's \(bound)")
        #expect(gain <= 0.01 * scale, "\(kind) \(size)×\(size) on \(arm) pt: energy gained \(gain / scale) × the drop's")
    }

    /// The scene, and the most its item's center can drop.
    static func scene(_ kind: Kind, size: Double, arm: Double) -> (String, Double) {
        let item = "{id: a, size: [\(size), \(size)], center: [300, 100]}"
        switch kind {
        case .rod:
            // The rod runs from [300, 50] to [300 + arm, 100]; lowest, rod and arm hang in line.
            let rod = (arm * arm + 50 * 50).squareRoot()
            return ("""
                name: Rod
                items:
                  - \(item)
                behaviors:
                  - {type: gravity}
                  - {type: attachment, item: a, anchor: [300, 50], offset: [\(arm), 0]}
                """, 50 + rod + arm - 100)
        case .pin:
            // It hangs from the pin at its height: the center drops by the arm.
            return ("""
                name: Pin
                items:
                  - \(item)
                behaviors:
                  - {type: gravity}
                  - {type: attachment, kind: pin, item: a, anchor: [\(300 + arm), 100]}
                """, arm)
        case .weld:
            return ("""
                name: Weld
                items:
                  - \(item)
                  - {id: wheel, size: [40, 40], center: [\(300 - arm), 100]}
                behaviors:
                  - {type: gravity}
                  - {type: attachment, kind: pin, item: wheel, anchor: [\(300 - arm), 100]}
                  - {type: attachment, kind: fixed, item: a, to: wheel, anchor: [\(300 - arm), 100]}
                """, arm)
        }
    }
}
