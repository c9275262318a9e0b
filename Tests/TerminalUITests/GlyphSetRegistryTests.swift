// The glyph set registry: each set's own definition holds together. The README's and the docs'
// tables of sets are generated from the registry (GeneratedDocsTests in CommandLineTests).
import Testing
@testable import TerminalUI

@Suite("Glyph sets: one registry, each set whole")
struct GlyphSetRegistryTests {
    @Test("each registered set: a unique name that parses back, a full table of its grid, and the help lists it")
    func definitions() throws {
        #expect(Set(GlyphSet.allCases.map(\.rawValue)).count == GlyphSet.allCases.count)
        for set in GlyphSet.allCases {
            #expect(try GlyphSet(parsing: set.rawValue.uppercased()) == set)
            #expect(set.table.characters.count == 1 << (set.subPixelColumns * set.subPixelRows))
            #expect(set.table.glyphSet == set && set.samplesPerSubPixel.across >= 2 && set.samplesPerSubPixel.down >= 2)
            #expect(GlyphSet.names().contains(set.rawValue))
        }
    }
}
