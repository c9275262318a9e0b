// PastedText: what the playground does with text pasted into the terminal: nothing, and says so.
//
// The playground has no text field: every key is a command. A paste typed key by key would run
// its letters as commands (a pasted sentence with a 'w' and a 'q' in it saves and quits), so the
// driver reads a bracketed paste as one event and the playground ignores it, with a short
// message in the status line so the paste does not seem lost without a word.

enum PastedText {
    /// The status line's message for a paste of `characters` characters.
    static func message(characters: Int) -> String {
        let what = characters == 1 ? "1 character" : "\(characters) characters"
        return "pasted text ignored (\(what)): the playground takes keys, not text"
    }
}
