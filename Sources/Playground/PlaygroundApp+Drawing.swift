// PlaygroundApp's drawing: when a frame is drawn, and the state it is drawn from.
//
// `draw(now:)` is the one place that changes anything around a frame: it notes when frames are
// drawn or dropped (FramePacing), ages the figures of the last second (dropped time, dropped
// frames), lets the toast follow the session's newest message, then gathers a FrameState
// (`statusLine(now:)` and `frameState(status:)`, which only read) and hands it to the FrameDrawer,
// whose `frame` draws it and changes nothing.
// A terminal still busy with the last frame gets none (the frame is dropped before any drawing).
import Foundation
import Scenes
import TerminalUI

extension PlaygroundApp {
    func draw(now: Double) {
        guard terminal.isReadyForFrame else {
            // Not even drawn: the terminal is still busy with the last frame (needsDraw stays).
            frames.dropped(at: now)
            return
        }
        needsDraw = false
        frames.drew(at: now, counted: !isTooSmall)
        if !isTooSmall { ageFigures(now: now) }
        let line = statusLine(now: now)
        let frame = drawer.frame(frameState(status: line))
        if !isTooSmall {
            // A frame is due when the toast on screen expires.
            shownToastExpiry = line.name != nil && line.message?.priority == .toast ? line.message?.expiry : nil
        }
        if let display = pixelDisplay, let image = frame.image {
            display.draw(frame.grid, image: image.picture, imageRows: image.rows)
        } else {
            terminal.draw(frame.grid)
        }
    }

    /// Before a frame at `now`: what the status line shows of the last second (slow motion, a
    /// slow terminal) forgets what is older, and the toast takes the session's newest message.
    private func ageFigures(now: Double) {
        play.followMessages()
        guard loadError == nil, session != nil, play.pendingLeave == nil else { return }
        time.forgetDroppedTime(before: now)
        frames.ageDrops(at: now, paused: time.isPaused)
    }

    /// Everything a frame shows (FrameState), with `status` as its bottom row; reads and changes
    /// nothing.
    func frameState(status: StatusLine) -> FrameState {
        var state = FrameState(columns: max(terminal.size.columns, 0), rows: max(terminal.size.rows, 0))
        if isTooSmall {
            state.tooSmall = (options.minimumColumns, options.minimumRows)
            return state
        }
        state.scene = session?.scene
        state.shownFrame = time.shownFrame?.frame
        state.viewport = viewport
        state.cellSize = cellSize
        state.pixels = pixelDisplay?.cellPixelSize
        state.glyphs = options.glyphs
        state.colorMode = terminal.colorMode
        state.trails = play.trails
        state.editMode = editMode
        state.overlay = overlay
        state.stepMilliseconds = time.stepMilliseconds
        // A long message wraps onto at most a quarter of the rows (6 of 24).
        state.status = status.lines(width: state.columns, maximumLines: max(state.rows / 4, 1))
        state.inspector = session == nil ? nil : inspector
        if showsHelp {
            state.help = HelpOverlay(loadErrors: loadErrorDetails, gestures: session?.scene.gestures ?? [], editing: editMode.isOn,
                                     display: options.displayReport?.lines(colorMode: terminal.colorMode) ?? [])
        }
        return state
    }

    /// The status line at `now` (StatusLine); reads and changes nothing.
    func statusLine(now: Double) -> StatusLine {
        var line = StatusLine(place: "\(sceneIndex + 1)/\(scenes.count)")
        let error = loadError.map { StatusMessage("error: \($0)", priority: .error, shownAt: -.infinity) }
        guard let s = session else {
            line.message = error
            return line
        }
        line.name = s.scene.sceneDescription.name
        line.message = StatusMessage.shown(among: [error, play.leaveWarning, play.toast], at: now)
        line.isPaused = time.isPaused
        line.isAtRest = s.isAtRest
        if !time.isPaused && !s.isAtRest { line.slowMotionRate = time.slowMotionRate }
        line.speed = time.speed
        line.droppedFrames = frames.droppedFrames
        line.rewindPercent = time.rewindPercent(onScreen: s)
        line.sceneTime = time.shownFrame.map { Double($0.step) / 60 } ?? s.time
        line.showsRecordedFrame = time.showsRecordedFrame
        line.editing = editMode.isOn ? editMode.statusText : nil
        line.framesPerSecond = time.isPaused || s.isAtRest ? 0 : frames.framesPerSecond
        line.stepMilliseconds = time.stepMilliseconds
        line.overlayName = overlay == .off ? nil : overlay.name
        line.summary = s.scene.sceneDescription.summary
        line.scoreboard = time.shownFrame.map(\.frame.scoreboard) ?? s.scoreboardText
        return line
    }
}
