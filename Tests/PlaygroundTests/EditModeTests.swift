// Edit mode: the tools make what the gesture says (sizes from the drag, through the viewport),
// the joints behave as their physics says (a hinge holds its point, a 2 Hz spring stretches by
// g/(2πf)², a rope is slack when shorter, a motor turns at its speed), bad gestures change
// nothing and say why, undo restores the scene before each edit, and a scene with unsaved edits
// is not left at the first key.
import Dynamics
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Edit mode")
struct EditModeTests {
    /// Gravity and walls for every item, nothing else: a workbench.
    static let bench = """
        name: Bench
        summary: A place to build.
        items:
          - {id: post, size: [40, 40], center: [320, 60], color: gray}
        behaviors:
          - {type: gravity}
          - {type: collision, boundaries: reference}
          - {type: dynamicItem, items: [post], anchored: true}
        """

    static let g = 1000.0

    /// A session of `yaml` with edit mode on and `tool` chosen.
    static func editing(_ yaml: String = bench, tool: EditTool) throws -> (SceneSession, EditMode) {
        let session = try Fixture.session(yaml)
        let edit = EditMode()
        edit.toggle()
        edit.choose(tool)
        return (session, edit)
    }

    static func click(_ edit: EditMode, _ p: Point, _ s: SceneSession, time: Double = 0) {
        edit.handle(.down, at: p, time: time, in: s)
        edit.handle(.up, at: p, time: time + 0.05, in: s)
    }

    static func drag(_ edit: EditMode, _ a: Point, _ b: Point, _ s: SceneSession) {
        edit.handle(.down, at: a, time: 0, in: s)
        edit.handle(.drag, at: (a + b) / 2, time: 0.05, in: s)
        edit.handle(.drag, at: b, time: 0.1, in: s)
        edit.handle(.up, at: b, time: 0.15, in: s)
    }

    static func point(_ item: ItemDescription) -> Point { item.center.resolve(in: .zero) }

    /// The behaviors' live and described lists are in step (SceneEdit's invariant).
    static func inStep(_ scene: Scene) -> Bool {
        scene.fileBehaviors.count == scene.sceneDescription.behaviors.count
            && zip(scene.sceneDescription.behaviors, scene.fileBehaviors).allSatisfy { d, live in
                switch d.type {
                case "attachment": live is AttachmentBehavior
                case "gravity": live is GravityBehavior
                case "collision": live is CollisionBehavior
                case "dynamicItem": live is DynamicItemBehavior
                default: true
                }
            }
            && scene.fileBehaviors.allSatisfy { b in scene.animator.behaviors.contains { $0 === b } }
    }

    // MARK: Shapes, through the app and its viewport

    @Test("a box dragged from corner to corner has that size and center, in scene points through the viewport")
    func boxThroughViewport() throws {
        // A scene half the play area's size is shown at twice its size: 2 screen points per scene point.
        let yaml = Self.bench.replacingOccurrences(of: "summary: A place to build.", with: "summary: Half.\nsize: [320, 184]")
            .replacingOccurrences(of: "[320, 60]", with: "[160, 30]")
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = ScriptedTerminal(script: [
            (0.1, key(" ")), (0.2, key("e")), (0.3, key("b")),
            (0.4, mouse(.press, 10, 5)), (0.5, mouse(.drag, 15, 7)), (0.6, mouse(.release, 20, 9)),
            (0.8, key("q")), (0.9, key("q")),   // the first q warns of the unsaved box
        ])
        let app = terminal.app(scenes)
        _ = try app.run()
        let made = try #require(app.session?.scene.sceneDescription.items.last)
        // Cell centers: (10.5·8, 5.5·16) = (84, 88) and (164, 152) on screen, halved in the scene.
        #expect(made.id == "box-1" && made.shape == .rectangle)
        #expect(made.size == Size(40, 32))
        #expect(Self.point(made) == Point(62, 60))
        #expect(terminal.statusLines.contains { $0.contains("edit: box") })
    }

    @Test("a ball's radius is the drag's length")
    func ball() throws {
        let (s, edit) = try Self.editing(tool: .ball)
        Self.drag(edit, Point(200, 200), Point(230, 240), s)   // a 3-4-5 triangle: 50 pt
        let made = try #require(s.scene.sceneDescription.items.last)
        #expect(made.shape == .ellipse && made.size == Size(100, 100))
        #expect(Self.point(made) == Point(200, 200))
        let live = try #require(s.scene.item(withID: made.id))
        #expect(s.scene.isDynamic(live))
        s.run(steps: 30)
        #expect(live.center.y > 200 + 0.5 * Self.g * 0.25 * 0.9, "a new ball falls under gravity")
    }

    @Test("a polygon from clicked points is their convex hull; fewer than 3, or points in a line, are refused with a message")
    func polygon() throws {
        let (s, edit) = try Self.editing(tool: .polygon)
        let clicks = [Point(100, 100), Point(220, 110), Point(150, 130), Point(160, 220)]   // (150, 130) is inside
        for (k, p) in clicks.enumerated() { Self.click(edit, p, s, time: Double(k)) }
        #expect(edit.handle(.closePolygon, in: s))
        let made = try #require(s.scene.sceneDescription.items.last)
        #expect(made.shape == .polygon)
        let corners = Set((made.vertices ?? []).map { p -> [Double] in
            let q = p + Self.point(made)
            return [(q.x * 1e6).rounded() / 1e6, (q.y * 1e6).rounded() / 1e6]
        })
        #expect(corners == Set([clicks[0], clicks[1], clicks[3]].map { [$0.x, $0.y] }))

        let count = s.scene.sceneDescription.items.count
        Self.click(edit, Point(300, 300), s, time: 10)
        Self.click(edit, Point(340, 300), s, time: 11)
        _ = edit.handle(.closePolygon, in: s)
        #expect(s.lastMessage == "A polygon needs at least 3 points; it had 2.")
        for (k, x) in [300.0, 340, 380].enumerated() { Self.click(edit, Point(x, 300), s, time: 20 + Double(k)) }
        _ = edit.handle(.closePolygon, in: s)
        #expect(s.lastMessage == "A polygon's points must not lie on one line.")
        #expect(s.scene.sceneDescription.items.count == count)
    }

    @Test("a double click closes the polygon")
    func doubleClick() throws {
        let (s, edit) = try Self.editing(tool: .polygon)
        for (k, p) in [Point(100, 100), Point(200, 100), Point(150, 180)].enumerated() { Self.click(edit, p, s, time: Double(k)) }
        Self.click(edit, Point(150, 180), s, time: 2.2)
        #expect(s.scene.sceneDescription.items.last?.shape == .polygon)
    }

    // MARK: Joints

    @Test("a hinge keeps the item's clicked point fixed while it swings")
    func hinge() throws {
        let (s, edit) = try Self.editing(tool: .box)
        Self.drag(edit, Point(200, 150), Point(400, 170), s)     // a 200 × 20 bar centered at (300, 160)
        edit.choose(.hinge)
        Self.click(edit, Point(220, 160), s)                       // 80 pt left of its center
        let pin = try #require(s.scene.sceneDescription.behaviors.last?.as(BehaviorDescription.Attachment.self))
        #expect(pin.kind == .pin && pin.item == "box-1" && pin.to == nil)
        let bar = try #require(s.scene.item(withID: "box-1"))
        var largest = 0.0
        for _ in 0..<60 {
            s.step()
            let held = bar.center + Vector(-80, 0).rotated(by: bar.angle)
            largest = max(largest, held.distance(to: Point(220, 160)))
        }
        #expect(largest < 1, "the pinned point wandered \(largest) pt")
        #expect(abs(bar.angle) > 0.5, "the bar swings down about its pin (angle \(bar.angle))")
    }

    @Test("a spring from an item to empty space has 2 Hz and damping 0.3 and stretches under gravity by m·g/k")
    func spring() throws {
        let (s, edit) = try Self.editing(tool: .ball)
        Self.drag(edit, Point(320, 250), Point(340, 250), s)       // a 20 pt ball at (320, 250)
        edit.choose(.spring)
        Self.drag(edit, Point(320, 250), Point(320, 150), s)       // to a point 100 pt above its center
        let spring = try #require(s.scene.sceneDescription.behaviors.last?.as(BehaviorDescription.Attachment.self))
        #expect(spring.kind == .distance && spring.frequency == 2 && spring.damping == 0.3)
        #expect(spring.offset == .zero && spring.anchor == Position(Point(320, 150)))
        s.run(steps: 300)   // 5 s: the damping (ζω = 0.3·4π per s) has long settled it
        let ball = try #require(s.scene.item(withID: "ball-1"))
        // k = m(2πf)², so the stretch m·g/k is g/(2πf)², whatever the mass.
        let expected = Self.g / pow(2 * Double.pi * 2, 2)
        let stretch = ball.center.y - 150 - 100
        #expect(abs(stretch - expected) < 0.05 * expected, "stretch \(stretch) pt, m·g/k = \(expected) pt")
        #expect(abs(ball.center.x - 320) < 0.5)
    }

    @Test("a rope holds at its length and goes slack when the items come closer")
    func rope() throws {
        let (s, edit) = try Self.editing(tool: .ball)
        Self.drag(edit, Point(320, 160), Point(330, 160), s)       // ball-1 under the fixed post, 100 pt apart
        edit.choose(.rope)
        Self.drag(edit, Point(320, 60), Point(320, 160), s)
        let rope = try #require(s.scene.sceneDescription.behaviors.last?.as(BehaviorDescription.Attachment.self))
        #expect(rope.kind == .limit && rope.item == "post" && rope.to == "ball-1")
        s.run(steps: 60)
        let ball = try #require(s.scene.item(withID: "ball-1"))
        #expect(ball.center.y - 60 < 100 + 1, "taut, the rope holds the ball at its length")
        // Lift the ball to 50 pt below the post: the rope is slack and the ball falls freely,
        // reaching g·t = 100 pt/s after 0.1 s.
        s.apply(.placeItem(id: "ball-1", ItemPlacement(center: Point(320, 110))))
        s.run(steps: 6)
        let vy = s.scene.linearVelocity(of: ball).y
        #expect(abs(vy - Self.g * 0.1) < 2, "falling at \(vy) pt/s")
    }

    @Test("a spring or rope from an item to itself, or with no item at either end, is a message and nothing else")
    func joinRefusals() throws {
        let (s, edit) = try Self.editing(tool: .spring)
        let before = s.scene.sceneDescription
        Self.drag(edit, Point(310, 55), Point(330, 65), s)
        #expect(s.lastMessage?.hasPrefix("A spring from post to itself") == true)
        edit.choose(.rope)
        Self.drag(edit, Point(100, 300), Point(200, 300), s)
        #expect(s.lastMessage?.hasPrefix("A rope needs an item") == true)
        #expect(s.scene.sceneDescription == before)
    }

    @Test("a motor's + raises its speed and the wheel turns at it; a motor on what is not a hinge is a message")
    func motor() throws {
        let (s, edit) = try Self.editing(tool: .ball)
        Self.drag(edit, Point(320, 200), Point(360, 200), s)        // a wheel of radius 40
        edit.choose(.hinge)
        Self.click(edit, Point(320, 200), s)
        edit.choose(.motor)
        Self.click(edit, Point(200, 300), s)
        #expect(s.lastMessage == "A motor goes on a hinge: click a hinge (made with h).")
        Self.click(edit, Point(320, 200), s)
        #expect(edit.handle(.motorFaster, in: s))
        let pin = try #require(s.scene.sceneDescription.behaviors.last?.as(BehaviorDescription.Attachment.self))
        #expect(pin.motorSpeed == EditMode.newMotorSpeed + EditMode.motorSpeedStep)
        s.run(steps: 60)
        let wheel = try #require(s.scene.item(withID: "ball-1"))
        let omega = s.scene.angularVelocity(of: wheel)
        #expect(abs(omega - 2) < 0.02, "turning at \(omega) rad/s")
    }

    // MARK: Fix, delete, undo

    @Test("fix stops an item falling; unfix lets it fall again")
    func fix() throws {
        let (s, edit) = try Self.editing(tool: .box)
        Self.drag(edit, Point(100, 100), Point(140, 140), s)
        edit.choose(.fix)
        Self.click(edit, Point(120, 120), s)
        let box = try #require(s.scene.item(withID: "box-1"))
        s.run(steps: 60)
        #expect(box.center.distance(to: Point(120, 120)) < 1e-9)
        #expect(s.scene.isAnchored("box-1"))
        Self.click(edit, Point(120, 120), s)
        s.run(steps: 30)
        #expect(box.center.y > 120 + 100)
    }

    @Test("delete removes the item and its joints")
    func delete() throws {
        let (s, edit) = try Self.editing(tool: .ball)
        Self.drag(edit, Point(320, 200), Point(340, 200), s)
        edit.choose(.spring)
        Self.drag(edit, Point(320, 200), Point(320, 60), s)          // to the post
        edit.choose(.hinge)
        Self.click(edit, Point(325, 200), s)
        #expect(s.scene.sceneDescription.behaviors.filter { $0.type == "attachment" }.count == 2)
        edit.choose(.delete)
        Self.click(edit, Point(310, 205), s)
        #expect(!s.scene.sceneDescription.items.contains { $0.id == "ball-1" })
        #expect(s.scene.item(withID: "ball-1") == nil)
        #expect(!s.scene.sceneDescription.behaviors.contains { $0.namedItems.contains("ball-1") })
        #expect(!s.scene.animator.behaviors.contains { $0 is AttachmentBehavior })
        #expect(Self.inStep(s.scene))
    }

    @Test("undo after each edit restores the description and the live scene before it")
    func undo() throws {
        let (s, edit) = try Self.editing(tool: .box)
        var before: [(SceneDescription, [String], Int)] = []
        func mark() { before.append((s.scene.sceneDescription, s.scene.items.map(\.id), s.scene.animator.behaviors.count)) }
        mark(); Self.drag(edit, Point(200, 150), Point(400, 170), s)
        mark(); edit.choose(.hinge); Self.click(edit, Point(220, 160), s)
        mark(); edit.choose(.ball); Self.drag(edit, Point(500, 100), Point(520, 100), s)
        mark(); edit.choose(.rope); Self.drag(edit, Point(500, 100), Point(380, 160), s)
        mark(); edit.choose(.fix); Self.click(edit, Point(320, 60), s)
        mark(); edit.choose(.motor); Self.click(edit, Point(220, 160), s)
        mark(); edit.choose(.select); Self.drag(edit, Point(500, 100), Point(560, 80), s)
        let moved = try #require(s.scene.item(withID: "ball-1")).center
        #expect(moved.distance(to: Point(560, 80)) < 1e-9)
        s.run(steps: 20)
        let ballBeforeDelete = try #require(s.scene.item(withID: "ball-1")).center
        mark(); edit.choose(.delete); Self.click(edit, ballBeforeDelete, s)
        #expect(s.scene.item(withID: "ball-1") == nil)
        #expect(edit.undoStack.count == before.count)
        for (k, (description, ids, behaviors)) in before.enumerated().reversed() {
            edit.undo(in: s)
            #expect(s.scene.sceneDescription == description, "undo #\(k)")
            #expect(s.scene.items.map(\.id) == ids, "undo #\(k)")
            #expect(s.scene.animator.behaviors.count == behaviors, "undo #\(k)")
            #expect(Self.inStep(s.scene), "undo #\(k)")
            if k == before.count - 1 {
                // The deleted ball is back where it was when it was deleted.
                #expect(try #require(s.scene.item(withID: "ball-1")).center == ballBeforeDelete)
            }
        }
        #expect(!edit.hasUnsavedEdits)
        edit.undo(in: s)
        #expect(s.lastMessage == "Nothing to undo.")
    }

    @Test("the same edits applied to two copies of a scene give the same steps, bit for bit")
    func deterministic() throws {
        let (s, edit) = try Self.editing(tool: .box)
        var applied: [(step: Int, edit: SceneEdit)] = []
        edit.didApply = { applied.append((s.stepCount, $0)) }
        Self.drag(edit, Point(200, 150), Point(400, 170), s)
        edit.choose(.hinge); Self.click(edit, Point(220, 160), s)
        s.run(steps: 10)
        edit.choose(.spring); Self.drag(edit, Point(380, 160), Point(450, 100), s)
        s.run(steps: 50)
        let copy = try Fixture.session(Self.bench)
        for step in 0...60 {
            for e in applied where e.step == step { #expect(copy.apply(e.edit) != nil) }
            if step < 60 { copy.step() }
        }
        #expect(copy.stateLine() == s.stateLine())
        #expect(copy.scene.sceneDescription == s.scene.sceneDescription)
    }

    // MARK: The app: leaving with unsaved edits

    @Test("unsaved edits: the first n warns and stays, the second n goes on")
    func unsavedWarning() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": Self.bench, "b.yaml": "name: Other\nitems:\n  - {id: x, size: [10, 10]}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var indexAfterFirst = -1
        let terminal = ScriptedTerminal(script: [
            (0.1, key("e")), (0.2, key("b")),
            (0.3, mouse(.press, 10, 5)), (0.4, mouse(.release, 20, 9)),
            (0.5, key("n")), (0.7, key("n")),
            (0.9, key("q")),
        ])
        let app = terminal.app(scenes)
        terminal.onDeliver = { event in
            if event == key("n"), indexAfterFirst == -1 { indexAfterFirst = -2 } else if indexAfterFirst == -2 {
                indexAfterFirst = app.sceneIndex
            }
        }
        _ = try app.run()
        #expect(indexAfterFirst == 0, "the first n left the scene")
        #expect(terminal.statusLines.contains { $0.contains("unsaved edits: w saves, the same key again discards") })
        #expect(app.sceneIndex == 1)
        #expect(!app.editMode.hasUnsavedEdits)
    }

    @Test("a key between the two cancels the warning, and the status line stops showing it at once")
    func cancelledWarningIsGone() throws {
        let (folder, scenes) = try PlaygroundAppTests.files(["a.yaml": Self.bench, "b.yaml": "name: Other\nitems:\n  - {id: x, size: [10, 10]}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // d (an overlay) posts no message of its own, so nothing else covers a stale warning; 160
        // columns show a message in full.
        let terminal = ScriptedTerminal(columns: 160, script: [
            (0.1, key("e")), (0.2, key("b")),
            (0.3, mouse(.press, 10, 5)), (0.4, mouse(.release, 20, 9)),
            (0.5, key("n")), (0.6, key("d")), (1.5, key("n")), (1.6, key("n")),
        ])
        let app = terminal.app(scenes)
        var framesAt: [(event: TerminalEvent, frames: Int)] = []
        terminal.onDeliver = { event in framesAt.append((event, terminal.statusLines.count)) }
        _ = try app.run()
        let all = terminal.statusLines
        let cancel = try #require(framesAt.first { $0.event == key("d") }?.frames)
        let secondN = try #require(framesAt.filter { $0.event == key("n") }.dropFirst().first?.frames)
        #expect(all[..<cancel].contains { $0.contains("unsaved edits: w saves, the same key again discards") }, "the first n warns")
        // From d to the next n (0.9 s, within a message's 5 s): no frame shows the warning.
        let between = all[cancel..<secondN]
        #expect(!between.isEmpty)
        #expect(between.allSatisfy { !$0.lowercased().contains("unsaved edits") }, "\(Array(between))")
        #expect(app.sceneIndex == 1)
    }
}
