// Suggestion: "did you mean" for a misspelt name.
//
// Scene keys, color names, item ids and the command line's commands are short words typed by
// hand, so the nearest known word by edit distance (Levenshtein), within about a third of the
// word's length, is almost always what was meant.

/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lower }) { return exact }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = max(1, min(3, word.count / 3))
        return d <= limit ? name : nil
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
