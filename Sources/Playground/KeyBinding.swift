// KeyBinding: what each key does in the playground, stated once.
//
// `KeyBinding.playground` is the only list of the playground's keys. The app looks every key
// up in it before acting; the help overlay (`?`) is drawn from it; a replay (`play --input`,
// `simulate --input`) asks it which recorded keys leave the scene; `nudge play --help` lists
// it; and a test holds the key tables of README.md and docs/playground.md to it, row for row,
// so no copy can say something the table does not.
//
// A binding is a set of keys, one action and the few words that say what it does. The docs'
// row for a binding begins with those same words and may go on to say more. Bindings that
// follow each other with the same words share one line of the overlay (q, Q and Ctrl-C all
// quit, though with different exit statuses).
//
// A binding has a mode: keys that make and change things (the tools, undo) act only in edit
// mode, so a stray key while playing changes nothing; the overlay lists them in a group of
// their own.
import Foundation
import TerminalUI

public struct KeyBinding: Sendable, Equatable {
    /// What a key makes the playground do.
    public enum Action: Sendable, Equatable, CaseIterable {
        case nextScene, previousScene
        /// Show the scene the digit names (1 is the first).
        case showScene
        case togglePause
        /// One step forward while paused.
        case stepOnce
        /// One step back while paused.
        case stepBack
        /// One second (60 steps) forward while paused.
        case secondForward
        /// One second (60 steps) back while paused.
        case secondBack
        /// Half the speed (down to 1/8×).
        case slower
        /// Twice the speed (up to 2×).
        case faster
        /// Read the scene's file again and start it over.
        case reload
        case showHelp
        /// Show the next physics overlay (contacts, velocities, joints, bounds, off) and the HUD.
        case cycleOverlay
        /// Leave with exit status 0.
        case quit
        /// Leave as Ctrl-C does (exit status 130).
        case interrupt
        /// Stop the process (Ctrl-Z); `fg` resumes it.
        case suspend
        /// Write the scene as it now is to a new file beside its file (SceneSaving).
        case save
        /// Turn edit mode on or off.
        case toggleEditMode
        /// Leave edit mode.
        case leaveEditMode
        /// Edit mode's tools (EditTool).
        case selectTool, boxTool, ballTool, polygonTool, hingeTool, springTool, ropeTool, motorTool, fixTool, deleteTool
        /// The trail tool: click an item to draw a fading trail behind it.
        case trailTool
        /// Open or close the inspector of the selected item or joint.
        case toggleInspector
        /// Close the polygon being drawn.
        case closePolygon
        /// Undo the last edit.
        case undo
        /// Redo the last edit undone.
        case redo
        /// Save over the file being played, once y confirms.
        case overwrite
        /// The selected motor turns faster or slower.
        case motorFaster, motorSlower

        /// Whether the scene on screen is left (for another, or a fresh copy, or none): a
        /// replayed recording ends at such a key, since what follows it happened elsewhere.
        public var leavesScene: Bool {
            switch self {
            case .nextScene, .previousScene, .showScene, .reload, .quit, .interrupt: true
            default: false
            }
        }

        /// Whether the action moves through time or changes its speed (a trip through history
        /// under way goes on through these keys; any other key ends it first).
        public var isAboutTime: Bool {
            switch self {
            case .stepOnce, .stepBack, .secondForward, .secondBack, .slower, .faster: true
            default: false
            }
        }
    }

    /// When a binding acts: while playing, in edit mode, or in both.
    public enum Mode: Sendable, Equatable {
        case play, edit, both

        /// Whether a binding of this mode acts when edit mode is `editing`.
        public func isActive(editing: Bool) -> Bool {
            switch self {
            case .play: !editing
            case .edit: editing
            case .both: true
            }
        }
    }

    public let keys: [Key]
    public let action: Action
    /// A few words for the overlay; the docs' row for these keys begins with them.
    public let help: String
    /// When the keys act.
    public let mode: Mode

    /// A binding of `keys` to `action`, described by `help`, acting in `mode`.
    public init(_ keys: [Key], _ action: Action, _ help: String, mode: Mode = .both) {
        self.keys = keys; self.action = action; self.help = help; self.mode = mode
    }

    /// The playground's keys, in the order the overlay and the docs list them.
    public static let playground: [KeyBinding] = [
        KeyBinding([.character("n"), .tab], .nextScene, "next scene"),
        KeyBinding([.character("p"), .backTab], .previousScene, "previous scene"),
        KeyBinding((1...9).map { .character(Character(String($0))) }, .showScene, "jump to that scene"),
        KeyBinding([.character(" ")], .togglePause, "pause / resume"),
        KeyBinding([.character(".")], .stepOnce, "one step forward"),
        KeyBinding([.character(",")], .stepBack, "one step back"),
        KeyBinding([.right], .secondForward, "one second forward"),
        KeyBinding([.left], .secondBack, "one second back"),
        KeyBinding([.character("[")], .slower, "half the speed"),
        KeyBinding([.character("]")], .faster, "twice the speed"),
        KeyBinding([.character("r"), .character("R")], .reload, "reload the scene"),
        KeyBinding([.character("w")], .save, "write the scene"),
        KeyBinding([.character("W")], .overwrite, "save over the scene's file (asks y/n)", mode: .play),
        KeyBinding([.character("d")], .cycleOverlay, "physics overlays"),
        KeyBinding([.character("?")], .showHelp, "help"),
        KeyBinding([.character("q"), .character("Q")], .quit, "quit"),
        KeyBinding([.ctrlC], .interrupt, "quit"),
        KeyBinding([.ctrlZ], .suspend, "suspend"),
        KeyBinding([.character("e")], .toggleEditMode, "edit mode on / off"),
        KeyBinding([.escape], .leaveEditMode, "leave edit mode", mode: .edit),
        KeyBinding([.character("v")], .selectTool, "select and move tool", mode: .edit),
        KeyBinding([.character("b")], .boxTool, "box tool", mode: .edit),
        KeyBinding([.character("c")], .ballTool, "ball tool", mode: .edit),
        KeyBinding([.character("g")], .polygonTool, "polygon tool", mode: .edit),
        KeyBinding([.enter], .closePolygon, "close the polygon", mode: .edit),
        KeyBinding([.character("h")], .hingeTool, "hinge tool", mode: .edit),
        KeyBinding([.character("s")], .springTool, "spring tool", mode: .edit),
        KeyBinding([.character("o")], .ropeTool, "rope tool", mode: .edit),
        KeyBinding([.character("m")], .motorTool, "motor tool", mode: .edit),
        KeyBinding([.character("+")], .motorFaster, "motor faster", mode: .edit),
        KeyBinding([.character("-")], .motorSlower, "motor slower", mode: .edit),
        KeyBinding([.character("f")], .fixTool, "fix / unfix tool", mode: .edit),
        KeyBinding([.character("x")], .deleteTool, "delete tool", mode: .edit),
        KeyBinding([.character("t")], .trailTool, "trail tool", mode: .edit),
        KeyBinding([.character("i")], .toggleInspector, "inspector", mode: .edit),
        KeyBinding([.character("u")], .undo, "undo the last edit", mode: .edit),
        KeyBinding([.character("U")], .redo, "redo the last edit undone", mode: .edit),
    ]

    /// The binding of `key` in `table`, if it has one.
    public static func binding(for key: Key, in table: [KeyBinding] = playground) -> KeyBinding? {
        table.first { $0.keys.contains(key) }
    }

    /// The binding of `key` that acts when edit mode is `editing`, if it has one.
    public static func binding(for key: Key, editing: Bool, in table: [KeyBinding] = playground) -> KeyBinding? {
        binding(for: key, in: table).flatMap { $0.mode.isActive(editing: editing) ? $0 : nil }
    }

    /// The binding of a key as a recording names it (`Key.description`: "n", "Tab", " ").
    public static func binding(named name: String, in table: [KeyBinding] = playground) -> KeyBinding? {
        table.first { $0.keys.contains { $0.description == name } }
    }

    /// How the docs and the overlay name a key: its description, but "space" for the space bar.
    public static func name(of key: Key) -> String {
        key == .character(" ") ? "space" : key.description
    }

    /// The keys as the overlay lists them: "n, Tab"; a run of three or more digits as "1-9".
    public var label: String {
        var names: [String] = []
        var digits: [Int] = []
        func flush() {
            if digits.count >= 3 { names.append("\(digits.first!)-\(digits.last!)") } else { names += digits.map(String.init) }
            digits = []
        }
        for key in keys {
            if case .character(let c) = key, let d = c.wholeNumberValue, c.isASCII, digits.last.map({ $0 + 1 == d }) ?? true {
                digits.append(d)
            } else {
                flush()
                names.append(Self.name(of: key))
            }
        }
        flush()
        return names.joined(separator: ", ")
    }

    /// The overlay's lines for `table`: label, padded to 16 columns, then the help words; a
    /// binding with the same words as the one before joins its line.
    public static func helpLines(_ table: [KeyBinding] = playground) -> [String] {
        var rows: [(label: String, help: String)] = []
        for binding in table {
            if let last = rows.last, last.help == binding.help {
                rows[rows.count - 1].label += ", " + binding.label
            } else {
                rows.append((binding.label, binding.help))
            }
        }
        return rows.map { row in
            let pad = String(repeating: " ", count: max(16 - row.label.terminalColumns, 1))
            return "  " + row.label + pad + row.help
        }
    }

    /// The table in one sentence, for `nudge play --help`: "n or Tab next scene, ...".
    public static func inBrief(_ table: [KeyBinding] = playground) -> String {
        var parts: [(label: String, help: String)] = []
        for binding in table {
            let label = binding.label.replacingOccurrences(of: ", ", with: " or ")
            if let last = parts.last, last.help == binding.help {
                parts[parts.count - 1].label += " or " + label
            } else {
                parts.append((label, binding.help))
            }
        }
        return parts.map { "\($0.label) \($0.help)" }.joined(separator: ", ")
    }
}
