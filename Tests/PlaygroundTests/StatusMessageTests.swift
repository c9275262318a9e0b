// The status line's message: when it shows, which wins, how it wraps at 80 columns.
import Testing
import TerminalUI
@testable import Playground

@Suite("Status message")
struct StatusMessageTests {
    @Test("a toast shown at 10 s for 5 s shows until 15 s, not at 15 s")
    func expiry() {
        let toast = StatusMessage("Made box-1.", shownAt: 10, duration: 5)
        #expect(toast.expiry == 15)
        #expect(toast.isShowing(at: 10))
        #expect(toast.isShowing(at: 14.999))
        #expect(!toast.isShowing(at: 15))
        let standing = StatusMessage("unsaved edits", priority: .warning, shownAt: -.infinity)
        #expect(standing.isShowing(at: 1e9))
        #expect(standing.expiry == .infinity)
    }

    @Test("an error beats a warning beats a toast; of two toasts the newer shows; an expired one gives way")
    func priority() {
        let old = StatusMessage("old", shownAt: 0, duration: 5)
        let new = StatusMessage("new", shownAt: 2, duration: 5)
        let warning = StatusMessage("warning", priority: .warning, shownAt: -.infinity)
        let error = StatusMessage("error", priority: .error, shownAt: -.infinity)
        #expect(StatusMessage.shown(among: [new, old], at: 3)?.text == "new")
        #expect(StatusMessage.shown(among: [old, warning, new], at: 3)?.text == "warning")
        #expect(StatusMessage.shown(among: [error, warning, new], at: 3)?.text == "error")
        #expect(StatusMessage.shown(among: [old, nil], at: 6) == nil)
        #expect(StatusMessage.shown(among: [old, new], at: 6)?.text == "new")
    }

    @Test("wrapped at 80 columns: lines of at most 80, broken at spaces, each as full as the next word allows")
    func wrapping() {
        let words = (1...40).map { "word\($0)" }
        let message = StatusMessage(words.joined(separator: " "), shownAt: 0)
        let lines = message.lines()
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.joined(separator: " ") == message.text)
        for (line, next) in zip(lines, lines.dropFirst()) {
            let firstWord = next.split(separator: " ").first.map(String.init) ?? ""
            #expect(line.count + 1 + firstWord.count > 80, "\(line) could have held \(firstWord)")
        }
        // A word longer than a line is cut at 80.
        let long = StatusMessage(String(repeating: "x", count: 100), shownAt: 0).lines()
        #expect(long.map(\.count) == [80, 20])
        #expect(StatusMessage("", shownAt: 0).lines() == [""])
    }

    @Test("the status line formats only what it is given: paused at 1/2× at 1.50 s, and the same text every time")
    func statusLine() {
        var line = StatusLine(place: "1/3", name: "Push")
        line.isPaused = true
        line.speed = 0.5
        line.sceneTime = 1.5
        line.stepMilliseconds = 0.12
        line.summary = "A box to push."
        #expect(line.text == " Push 1/3 │ paused at 0.5× │ 1.50 s │ 0 fps │ 0.12 ms │ A box to push.")
        #expect(line.text == line.text)
        line.message = StatusMessage("error: a.yaml:3:5: bad", priority: .error, shownAt: 0)
        #expect(line.text == " 1/3 │ error: a.yaml:3:5: bad")
    }
}

@Suite("Status line rows")
struct StatusLineRowsTests {
    static func line(message: String?) -> StatusLine {
        var line = StatusLine(place: "2/9", name: "Workbench")
        line.framesPerSecond = 60
        line.stepMilliseconds = 0.5
        line.summary = "Build a contraption with the edit tools, then let it go and see what it does."
        line.editing = "edit: box"
        line.message = message.map { StatusMessage($0, shownAt: 0) }
        return line
    }

    @Test("a message takes the room of the fps and ms fields")
    func messageWinsOverFigures() {
        let line = Self.line(message: "Made box-1.")
        #expect(line.text == " Workbench 2/9 │ running │ edit: box │ Made box-1.")
        #expect(line.lines(width: 80, maximumLines: 6) == [line.text])
        // Without a message the figures and the summary show, on one row cut with "…".
        let plain = Self.line(message: nil)
        #expect(plain.text.contains("60 fps │ 0.50 ms"))
        let rows = plain.lines(width: 80, maximumLines: 6)
        #expect(rows.count == 1 && rows[0].terminalColumns == 80 && rows[0].hasSuffix("…"))
    }

    @Test("a long message wraps at spaces into rows of at most 80 columns, and every word is there")
    func longMessageWraps() {
        let guidance = "A box: drag from one corner to the other (at least 4 pt each way)."
        let rows = Self.line(message: guidance).lines(width: 80, maximumLines: 6)
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.terminalColumns <= 80 && $0.hasPrefix(" ") })
        let joined = rows.map { $0.dropFirst() }.joined(separator: " ")
        #expect(joined == "Workbench 2/9 │ running │ edit: box │ " + guidance)
        // Too few rows: the last is cut with "…".
        let long = String(repeating: "word ", count: 60)
        let capped = Self.line(message: long).lines(width: 80, maximumLines: 3)
        #expect(capped.count == 3 && capped[2].hasSuffix("…") && capped[2].terminalColumns <= 80)
    }
}
