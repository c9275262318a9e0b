// PlaygroundApp's keys: each action of KeyBinding's table is one method, found in `keyActions`.
//
// `handleKey` does what is common to every key, in order: it records the key, closes the help
// box (which takes any key but Ctrl-C for itself: the key closes it and does nothing else), ends a trip through time unless the key is about
// time, gives the arrows and Esc to an open inspector in edit mode, and holds back a key that
// would leave unsaved edits until it is pressed again. Then it looks the action up in the table
// and calls its method; the actions not in it are edit mode's tools and commands (EditMode).
// A new key is a row in KeyBinding, a method here and its row in the table.
import Foundation
import Scenes
import TerminalUI

extension PlaygroundApp {
    typealias KeyAction = (PlaygroundApp) -> (Key, Double) -> Void

    /// The method of each action (given the key pressed and the time it came), but edit mode's
    /// tools and commands, which EditMode handles.
    static var keyActions: [KeyBinding.Action: KeyAction] {
        [.quit: PlaygroundApp.quit, .interrupt: PlaygroundApp.interrupt,
         .nextScene: PlaygroundApp.nextScene, .previousScene: PlaygroundApp.previousScene,
         .showScene: PlaygroundApp.showScene, .reload: PlaygroundApp.reload, .save: PlaygroundApp.save,
         .overwrite: PlaygroundApp.askToOverwrite,
         .togglePause: PlaygroundApp.togglePause,
         .stepOnce: PlaygroundApp.stepOnce, .stepBack: PlaygroundApp.stepBack,
         .secondForward: PlaygroundApp.secondForward, .secondBack: PlaygroundApp.secondBack,
         .slower: PlaygroundApp.slower, .faster: PlaygroundApp.faster,
         .showHelp: PlaygroundApp.showHelp, .cycleOverlay: PlaygroundApp.cycleOverlay,
         .suspend: PlaygroundApp.suspend,
         .toggleEditMode: PlaygroundApp.toggleEditMode, .leaveEditMode: PlaygroundApp.leaveEditMode,
         .toggleInspector: PlaygroundApp.toggleInspector]
    }

    func handleKey(_ key: Key, now: Double) {
        time.recordLine(.key(key.description, time: time.eventTime(of: session, at: now)))
        needsDraw = true
        let action = KeyBinding.binding(for: key, editing: editMode.isOn)?.action
        if showsHelp && action != .interrupt {
            // The open box takes any key to close it, and the key does nothing else: `?` then
            // `q` closes the help and does not quit (Ctrl-C still ends the program).
            showsHelp = false
            return
        }
        if let name = play.confirmingOverwrite {
            // The answer to "Save over FILE?": y saves, any other key only cancels.
            play.confirmingOverwrite = nil
            if key == .character("y") || key == .character("Y") { overwrite(name, now: now) } else { post("Not saved.", now: now) }
            return
        }
        if time.isTravelling && !(action?.isAboutTime ?? false) { endTravel() }
        if time.shownFrame != nil, !(action?.isAboutTime ?? false), !(action?.leavesScene ?? false) { settleShownFrame() }
        if inspector != nil, editMode.isOn {
            // The open panel takes the arrows (the time keys ← → wait until it closes).
            if [.up, .down, .left, .right].contains(key) { inspect(key, now: now); return }
            if key == .escape || action == .toggleInspector { inspector = nil; return }
        }
        let pending = play.pendingLeave
        play.pendingLeave = nil
        if let action, action.leavesScene, action != .interrupt, editMode.hasUnsavedEdits, pending != key, session != nil {
            // The status line shows the warning while it stands (ScenePlay.leaveWarning), and
            // no longer once another key has cancelled it.
            play.pendingLeave = key
            return
        }
        guard let action else { return }
        if let method = Self.keyActions[action] {
            method(self)(key, now)
        } else {
            editModeKey(action, now: now)
        }
    }

    // MARK: Leaving and scenes

    private func quit(_: Key, now: Double) { exit = .quit }
    private func interrupt(_: Key, now: Double) { exit = .interrupted }
    private func nextScene(_: Key, now: Double) { showNextScene(by: 1) }
    private func previousScene(_: Key, now: Double) { showNextScene(by: -1) }
    private func reload(_: Key, now: Double) { load(sceneIndex) }

    func showNextScene(by offset: Int) {
        load((sceneIndex + scenes.count + offset) % max(scenes.count, 1))
    }

    private func showScene(_ key: Key, now: Double) {
        guard case .character(let c) = key, let digit = c.wholeNumberValue else { return }
        let n = digit - 1
        if n < scenes.count {
            load(n)
        } else {
            post("There is no scene \(n + 1): there \(scenes.count == 1 ? "is 1" : "are \(scenes.count)").", now: now)
        }
    }

    private func togglePause(_: Key, now: Double) {
        if time.isPaused {
            if let step = time.resume(session, at: now) { editMode.forgetEdits(after: step) }
        } else {
            time.pause(at: now)
        }
    }

    // MARK: Time

    private func stepOnce(_: Key, now: Double) { travel(by: 1, now: now) }
    private func stepBack(_: Key, now: Double) { travel(by: -1, now: now) }
    private func secondForward(_: Key, now: Double) { travel(by: 60, now: now) }
    private func secondBack(_: Key, now: Double) { travel(by: -60, now: now) }
    private func slower(_: Key, now: Double) { changeSpeed(faster: false, now: now) }
    private func faster(_: Key, now: Double) { changeSpeed(faster: true, now: now) }

    private func changeSpeed(faster: Bool, now: Double) {
        if let why = time.changeSpeed(faster: faster, at: now) { post(why, now: now) }
    }

    // MARK: What is shown, saving, edit mode

    private func showHelp(_: Key, now: Double) { showsHelp = true }
    private func cycleOverlay(_: Key, now: Double) { overlay = overlay.next }

    private func save(_: Key, now: Double) {
        guard let s = session, !scenes.isEmpty else { return }
        let outcome = SceneSaving().save(s, from: scenes[sceneIndex], library: options.libraryFolder)
        post(outcome.message, now: now)
        if case .saved = outcome { editMode.markSaved() }
        didSave?(outcome)
    }

    /// `W`: asks before saving over the file being played (a built-in or library scene has
    /// none of its own to save over).
    private func askToOverwrite(_: Key, now: Double) {
        guard session != nil, !scenes.isEmpty else { return }
        let file = scenes[sceneIndex]
        if file.builtInYAML != nil || SceneSaving.isInLibrary(file, library: options.libraryFolder) {
            return post("W saves over a scene file of your own; w saves a copy of this library scene.", now: now)
        }
        play.confirmingOverwrite = file.fileName
    }

    private func overwrite(_ name: String, now: Double) {
        guard let s = session, !scenes.isEmpty else { return }
        let outcome = SceneSaving().overwrite(scenes[sceneIndex], with: s)
        post(outcome.message, now: now)
        if case .saved = outcome {
            editMode.markSaved()
            _ = watcher.hasChanged()   // our own write is no change to reload
        }
        didSave?(outcome)
    }

    private func suspend(_: Key, now: Double) {
        suspendHandler?()
        resized()
    }

    private func toggleEditMode(_: Key, now: Double) {
        editMode.toggle()
        if !editMode.isOn { inspector = nil }
        play.pointer.reset()
    }

    private func leaveEditMode(_: Key, now: Double) {
        editMode.leave()
        inspector = nil
    }

    private func toggleInspector(_: Key, now: Double) {
        guard let s = session else { return }
        if inspector != nil {
            inspector = nil
        } else if let selection = editMode.selection {
            inspector = Inspector(selection: selection)
            note(s, "Inspector: ↑/↓ choose a field, ←/→ change it, i or Esc closes.", now: now)
        } else {
            note(s, "Select an item or a joint first (v, then click it); i then inspects it.", now: now)
        }
    }

    /// Edit mode's tools and commands (EditMode.handle).
    private func editModeKey(_ action: KeyBinding.Action, now: Double) {
        if let s = session, editMode.handle(action, in: s) {
            followSelection()
            note(s, nil, now: now)
        }
    }
}
