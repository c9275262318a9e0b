// SceneSession: gesture actions, animations and removal, from scripted pointer events. The
// expected numbers come from the seed scenes' specification and from UIKit's units (push magnitude 1 on mass 1
// = 100 pt/s²; mass = density × w/100 × h/100).
import Dynamics
import Foundation
import Geometry
import Gestures
import Testing
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Scene session")
struct SceneSessionTests {
    @Test("pushToward (seed 000): a tap 200 pt right of the square, divisor 200 → magnitude 1 at angle 0; 0.64 mass accelerates at 156.25 pt/s²")
    func pushToward() throws {
        let session = try Fixture.session(Fixture.push)
        let square = try #require(session.scene.item(withID: "square"))
        let push = try #require(session.scene.behavior(withID: "tap-push") as? PushBehavior)
        #expect(square.center == Point(320, 192))
        session.click(Point(520, 192), at: 0)
        #expect(abs(push.magnitude - 1) < 1e-12)
        #expect(abs(push.angle) < 1e-12)
        #expect(push.active)
        // 80 × 80 at density 1: mass 0.8 × 0.8 = 0.64; 100 pt/s² × 1 / 0.64 = 156.25 pt/s².
        #expect(abs(session.scene.animator.mass(for: square) - 0.64) < 1e-12)
        session.run(steps: 60)
        let v = session.scene.linearVelocity(of: square)
        #expect(abs(v.x - 156.25) < 156.25 * 0.01, "after 1 s: \(v.x) pt/s")
        #expect(abs(v.y) < 1e-9)
    }

    @Test("pushToward aims at the tap: a tap straight below gives angle π/2 and magnitude = distance / divisor")
    func pushTowardBelow() throws {
        let session = try Fixture.session(Fixture.push)
        let push = try #require(session.scene.behavior(withID: "tap-push") as? PushBehavior)
        session.click(Point(320, 192 + 100), at: 0)
        #expect(abs(push.angle - Double.pi / 2) < 1e-12)
        #expect(abs(push.magnitude - 0.5) < 1e-12)
    }

    @Test("snapTo (seed 001): the square settles at the tap, and only one snap holds it")
    func snapTo() throws {
        let session = try Fixture.session(try String(contentsOfFile: Self.scenesFolder + "/001-snap.yaml", encoding: .utf8))
        let square = try #require(session.scene.item(withID: "square"))
        session.click(Point(100, 80), at: 0)
        session.run(steps: 240)
        #expect(square.center.distance(to: Point(100, 80)) < 1, "\(square.center)")
        let snaps = session.scene.animator.behaviors.compactMap { $0 as? SnapBehavior }
        #expect(snaps.count == 1)
        #expect(snaps.first?.snapPoint == Point(100, 80))
        #expect(snaps.first?.damping == 0.5)
    }

    static let dragScene = """
        name: Drag
        items:
          - {id: bob, size: [40, 40], center: [320, 192], shape: ellipse, color: orange}
        behaviors:
          - {type: collision, boundaries: reference}
        gestures:
          - {recognizer: pan, on: bob, action: dragPush, divisor: 10}
        """

    @Test("dragPush (seed 004): while panning, a push of translation.x / divisor; removed on release")
    func dragPush() throws {
        let session = try Fixture.session(Self.dragScene)
        var magnitudes: [Double] = []
        session.drag(from: Point(320, 192), start: 0, duration: 0.2, steps: 4, release: false) { f in Point(320 + 100 * f, 192) }
        let push = try #require(session.scene.animator.behaviors.compactMap { $0 as? PushBehavior }.first)
        magnitudes.append(push.pushDirection.x)
        #expect(abs(push.pushDirection.x - 100.0 / 10) < 1e-9)   // translation.x 100 pt / 10
        #expect(push.pushDirection.y == 0)
        session.handle(.move(Point(320 - 50, 192), time: 0.3))
        #expect(abs(push.pushDirection.x - (-50.0 / 10)) < 1e-9)
        session.handle(.up(Point(320 - 50, 192), time: 0.35))
        #expect(session.scene.animator.behaviors.allSatisfy { !($0 is PushBehavior) })
    }

    @Test("dragPush ignores a pan that starts off its `on` item")
    func dragPushOffItem() throws {
        let session = try Fixture.session(Self.dragScene)
        session.drag(from: Point(100, 100), start: 0, duration: 0.2, steps: 4, release: false) { f in Point(100 + 100 * f, 100) }
        #expect(session.scene.animator.behaviors.allSatisfy { !($0 is PushBehavior) })
    }

    @Test("rotate (seed 002): two successive quarter turns accumulate to π")
    func rotateAccumulates() throws {
        let session = try Fixture.session("""
            name: Rotate
            items:
              - {id: label, shape: label, text: "Hello, World!", center: [320, 192]}
            gestures:
              - {recognizer: rotation, on: label, action: rotate}
            """)
        let label = try #require(session.scene.item(withID: "label"))
        let c = label.center
        // A right-button drag a quarter turn clockwise around the label's center, starting on it.
        // The second turn starts where the turned label now lies (below its center).
        func quarterTurn(start: Double, from angle: Double) {
            session.drag(from: c + Vector(angle: angle) * 40, start: start, duration: 0.5, steps: 30, button: .right) { f in
                c + Vector(angle: angle + f * Double.pi / 2) * 40
            }
        }
        quarterTurn(start: 0, from: 0)
        #expect(abs(label.angle - Double.pi / 2) < 2 * Double.pi / 180, "\(label.angle)")
        quarterTurn(start: 1, from: Double.pi / 2)
        #expect(abs(label.angle - Double.pi) < 2 * Double.pi / 180, "\(label.angle)")
    }

    @Test("message: a swipe fills {direction} with Left / Right / Up / Down")
    func swipeMessage() throws {
        let session = try Fixture.session("""
            name: Swipe
            items:
              - {id: marker, size: [8, 8], center: [4, 4]}
            gestures:
              - {recognizer: swipe, directions: [left, right, up, down], action: message, text: "Swiped {direction}."}
            """)
        // 120 pt in 0.1 s = 1200 pt/s: a fast swipe.
        session.drag(from: Point(300, 200), start: 0, duration: 0.1, steps: 6) { f in Point(300 - 120 * f, 200) }
        #expect(session.lastMessage == "Swiped Left.")
        session.drag(from: Point(300, 200), start: 1, duration: 0.1, steps: 6) { f in Point(300, 200 + 120 * f) }
        #expect(session.lastMessage == "Swiped Down.")
        #expect(session.messages == ["Swiped Left.", "Swiped Down."])
    }

    @Test("grab: the item follows the pointer on a spring, keeps its velocity when let go, and the spring is gone")
    func grabAndThrow() throws {
        let session = try Fixture.session("""
            name: Grab
            items:
              - {id: ball, shape: ellipse, size: [60, 60], center: [200, 192], color: cyan}
            behaviors:
              - {type: collision, boundaries: reference}
            gestures:
              - {recognizer: pan, action: grab}
            """)
        let ball = try #require(session.scene.item(withID: "ball"))
        // Press on the ball, drag 200 pt right over 0.5 s while the simulation runs.
        session.handle(.down(Point(200, 192), time: 0))
        for i in 1...30 {
            session.handle(.move(Point(200 + 200 * Double(i) / 30, 192), time: Double(i) / 60))
            session.step()
        }
        let springs = session.scene.animator.behaviors.compactMap { $0 as? AttachmentBehavior }
        #expect(springs.count == 1)
        #expect(springs.first?.frequency == 5)
        #expect(springs.first?.anchorPoint == Point(400, 192))
        #expect(ball.center.x > 250, "the ball followed: \(ball.center)")
        session.handle(.up(Point(400, 192), time: 0.5))
        #expect(session.scene.animator.behaviors.allSatisfy { !($0 is AttachmentBehavior) })
        let v = session.scene.linearVelocity(of: ball)
        #expect(v.x > 100, "thrown: \(v)")
    }

    @Test("an animation with then: remove fades the item (alpha 0.5 halfway, linear) and removes it from the scene and its behaviors")
    func animationRemoves() throws {
        let session = try Fixture.session("""
            name: Fade
            items:
              - {id: a, size: [40, 40], center: [100, 100]}
              - {id: b, size: [40, 40], center: [300, 100]}
            behaviors:
              - {type: collision, boundaries: reference}
            animations:
              - {item: a, duration: 1, curve: linear, to: {alpha: 0}, then: remove}
            """)
        let a = try #require(session.scene.item(withID: "a"))
        session.run(steps: 30)
        #expect(abs(a.alpha - 0.5) < 1e-9)
        #expect(session.stateLine().contains(#""id":"a""#))
        session.run(steps: 30)
        #expect(session.scene.item(withID: "a") == nil)
        let collision = try #require(session.scene.animator.behaviors.first as? CollisionBehavior)
        #expect(!collision.items.contains { $0 === a })
        #expect(!session.stateLine().contains(#""id":"a""#))
        #expect(session.stateLine().contains(#""id":"b""#))
    }

    @Test("an animation moves an item no behavior drives; scale shows in the state line when it is not 1")
    func animationMovesAndScales() throws {
        let session = try Fixture.session("""
            name: Move
            items:
              - {id: a, size: [40, 40], center: [100, 100]}
            animations:
              - {item: a, duration: 1, curve: linear, to: {center: [200, 100], scale: 2}}
            """)
        let a = try #require(session.scene.item(withID: "a"))
        session.run(steps: 30)
        #expect(abs(a.center.x - 150) < 1e-9)
        #expect(abs(a.scale - 1.5) < 1e-9)
        #expect(session.stateLine().contains(#""scale":1.5"#))
        #expect(session.stateLine().contains(#""alpha":1"#))
    }

    @Test("a single tap waits for the double tap to fail; a double tap does not fire the single tap")
    func singleWaitsForDouble() throws {
        let session = try Fixture.session("""
            name: Taps
            items:
              - {id: marker, size: [8, 8], center: [4, 4]}
            gestures:
              - {recognizer: tap, action: message, text: single}
              - {recognizer: doubleTap, action: message, text: double}
            """)
        session.click(Point(100, 100), at: 0)
        session.click(Point(100, 100), at: 0.2)
        #expect(session.messages == ["double"])
        session.click(Point(100, 100), at: 2)
        session.run(steps: 60 * 3)   // time passes: the double tap gives up, the single tap fires
        #expect(session.messages == ["double", "single"])
    }

    @Test("a click that wobbles one row (16 pt) is still a tap in a scene")
    func tapAllowsOneCell() throws {
        let session = try Fixture.session("""
            name: Tap
            items:
              - {id: marker, size: [8, 8], center: [4, 4]}
            gestures:
              - {recognizer: tap, action: message, text: tapped}
            """)
        session.handle(.down(Point(100, 100), time: 0))
        session.handle(.move(Point(100, 116), time: 0.02))
        session.handle(.up(Point(100, 116), time: 0.05))
        #expect(session.messages == ["tapped"])
    }

    @Test("spawn adds an item at the tap that joins the behaviors with no item list")
    func spawn() throws {
        let session = try Fixture.session("""
            name: Rain
            items:
              - {id: marker, size: [8, 8], center: [4, 4]}
            behaviors:
              - {type: gravity}
              - {type: collision, boundaries: reference}
            gestures:
              - {recognizer: tap, action: spawn, template: {id: drop, shape: ellipse, size: [20, 20], color: cyan}}
            """)
        session.click(Point(100, 50), at: 0)
        let drop = try #require(session.scene.items.last)
        #expect(drop.id == "drop-1")
        #expect(drop.center == Point(100, 50))
        session.run(steps: 30)
        // Gravity 1000 pt/s² for 0.5 s: about 125 pt down.
        #expect(abs(drop.center.y - (50 + 125)) < 10, "\(drop.center)")
    }

    @Test("repeat counts extra plays: repeat 1 of a 1 s fade ends (and removes) after 2 s, not 1 s")
    func repeatCountsExtraPlays() throws {
        let session = try Fixture.session("""
            name: Blink
            items:
              - {id: a, size: [40, 40], center: [100, 100]}
            animations:
              - {item: a, duration: 1, curve: linear, repeat: 1, to: {alpha: 0}, then: remove}
            """)
        session.run(steps: 90)
        let a = try #require(session.scene.item(withID: "a"))
        #expect(abs(a.alpha - 0.5) < 1e-9)   // halfway through the second play
        session.run(steps: 30)
        #expect(session.scene.item(withID: "a") == nil)
    }

    @Test("a grab whose release never comes is cancelled by the 2 s drag timeout, and its spring goes away")
    func lostRelease() throws {
        let session = try Fixture.session("""
            name: Grab
            items:
              - {id: ball, shape: ellipse, size: [60, 60], center: [200, 192]}
            behaviors:
              - {type: collision, boundaries: reference}
            gestures:
              - {recognizer: pan, action: grab}
            """)
        session.handle(.down(Point(200, 192), time: 0))
        session.handle(.move(Point(240, 192), time: 0.1))
        #expect(session.scene.animator.behaviors.contains { $0 is AttachmentBehavior })
        session.run(steps: 60 * 2 + 10)   // 2.1 s after the last move
        #expect(!session.scene.animator.behaviors.contains { $0 is AttachmentBehavior })
        #expect(!session.router.isTracking)
    }

    @Test("an event belongs before the step that ends after it")
    func stepIndex() {
        #expect(SceneSession.stepIndex(forEventTime: 0) == 0)
        #expect(SceneSession.stepIndex(forEventTime: 0.5 / 60) == 0)
        #expect(SceneSession.stepIndex(forEventTime: 1.0 / 60) == 1)
        #expect(SceneSession.stepIndex(forEventTime: (7 + 0.999999) / 60) == 7)
        #expect(SceneSession.stepIndex(forEventTime: -1) == 0)
        #expect(SceneSession.stepIndex(forEventTime: .nan) == 0)
    }

    static var scenesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes").path
    }
}
