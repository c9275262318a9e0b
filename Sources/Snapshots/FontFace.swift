// FontFace: a monospace font through FreeType, sized to a terminal cell.
//
// A snapshot draws every character that is not a block, sextant, octant or braille pattern
// (labels, the status line, the help, ASCII art) the way a terminal would: a glyph of a real
// monospace font, anti-aliased, on the cell's background in its foreground color. The font is
// sized so that its advance fits the cell's width and its ascent plus descent the cell's height,
// and the baseline sits at the ascent from the cell's top, as terminals place it. Glyph coverage
// is cached per character. The default font is DejaVu Sans Mono (Debian's fonts-dejavu-core),
// found at its usual paths or through fontconfig's `fc-match`.
import CFreeType
import Foundation

public final class FontFace {
    public struct Glyph {
        /// Coverage 0…255, `width` × `height`, rows top to bottom.
        public var coverage: [UInt8]
        public var width: Int
        public var height: Int
        /// Offset of the coverage's top-left from the cell's top-left, in pixels.
        public var left: Int
        public var top: Int
    }

    public let path: String
    public let cellWidth: Int
    public let cellHeight: Int
    private var library: FT_Library?
    private var face: FT_Face?
    private var baseline = 0
    private var cache: [UInt32: Glyph] = [:]

    /// Paths tried for the default font, first one that exists wins.
    public static let defaultPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
    ]

    /// The default monospace font's file, or nil when none is installed.
    public static func defaultFontPath() -> String? {
        if let found = defaultPaths.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{file}", "monospace"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self)
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The font at `path` sized for cells of `cellWidth` × `cellHeight` pixels.
    public init(path: String, cellWidth: Int, cellHeight: Int) throws(SnapshotError) {
        self.path = path; self.cellWidth = cellWidth; self.cellHeight = cellHeight
        guard FT_Init_FreeType(&library) == 0, let library else { throw .font("FreeType did not start") }
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            throw .font("cannot read the font \(path)")
        }
        // Units per em → pixels: the advance fits the width, ascent + descent the height.
        let units = Double(face.pointee.units_per_EM)
        let ascent = Double(face.pointee.ascender), descent = -Double(face.pointee.descender)
        var advance = units * 0.6
        if FT_Load_Char(face, FT_ULong(UInt8(ascii: "M")), FT_Int32(FT_LOAD_NO_SCALE)) == 0 {
            advance = Double(face.pointee.glyph.pointee.advance.x)
        }
        let byWidth = Double(cellWidth) * units / max(advance, 1)
        let byHeight = Double(cellHeight) * units / max(ascent + descent, 1)
        let em = max(1, min(byWidth, byHeight).rounded(.down))
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(em))
        let spare = Double(cellHeight) - em * (ascent + descent) / units
        baseline = Int((em * ascent / units + spare / 2).rounded())
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The coverage of `scalar` in its cell; nil for a character the font lacks (drawn blank).
    public func glyph(_ scalar: Unicode.Scalar) -> Glyph? {
        if let cached = cache[scalar.value] { return cached.width > 0 ? cached : nil }
        var result = Glyph(coverage: [], width: 0, height: 0, left: 0, top: 0)
        if let face, FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0,
           FT_Load_Char(face, FT_ULong(scalar.value), nudge_ft_load_render()) == 0 {
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            if width > 0, height > 0, let buffer = bitmap.buffer {
                var coverage = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height { for x in 0..<width { coverage[y * width + x] = buffer[y * pitch + x] } }
                let advance = Int(slot.advance.x) >> 6
                result = Glyph(coverage: coverage, width: width, height: height,
                               left: Int(slot.bitmap_left) + (cellWidth - advance) / 2,
                               top: baseline - Int(slot.bitmap_top))
            }
        }
        cache[scalar.value] = result
        return result.width > 0 ? result : nil
    }
}
