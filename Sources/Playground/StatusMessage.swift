// StatusMessage: one message for the status line, with when it shows, how important it is and
// how it breaks into lines.
//
// The status line has room for one message at a time, and three kinds compete for it: a toast
// (a gesture's or an edit's word, a refusal, "Reloaded x.yaml") that shows for a while and then
// gives way to the scene's summary; a warning that stands until the next key (a key that would
// leave unsaved edits, pressed once); and a load error that stands until a load succeeds. A
// message is a value that says which it is (`priority`) and until when it shows (`expiry`), so
// the status line is a pure choice among the messages present (`StatusMessage.shown`): the one
// of highest priority that still shows, the newer of two equals. Nothing is switched on or off
// by hand when a message times out; the loop only asks when the next one expires, to redraw then.
//
// `lines(width:)` breaks the text at spaces into lines of at most `width` columns (80 by
// default, the terminal width every message is written for); the status line itself shows one
// line, cut with "…" (`fitted(width:)`).
import Foundation
import TerminalUI

public struct StatusMessage: Hashable, Sendable {
    /// Which message wins the status line when several are present, least important first.
    public enum Priority: Int, Comparable, Sendable {
        /// Shows for a while, then the summary returns.
        case toast
        /// Stands until the next key.
        case warning
        /// Stands until a load succeeds.
        case error

        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    /// The words, on one line.
    public var text: String
    /// When it was first shown, in seconds of the app's clock.
    public var shownAt: Double
    /// Seconds it shows for; infinity for one that stands until it is replaced.
    public var duration: Double
    public var priority: Priority

    public init(_ text: String, priority: Priority = .toast, shownAt: Double, duration: Double = .infinity) {
        self.text = text
        self.priority = priority
        self.shownAt = shownAt
        self.duration = duration.isNaN ? 0 : max(duration, 0)
    }

    /// The moment it stops showing (infinity for one that stands).
    public var expiry: Double { duration.isInfinite ? .infinity : shownAt + duration }

    /// Whether it shows at `now`: from `shownAt` until `expiry` (exclusive); one that stands
    /// shows whenever it is present.
    public func isShowing(at now: Double) -> Bool { duration.isInfinite || now - shownAt < duration }

    /// The message the status line shows at `now`: of those showing, the one of highest
    /// priority, and of equal priorities the one shown last; nil when none shows.
    public static func shown(among messages: [StatusMessage?], at now: Double) -> StatusMessage? {
        var best: StatusMessage?
        for case let message? in messages where message.isShowing(at: now) {
            if best == nil || message.priority > best!.priority
                || (message.priority == best!.priority && message.shownAt >= best!.shownAt) {
                best = message
            }
        }
        return best
    }

    /// The text in lines of at most `width` columns, broken at spaces where it can be (a word
    /// longer than a line is cut); at least one line, however short `width` is.
    public func lines(width: Int = 80) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let window = rest.prefix(width + 1)
            let space = window.lastIndex(of: " ").map { rest.distance(from: rest.startIndex, to: $0) } ?? 0
            let cut = space > 0 ? space : width
            lines.append(String(rest.prefix(cut)))
            rest = rest.dropFirst(cut).drop { $0 == " " }
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
        return lines
    }

    /// The text on one line of `width` columns, ending in "…" when it was cut.
    public func fitted(width: Int) -> String { text.fitted(toColumns: width) }
}
