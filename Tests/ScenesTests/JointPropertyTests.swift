// The joint property: any valid joint scene, whatever its mass ratios and lever arms, steps with
// every value finite and never gains energy beyond the pushes' work (JointEnergyTests.run gives
// the measure and the 10 % tolerance of the scene's scale). 200 random scenes
// (RandomJointScene.swift) of 2 s each; a failing seed's YAML is printed with the failure.
// Two seconds cover the fall to the floor (0.86 s from the top), the landing and the first
// swings, where every failure seen so far began (steps 24 to 53); the run takes about 14 s in a
// debug build.
import Foundation
import Testing
@testable import Scenes

@Suite("random joint scenes")
struct JointPropertyTests {
    static let seeds: Range<UInt64> = 0..<200
    /// Two seconds at 60 Hz: every scene falls, lands and swings.
    static let steps = 120

    @Test("200 random scenes of 2–4 items held by joints of every kind stay finite and never gain energy beyond the pushes' work")
    func randomScenesStayBounded() throws {
        var failures: [String] = []
        for seed in Self.seeds {
            let scene = JointScene.random(seed: seed)
            let outcome = try JointEnergyTests.run(scene, steps: Self.steps)
            if let failure = outcome.failure {
                failures.append("seed \(seed): \(failure)\n\(scene.yaml)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.seeds.count) scenes failed:\n\(failures.joined(separator: "\n"))")
    }
}
