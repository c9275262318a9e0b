// UnquotedHexHint: the hint for a hex color YAML read as a comment, where libyaml's error lands.
//
// `color: #ff8800` unquoted is a comment in YAML. In block style the value is then empty and
// NodeReader says so with the hint; in flow style (`{id: a, color: #ff8800}`, as the starter
// file writes items) the comment swallows the closing brace too, and libyaml's complaint comes on
// a later line as "did not find expected node content". So a syntax error is checked against
// the text before it for such a color outside quotes, and gets the same hint naming its line.

extension SceneParser {
    /// In flow style (`{id: a, color: #ff8800}`) an unquoted hex color is a comment that swallows
    /// the rest of the line, and libyaml's complaint ("did not find expected node content") lands
    /// on a later line; block style gets the hint from NodeReader. So a syntax error whose text up
    /// to its line holds `key: #hex` outside quotes gets the same hint, naming that line.
    static func unquotedHexHint(_ yaml: String, upToLine last: Int) -> String {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).prefix(max(last, 1))
        for (index, line) in lines.enumerated() {
            guard let hash = line.firstRange(of: #/:[ \t]+#([0-9A-Fa-f]{3,8})\b/#) else { continue }
            let before = line[..<hash.lowerBound]
            if before.filter({ $0 == "\"" }).count % 2 == 1 || before.filter({ $0 == "'" }).count % 2 == 1 { continue }
            guard let value = try? #/#[0-9A-Fa-f]{3,8}/#.firstMatch(in: line[hash]) else { continue }
            let shown = String(value.output).escapingControlCharacters
            return "; line \(index + 1) has \(shown) unquoted: in YAML a # starts a comment, so a hex color must be quoted, "
                + "e.g. color: \"\(shown)\""
        }
        return ""
    }
}
