// The frame drawn from a FrameState: the same state gives the same cells (whichever drawer,
// however often), and drawing changes nothing in the scene or edit mode (the rest of the state
// is values).
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import Scenes

@Suite("Frame")
struct FrameTests {
    /// The cradle, swinging for half a second (its balls move: drawing must not move them).
    static func swinging() throws -> SceneSession {
        let yaml = try String(contentsOfFile: SceneSessionTests.scenesFolder + "/003-cradle.yaml", encoding: .utf8)
        let session = try Fixture.session(yaml, size: CellSize.default.size(columns: 80, rows: 23))
        session.run(steps: 30)
        return session
    }

    /// Everything a frame can show at once: the scene, a trail, the contacts overlay and HUD, the
    /// status line and the help box.
    static func state(_ session: SceneSession, editMode: EditMode) -> FrameState {
        var state = FrameState(columns: 80, rows: 24)
        state.scene = session.scene
        state.viewport = Viewport.fitting(session.scene.referenceBounds, into: CellSize.default.size(columns: 80, rows: 23))
        var trails = Trails()
        trails.toggle("ball1")
        trails.record(session.scene)
        state.trails = trails
        state.editMode = editMode
        state.overlay = .contacts
        state.stepMilliseconds = 0.5
        state.status = [" Cradle 1/1 │ running │ 60 fps │ 0.50 ms │ Newton's cradle."]
        state.help = HelpOverlay(loadErrors: [], gestures: session.scene.gestures)
        return state
    }

    @Test("the same state gives the same cells: twice from one drawer, and from a fresh one")
    func sameStateSameCells() throws {
        let session = try Self.swinging()
        let state = Self.state(session, editMode: EditMode())
        let drawer = FrameDrawer()
        let first = drawer.frame(state).grid
        let again = drawer.frame(state).grid
        let fresh = FrameDrawer().frame(state).grid
        #expect(first == again)
        #expect(first == fresh)
        #expect(first.text(row: 23).hasPrefix(" Cradle 1/1 │ running"))
    }

    @Test("drawing changes nothing: the scene's state line (positions, velocities) and edit mode are as before")
    func drawingChangesNothing() throws {
        let session = try Self.swinging()
        let editMode = EditMode()
        let state = Self.state(session, editMode: editMode)
        let before = session.stateLine()
        let drawer = FrameDrawer()
        for _ in 0..<3 { _ = drawer.frame(state) }
        #expect(session.stateLine() == before)
        #expect(session.stepCount == 30)
        #expect(!editMode.isOn && editMode.selection == nil && !editMode.hasUnsavedEdits)
    }

    @Test("a terminal below 20×6 shows what it needs, and nothing of the scene")
    func tooSmall() throws {
        let session = try Self.swinging()
        var state = Self.state(session, editMode: EditMode())
        state.columns = 19
        state.rows = 5
        state.tooSmall = (20, 6)
        let grid = FrameDrawer().frame(state).grid
        #expect((0..<3).map { grid.text(row: $0).trimmingCharacters(in: .whitespaces) } == ["terminal", "too small", "need 20x6"])
    }
}
