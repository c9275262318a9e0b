// A group is grabbed as one: the pan gesture's grab, through the real recognizer path, holds the
// whole group by the point pressed (one spring, on the group), the items keep their places in it,
// and edit mode's delete takes the whole group.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Item groups under gestures")
struct GroupGestureTests {
    static let yaml = """
        name: Grab a dumbbell
        items:
          - {id: left, shape: ellipse, size: [30, 30], center: [170, 192]}
          - {id: bar, size: [60, 8], center: [215, 192]}
          - {id: right, shape: ellipse, size: [30, 30], center: [260, 192]}
        groups:
          - {id: dumbbell, items: [left, bar, right]}
        behaviors:
          - {type: collision, boundaries: reference}
        gestures:
          - {recognizer: pan, action: grab}
        """

    @Test("a grab on one ball carries the whole dumbbell, held where it was pressed")
    func grabCarriesTheGroup() throws {
        let session = try Fixture.session(Self.yaml)
        let scene = session.scene
        let left = try #require(scene.item(withID: "left")), bar = try #require(scene.item(withID: "bar"))
        let right = try #require(scene.item(withID: "right"))
        let group = try #require(scene.groups.first)
        // Press on the right ball, drag 150 pt down over 0.5 s while the simulation runs.
        session.handle(.down(Point(260, 192), time: 0))
        for i in 1...30 {
            session.handle(.move(Point(260, 192 + 150 * Double(i) / 30), time: Double(i) / 60))
            session.step()
        }
        let springs = scene.animator.behaviors.compactMap { $0 as? AttachmentBehavior }
        #expect(springs.count == 1)
        #expect(springs.first?.items.first === group, "the spring holds the group, not the ball")
        #expect(right.center.y > 250, "the pressed ball followed the pointer: \(right.center)")
        // Rigid: the balls stay 90 pt apart with the bar halfway, all turned alike.
        #expect(abs(left.center.distance(to: right.center) - 90) < 1e-9)
        #expect(((left.center + right.center) / 2).distance(to: bar.center) < 1e-9)
        #expect(abs(left.angle - bar.angle) < 1e-9 && abs(right.angle - bar.angle) < 1e-9)
        // Held off its center of mass, the dumbbell turned toward hanging from the held ball.
        #expect(bar.angle > 0.2, "turned: \(bar.angle)")
        session.handle(.up(Point(260, 342), time: 0.5))
        #expect(scene.animator.behaviors.allSatisfy { !($0 is AttachmentBehavior) })
    }

    @Test("edit mode: select frames the group, a move of one ball moves all, delete takes all, undo brings all back")
    func editModeTreatsTheGroupAsOne() throws {
        let session = try Fixture.session(Self.yaml)
        let edit = EditMode()
        edit.toggle()
        edit.choose(.select)
        let scene = session.scene
        let left = try #require(scene.item(withID: "left")), bar = try #require(scene.item(withID: "bar"))
        let right = try #require(scene.item(withID: "right"))
        // Drag the left ball 100 pt down: the whole dumbbell moves 100 pt down, unturned.
        edit.handle(.down, at: Point(170, 192), time: 0, in: session)
        edit.handle(.drag, at: Point(170, 242), time: 0.05, in: session)
        edit.handle(.drag, at: Point(170, 292), time: 0.1, in: session)
        edit.handle(.up, at: Point(170, 292), time: 0.15, in: session)
        #expect(edit.selection == .item(id: "left"))
        #expect(left.center.distance(to: Point(170, 292)) < 1e-9)
        #expect(bar.center.distance(to: Point(215, 292)) < 1e-9)
        #expect(right.center.distance(to: Point(260, 292)) < 1e-9)
        // Delete on the bar: all three and the group go.
        edit.choose(.delete)
        edit.handle(.down, at: Point(215, 292), time: 1, in: session)
        edit.handle(.up, at: Point(215, 292), time: 1.05, in: session)
        #expect(scene.items.isEmpty)
        #expect(scene.groups.isEmpty && scene.sceneDescription.groups.isEmpty)
        // Undo: the three are back, where they were, as one group again.
        edit.undo(in: session)
        #expect(scene.items.map(\.id) == ["left", "bar", "right"])
        #expect(scene.sceneDescription.groups == [GroupDescription(id: "dumbbell", items: ["left", "bar", "right"])])
        let back = try #require(scene.groups.first)
        #expect(back.items.count == 3 && scene.animator.contains(back))
        #expect(scene.item(withID: "bar")!.center.distance(to: Point(215, 292)) < 1e-9)
    }

    @Test("a rotation gesture on the bar turns the whole dumbbell about its center of mass")
    func rotationTurnsTheGroup() throws {
        let session = try Fixture.session("""
            name: Turn a dumbbell
            items:
              - {id: left, shape: ellipse, size: [30, 30], center: [170, 192]}
              - {id: bar, size: [60, 8], center: [215, 192]}
              - {id: right, shape: ellipse, size: [30, 30], center: [260, 192]}
            groups:
              - {items: [left, bar, right]}
            gestures:
              - {recognizer: rotation, on: bar, action: rotate}
            """)
        let left = try #require(session.scene.item(withID: "left")), right = try #require(session.scene.item(withID: "right"))
        // A right-button drag a quarter turn clockwise around the bar's center (the group's),
        // starting on the bar, 20 pt out.
        let c = Point(215, 192)
        session.drag(from: c + Vector(angle: 0) * 20, start: 0, duration: 0.5, steps: 30, button: .right) { f in
            c + Vector(angle: f * .pi / 2) * 20
        }
        // Turned a quarter turn as one: the balls now stand above and below the center, 45 pt out.
        #expect(left.center.distance(to: Point(215, 147)) < 1e-6, "\(left.center)")
        #expect(right.center.distance(to: Point(215, 237)) < 1e-6, "\(right.center)")
        #expect(abs(left.angle - .pi / 2) < 1e-6)
    }
}
