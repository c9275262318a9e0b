// Where edit mode meets time, saving and trails, in the app on a scripted terminal with a fake
// clock:
// - an edit made while paused is made again, exactly, whenever history re-simulates past it:
//   going back before it and forward past it (with `,` `.` ← →) gives the grid and the state
//   line there were right after it, and after the step that followed;
// - resuming from before an edit drops it with the rest of that future: the item is gone, the
//   scene goes on as if the edit had never been made, and there is nothing left to undo or to
//   save;
// - an inspector change is saved by `w` (the file read back has the new value, and the mass
//   density × w/100 × h/100 that follows from it), and `u` after `w` brings the unsaved-edits
//   warning back;
// - the trail tool's click on a falling box draws its trail: the only cells that differ from the
//   same run without the click are on the line its center fell along.
import Foundation
import Geometry
import Testing
import TerminalUI
@testable import Playground
@testable import SceneFormat
@testable import Scenes

@Suite("Editing through time, saving and trails")
struct EditingThroughTimeTests {
    /// Keys and a box drawn while paused at 1 s (step 60) in TimeTests.drops: box-1, 64 × 32 pt
    /// from cell (10, 2) to (18, 4).
    static let drawBoxWhilePaused: [(Double, TerminalEvent)] = [
        (1.0, key(" ")), (1.1, key("e")), (1.2, key("b")),
        (1.3, mouse(.press, 10, 2)), (1.35, mouse(.drag, 14, 3)), (1.4, mouse(.release, 18, 4)),
    ]

    static let box = "\"id\":\"box-1\""

    @Test("an edit made paused at step 60, then , , ← → , , , . through it: each step shows the grid and state it had live, the box only from step 60 on")
    func historyMakesEditsAgainExactly() throws {
        // The moments are noted just before each event is delivered (TimeTests.run); the edit's
        // message has gone from the status line by 8 s, so the status lines compare too.
        let keys: [(Double, TerminalEvent)] = [
            (8.0, key(".")), (8.1, key(".")), (8.2, .key(.left)), (8.3, .key(.right)),
            (8.4, key(",")), (8.5, key(",")), (8.6, key(",")), (8.7, key(".")), (8.8, key("q")), (8.9, key("q")),
        ]
        let script = Self.drawBoxWhilePaused + keys
        let first = Self.drawBoxWhilePaused.count
        let run = try TimeTests.run(TimeTests.drops, script, noteBefore: Set(first..<(first + 9)))
        func note(_ k: Int) throws -> TimeTests.Moment { try #require(run.notes[first + k]) }
        let edited = try note(0), live61 = try note(1), live62 = try note(2)
        #expect(edited.state?.hasPrefix("{\"step\":60,") == true, "\(edited.state ?? "")")
        #expect(edited.state?.contains(Self.box) == true, "the box was not made")
        #expect(live61.state?.hasPrefix("{\"step\":61,") == true && live62.state?.hasPrefix("{\"step\":62,") == true)

        // ← from 62: step 2, long before the edit.
        let atTwo = try note(3)
        #expect(atTwo.state?.hasPrefix("{\"step\":2,") == true && atTwo.state?.contains(Self.box) == false)
        // → to 62, then , , back to 60: the very grids and states of the live steps.
        #expect(try note(4) == live62, "62 after ← →")
        #expect(try note(5) == live61, "61 after going back past the edit and forward again")
        #expect(try note(6) == edited, "60: the grid and state right after the edit")
        // , once more: step 59, before the edit, has no box; . makes it again.
        let before = try note(7)
        #expect(before.state?.hasPrefix("{\"step\":59,") == true && before.state?.contains(Self.box) == false)
        #expect(try note(8) == edited)
        #expect(edited.grid != live61.grid, "the drawn box does not fall")
    }

    @Test("resuming from before an edit drops it: no box, the scene as if it was never made, nothing to undo, nothing unsaved")
    func resumingDropsTheEdit() throws {
        // The box at step 60, ← to step 0, resume at 2 s and play 1 s; u, then q quits at once.
        let script = Self.drawBoxWhilePaused + [
            (2.0, .key(.left)), (2.1, key(" ")), (3.1, key("u")), (3.2, key("q")),
        ]
        let run = try TimeTests.run(TimeTests.drops, script, noteBefore: [])
        let session = try #require(run.app.session)
        #expect(session.scene.item(withID: "box-1") == nil, "the dropped edit's box is still there")
        #expect(!session.scene.sceneDescription.items.contains { $0.id == "box-1" })
        // The same scene, never edited, run as many steps: the same state, bit for bit.
        let history = try #require(run.app.history)
        let plain = SessionHistory(sceneDescription: history.sceneDescription, referenceBounds: history.referenceBounds)
        let fresh = plain.makeSession()
        plain.advance(fresh, to: session.stepCount)
        #expect(session.stepCount >= 60)
        #expect(session.stateLine() == fresh.stateLine())
        // The edit went with the future: u has nothing to undo and q does not warn.
        #expect(run.app.editMode.undoStack.isEmpty)
        #expect(!run.app.editMode.hasUnsavedEdits)
        #expect(run.terminal.statusLines.contains { $0.contains("Nothing to undo.") })
        #expect(!run.terminal.statusLines.contains { $0.contains("unsaved edits") })
    }

    @Test("→ in the inspector makes box-1's density 1.25, w saves it (mass 1.25 × 0.64 × 0.32 = 0.256 read back), u after w warns again")
    func inspectorSaveUndo() throws {
        let folder = try Fixture.folder(["bench.yaml": EditModeTests.bench])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = try Fixture.sceneFiles(in: folder)
        // A 64 × 32 box drawn paused, selected with v, inspected (the cursor starts on density).
        let terminal = ScriptedTerminal(script: Self.drawBoxWhilePaused.map { ($0.0 - 0.9, $0.1) } + [
            (0.6, key("v")), (0.7, mouse(.press, 14, 3)), (0.75, mouse(.release, 14, 3)),
            (0.8, key("i")), (0.9, .key(.right)), (1.0, key("w")),
            (1.1, key("u")), (1.2, key("q")), (1.3, key("q")),
        ])
        let app = terminal.app(scenes)
        var saves: [SceneSaving.Outcome] = []
        app.didSave = { saves.append($0) }
        var delivered = 0
        var unsavedAfterSave: Bool?, unsavedAfterUndo: Bool?, densityShown: String?
        var inspectorAfterUndo: Inspector?, densityAfterUndo: Double?
        terminal.onDeliver = { _ in
            defer { delivered += 1 }
            switch delivered {
            case 12:                                           // just before u
                unsavedAfterSave = app.editMode.hasUnsavedEdits
                densityShown = terminal.screen.lastGrid.map { grid in
                    (0..<grid.rows).map { grid.text(row: $0) }.first { $0.contains("density") } ?? ""
                }
            case 13:                                           // just before the first q
                unsavedAfterUndo = app.editMode.hasUnsavedEdits
                inspectorAfterUndo = app.inspector
                densityAfterUndo = app.session.flatMap { $0.scene.material(.density, of: "box-1")?.value }
            default: break
            }
        }
        #expect(try app.run() == .quit)
        #expect(densityShown?.contains("density") == true && densityShown?.contains("1.25") == true, "\(densityShown ?? "")")
        #expect(saves.map(\.message) == ["Saved bench.saved.yaml."])
        #expect(unsavedAfterSave == false)
        #expect(unsavedAfterUndo == true)
        // u took the density back to the default material's 1, the panel still open on box-1.
        #expect(densityAfterUndo == 1)
        #expect(inspectorAfterUndo?.selection == .item(id: "box-1"))
        #expect(terminal.statusLines.contains { $0.contains("unsaved edits: w saves, the same key again discards") })

        let saved = try SceneParser().load(contentsOf: folder.appendingPathComponent("bench.saved.yaml").path)
        let material = saved.behaviors.compactMap { $0.as(BehaviorDescription.DynamicItemProperties.self) }
            .first { $0.items == ["box-1"] }
        #expect(material?.density == 1.25)
        let scene = SceneBuilder().build(saved, referenceBounds: Rect(origin: .zero, size: Size(640, 368)))
        let box = try #require(scene.item(withID: "box-1"))
        #expect(box.size == Size(64, 32))
        #expect(abs(scene.animator.mass(for: box) - 1.25 * 0.64 * 0.32) < 1e-12)
    }

    /// The grid of the play area (the status line left out) 0.4 s after resuming from a box
    /// drawn paused at cell (60, 2) to (68, 4), with `t` chosen and, when `click`, its click on the box.
    static func fallingBox(trail click: Bool) throws -> (grid: CellGrid, trails: [String]) {
        let folder = try Fixture.folder(["bench.yaml": EditModeTests.bench])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = try Fixture.sceneFiles(in: folder)
        var script: [(Double, TerminalEvent)] = [
            (0.1, key(" ")), (0.2, key("e")), (0.3, key("b")),
            (0.4, mouse(.press, 60, 2)), (0.45, mouse(.drag, 64, 3)), (0.5, mouse(.release, 68, 4)),
            (0.6, key("t")),
        ]
        if click { script += [(0.7, mouse(.press, 64, 3)), (0.75, mouse(.release, 64, 3))] }
        script += [(1.0, key(" ")), (1.4, key("q")), (1.5, key("q"))]
        let terminal = ScriptedTerminal(script: script)
        let app = terminal.app(scenes)
        var grid: CellGrid?
        terminal.onDeliver = { event in
            if event == key("q"), grid == nil { grid = terminal.screen.lastGrid }
        }
        #expect(try app.run() == .quit)
        return (try #require(grid), app.trails.itemIDs)
    }

    @Test("t, then a click on a box paused in mid-air: once it falls, a trail is drawn along its center's path from where it was")
    func trailOfAFallingBox() throws {
        let with = try Self.fallingBox(trail: true), without = try Self.fallingBox(trail: false)
        #expect(with.trails == ["box-1"])
        #expect(without.trails.isEmpty)
        // The box is 64 × 32 pt centered at (516, 56): cell column 64, row 3. In 0.4 s (24 steps)
        // it falls 1000 · (1/60)² · 24 · 25 / 2 = 83 pt (½gt² by the stepper's sums), its top
        // to y = 123, row 7. Its center drew the trail straight down column 64 from row 3.
        var differing: [(column: Int, row: Int)] = []
        // Rows 0–20: the status line's message may wrap onto rows 21 and 22.
        for row in 0..<(with.grid.rows - 3) {
            for column in 0..<with.grid.columns where with.grid[column, row] != without.grid[column, row] {
                differing.append((column, row))
            }
        }
        #expect(!differing.isEmpty, "no trail drawn")
        #expect(differing.allSatisfy { abs($0.column - 64) <= 1 }, "cells off the center's path: \(differing)")
        #expect(differing.map(\.row).min() == 3, "the trail starts at row \(differing.map(\.row).min() ?? -1), the box's center was at row 3")
        #expect((differing.map(\.row).max() ?? 99) <= 7, "the trail goes below the box's top: \(differing)")
        #expect(Set(differing.map(\.row)).isSuperset(of: 3...6), "the trail has gaps: \(differing)")
    }

    @Test("u while the screen shows a moment before the last edit undoes nothing and says when it was made; at the edit's step it undoes it")
    func undoInThePast() throws {
        // The box at step 60; , to 59 and u; . to 60 and u; q then quits at once (nothing unsaved).
        let script = Self.drawBoxWhilePaused + [
            (2.0, key(",")), (2.1, key("u")), (2.2, key(".")), (2.3, key("u")), (2.4, key("q")),
        ]
        let first = Self.drawBoxWhilePaused.count
        let run = try TimeTests.run(TimeTests.drops, script, noteBefore: [first + 2, first + 4])
        let refused = try #require(run.notes[first + 2]), undone = try #require(run.notes[first + 4])
        #expect(refused.state?.hasPrefix("{\"step\":59,") == true && refused.state?.contains(Self.box) == false)
        // The session on screen at 59 went on to 60 with `.`, so its messages hold the refusal.
        #expect(run.app.session?.messages.contains {
            $0 == "The last edit was made at 1.00 s, later than this: go forward to undo it, or resume here to drop it."
        } == true)
        let refusal = refused.grid.map(statusText) ?? ""
        #expect(refusal.contains("│ The last edit was made at 1.00 s"), "\(refusal)")
        #expect(undone.state?.hasPrefix("{\"step\":60,") == true && undone.state?.contains(Self.box) == false, "u did not undo the box")
        #expect(run.app.editMode.undoStack.isEmpty && !run.app.editMode.hasUnsavedEdits)
    }

    @Test("an edit made after going back before another drops it: u undoes only the new one, then there is nothing to undo")
    func editInThePastDropsLaterEdits() throws {
        // box-1 at step 60; ← to step 0; a second box drawn there (its id box-1 again: the
        // first is not in this scene); u, u.
        let script = Self.drawBoxWhilePaused + [
            (2.0, .key(.left)), (2.1, mouse(.press, 40, 2)), (2.15, mouse(.release, 48, 4)),
            (2.2, key("u")), (2.3, key("u")), (2.4, key("q")),
        ]
        let first = Self.drawBoxWhilePaused.count
        let run = try TimeTests.run(TimeTests.drops, script, noteBefore: [first + 3])
        let made = try #require(run.notes[first + 3])
        #expect(made.state?.hasPrefix("{\"step\":0,") == true && made.state?.contains(Self.box) == true, "\(made.state ?? "")")
        let session = try #require(run.app.session)
        #expect(session.scene.item(withID: "box-1") == nil)
        #expect(session.messages.suffix(2) == ["Undone (0 more to undo).", "Nothing to undo."])
        #expect(!run.app.editMode.hasUnsavedEdits)
    }
}
