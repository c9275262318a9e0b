// PlaygroundApp's scenes: loading one (a new scene, the same again, or live reload of its file),
// reading a slow file while keys still answer, and showing a failed load.
//
// Loading replaces the scene's play (ScenePlay) whole and starts its time (TimeController.start);
// a load that fails keeps the last good session on screen under a fresh ScenePlay and shows the
// error (file:line:column) in the status line until a load succeeds.
import Foundation
import SceneFormat
import Scenes
import TerminalUI

extension PlaygroundApp {
    /// Live reload: when the scene file or one of its pictures changed, load it again. A good
    /// edit restarts the scene from its new text; a broken one leaves the last good scene playing,
    /// undisturbed, and shows the error (file:line:column) in the status line until it is fixed.
    func checkForEdits(now: Double) {
        guard let interval = options.reloadInterval, watcher.isWatching, now - lastReloadCheck >= interval else { return }
        lastReloadCheck = now
        guard watcher.hasChanged(), !scenes.isEmpty else { return }
        let file = scenes[sceneIndex]
        if editMode.hasUnsavedEdits, let s = session {
            note(s, "The scene's file changed; unsaved edits: w saves, r reloads the file and discards them.", now: now)
            return
        }
        do {
            guard let description = try read(file) else { return }
            load(sceneIndex, parsed: description)
            if let s = session {
                // Shown like a gesture's message: in the status line for `messageDuration`.
                note(s, "Reloaded \(file.fileName).", now: now)
            }
        } catch {
            watcher.watch(file, description: nil)
            show(SceneLoadFailure(error, in: file))
            needsDraw = true
        }
    }

    /// Reads `file` (see SceneLoading): at once when it reads within `loadPatience` of real time,
    /// else with progress in the status line while keys are still read; nil when q or Ctrl-C
    /// ended the wait (the app is leaving).
    func read(_ file: SceneFile) throws -> SceneDescription? {
        let loading = SceneLoading(file)
        if let outcome = loading.outcome(waiting: options.loadPatience) { return try outcome.get() }
        let name = file.fileName
        let started = clock()
        while true {
            if let outcome = loading.outcome(waiting: 0.1) { return try outcome.get() }
            drawProgress("Loading \(name)… \(String(format: "%.1f", clock() - started + options.loadPatience)) s (q quits)")
            while let event = terminal.nextEvent(timeout: 0) {
                guard case .key(let key) = event, let action = KeyBinding.binding(for: key)?.action else { continue }
                if action == .quit || action == .interrupt { exit = action == .quit ? .quit : .interrupted; return nil }
            }
            if exit != nil { return nil }
        }
    }

    /// A frame that shows only `text` in the status line, over a blank play area.
    private func drawProgress(_ text: String) {
        let columns = max(terminal.size.columns, 0), rows = max(terminal.size.rows, 0)
        guard rows > 0 else { return }
        var grid = CellGrid(columns: columns, rows: rows)
        grid.fill(Cell.blank(.darkGray), columns: 0..<columns, rows: (rows - 1)..<rows)
        grid.write(Self.fitted(" " + text, width: columns), column: 0, row: rows - 1, foreground: .white, background: .darkGray)
        terminal.draw(grid)
    }

    /// Shows a failed load's first error in the status line and keeps them all for `?`.
    private func show(_ failure: SceneLoadFailure) {
        loadError = failure.statusLine
        loadErrorDetails = failure.details
    }

    /// Shows scene `index`, from `parsed` when the caller already read it.
    func load(_ index: Int, parsed: SceneDescription? = nil) {
        guard !scenes.isEmpty else {
            loadError = "no scene files"
            needsDraw = true
            return
        }
        let index = min(max(index, 0), scenes.count - 1)
        if session != nil { time.endReplay() }   // the recording belongs to the first scene as it started
        sceneIndex = index
        var session = play.session, history = time.history
        do {
            guard let description = try parsed ?? read(scenes[index]) else { return }
            let fresh = SessionHistory(sceneDescription: description,
                                       referenceBounds: SceneFit.referenceBounds(for: description, available: availableSize))
            session = fresh.makeSession()
            history = fresh
            loadError = nil
            loadErrorDetails = []
            watcher.watch(scenes[index], description: description)
        } catch {
            watcher.watch(scenes[index], description: nil)
            show(SceneLoadFailure(error, in: scenes[index]))
        }
        // Reading the file may have taken a while: the scene starts when it is read.
        let now = clock()
        lastReloadCheck = now
        time.start(history, at: now)
        play = ScenePlay(session: session)
        editMode.reset()
        needsDraw = true
    }
}
