// GraphicsChoice: the way frames reach the terminal and why it was chosen.
//
// `--graphics auto` decides from the terminal's answers (GraphicsProtocol's header has the
// rules); this says which rule decided, in the words `?` shows after the mode's name, e.g.
// "sixel (the terminal's DA1 lists sixel)", so a user whose terminal has pixels but gets cells
// (inside tmux, over a slow link) sees why and can ask with `--graphics`.

public struct GraphicsChoice: Hashable, Sendable, CustomStringConvertible {
    public var mode: GraphicsProtocol
    public var reason: String

    public init(_ mode: GraphicsProtocol, because reason: String) { self.mode = mode; self.reason = reason }

    /// `--graphics auto`, with its reason.
    public static func automatic(replies: TerminalReplies, capabilities: TerminalCapabilities) -> GraphicsChoice {
        guard !capabilities.isMultiplexed else {
            return GraphicsChoice(.cells, because: "inside tmux or screen, which do not pass pixels through")
        }
        guard replies.answered else { return GraphicsChoice(.cells, because: "the terminal did not answer the start-up queries") }
        if let trip = replies.roundTrip, trip > GraphicsProtocol.slowLink {
            let ms = Int((trip * 1000).rounded())
            return GraphicsChoice(.cells, because: "the terminal took \(ms) ms to answer: a slow link")
        }
        if replies.kitty { return GraphicsChoice(.kitty, because: "the terminal answered the kitty graphics query") }
        if replies.sixel { return GraphicsChoice(.sixel, because: "the terminal's DA1 lists sixel") }
        return GraphicsChoice(.cells, because: "the terminal has neither sixel nor the kitty graphics protocol")
    }

    public var description: String { "\(mode) (\(reason))" }
}
