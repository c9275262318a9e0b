// A scene's `addLimit`: the items the player may add while playing, counted in the scene. The
// numbers are the file's: with `addLimit: 3`, three boxes drawn leave "0 of 3 items left" and
// a fourth is refused with the cap's message; deleting one drawn box gives one back; undo does
// too. Gestures' spawns count the same way, a rule's own `add` does not, and the gestures' cap of
// 200 names what added the items.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("addLimit: the player's items are capped, counted in the status line, refused with a message")
struct AddLimitTests {
    static let basket = """
        size: [640, 368]
        addLimit: 3
        items:
          - {id: ball, shape: ellipse, size: [32, 32], center: [60, 64]}
        behaviors:
          - {type: collision, id: solid, items: [ball], boundaries: reference}

        """

    /// Draws a 40×20 box with its top left corner at `x`, 100.
    static func box(at x: Double, _ edit: EditMode, _ s: SceneSession) {
        edit.handle(.down, at: Point(x, 100), time: s.time, in: s)
        edit.handle(.up, at: Point(x + 40, 120), time: s.time, in: s)
    }

    @Test("three boxes drawn: 3, 2, 1, 0 of 3 left; a fourth is refused with the cap's message; x gives one back, and so does u")
    func editModeIsCapped() throws {
        let s = try Fixture.session(Self.basket, size: Size(640, 368))
        let edit = EditMode()
        edit.toggle()
        edit.choose(.box)
        #expect(s.addLimitText == "3 of 3 items left")
        var left: [String?] = []
        for x in [100.0, 200, 300] {
            Self.box(at: x, edit, s)
            left.append(s.addLimitText)
        }
        #expect(left == ["2 of 3 items left", "1 of 3 items left", "0 of 3 items left"])
        Self.box(at: 400, edit, s)
        #expect(s.scene.item(withID: "box-4") == nil)
        #expect(s.scene.items.count == 4)
        #expect(s.lastMessage == "No more items: this scene lets you add 3, and all 3 are in it (x deletes one).")
        #expect(s.scoreboardText == "0 of 3 items left")
        // Deleting a drawn box frees its place.
        edit.choose(.delete)
        edit.handle(.down, at: Point(220, 110), time: s.time, in: s)
        edit.handle(.up, at: Point(220, 110), time: s.time, in: s)
        #expect(s.scene.item(withID: "box-2") == nil)
        #expect(s.addLimitText == "1 of 3 items left")
        edit.choose(.box)
        Self.box(at: 400, edit, s)
        #expect(s.scene.items.count == 4)
        #expect(s.addLimitText == "0 of 3 items left")
        // Undo takes the last box away again: one left.
        edit.undo(in: s)
        #expect(s.addLimitText == "1 of 3 items left")
    }

    @Test("a tap gesture's spawn with addLimit 2: three taps add two balls and the third says why; a timer rule's add is not counted")
    func gesturesAreCappedRulesAreNot() throws {
        let s = try Fixture.session("""
            size: [640, 368]
            addLimit: 2
            items:
              - {id: seed, shape: ellipse, size: [10, 10], center: [-50, -50]}
            gestures:
              - recognizer: tap
                action: spawn
                template: {shape: ellipse, size: [20, 20]}
            rules:
              - on: {event: after, seconds: 0.05}
                do: [{action: add, template: seed, at: [600, 30]}]

            """, size: Size(640, 368))
        for (k, x) in [100.0, 200, 300].enumerated() {
            let t = Double(k) + 0.5
            while s.time < t { s.step() }
            s.handle(.down(Point(x, 200), time: t))
            s.handle(.up(Point(x, 200), time: t + 0.01))
            s.step()
        }
        #expect(s.scene.items.map(\.id) == ["seed", "seed-1", "spawned-1", "spawned-2"])
        #expect(s.messages.last == "no more items: this scene lets you add 2, and all 2 are in it")
        #expect(s.addLimitText == "0 of 2 items left")
    }

    @Test("the cap of 200: a rule that adds an item every step stops at 200 and says rules added them")
    func theGreatCapNamesRules() throws {
        let s = try Fixture.session("""
            size: [640, 368]
            items:
              - {id: seed, size: [4, 4], center: [-50, -50]}
            rules:
              - on: {event: every, seconds: 0.02}
                do: [{action: add, template: seed, at: [300, 100]}]

            """, size: Size(640, 368))
        for _ in 0..<205 { s.step() }
        #expect(s.scene.items.count == 201)
        #expect(s.messages.last == "no more items: rules have added 200, the most one scene takes (r starts it again)")
    }

    @Test("addLimit reads, writes back and reads the same; a negative or fractional one is an error at its key")
    func format() throws {
        let description = try SceneParser().parse(yaml: Self.basket, file: "basket.yaml")
        #expect(description.addLimit == 3)
        let written = try SceneWriter().text(for: description)
        #expect(written.contains("addLimit: 3"))
        #expect(try SceneParser().parse(yaml: written, file: "again.yaml") == description)
        for bad in ["-1", "2.5"] {
            let yaml = Self.basket.replacingOccurrences(of: "addLimit: 3", with: "addLimit: \(bad)")
            #expect(throws: SceneErrors.self) { try SceneParser().parse(yaml: yaml, file: "bad.yaml") }
            do { _ = try SceneParser().parse(yaml: yaml, file: "bad.yaml") } catch {
                #expect("\(error)".contains("bad.yaml:2:11: addLimit: expected a whole number of at least 0, found \(bad)"), "\(error)")
            }
        }
    }
}
