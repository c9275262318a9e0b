import Testing
@testable import TerminalUI

/// Every glyph set's table, pattern to character and back, against the Unicode charts.
@Suite struct GlyphTableTests {
    @Test(arguments: GlyphSet.allCases)
    func everyPatternHasItsOwnCharacterAndComesBack(_ set: GlyphSet) {
        let table = set.table
        let count = 1 << (set.subPixelColumns * set.subPixelRows)
        #expect(table.characters.count == count)
        #expect(Set(table.characters).count == count)
        for pattern in 0..<count {
            let character = table.character(for: UInt8(pattern))
            #expect(table.pattern(of: character) == UInt8(pattern), "\(set) pattern \(pattern)")
        }
        #expect(table.character(for: 0) == " " || set == .braille)
    }

    @Test func halfBlocks() {
        let t = GlyphSet.half.table
        #expect(t.character(for: 1) == "\u{2580}")   // UPPER HALF BLOCK: the top sub-pixel
        #expect(t.character(for: 2) == "\u{2584}")   // LOWER HALF BLOCK
        #expect(t.character(for: 3) == "\u{2588}")
    }

    @Test func quadrantsFollowTheirNames() {
        let t = GlyphSet.quadrant.table
        #expect(t.character(for: 0b0001) == "\u{2598}")  // QUADRANT UPPER LEFT
        #expect(t.character(for: 0b0010) == "\u{259D}")  // QUADRANT UPPER RIGHT
        #expect(t.character(for: 0b0100) == "\u{2596}")  // QUADRANT LOWER LEFT
        #expect(t.character(for: 0b1000) == "\u{2597}")  // QUADRANT LOWER RIGHT
        #expect(t.character(for: 0b1001) == "\u{259A}")  // UPPER LEFT AND LOWER RIGHT
        #expect(t.character(for: 0b0101) == "\u{258C}")  // LEFT HALF BLOCK
        #expect(t.character(for: 0b1110) == "\u{259F}")  // UPPER RIGHT AND LOWER LEFT AND LOWER RIGHT
    }

    @Test func sextantsFollowTheUnicodeOrder() {
        let t = GlyphSet.sextant.table
        // BLOCK SEXTANT-1 is U+1FB00; BLOCK SEXTANT-23456 (pattern 0b111110) is the last, U+1FB3B.
        #expect(t.character(for: 0b000001) == "\u{1FB00}")
        #expect(t.character(for: 0b111110) == "\u{1FB3B}")
        // BLOCK SEXTANT-135 would be the left column: LEFT HALF BLOCK draws it.
        #expect(t.character(for: 0b010101) == "\u{258C}")
        #expect(t.character(for: 0b101010) == "\u{2590}")
        // BLOCK SEXTANT-1234 (pattern 15) is the 15th, U+1FB0E: patterns count from 1.
        #expect(t.character(for: 0b001111) == "\u{1FB0E}")
        // BLOCK SEXTANT-12346 (pattern 47) comes after 21 and 42 were skipped: U+1FB00 + 47 − 3.
        #expect(t.character(for: 0b101111) == Unicode.Scalar(0x1FB00 + 44)!)
    }

    @Test func octantsFollowTheUnicode16Order() {
        let t = GlyphSet.octant.table
        #expect(t.character(for: 0b0000_0100) == "\u{1CD00}")  // BLOCK OCTANT-3
        #expect(t.character(for: 0b1111_1110) == "\u{1CDE5}")  // BLOCK OCTANT-2345678
        #expect(t.character(for: 0b0000_0110) == "\u{1CD01}")  // BLOCK OCTANT-23
        #expect(t.character(for: 0b0000_0111) == "\u{1CD02}")  // BLOCK OCTANT-123
        // Patterns older characters draw.
        #expect(t.character(for: 0b0000_0001) == "\u{1CEA8}")  // LEFT HALF UPPER ONE QUARTER BLOCK
        #expect(t.character(for: 0b0000_0010) == "\u{1CEAB}")  // RIGHT HALF UPPER ONE QUARTER BLOCK
        #expect(t.character(for: 0b0100_0000) == "\u{1CEA3}")  // LEFT HALF LOWER ONE QUARTER BLOCK
        #expect(t.character(for: 0b1000_0000) == "\u{1CEA0}")  // RIGHT HALF LOWER ONE QUARTER BLOCK
        #expect(t.character(for: 0b0000_0011) == "\u{1FB82}")  // UPPER ONE QUARTER BLOCK
        #expect(t.character(for: 0b1100_0000) == "\u{2582}")   // LOWER ONE QUARTER BLOCK
        #expect(t.character(for: 0b0001_0100) == "\u{1FBE6}")  // MIDDLE LEFT ONE QUARTER BLOCK
        #expect(t.character(for: 0b0010_1000) == "\u{1FBE7}")  // MIDDLE RIGHT ONE QUARTER BLOCK
        #expect(t.character(for: 0b0011_1111) == "\u{1FB85}")  // UPPER THREE QUARTERS BLOCK
        #expect(t.character(for: 0b1111_1100) == "\u{2586}")   // LOWER THREE QUARTERS BLOCK
        #expect(t.character(for: 0b0000_1111) == "\u{2580}")   // the top two rows: UPPER HALF BLOCK
        #expect(t.character(for: 0b0011_0011) == "\u{259D}" || t.character(for: 0b1010_1010) == "\u{2590}")
        #expect(t.character(for: 0b1010_1010) == "\u{2590}")   // the right column: RIGHT HALF BLOCK
        // The Unicode 16 block holds the other 230, all of them.
        let block = t.characters.filter { (0x1CD00...0x1CDE5).contains($0.value) }
        #expect(block.count == 230)
    }

    @Test func brailleDotsRunDownTheColumns() {
        let t = GlyphSet.braille.table
        #expect(t.character(for: 0b0000_0001) == "\u{2801}")  // dot 1, top left
        #expect(t.character(for: 0b0000_0010) == "\u{2808}")  // dot 4, top right
        #expect(t.character(for: 0b0000_0100) == "\u{2802}")  // dot 2
        #expect(t.character(for: 0b0100_0000) == "\u{2840}")  // dot 7, bottom left
        #expect(t.character(for: 0b1000_0000) == "\u{2880}")  // dot 8, bottom right
        #expect(t.character(for: 0xFF) == "\u{28FF}")
    }

    @Test func asciiUsesPrintableCharacters() {
        for c in GlyphSet.ascii.table.characters { #expect(c.value >= 0x20 && c.value < 0x7F) }
    }

    @Test func unknownNamesListTheChoices() throws {
        #expect(throws: GlyphSetParseError.self) { try GlyphSet(parsing: "hexagon") }
        let message = "\(GlyphSetParseError(text: "hexagon"))"
        for set in GlyphSet.allCases { #expect(message.contains(set.rawValue)) }
        #expect(message.contains("auto"))
        #expect(try GlyphSet(parsing: "Octant") == .octant)
    }
}

/// The two-color fit of one cell.
@Suite struct CellFitTests {
    func fit(_ colors: [SIMD3<Float>], samples: [SIMD3<Float>]? = nil) -> CellFit.Result {
        colors.withUnsafeBufferPointer { c in
            if let samples { return samples.withUnsafeBufferPointer { CellFit.fit(c, samples: $0) } }
            return CellFit.fit(c)
        }
    }

    @Test func twoColorsSplitExactly() {
        let red = SIMD3<Float>(255, 0, 0), blue = SIMD3<Float>(0, 0, 255)
        let r = fit([red, blue, blue, red, red, blue])
        #expect(r.pattern == 0b100110 || r.pattern == 0b011001)
        let lit = r.pattern & 1 == 1 ? red : blue
        #expect(r.foreground == lit)
        #expect(r.background == (lit == red ? blue : red))
    }

    @Test func oneColorIsUniform() {
        let r = fit(Array(repeating: SIMD3<Float>(10, 20, 30), count: 8))
        #expect(r.pattern == 0)
        #expect(r.background == SIMD3<Float>(10, 20, 30))
    }

    @Test func theLeastSquaresCutOfThreeGrays() {
        // 0, 0, 100, 255: the cut {0, 0, 100} | {255} leaves 6,667 of squared error, {0, 0} | {100, 255} 12,013.
        let r = fit([SIMD3(repeating: 0), SIMD3(repeating: 0), SIMD3(repeating: 100), SIMD3(repeating: 255)])
        #expect(r.pattern == 0b1000)
    }

    @Test func theContrastRampSharpensBarelyCutSubPixels() {
        // A half-block cell whose top sub-pixel is 30 % white (its samples are black or white)
        // and whose bottom is all white: the top mean 76.5 lies u = 0.3 of the way from black
        // to white, and the ramp f = 2u − ½ takes it to 0.1·255 = 25.5; the bottom stays white.
        let samples = Array(repeating: SIMD3<Float>(repeating: 0), count: 7) + Array(repeating: SIMD3<Float>(repeating: 255), count: 3)
        let r = fit([SIMD3(repeating: 76.5), SIMD3(repeating: 255)], samples: samples)
        #expect(r.pattern == 0b10)
        #expect(abs(r.background.x - 25.5) < 0.01)
        #expect(r.foreground.x == 255)
        // At u = 0.6 the ramp gives 0.7: 178.5.
        let r2 = fit([SIMD3(repeating: 153), SIMD3(repeating: 0)], samples: samples)
        let top = r2.pattern & 1 == 1 ? r2.foreground : r2.background
        #expect(abs(top.x - 178.5) < 0.01)
    }
}
