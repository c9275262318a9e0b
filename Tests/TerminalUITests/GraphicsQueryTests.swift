// When the start-up probe may send the graphics queries: only when `--graphics auto` will read
// the answer, and never inside tmux or screen (tmux keeps an APC string it does not know as the
// pane title; screen and tmux are recognised by TMUX, STY or TERM, as TerminalCapabilities does).
import Testing
import TerminalUI

@Suite struct GraphicsQueryTests {
    @Test("the graphics queries go out only for auto, outside a multiplexer")
    func onlyForAutoOutsideMultiplexers() {
        let plain = TerminalCapabilities(environment: ["TERM": "xterm-kitty"])
        #expect(GraphicsProtocol.asksTerminal(requested: nil, capabilities: plain))
        for mode in GraphicsProtocol.allCases {
            #expect(!GraphicsProtocol.asksTerminal(requested: mode, capabilities: plain), "\(mode)")
        }
        let inside: [[String: String]] = [
            ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,123,0"],
            ["TERM": "xterm-256color", "STY": "123.pts-0.host"],
            ["TERM": "screen-256color"],
            ["TERM": "tmux-256color"],
        ]
        for env in inside {
            #expect(!GraphicsProtocol.asksTerminal(requested: nil, capabilities: TerminalCapabilities(environment: env)), "\(env)")
        }
    }

    @Test("the sixel color registers are asked for where sixel may be used: auto or sixel, outside a multiplexer; never for cells")
    func colorRegistersOnlyWhereSixelMayBeUsed() {
        let plain = TerminalCapabilities(environment: ["TERM": "xterm"])
        #expect(GraphicsProtocol.asksColorRegisters(requested: nil, capabilities: plain))
        #expect(GraphicsProtocol.asksColorRegisters(requested: .sixel, capabilities: plain))
        #expect(!GraphicsProtocol.asksColorRegisters(requested: .cells, capabilities: plain))
        #expect(!GraphicsProtocol.asksColorRegisters(requested: .kitty, capabilities: plain))
        let tmux = TerminalCapabilities(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(!GraphicsProtocol.asksColorRegisters(requested: .sixel, capabilities: tmux))
    }
}
