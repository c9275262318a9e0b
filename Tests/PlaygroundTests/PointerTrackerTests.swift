// PointerTracker: mouse reports become the pointer events recognizers expect, with the button
// state the terminal does not keep (docs/playground.md, "Mouse").
import Geometry
import Gestures
import Testing
import TerminalUI
@testable import Playground

@Suite("Pointer tracker")
struct PointerTrackerTests {
    static func report(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button = .left, _ modifiers: TerminalUI.Modifiers = []) -> MouseEvent {
        MouseEvent(kind: kind, button: button, modifiers: modifiers, column: 0, row: 0)
    }

    @Test("nothing held: a release, drag or motion is no pointer event, nor is a press of no button")
    func nothingHeld() {
        var tracker = PointerTracker()
        let p = Point(4, 8)
        for kind in [MouseEvent.Kind.release, .drag, .move] {
            #expect(tracker.events(for: Self.report(kind), at: p, time: 0) == nil)
        }
        #expect(tracker.events(for: Self.report(.press, .none), at: p, time: 0) == nil)
        #expect(tracker.heldButton == nil)
    }

    @Test("a press while another is held ends that one first; motion with no button is the lost release")
    func lostReleases() {
        var tracker = PointerTracker()
        let p = Point(4, 8)
        #expect(tracker.events(for: Self.report(.press), at: p, time: 1) == [.down(p, time: 1, button: .left)])
        #expect(tracker.events(for: Self.report(.press, .right, [.control]), at: p, time: 2)
                == [.up(p, time: 2, button: .left, modifiers: [.control]), .down(p, time: 2, button: .right, modifiers: [.control])])
        #expect(tracker.events(for: Self.report(.drag, .right), at: p, time: 3) == [.move(p, time: 3, button: .right)])
        #expect(tracker.events(for: Self.report(.move, .none), at: p, time: 4) == [.up(p, time: 4, button: .right)])
        #expect(tracker.heldButton == nil)
        #expect(tracker.events(for: Self.report(.move, .none), at: p, time: 5) == nil)
    }

    @Test("a wheel notch is a scroll with its modifiers, held button or not; a new scene forgets the button")
    func scrollAndReset() {
        var tracker = PointerTracker()
        let p = Point(4, 8)
        #expect(tracker.events(for: Self.report(.scrollUp, .none, [.shift]), at: p, time: 1) == [.scroll(.up, at: p, time: 1, modifiers: [.shift])])
        _ = tracker.events(for: Self.report(.press), at: p, time: 2)
        #expect(tracker.events(for: Self.report(.scrollDown, .none), at: p, time: 3) == [.scroll(.down, at: p, time: 3)])
        #expect(tracker.heldButton == .left)
        tracker.reset()
        #expect(tracker.events(for: Self.report(.release), at: p, time: 4) == nil)
    }
}
