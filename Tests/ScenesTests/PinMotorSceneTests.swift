// A pin's motor from a scene file: `motorSpeed` and `motorTorque` reach the engine, and the
// wheel turns as the physics says (torque / inertia, then motorSpeed).
import Dynamics
import Foundation
import Geometry
import SceneTestSupport
import Testing
@testable import SceneFormat
@testable import Scenes

@Suite("Pin motors in scenes")
struct PinMotorSceneTests {
    static func wheel(speed: Double, torque: Double) throws -> (Scene, SceneItem) {
        let description = try #require(Fixture.scene("""
            items:
              - {id: wheel, shape: ellipse, size: [100, 100], center: [320, 192]}
            behaviors:
              - {type: attachment, kind: pin, item: wheel, anchor: [320, 192], motorSpeed: \(speed), motorTorque: \(torque)}
            """))
        let scene = SceneBuilder().build(description, referenceBounds: Rect(x: 0, y: 0, width: 640, height: 384))
        return (scene, try #require(scene.item(withID: "wheel")))
    }

    @Test("a wheel with torque to spare turns at motorSpeed after a second")
    func reachesSpeed() throws {
        let (scene, wheel) = try Self.wheel(speed: 4, torque: 100_000)
        for _ in 0..<60 { scene.animator.step() }
        #expect(abs(scene.angularVelocity(of: wheel) - 4) <= 0.04)
    }

    @Test("a wheel under a small cap speeds up at torque / (½·m·r²)")
    func torqueLimited() throws {
        // 100 pt across at density 1: m = 1, I = ½·1·50² = 1250; 125 mass·pt²/s² → 0.1 rad/s².
        let (scene, wheel) = try Self.wheel(speed: 10, torque: 125)
        for _ in 0..<120 { scene.animator.step() }
        #expect(abs(scene.angularVelocity(of: wheel) - 0.2) <= 0.002)
    }
}
