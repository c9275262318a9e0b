// The physics overlays and the HUD: `d` cycles them, the HUD's figures match Newtonian mechanics
// on Newton's cradle and a falling ball, and the contact overlay marks the contact's cell.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Physics overlays and HUD")
struct PhysicsOverlayTests {
    /// A cradle ball: 40×40 of density 1, mass 1 × 0.4 × 0.4 (the scene format's definition).
    static let ballMass = 0.16
    static let g = 1000.0

    static func cradle() throws -> Scene {
        let yaml = try String(contentsOfFile: SceneSessionTests.scenesFolder + "/003-cradle.yaml", encoding: .utf8)
        return try Fixture.scene(yaml, size: Size(640, 368))
    }

    static func figures(_ scene: Scene) -> HUD.Figures { HUD.Figures(scene, contacts: scene.animator.contactPoints, stepMilliseconds: 0) }

    /// Lifting the end ball along its arc by h raises the potential energy by m·g·h (within 1 %);
    /// let go, it reaches the bottom with kinetic energy m·g·h (within 3 %), and while the balls
    /// swing freely the energy above rest stays m·g·h (within 3 %).
    @Test func theCradlesEnergyIsMassTimesGravityTimesTheLift() throws {
        let scene = try Self.cradle()
        let animator = scene.animator
        let ball = try #require(scene.item(withID: "ball1"))
        let atRest = Self.figures(scene)
        #expect(atRest.kineticEnergy == 0)
        // 0.6 rad out along the 200 pt rod from the anchor at (240, 40).
        let angle = 0.6, rod = 200.0
        ball.center = Point(240 - rod * sin(angle), 40 + rod * cos(angle))
        animator.updateItem(usingCurrentState: ball)
        let h = 240 - ball.center.y
        #expect(abs(h - rod * (1 - cos(angle))) < 1e-9)
        let mgh = Self.ballMass * Self.g * h
        let lifted = Self.figures(scene)
        #expect(abs((lifted.potentialEnergy - atRest.potentialEnergy) - mgh) < 0.01 * mgh,
                "potential rose by \(lifted.potentialEnergy - atRest.potentialEnergy), m·g·h = \(mgh)")
        // Let go: the lowest point comes after about a quarter period, 2π√(L/g)/4 ≈ 0.7 s.
        var atBottom: HUD.Figures?
        var worst = 0.0
        for _ in 0..<(3 * 60) {
            animator.step()
            let f = Self.figures(scene)
            if atBottom == nil && ball.center.y > 240 - 0.5 { atBottom = f }
            worst = max(worst, abs(f.totalEnergy - atRest.potentialEnergy - mgh))
        }
        let bottom = try #require(atBottom, "ball1 never came down")
        #expect(abs(bottom.kineticEnergy - mgh) < 0.03 * mgh, "kinetic at the bottom \(bottom.kineticEnergy), m·g·h = \(mgh)")
        #expect(worst < 0.03 * mgh, "the swing's energy strayed \(worst) from m·g·h = \(mgh)")
    }

    /// A 40 pt ball falling freely for t = 1 s (60 steps) has speed g·t and kinetic energy
    /// ½·m·(g·t)² = ½ × 0.16 × 1000² = 80000, and the HUD prints it so.
    @Test func aFallingBallsKineticEnergyIsHalfMTimesGTSquared() throws {
        let scene = try Fixture.scene("""
            name: Fall
            items: [{id: ball, shape: ellipse, size: [40, 40], center: [320, 40]}]
            behaviors: [{type: gravity}]
            """)
        for _ in 0..<60 { scene.animator.step() }
        let t = scene.animator.elapsedTime
        #expect(abs(t - 1) < 1e-9)
        let figures = Self.figures(scene)
        let expected = 0.5 * Self.ballMass * (Self.g * t) * (Self.g * t)
        #expect(abs(figures.kineticEnergy - expected) < 1e-4 * expected, "\(figures.kineticEnergy)")
        #expect(HUD(figures: figures).lines.contains("kinetic    80000"))
    }

    static let boxOnFloor = """
        name: Box
        items: [{id: box, size: [40, 40], center: [320, 270], color: blue}]
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: none, segments: {floor: [[0, 300], [640, 300]]}}
        """

    /// A box resting flat on the floor: the HUD counts one body, no joints and the two contact
    /// points of a box-on-ground manifold.
    @Test func aBoxRestingFlatHasTwoContacts() throws {
        let scene = try Fixture.scene(Self.boxOnFloor)
        for _ in 0..<60 { scene.animator.step() }
        let figures = Self.figures(scene)
        #expect(figures.bodies == 1 && figures.joints == 0)
        #expect(figures.contacts == 2)
    }

    /// `d` goes off → contacts → velocities → joints → bounds & sleeping → off, says which in the
    /// status line, shows the HUD while on; the contact overlay puts a yellow mark in the cell of
    /// each contact point (the box's bottom corners on the floor at y = 300: cells (37, 18) and
    /// (42, 18) of 8×16 pt), which has none without it.
    @Test func dCyclesTheOverlaysAndTheContactMarkIsAtTheContactsCell() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": Self.boxOnFloor])
        defer { try? FileManager.default.removeItem(at: folder) }
        var modes: [PhysicsOverlay.Mode] = []
        var app: PlaygroundApp!
        let terminal = ScriptedTerminal(script: [(1.0, key("d")), (1.5, key("d")), (1.6, key("d")), (1.7, key("d")),
                                                 (1.8, key("d")), (2.0, key("q"))])
        terminal.onDeliver = { _ in modes.append(app.overlay) }
        app = terminal.app(scenes)
        _ = try app.run()
        // The mode as each key arrives: five d's, then q.
        #expect(modes == [.off, .contacts, .velocities, .joints, .bounds, .off])
        let frames = Array(zip(terminal.frameTimes, terminal.grids))
        let before = try #require(frames.last { $0.0 < 1.0 }?.1)
        let contacts = try #require(frames.last { $0.0 >= 1.0 && $0.0 < 1.5 }?.1)
        #expect(!before.text(row: 23).contains("overlay"))
        #expect(contacts.text(row: 23).contains("│ overlay: contacts │"))
        #expect(contacts.text(row: 0).hasPrefix(" bodies     1 "))
        #expect(contacts.text(row: 1).hasPrefix(" contacts   2 "))
        #expect(contacts.text(row: 2).hasPrefix(" joints     0 "))
        #expect(contacts.text.contains("potential"))
        #expect(!before.text.contains("potential"))
        let yellow = PhysicsOverlay.contactColor.degraded(to: .palette256)
        func marked(_ grid: CellGrid, _ column: Int, _ row: Int) -> Bool {
            grid[column, row].foreground.degraded(to: .palette256) == yellow
                || grid[column, row].background.degraded(to: .palette256) == yellow
        }
        for column in [37, 42] {
            #expect(marked(contacts, column, 18), "no contact mark in cell (\(column), 18)")
            #expect(!marked(before, column, 18))
        }
        let last = try #require(frames.last?.1)
        #expect(!last.text(row: 23).contains("overlay"))
    }
}
