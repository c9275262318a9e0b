// GraphicsProtocol: how frames reach the terminal, and how `--graphics auto` chooses.
//
// `cells` draws characters (every terminal); `sixel` and `kitty` send the play area as pixels.
// `auto` asks the terminal at start-up (TerminalReplies: DA1's sixel attribute, the kitty
// graphics query, which is sent only for `auto` and never inside tmux or screen: see
// `asksTerminal`) and takes kitty where it answers, sixel where DA1 lists it, and cells when:
// there was no answer (a terminal that ignores the queries, or one that answers too late), the
// program runs inside tmux or screen (they do not pass graphics through to the outer terminal
// unless configured to, and their own sixel support varies), or the answers took longer than a
// slow-link threshold (over ssh every frame's pixels would queue behind the link).

public enum GraphicsProtocol: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case cells, sixel, kitty

    public var description: String { rawValue }
}

/// What a terminal answered to the start-up queries.
public struct TerminalReplies: Hashable, Sendable {
    /// DA1 listed attribute 4 (sixel graphics).
    public var sixel = false
    /// The kitty graphics query was answered OK.
    public var kitty = false
    /// DECRQM for mode 2026 (synchronized output) said it is supported (1 or 2).
    public var synchronizedOutput = false
    /// Cell size in pixels, from CSI 16 t, or from the window's size (CSI 14 t or TIOCGWINSZ)
    /// divided by its cells.
    public var cellPixels: (width: Int, height: Int)?
    /// Sixel color registers, from XTSMGRAPHICS (CSI ? 1 ; 0 ; n S); nil when not answered.
    public var colorRegisters: Int?
    /// Whether DA1 was answered at all.
    public var answered = false
    /// Seconds until the DA1 answer came.
    public var roundTrip: Double?

    public init() {}

    public static func == (a: TerminalReplies, b: TerminalReplies) -> Bool {
        a.sixel == b.sixel && a.kitty == b.kitty && a.synchronizedOutput == b.synchronizedOutput && a.answered == b.answered
            && a.cellPixels?.width == b.cellPixels?.width && a.cellPixels?.height == b.cellPixels?.height && a.roundTrip == b.roundTrip
            && a.colorRegisters == b.colorRegisters
    }
    public func hash(into h: inout Hasher) { h.combine(sixel); h.combine(kitty); h.combine(answered) }

    /// Parses everything a terminal sent back (the replies may come in any order, with other
    /// bytes between them).
    public static func parse(_ bytes: [UInt8]) -> TerminalReplies {
        var r = TerminalReplies()
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "\u{1B}", i + 1 < scalars.count else { i += 1; continue }
            if scalars[i + 1] == "[" {
                // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte.
                var j = i + 2, body = "", intermediates = ""
                while j < scalars.count, (0x30...0x3F).contains(scalars[j].value) { body.unicodeScalars.append(scalars[j]); j += 1 }
                while j < scalars.count, (0x20...0x2F).contains(scalars[j].value) { intermediates.unicodeScalars.append(scalars[j]); j += 1 }
                guard j < scalars.count else { break }
                let final = scalars[j]
                let params = body.trimmingPrefix("?").split(separator: ";").map { Int($0) }
                if final == "c", body.hasPrefix("?") {
                    r.answered = true
                    r.sixel = params.dropFirst().contains(4)
                } else if final == "y", intermediates == "$", body.hasPrefix("?"), params.count == 2, params[0] == 2026 {
                    r.synchronizedOutput = params[1] == 1 || params[1] == 2
                } else if final == "S", body.hasPrefix("?"), params.count == 3, params[0] == 1, params[1] == 0,
                          let n = params[2], n > 0 {
                    r.colorRegisters = n
                } else if final == "t", params.count == 3, params[0] == 6, let h = params[1], let w = params[2], w > 0, h > 0 {
                    r.cellPixels = (w, h)
                }
                i = j + 1
            } else if scalars[i + 1] == "_" {
                var j = i + 2, body = ""
                while j < scalars.count, scalars[j] != "\u{1B}" { body.unicodeScalars.append(scalars[j]); j += 1 }
                if body.hasPrefix("G"), body.contains("i=31"), body.hasSuffix(";OK") { r.kitty = true }
                i = j + 1
            } else {
                i += 1
            }
        }
        return r
    }
}

extension GraphicsProtocol {
    /// Round trips slower than this count as a slow link for `auto`.
    public static let slowLink = 0.1

    /// Whether the start-up probe should send the graphics queries: only for `auto` (a mode given
    /// by name needs no answer), and never inside tmux or screen. There `auto` takes cells
    /// anyway, tmux keeps an APC string it does not know as the pane title, and passing the
    /// query through (`ESC P tmux; …`) would need `allow-passthrough`, which is off by default
    /// and would still leave the pictures to a terminal the multiplexer does not know is there.
    public static func asksTerminal(requested: GraphicsProtocol?, capabilities: TerminalCapabilities) -> Bool {
        requested == nil && !capabilities.isMultiplexed
    }

    /// Whether the probe should ask for the sixel color registers (XTSMGRAPHICS): wherever sixel
    /// may be used, `auto` or `--graphics sixel`, and never inside tmux or screen.
    public static func asksColorRegisters(requested: GraphicsProtocol?, capabilities: TerminalCapabilities) -> Bool {
        (requested == nil || requested == .sixel) && !capabilities.isMultiplexed
    }

    /// `--graphics auto`: see the top of the file.
    public static func automatic(replies: TerminalReplies, capabilities: TerminalCapabilities) -> GraphicsProtocol {
        GraphicsChoice.automatic(replies: replies, capabilities: capabilities).mode
    }

    /// Parses `--graphics`; the error names the choices.
    public static func choice(_ text: String) -> GraphicsProtocol?? {
        if text.lowercased() == "auto" { return .some(nil) }
        return GraphicsProtocol(rawValue: text.lowercased()).map { .some($0) }
    }
}
