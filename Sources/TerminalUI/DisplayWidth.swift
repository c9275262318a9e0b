// DisplayWidth: how many terminal columns a character takes.
//
// Terminals give East Asian wide and fullwidth characters (CJK ideographs, kana, Hangul,
// fullwidth forms) and emoji two columns, combining marks and zero-width characters none, and
// everything else one (Unicode's East Asian Width property, as wcwidth() reads it). Text laid
// out one scalar per cell would let a wide character overwrite its neighbour, so every place
// that lays text out (the status line, help, messages) measures it with this. The ranges are
// the wide and zero-width blocks of Unicode 15, coarse where a block is wholly one width.

extension Unicode.Scalar {
    /// Terminal columns this scalar takes: 0, 1 or 2.
    public var terminalColumns: Int {
        let v = value
        if v < 0x300 { return 1 }
        for r in Self.zeroWidth where r.contains(v) { return 0 }
        for r in Self.wide where r.contains(v) { return 2 }
        return 1
    }

    static let zeroWidth: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
        0x0E31...0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
        0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x20D0...0x20FF, 0xFE00...0xFE0F,
        0xFE20...0xFE2F, 0xFEFF...0xFEFF, 0xE0100...0xE01EF,
    ]

    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B16F,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension String {
    /// Terminal columns the text takes.
    public var terminalColumns: Int { unicodeScalars.reduce(0) { $0 + $1.terminalColumns } }

    /// The text cut to at most `width` columns, ending in "…" when it was cut.
    public func fitted(toColumns width: Int) -> String {
        guard terminalColumns > width else { return self }
        guard width > 0 else { return "" }
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in unicodeScalars {
            let w = scalar.terminalColumns
            if used + w > width - 1 { break }
            out.append(scalar); used += w
        }
        out.append("…")
        return String(out)
    }
}
