// ReplayKeys: a replay takes recorded keys as the live app did; a key pressed while the help box
// is open only closes it, so `?` then `n` or `q` does not end the replay's input.
import Playground
import Testing

@Suite("Replayed keys")
struct ReplayKeysTests {
    static func leaves(_ names: [String]) -> [Bool] {
        var keys = ReplayKeys()
        return names.map { keys.leavesScene($0) }
    }

    @Test("a key after ? only closes the help; the next one acts again")
    func keyAfterHelp() {
        #expect(Self.leaves(["?", "q", "?", "n", "n"]) == [false, false, false, false, true])
    }

    @Test("Ctrl-C leaves even with the help open; keys without help act at once")
    func interrupt() {
        #expect(Self.leaves(["?", "Ctrl-C"]) == [false, true])
        #expect(Self.leaves([" ", "q"]) == [false, true])
    }
}
