// Checkpoints of a session: a trip that starts from one goes through the same states, bit for
// bit, as a re-simulation from step 0 (what `nudge simulate` prints and every item's raw
// position, angle and velocities), for each seed scene and for a scene with pointer events,
// edits and animations; and the store's thinning keeps a 10-minute session of a 1,000-body
// crowd within 256 MB.
import Foundation
import Geometry
import Testing
@testable import Dynamics
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Checkpoints: trips through time start from a restored state, the same bit for bit")
struct CheckpointTests {
    static let bounds = Rect(origin: .zero, size: Size(640, 368))

    /// Pushes by taps, an animation that moves and fades a label, a swinging attachment and a
    /// message; the test adds edits (a box inserted, an item placed) between steps.
    static let mixed = """
        name: Mixed
        summary: Taps push the square.
        items:
          - {id: square, size: [60, 60], center: [320, 200], color: green}
          - {id: bob, shape: ellipse, size: [40, 40], center: [150, 120], color: red}
          - {id: crate, size: [50, 50], center: [480, 80], angle: 0.4, color: orange}
          - {id: sign, shape: label, text: "HI", center: [100, 40], color: yellow}
        behaviors:
          - {type: gravity, id: gravity, items: [bob, crate]}
          - {type: collision, id: walls, items: [square, bob, crate], boundaries: reference}
          - {type: push, id: tap-push, items: [square], mode: instantaneous, magnitude: 0}
          - {type: attachment, item: bob, anchor: [150, 30]}
          - {type: dynamicItem, id: bouncy, items: [crate], elasticity: 0.6}
        gestures:
          - {recognizer: tap, action: pushToward, item: square, push: tap-push, divisor: 200}
          - {recognizer: swipe, action: message, text: "Swiped {direction}"}
        animations:
          - {item: sign, duration: 2, delay: 0.5, curve: easeInOut, autoreverse: true, repeat: 1, to: {alpha: 0.2, center: [500, 40]}}
        """

    /// Runs a fresh session of `history` for `steps` steps as the app does: the events of a step
    /// recorded and delivered before it runs, a checkpoint offered after it.
    static func playLive(_ history: SessionHistory, steps: Int,
                         events: (SceneSession) -> [SessionHistory.Event] = { _ in [] }) {
        let s = history.makeSession()
        while s.stepCount < steps {
            for event in events(s) {
                history.record(event, at: s.stepCount)
                SessionHistory.apply(event, to: s)
            }
            s.step()
            history.offerCheckpoint(of: s)
        }
    }

    /// Every item's raw numbers: center, angle, velocities, alpha, as bit patterns.
    static func bits(_ s: SceneSession) -> [String: [UInt64]] {
        var out: [String: [UInt64]] = [:]
        for item in s.scene.items {
            let v = s.scene.linearVelocity(of: item)
            out[item.id] = [item.center.x, item.center.y, item.transform.a, item.transform.b, v.x, v.y,
                            s.scene.angularVelocity(of: item), item.alpha].map(\.bitPattern)
        }
        return out
    }

    /// Goes to step `k` from the latest checkpoint and from step 0, runs both `m` steps on and
    /// checks every state line on the way and the raw numbers at the end are the same. Returns
    /// the step the checkpoint's session started at.
    static func compare(_ history: SessionHistory, at k: Int, then m: Int) -> Int {
        let restored = history.start(toReach: k)
        let from = restored.stepCount
        let full = history.makeSession()
        history.advance(restored, to: k)
        history.advance(full, to: k)
        #expect(restored.stateLine() == full.stateLine(), "step \(k), restored from \(from)")
        for _ in 0..<m {
            history.advance(restored, to: restored.stepCount + 1)
            history.advance(full, to: full.stepCount + 1)
            #expect(restored.stateLine() == full.stateLine())
        }
        #expect(bits(restored) == bits(full), "step \(k + m), restored from \(from)")
        #expect(restored.messages == full.messages)
        return from
    }

    @Test("each seed scene: steps 37, 200 and 311 from a checkpoint and from step 0, then 90 steps on, print the same bytes and the same raw numbers",
          arguments: ["000-push", "001-snap", "002-pendulum", "003-cradle", "004-gestures", "005-crossing-images",
                      "006-scaling", "007-sandbox"])
    func seedScenes(name: String) throws {
        let file = KeyBindingTests.root.appendingPathComponent("scenes/\(name).yaml").path
        let history = SessionHistory(sceneDescription: try SceneParser().load(contentsOf: file), referenceBounds: Self.bounds)
        Self.playLive(history, steps: 400)
        for k in [37, 200, 311] {
            let from = Self.compare(history, at: k, then: 90)
            // The trip started from a checkpoint at most 8 steps before k, not from step 0.
            #expect(from > 0 && from <= k && k - from < 8, "\(name): step \(k) started from \(from)")
        }
    }

    @Test("taps that push, a swipe's message, an animation, an inserted box and a placed crate: every step from 60 to 330 by 27, from a checkpoint, runs on 60 steps exactly as from step 0")
    func pointerEventsEditsAndAnimations() throws {
        let description = try SceneParser().parse(yaml: Self.mixed, file: "mixed.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: Self.bounds)
        Self.playLive(history, steps: 400) { s in
            switch s.stepCount {
            case 30: return [.pointer(.down(Point(500, 300), time: s.time)), .pointer(.up(Point(500, 300), time: s.time + 0.01))]
            case 100: return [.edit(s.scene.addingItem(ItemDescription(id: "box", shape: .rectangle, size: Size(40, 40),
                                                                   center: Position(Point(300, 60)), color: .white)))]
            case 150: return [.edit(.placeItem(id: "crate", ItemPlacement(center: Point(200, 100), angle: 1)))]
            case 180: return (0...6).map { i in
                let p = Point(100 + Double(i) * 30, 300)
                return .pointer(i == 0 ? .down(p, time: s.time) : i == 6 ? .up(p, time: s.time + 0.06) : .move(p, time: s.time + Double(i) * 0.01))
            }
            case 250: return [.pointer(.down(Point(100, 100), time: s.time)), .pointer(.up(Point(100, 100), time: s.time + 0.01))]
            default: return []
            }
        }
        // The events did what they should, so the comparisons below compare something.
        let end = history.makeSession()
        history.advance(end, to: 330)
        #expect(end.messages.contains("Swiped Right"))
        #expect(end.scene.item(withID: "box") != nil)
        #expect(abs(end.scene.item(withID: "square")!.center.x - 320) > 1, "the tap pushed nothing")
        var restoredFrom: [Int] = []
        for k in stride(from: 60, through: 330, by: 27) {
            restoredFrom.append(Self.compare(history, at: k, then: 60))
        }
        // Every trip started from a checkpoint within 8 steps of its target: pointer events and
        // edits left state the checkpoints hold, or structure the edits rebuild.
        for (k, from) in zip(stride(from: 60, through: 330, by: 27), restoredFrom) {
            #expect(from > 0 && k - from < 8, "step \(k) started from \(from)")
        }
    }

    @Test("a tap that spawns a ball: trips after it start from a checkpoint taken after it, and match step 0's run")
    func spawnRestoresExactly() throws {
        let description = try SceneParser().parse(yaml: TimeTests.drops, file: "drops.yaml", imageFolder: nil)
        let history = SessionHistory(sceneDescription: description, referenceBounds: Self.bounds)
        Self.playLive(history, steps: 240) { s in
            s.stepCount == 50 ? [.pointer(.down(Point(300, 100), time: s.time)), .pointer(.up(Point(300, 100), time: s.time + 0.01))] : []
        }
        #expect(Self.compare(history, at: 40, then: 30) > 0)
        // The checkpoints after the spawn hold the spawned ball and restore: the trip starts near 200.
        let from = Self.compare(history, at: 200, then: 30)
        #expect(from > 50 && 200 - from < 8, "started from \(from)")
    }

    /// A fake checkpoint of a given size, for the store's policy.
    struct Sized: StepCheckpoint {
        let step: Int
        let retainedBytes: Int
    }

    /// 1,000 boxes and balls of 10 pt, falling into a pile, stirred by a noise field.
    static func crowd() throws -> SceneDescription {
        var yaml = "name: Crowd\nsummary: a crowd.\nitems:\n"
        for k in 0..<1000 {
            let x = 20 + Double((k * 37) % 900), y = 20 + Double(k / 40) * 12
            yaml += "  - {id: i\(k), shape: \(k % 2 == 0 ? "ellipse" : "rectangle"), size: [10, 10], center: [\(x), \(y)]}\n"
        }
        yaml += "behaviors:\n  - {type: gravity}\n  - {type: collision, boundaries: reference}\n"
            + "  - {type: field, kind: noise, strength: 0.3}\n"
        return try SceneParser().parse(yaml: yaml, file: "crowd.yaml", imageFolder: nil)
    }

    static let crowdBounds = Rect(origin: .zero, size: Size(960, 540))

    @Test("a packed checkpoint of a 1,000-body crowd holds under half the bytes; fresh sessions restored from it, at once and unpacked a piece at a time (a piece per 2,048 contacts), run 90 steps through the same bytes and raw numbers as the session it was taken from")
    func packedCrowdRestoresExactly() throws {
        let description = try Self.crowd()
        let live = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.crowdBounds))
        live.run(steps: 120)
        let whole = try #require(live.checkpoint())
        let packed = whole.packed()
        #expect(packed.isPacked && !whole.isPacked)
        #expect(packed.retainedBytes * 2 < whole.retainedBytes, "packed \(packed.retainedBytes) of \(whole.retainedBytes) bytes")
        print("crowd checkpoint: \(whole.retainedBytes) bytes, packed \(packed.retainedBytes)")
        // The pile touches: contacts with impulses are among what was packed.
        #expect(live.scene.animator.contactPoints.count > 1000)
        let contacts = live.scene.animator.world.contactSet.count
        let restored = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.crowdBounds))
        #expect(restored.restore(packed))
        let unpacking = packed.unpacking()
        // One piece per chunk of contacts, and one for the bodies and shapes.
        #expect(unpacking.remaining == (contacts + PackedParts.chunk - 1) / PackedParts.chunk + 1, "\(contacts) contacts")
        while !unpacking.isDone { #expect(unpacking.runNext()) }
        let unpacked = try #require(unpacking.result())
        #expect(!unpacked.isPacked)
        let inPieces = SceneSession(scene: SceneBuilder().build(description, referenceBounds: Self.crowdBounds))
        #expect(inPieces.restore(unpacked))
        #expect(Self.bits(restored) == Self.bits(live) && Self.bits(inPieces) == Self.bits(live))
        for _ in 0..<90 {
            live.step()
            restored.step()
            inPieces.step()
            #expect(restored.stateLine() == live.stateLine())
            #expect(inPieces.stateLine() == live.stateLine())
        }
        #expect(Self.bits(restored) == Self.bits(live), "step \(live.stepCount)")
        #expect(Self.bits(inPieces) == Self.bits(live), "step \(live.stepCount)")
    }

    @Test("a 1,000-body crowd's checkpoint holds at least its bodies and shapes; 10 minutes of them (36,000 steps) stay under 256 MB, 8 steps apart at the present, spaced by distance near it and evenly far from it")
    func crowdMemory() throws {
        let session = SceneSession(scene: SceneBuilder().build(try Self.crowd(), referenceBounds: Self.crowdBounds))
        session.run(steps: 60)
        let c = try #require(session.checkpoint())
        let floor = 1001 * (MemoryLayout<Body>.stride + MemoryLayout<Shape>.stride)
        #expect(c.retainedBytes >= floor, "\(c.retainedBytes) bytes, less than the bodies and shapes alone (\(floor))")

        let budget = 256 << 20
        let store = CheckpointStore<Sized>(budget: budget)
        for step in stride(from: 8, through: 36000, by: 8) {
            store.add(Sized(step: step, retainedBytes: c.retainedBytes))
            #expect(store.bytes <= budget)
        }
        let steps = store.checkpoints.map(\.checkpoint.step)
        #expect(steps.first == 8 && steps.last == 36000)
        #expect(steps.suffix(3) == [35984, 35992, 36000], "\(steps.suffix(8))")
        // Near the present, spacing grows with the distance from it: no gap there is longer
        // than twice the distance from its later end to the present (or the 8 steps between
        // checkpoints offered). Far from it (beyond `evenFrom`), gaps are even: none is over
        // twice the mean, so a jump anywhere re-simulates at most that.
        let evenFrom = store.evenFrom
        let far = zip(steps, steps.dropFirst()).filter { 36000 - $0.1 >= evenFrom }
        let mean = Double(far.last!.1 - far.first!.0) / Double(far.count)
        for (a, b) in zip(steps, steps.dropFirst()) {
            if 36000 - b < evenFrom {
                #expect(b - a <= max(8, 2 * (36000 - b)), "gap \(a)…\(b)")
            } else {
                #expect(Double(b - a) <= 2 * mean, "gap \(a)…\(b), mean \(mean)")
            }
        }
        print("crowd checkpoint: \(c.retainedBytes) bytes; 10 minutes: \(store.count) checkpoints, \(store.bytes >> 20) MB")
    }
}
