// BoxTwinsTests: the twins of Box2D v3's benchmark scenes hold what v3's scenes hold (body and
// joint counts from v3's parameters, stated in each twin's description) and move their driven
// parts as v3 drives them. Counts are after the first step; one body per v3 body (a drum or a
// compound of several shapes is one item group).
import Foundation
import Testing
import Geometry
import Dynamics
@testable import Benchmarks

@Suite("Box2D v3 twins")
struct BoxTwinsTests {
    @Test("The ten twins have v3's names, in the order of v3's benchmark app")
    func names() {
        #expect(EngineScenes.twins.map(\.name) == ["compounds", "joint_grid", "junkyard", "large_pyramid", "many_pyramids",
                                                  "rain", "smash", "spinner", "tumbler", "washer"])
        // The existing tumbler keeps its name; the other twins are found by name too.
        #expect(EngineScenes.scene(named: "tumbler")?.summary == EngineScenes.tumbler.summary)
        #expect(EngineScenes.scene(named: "joint_grid")?.name == "joint_grid")
    }

    /// (name, bodies, joints, v3's steps). large_pyramid: 100·101/2; many_pyramids: 20·20·55;
    /// tumbler: 45² boxes + the drum, its motor; washer: 90² + the drum; junkyard: 200·40 + the
    /// pusher; smash: 120·80 + the ram; spinner: 2·3,038 + the rotor, its motor; joint_grid: 100²
    /// balls, 2·100·99 pins; compounds: 20·150; rain: the first column, 5 groups of 5 ragdolls of
    /// 11 bones and 10 joints.
    @Test("Each twin has v3's bodies, joints and step count", arguments: [
        ("large_pyramid", 5050, 0, 500), ("many_pyramids", 22000, 0, 200), ("tumbler", 2026, 1, 750),
        ("washer", 8101, 0, 500), ("junkyard", 8001, 0, 800), ("smash", 9601, 0, 300), ("spinner", 6077, 1, 500),
        ("joint_grid", 10000, 19800, 500), ("compounds", 3000, 0, 500), ("rain", 275, 250, 1000),
    ])
    func counts(name: String, bodies: Int, joints: Int, steps: Int) throws {
        let scene = try #require(BoxTwins.scene(named: name))
        #expect(scene.steps == steps)
        let built = scene.build()
        built.beforeStep?(0)
        built.animator.step()
        let stats = built.animator.statistics
        #expect(stats.bodies == bodies)
        #expect(stats.joints == joints)
    }

    @Test("smash: the wall sleeps from the end of the first step, the ram flies on at 40 m/s (4,000 pt/s)")
    func smashWallSleeps() throws {
        let built = BoxTwins.smash.build()
        built.animator.step()
        let ram = built.items[0]
        #expect(built.items.dropFirst().allSatisfy { built.animator.isSleeping($0) })
        #expect(!built.animator.isSleeping(ram))
        #expect(abs(built.animator.linearVelocity(for: ram).x - 4000) < 1e-9)
    }

    @Test("junkyard: the pusher is where v3's target puts it, x = 60 sin(0.2 t) m, after 1 s")
    func junkyardPusher() throws {
        let built = BoxTwins.junkyard.build()
        for k in 0..<60 { built.beforeStep?(k); built.animator.step() }
        let pusher = try #require(built.items.last)
        // Before step k it is sent to the target of time k/60 s, which it reaches in that step.
        let expected = 6000 * sin(0.2 * 59.0 / 60)
        // To the engine's single-precision poses.
        #expect(abs(pusher.center.x - expected) < 1e-3, "pusher at \(pusher.center.x), expected \(expected)")
        #expect(abs(pusher.center.y + 400) < 1e-3)
    }

    @Test("washer: the drum turns at exactly 25°/s (−0.436 rad/s on screen) and keeps its boxes inside its ring")
    func washerDrum() throws {
        let built = BoxTwins.washer.build()
        for _ in 0..<30 { built.animator.step() }
        let kept = try #require(built.kept?())
        #expect(kept.inside == kept.of && kept.of == 8100)
        // Every part of the drum turns with it, 0.5 s at the set rate: −25°/s · 0.5 s, whatever hit it.
        let part = built.items[0]
        #expect(abs(part.transform.rotationAngle + 25 * Double.pi / 180 * 0.5) < 1e-5, "\(part.transform.rotationAngle)")
    }

    @Test("tumbler: the motor brings the 50-density drum to 25°/s within 1 s")
    func tumblerMotor() throws {
        let built = BoxTwins.tumbler.build()
        for _ in 0..<60 { built.animator.step() }
        // The drum's walls are the first four items; a wall turns with the drum.
        let wall = built.items[0]
        let before = wall.transform.rotationAngle
        built.animator.step()
        let rate = (wall.transform.rotationAngle - before) * 60
        #expect(abs(rate + 25 * Double.pi / 180) < 0.01 * 25 * Double.pi / 180, "turning at \(rate) rad/s")
    }
}
