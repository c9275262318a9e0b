// End to end: the start-up probe leaves nothing behind in tmux. tmux takes an APC string it
// does not know (such as the kitty graphics query) as the pane's title, which then outlives the
// program; nudge sends no graphics query inside tmux, with `--graphics auto` or `cells`, so the
// title tmux gives every new pane (the host name) is still there after `q`. Skipped (with a
// printed reason) only when tmux is not installed.
import Foundation
import Testing

@Suite("the probe in tmux", TmuxSession.requirement, .serialized)
struct ProbeEndToEndTests {
    @Test("the pane title is unchanged after q", arguments: ["auto", "cells"])
    func paneTitleUnchanged(graphics: String) throws {
        let session = try TmuxSession(term: "tmux-256color", arguments: ["play", "--graphics", graphics, "scenes/000-push.yaml"])
        defer { session.stop() }
        let before = try session.tmux(["display-message", "-p", "-t", "t", "#{host}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try session.waitUntil { try session.statusLine().contains("Push 1/1") }, "nudge did not start: \((try? session.text()) ?? "")")
        try session.send(keys: "q")
        #expect(try session.waitUntil { try session.text().contains("nudge exited 0") }, "\((try? session.text()) ?? "")")
        let after = try session.tmux(["display-message", "-p", "-t", "t", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(after == before, "--graphics \(graphics): the pane title became \(after.debugDescription)")
        // And no answer leaked into the shell as typed text.
        #expect(!(try session.text()).contains("Gi=31"))
    }
}
