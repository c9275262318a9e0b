// Rule actions at work, and every registered kind through a live session and a save.
//
// Every event and action kind of the registries has its runtime half, and each action kind's
// example runs from a rule in a live scene, prints its line, and the scene saved afterwards
// (`w`) loads again with its rules (a rule naming an item the run removed, or a behavior a rule
// took out of the animator, is left out). The
// actions that move items are checked against UIKit's units: an instantaneous push of
// direction (1, 0) on a 100×100 item of density 1 (mass 1) changes its velocity by 100 pt/s;
// setVelocity's velocity is the item's velocity, and one step of gravity g later it has gained
// g·Δt = 1000/60 pt/s.
import Foundation
import Geometry
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Rule actions: every kind runs and saves; motions in UIKit's units")
struct RuleActionTests {
    static let items = """
        size: [400, 400]
        items:
          - {id: a, size: [100, 100], center: [100, 100]}
          - {id: b, size: [20, 20], center: [300, 100]}
        behaviors:
          - {type: gravity, id: fall, items: [a]}
          - {type: collision, boundaries: reference}

        """

    static func session(_ rules: String) throws -> SceneSession {
        try Fixture.session(items + "rules:\n" + rules, size: Size(400, 400))
    }

    @Test("every registered event and action kind has its runtime half")
    func runtimes() {
        for kind in EventKinds.all {
            #expect(EventDescription(kind.example(naming: ["a", "b"])).runtime != nil, "\(kind.name) has no EventRuntime")
        }
        for kind in ActionKinds.all {
            #expect(ActionDescription(kind.example(naming: ["a", "b"], behavior: "fall")).runtime != nil,
                    "\(kind.name) has no ActionRuntime")
        }
    }

    @Test("each action kind's example runs from a rule, prints its line, and the saved scene loads with its rules",
          arguments: ActionKinds.names)
    func everyAction(_ name: String) throws {
        let kind = try #require(ActionKinds.kind(named: name))
        var description = try SceneParser().parse(yaml: Self.items, file: "every-action.yaml")
        let action = ActionDescription(kind.example(naming: ["a", "b"], behavior: "fall"))
        description.rules = [RuleDescription(event: EventDescription(EventDescription.After(seconds: 0.1)), actions: [action])]
        let session = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Rect(origin: .zero, size: Size(400, 400))))
        let rules = try #require(session.rules)
        var lines: [String] = []
        for _ in 0..<20 {
            session.step()
            lines += rules.takeLines()
        }
        #expect(lines.contains { $0.hasPrefix(#"{"step":6,"rule":1,"action":"\#(name)""#) }, "\(lines)")
        let saved = session.scene.currentDescription(time: session.time)
        let reloaded = try SceneParser().parse(yaml: try saved.yaml(), file: "saved.yaml")
        let namesGone = !Set(description.rules[0].namedItems).isSubset(of: Set(saved.items.map(\.id)))
            || !Set(description.rules[0].namedBehaviors).isSubset(of: Set(saved.behaviors.compactMap(\.id)))
        #expect(reloaded.rules == (namesGone ? [] : description.rules))
    }

    @Test("push: direction (1, 0) on mass 1 changes the velocity by 100 pt/s, once")
    func push() throws {
        let session = try Self.session("""
              - on: {event: after, seconds: 0.5}
                do: [{action: disableBehavior, behavior: fall}, {action: push, item: a, direction: [1, 0]}]
            """)
        let a = try #require(session.scene.item(withID: "a"))
        session.run(steps: 30)
        let before = session.scene.linearVelocity(of: a).x
        session.run(steps: 1)
        let after = session.scene.linearVelocity(of: a).x
        #expect(abs(session.scene.animator.mass(for: a) - 1) < 1e-12)
        #expect(abs(after - before - 100) < 1e-6, "\(before) → \(after)")
        session.run(steps: 10)
        #expect(abs(session.scene.linearVelocity(of: a).x - after) < 1e-6, "the push is spent")
    }

    @Test("setVelocity: the item moves at the velocity set; one step of gravity later it has gained 1000/60 pt/s")
    func setVelocity() throws {
        let session = try Self.session("""
              - on: {event: after, seconds: 0.1}
                do: [{action: setVelocity, item: a, velocity: [30, -300]}]
            """)
        let a = try #require(session.scene.item(withID: "a"))
        session.run(steps: 6)
        #expect(session.scene.linearVelocity(of: a) == Vector(30, -300))
        session.run(steps: 1)
        let v = session.scene.linearVelocity(of: a)
        // The engine keeps velocities in single precision: within 1e-4 of 283.33 pt/s.
        #expect(abs(v.x - 30) < 1e-4 && abs(v.y - (-300 + 1000.0 / 60)) < 1e-4, "\(v)")
    }

    @Test("add at the event's point, remove the event's item, counters by and to, looks on the event's item")
    func itemsAndCounters() throws {
        let session = try Self.session("""
              - on: {event: tap, item: b}
                do:
                  - {action: add, template: b}
                  - {action: setColor, color: red}
                  - {action: counter, counter: score, by: 2}
              - on: {event: after, seconds: 0.5}
                do: [{action: remove, item: b}, {action: counter, counter: score, to: 10}]
            """)
        session.click(Point(300, 100), at: 0)
        session.run(steps: 1)
        let added = try #require(session.scene.item(withID: "b-1"))
        #expect(added.center == Point(300, 100))
        #expect(session.scene.item(withID: "b")?.color == SceneColor(red: 255, green: 0, blue: 0))
        #expect(session.rules?.statusText == "score 2")
        session.run(steps: 29)
        #expect(session.scene.item(withID: "b") == nil)
        #expect(session.rules?.statusText == "score 10")
    }

    @Test("a composite (gravity 1000 pt/s² and a push of 100 pt/s² on mass 1) goes out and comes back as one: velocity (50, 500) after 0.5 s, unchanged while out, then both accelerate again")
    func composite() throws {
        let session = try Fixture.session("""
            size: [4000, 4000]
            items:
              - {id: rocket, size: [100, 100], center: [200, 200]}
            behaviors:
              - {type: collision, items: [rocket]}
              - type: composite
                id: engine
                children:
                  - {type: gravity, items: [rocket]}
                  - {type: push, items: [rocket], angle: 0, magnitude: 1}
            rules:
              - on: {event: after, seconds: 0.5}
                do: [{action: removeBehavior, behavior: engine}]
              - on: {event: after, seconds: 1}
                do: [{action: addBehavior, behavior: engine}]
            """, size: Size(4000, 4000))
        let rocket = try #require(session.scene.item(withID: "rocket"))
        func close(_ v: Vector, _ x: Double, _ y: Double) -> Bool { abs(v.x - x) < 1e-3 && abs(v.y - y) < 1e-3 }
        session.run(steps: 30)
        #expect(close(session.scene.linearVelocity(of: rocket), 50, 500), "\(session.scene.linearVelocity(of: rocket))")
        #expect(session.scene.animator.behaviors.count == 1, "the composite and both children are out")
        session.run(steps: 30)
        #expect(close(session.scene.linearVelocity(of: rocket), 50, 500))
        session.run(steps: 1)
        #expect(close(session.scene.linearVelocity(of: rocket), 50 + 100.0 / 60, 500 + 1000.0 / 60),
                "\(session.scene.linearVelocity(of: rocket))")
    }

    @Test("end: the scene's time stands still, the session rests, and the status text says won with the message")
    func endStopsTime() throws {
        let session = try Self.session("""
              - on: {event: after, seconds: 0.25}
                do: [{action: end, result: won, message: "In!"}, {action: bell}]
            """)
        let a = try #require(session.scene.item(withID: "a"))
        session.run(steps: 15)
        let y = a.center.y
        session.run(steps: 30)
        #expect(a.center.y == y)
        #expect(session.hasEnded && session.isAtRest)
        #expect(session.rules?.statusText == "won: In!")
        #expect(session.rules?.takeBells() == 0, "actions after end do not run")
    }
}
