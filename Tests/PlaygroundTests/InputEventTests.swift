// InputEvent: the JSON Lines of `--record` / `--input`. Bad lines are errors with file:line,
// never traps; written lines read back to the same events, bit for bit.
import Geometry
import Gestures
import Testing
@testable import Playground

@Suite("Input events")
struct InputEventTests {
    @Test("the contract's line reads as a left press at (520, 192) at 0.25 s")
    func contractLine() throws {
        let events = try InputEvent.parse(#"{"t": 0.25, "type": "down", "x": 520, "y": 192, "button": 1}"#, file: "in.jsonl")
        #expect(events == [.pointer(.down(Point(520, 192), time: 0.25))])
        let keys = try InputEvent.parse(#"{"t": 1, "type": "key", "key": "n"}"#, file: "in.jsonl")
        #expect(keys == [.key("n", time: 1)])
    }

    @Test("written lines read back to the same events, bit for bit")
    func roundTrip() throws {
        let events: [InputEvent] = [
            .pointer(.down(Point(1.0 / 3, 192.5), time: 0.1 / 3)),
            .pointer(.move(Point(200, 100), time: 0.5, button: .right, modifiers: [.control])),
            .pointer(.up(Point(200, 100), time: 0.5, button: .right)),
            .pointer(.scroll(.down, at: Point(10, 20), time: 0.75, modifiers: [.shift])),
            .key(" ", time: 1), .key("Shift-Tab", time: 2),
        ]
        let text = events.map(\.jsonLine).joined(separator: "\n")
        #expect(try InputEvent.parse(text, file: "x") == events)
    }

    @Test("bad lines are errors naming file and line", arguments: [
        (#"{"t": 0.1, "type": "down", "x": NaN, "y": 1}"#, "not a valid JSON object"),
        (#"{"t": -1, "type": "down", "x": 1, "y": 1}"#, #""t": expected 0 or more seconds"#),
        (#"{"t": 1e999, "type": "down", "x": 1, "y": 1}"#, #""t""#),
        (#"{"t": 1, "type": "jump", "x": 1, "y": 1}"#, #""type": expected down | move | up | key | scroll | tune | resume, found "jump""#),
        (#"{"t": 1, "type": "down", "x": "a", "y": 1}"#, #""x": expected a number"#),
        (#"{"t": 1, "type": "down", "y": 1}"#, #"missing "x" or "y""#),
        (#"{"t": 1, "type": "down", "x": 1, "y": 1, "button": 7}"#, #""button": expected 1 (left), 2 (middle) or 3 (right)"#),
        (#"{"t": 1, "type": "key"}"#, #"missing "key""#),
        (#"{"type": "down", "x": 1, "y": 1}"#, #"missing "t""#),
        (#"[1, 2]"#, "not a valid JSON object"),
        (#"{"t": 1, "type": "down", "x": 1e300, "y": 1}"#, "within ±1000000 points"),
    ])
    func badLines(line: String, message: String) {
        let text = #"{"t": 0, "type": "move", "x": 1, "y": 1}"# + "\n\n" + line
        do {
            _ = try InputEvent.parse(text, file: "in.jsonl")
            Issue.record("expected an error for \(line)")
        } catch let error as InputFileError {
            #expect(error.file == "in.jsonl")
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("in.jsonl:3: "))
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("times must not decrease")
    func timesIncrease() {
        let text = #"{"t": 2, "type": "move", "x": 1, "y": 1}"# + "\n" + #"{"t": 1, "type": "move", "x": 1, "y": 1}"#
        #expect(throws: InputFileError.self) { try InputEvent.parse(text, file: "f") }
    }
}

@Suite("Input events: line endings")
struct InputEventLineEndingTests {
    @Test("a file with CRLF line endings reads as the same events as with LF, and errors keep their line numbers")
    func crlf() throws {
        let lines = [#"{"t": 0, "type": "down", "x": 520, "y": 192}"#, #"{"t": 0.01, "type": "up", "x": 520, "y": 192}"#,
                     "", #"{"t": 1, "type": "key", "key": "q"}"#]
        let lf = try InputEvent.parse(lines.joined(separator: "\n") + "\n", file: "lf.jsonl")
        let crlf = try InputEvent.parse(lines.joined(separator: "\r\n") + "\r\n", file: "crlf.jsonl")
        #expect(lf.count == 3)
        #expect(crlf == lf)
        // A bad third line is reported on line 3 whatever the line ending.
        let bad = [lines[0], lines[1], #"{"t": "soon"}"#].joined(separator: "\r\n")
        do {
            _ = try InputEvent.parse(bad, file: "bad.jsonl")
            Issue.record("a bad line was accepted")
        } catch let error as InputFileError {
            #expect(error.line == 3)
        }
    }
}
