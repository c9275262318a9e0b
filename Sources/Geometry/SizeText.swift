// SizeText: reading a size written "WxH", as the command line takes --size and --cell-size.
//
// Every option that takes two numbers (a terminal's columns and rows, a cell's or a scene's
// width and height in points) reads them with this one grammar, so "8x16", "8X16" and "8×16"
// mean the same everywhere and "8xx16" nowhere. What range the numbers may have, and how a
// mistake is worded, stays with the option: the error here only says which rule was broken.

/// Why a "WxH" text is not a size.
public enum SizeTextError: Error, Hashable, Sendable {
    /// Not two numbers with one x (or X or ×) between them.
    case notTwoNumbers
    /// Two numbers, but one is 0, negative, infinite or not a number.
    case notPositive
}

extension Size {
    /// Reads "WxH" (the separator x, X or ×), e.g. "8x16" or "640×384": both numbers finite and
    /// greater than 0.
    public init(parsing text: String) throws(SizeTextError) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { throw .notTwoNumbers }
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw .notPositive }
        self.init(w, h)
    }
}
