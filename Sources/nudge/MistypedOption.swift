// MistypedOption: a mistyped option followed by its value, told as the mistyped option it is.
//
// ArgumentParser gives "Unknown option '--glyph'. Did you mean '--glyphs'?" for a lone mistyped
// option, but `nudge play --glyph octant FILE` reads `octant` as a scene path, and the command's
// own check of its paths ("no scene file or folder at 'octant'") speaks first. So before saying
// a path is missing, a command asks here whether the word before it on the command line is an
// option the command does not have; if it is, the message is about that option, with the
// closest option the command has. The options a command has are read from its own help text, so
// a new option is known here the day it is added.
import ArgumentParser
import SceneFormat

enum MistypedOption {
    /// "unknown option '--glyph'; did you mean '--glyphs'?" when `value` follows an option that
    /// `command` does not have in `arguments` (the command line), else nil.
    static func message<C: ParsableCommand>(before value: String, in arguments: [String], command: C.Type) -> String? {
        guard let index = arguments.firstIndex(of: value), index > 0 else { return nil }
        let option = arguments[index - 1]
        guard option.hasPrefix("-"), option.count > 1, !option.contains("=") else { return nil }
        let known = options(of: command)
        guard !known.contains(option) else { return nil }
        let shown = option.escapingControlCharacters
        if let guess = Suggestion.closest(to: option, in: known) {
            return "unknown option '\(shown)'; did you mean '\(guess)'?"
        }
        return "unknown option '\(shown)' (see --help)"
    }

    /// Every `--name` and `-x` in the command's help text.
    static func options<C: ParsableCommand>(of command: C.Type) -> [String] {
        let help = command.helpMessage(columns: 10_000)
        let matches = help.matches(of: #/(?:^|[\s,\[(])(--?[A-Za-z][\w-]*)/#).map { String($0.output.1) }
        var seen = Set<String>()
        return matches.filter { seen.insert($0).inserted }
    }
}
