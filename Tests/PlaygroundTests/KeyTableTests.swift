// The key table: every action a key can have while playing has its method, so a key added to
// KeyBinding and forgotten in the table fails here instead of silently doing nothing.
import Testing
@testable import Playground

@Suite("Key table")
struct KeyTableTests {
    @Test("every action bound while playing (play or both) has a method in PlaygroundApp.keyActions")
    func everyPlayingActionHasAMethod() {
        let playing = KeyBinding.playground.filter { $0.mode != .edit }.map(\.action)
        #expect(!playing.isEmpty)
        for action in playing {
            #expect(PlaygroundApp.keyActions[action] != nil, "\(action) has no method")
        }
    }
}
