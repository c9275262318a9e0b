// Inspector: reads the seed scenes' values, moves over editable fields only, changes the live
// scene by the documented steps (a mass follows density × w/100 × h/100; a spring's period 1/f),
// stops at the format's bounds, records each change as a reversible PropertyChange, and draws
// its panel into the grid on the side away from the selection.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Inspector")
struct InspectorTests {
    static func seed(_ file: String) throws -> Scene {
        try Fixture.scene(try String(contentsOfFile: SceneSessionTests.scenesFolder + "/" + file, encoding: .utf8))
    }

    /// A panel row as the panel lays it out: labels padded to the longest, "angular resistance".
    static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: "angular resistance".count, withPad: " ", startingAt: 0) + "  " + value
    }

    static func value(_ label: String, _ inspector: Inspector, _ scene: Scene) -> String? {
        inspector.fields(in: scene).first { $0.label == label }?.value
    }

    @Test("the pendulum's bob: id, shape and size read-only; density 4 as the file says; orange")
    func readsItem() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let inspector = Inspector(selection: .item(id: "bob"))
        let fields = inspector.fields(in: scene)
        #expect(fields.map(\.label) == ["id", "shape", "size", "density", "friction", "elasticity", "resistance",
                                        "angular resistance", "color"])
        #expect(fields.map(\.isEditable) == [false, false, false, true, true, true, true, true, true])
        #expect(Self.value("id", inspector, scene) == "bob")
        #expect(Self.value("shape", inspector, scene) == "ellipse")
        #expect(Self.value("size", inspector, scene) == "40 × 40 pt")
        #expect(Self.value("density", inspector, scene) == "4")
        #expect(Self.value("color", inspector, scene) == "orange")
        // The pivot is a marker no behavior moves: its material cannot change.
        let pivot = Inspector(selection: .item(id: "pivot")).fields(in: scene)
        #expect(pivot.filter(\.isEditable).map(\.label) == ["color"])
    }

    @Test("the pendulum's rod: length 200 pt (the distance at the start), frequency 0, damping 0")
    func readsJoint() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let inspector = Inspector(selection: .joint(index: 1))
        #expect(inspector.fields(in: scene).map(\.label) == ["joint", "items", "length", "frequency", "damping"])
        #expect(Self.value("joint", inspector, scene) == "distance #1")
        #expect(Self.value("length", inspector, scene) == "200 pt")
        #expect(Self.value("frequency", inspector, scene) == "0 Hz")
        #expect(Inspector(selection: .joint(index: 0)).fields(in: scene).isEmpty)   // gravity is not a joint
    }

    @Test("↑/↓ skip the read-only fields and stop at the first and last")
    func cursorSkipsReadOnlyAndStops() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        var inspector = Inspector(selection: .item(id: "bob"))
        func current() -> String? { inspector.cursorIndex(in: inspector.fields(in: scene)).map { inspector.fields(in: scene)[$0].label } }
        #expect(current() == "density")
        inspector.handle(.up, in: scene)
        #expect(current() == "density")
        var seen: [String] = []
        for _ in 0..<7 {
            inspector.handle(.down, in: scene)
            seen.append(current() ?? "")
        }
        #expect(seen == ["friction", "elasticity", "resistance", "angular resistance", "color", "color", "color"])
        inspector.handle(.up, in: scene)
        #expect(current() == "angular resistance")
    }

    @Test("→ on density: 4 × 1.25 = 5, and the animator's mass is 5 × 0.4 × 0.4 = 0.8; ← ← gives 3.2 and 0.512")
    func densityChangesMass() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let bob = try #require(scene.item(withID: "bob"))
        var inspector = Inspector(selection: .item(id: "bob"))
        let changeMade = inspector.handle(.right, in: scene)
        let change = try #require(changeMade)
        #expect(change.oldValue == .number(TunedValue(4, written: 4)))
        #expect(change.newValue == .number(TunedValue(explicit: 5)))
        #expect(abs(scene.animator.mass(for: bob) - 0.8) < 1e-12)
        #expect(Self.value("density", inspector, scene) == "5")
        inspector.handle(.left, in: scene)
        inspector.handle(.left, in: scene)
        #expect(abs(scene.animator.mass(for: bob) - 0.512) < 1e-12)
        #expect(scene.sceneDescription.behaviors[2].as(BehaviorDescription.DynamicItemProperties.self)?.density == 3.2)
    }

    /// Seconds between downward crossings of y = `level`, over `steps` steps.
    static func period(of item: SceneItem, in scene: Scene, level: Double, steps: Int) -> Double {
        var crossings: [Double] = []
        var previous = item.center.y - level
        for step in 1...steps {
            scene.animator.step()
            let y = item.center.y - level
            if previous < 0 && y >= 0 { crossings.append((Double(step) - y / (y - previous)) / 60) }
            previous = y
        }
        guard crossings.count >= 3 else { return .nan }
        return (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    }

    @Test("a 1 Hz spring raised four steps to 2 Hz: its period goes from 1 s to 0.5 s (1/f)")
    func springFrequencyChangesPeriod() throws {
        let scene = try Fixture.scene("""
            items:
              - {id: weight, size: [100, 100], center: [320, 300]}
            behaviors:
              - {type: attachment, item: weight, anchor: [320, 100], length: 150, frequency: 1, damping: 0}
            """)
        let weight = try #require(scene.item(withID: "weight"))
        let before = Self.period(of: weight, in: scene, level: 250, steps: 300)
        #expect(abs(before - 1) < 0.05, "period \(before) s at 1 Hz")

        var inspector = Inspector(selection: .joint(index: 0))
        inspector.handle(.down, in: scene)     // length → frequency
        var changes: [PropertyChange] = []
        for _ in 0..<4 { changes += [inspector.handle(.right, in: scene)].compactMap { $0 } }
        #expect(changes.count == 4)
        #expect(scene.jointValue(.frequency, ofBehaviorAt: 0) == TunedValue(explicit: 2))
        let after = Self.period(of: weight, in: scene, level: 250, steps: 300)
        #expect(abs(after - 0.5) < 0.025, "period \(after) s at 2 Hz")

        // Undone in reverse order: 1 Hz again, as written.
        for change in changes.reversed() { #expect(change.inverse.apply(to: scene)) }
        #expect(scene.sceneDescription.behaviors[0].as(BehaviorDescription.Attachment.self)?.frequency == 1)
    }

    @Test("the cradle's elasticity 1 and friction 0 are the format's bounds: → and ← there change nothing")
    func clampsAtBounds() throws {
        let scene = try Self.seed("003-cradle.yaml")
        let original = scene.sceneDescription
        var inspector = Inspector(selection: .item(id: "ball1"))
        inspector.handle(.down, in: scene)          // friction 0
        let stoppedLeft = inspector.handle(.left, in: scene)
        #expect(stoppedLeft == nil)
        inspector.handle(.down, in: scene)          // elasticity 1
        let stoppedRight = inspector.handle(.right, in: scene)
        #expect(stoppedRight == nil)
        #expect(scene.sceneDescription == original)
        let changeMade = inspector.handle(.left, in: scene)
        let change = try #require(changeMade)
        #expect(change.newValue == .number(TunedValue(explicit: 0.95)))
        #expect(scene.material(.elasticity, of: "ball1")?.value == 0.95)
        #expect(scene.material(.elasticity, of: "ball2")?.value == 1)   // its neighbours keep theirs
    }

    @Test("a change shows in the scene description at once, and its inverse gives the description back exactly")
    func inverseRestoresDescription() throws {
        let scene = try Self.seed("007-sandbox.yaml")
        let original = scene.sceneDescription
        var inspector = Inspector(selection: .item(id: "ball"))
        inspector.handle(.down, in: scene)          // friction 0.2, from the shared 'bouncy'
        let frictionMade = inspector.handle(.right, in: scene)
        let friction = try #require(frictionMade)
        #expect(scene.sceneDescription.behaviors.last?.as(BehaviorDescription.DynamicItemProperties.self)?.friction == 0.25)
        for _ in 0..<5 { inspector.handle(.down, in: scene) }
        let colorMade = inspector.handle(.right, in: scene)
        let color = try #require(colorMade)   // cyan → the next name, yellow
        #expect(scene.sceneDescription.items.first { $0.id == "ball" }?.color == SceneColor(parsing: "yellow"))
        #expect(scene.item(withID: "ball")?.color == SceneColor(parsing: "yellow"))

        #expect(color.inverse.apply(to: scene))
        #expect(friction.inverse.apply(to: scene))
        #expect(scene.sceneDescription == original)
        #expect(scene.material(.friction, of: "ball") == TunedValue(0.2, written: nil))
    }

    @Test("a selection that is gone shows 'nothing selected' and changes nothing; tiny grids draw without trouble")
    func goneSelectionAndTinyGrids() throws {
        let scene = try Self.seed("002-pendulum.yaml")
        let original = scene.sceneDescription
        var gone = Inspector(selection: .item(id: "nobody"))
        #expect(gone.fields(in: scene).isEmpty)
        let moved: PropertyChange? = gone.handle(.right, in: scene)
        #expect(moved == nil)
        var grid = CellGrid(columns: 40, rows: 8)
        gone.draw(into: &grid, scene: scene)
        #expect(grid.text.contains("(nothing selected)"))
        for (columns, rows) in [(0, 0), (1, 1), (3, 2), (20, 6)] {
            var small = CellGrid(columns: columns, rows: rows)
            Inspector(selection: .item(id: "bob")).draw(into: &small, scene: scene)
            Inspector(selection: .joint(index: 7)).draw(into: &small, scene: scene)
        }
        #expect(scene.sceneDescription == original)
    }

    @Test("in the app: the panel's text is in the grid, away from the item, and → changes the live mass")
    func panelInApp() throws {
        let folder = try Fixture.folder(["pendulum.yaml": String(contentsOfFile: SceneSessionTests.scenesFolder + "/002-pendulum.yaml", encoding: .utf8),
                                         "sandbox.yaml": String(contentsOfFile: SceneSessionTests.scenesFolder + "/007-sandbox.yaml", encoding: .utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = try Fixture.sceneFiles(in: folder)
        // The change is an edit, so the first n and the first q only warn of it.
        let terminal = ScriptedTerminal(script: [(0.2, .resize(columns: 80, rows: 24)), (0.5, .resize(columns: 80, rows: 24)), (0.6, key("n")),
                                                 (0.65, key("n")), (0.8, .resize(columns: 80, rows: 24)), (1.0, key("q")), (1.05, key("q"))])
        let app = terminal.app(scenes)
        var step = 0
        var change: PropertyChange?
        var pendulumGrid: CellGrid?
        var bobMass = 0.0
        var closedByNewScene = false
        terminal.onDeliver = { _ in
            step += 1
            switch step {
            case 1:
                app.inspector = Inspector(selection: .item(id: "bob"))
                change = app.inspect(.right)
            case 2:
                pendulumGrid = terminal.grids.last
                if let s = app.session, let bob = s.scene.item(withID: "bob") { bobMass = s.scene.animator.mass(for: bob) }
            case 5:
                closedByNewScene = app.inspector == nil
                app.inspector = Inspector(selection: .item(id: "crate"))
            default: break
            }
        }
        #expect(try app.run() == .quit)
        #expect(change?.newValue == .number(TunedValue(explicit: 5)))
        #expect(abs(bobMass - 0.8) < 1e-12)     // 5 × 0.4 × 0.4

        // The bob hangs at x = 320, column 40 of 80: the panel goes left, its title at column 3 of row 2.
        let grid = try #require(pendulumGrid)
        #expect(grid.text(row: 2).hasPrefix("   Inspector"))
        let text = grid.text
        #expect(text.contains(Self.row("density", "5")))
        #expect(text.contains(Self.row("color", "orange")))
        #expect(grid[3, 2].bold && grid[3, 2].foreground == .white)
        // Read-only rows are dim; the cursor's row is marked.
        let idRow = try #require((0..<grid.rows).first { grid.text(row: $0).contains(Self.row("id", "bob")) })
        #expect(grid[5, idRow].foreground == .gray)
        #expect((0..<grid.rows).contains { grid.text(row: $0).contains("▸ density") })

        // The sandbox's crate is at 20 % (column 16): the panel goes right.
        let last = try #require(terminal.grids.last)
        let title = try #require((0..<last.rows).first { last.text(row: $0).contains("Inspector") })
        let column = try #require(last.text(row: title).range(of: "Inspector")).lowerBound
        #expect(last.text(row: title).distance(from: last.text(row: title).startIndex, to: column) > 40)
        #expect(last.text.contains(Self.row("id", "crate")))
        #expect(closedByNewScene)     // `n` closed the pendulum's panel
    }
}
