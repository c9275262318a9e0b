// The kitty side of PixelFrameWriter, read back from the bytes: which images are sent, under
// which ids and z-index, which are deleted, and what text is written or erased. The keys are
// the kitty graphics protocol's (a=T transmit and show, i image id, z z-index, a=d delete, d=I
// by id freeing the data, d=A every image).
import Testing
@testable import TerminalUI

@Suite struct KittyFrameTests {
    /// One graphics command: its keys, for the commands in `bytes`.
    static func commands(_ bytes: [UInt8]) -> [[String: String]] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}_G").dropFirst().map { part in
            let keys = part.split(separator: ";", maxSplits: 1)[0].split(separator: "\u{1B}")[0]
            var out: [String: String] = [:]
            for pair in keys.split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
            }
            return out
        }
    }

    static let blank = Cell(" ", foreground: .white, background: .black)

    @Test("tiles go under the text (z=-1); a changed tile is a new image and the old one is deleted, the ids alternating")
    func tilesAreReplacedByNewImages() {
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 8, cellHeight: 16)
        let grid = CellGrid(columns: 32, rows: 4, filledWith: Self.blank)
        var image = PixelImage(width: 256, height: 48, filledWith: .black)
        let first = Self.commands(writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true))
        // A new layout: every image deleted first, then the two tiles (16 cells each), ids 1 and 3.
        #expect(first.first == ["a": "d", "d": "A", "q": "2"])
        let shown = first.filter { $0["a"] == "T" }
        #expect(shown.map { $0["i"] } == ["1", "3"])
        #expect(shown.allSatisfy { $0["z"] == "-1" && $0["C"] == "1" && $0["q"] == "2" })
        // The second tile changes, three times: ids 4, 3, 4, each deleting the one before.
        var sent: [String?] = [], deleted: [String?] = []
        for k in 0..<3 {
            image[200, 10 + k] = .white
            let cmds = Self.commands(writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true))
            sent += cmds.filter { $0["a"] == "T" }.map { $0["i"] }
            deleted += cmds.filter { $0["a"] == "d" }.map { $0["d"] == "I" ? $0["i"] : "all" }
        }
        #expect(sent == ["4", "3", "4"])
        #expect(deleted == ["3", "4", "3"])
        // The first tile, never changed, is never sent again nor deleted.
        #expect(!sent.contains("1") && !deleted.contains("1"))
    }

    @Test("a letter over the picture has its cell painted in its background color; when it goes, it is erased and the cell shows the picture again")
    func lettersOverThePicture() {
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 8, cellHeight: 16)
        var grid = CellGrid(columns: 16, rows: 4, filledWith: Self.blank)
        let image = PixelImage(width: 128, height: 48, filledWith: Color(red: 255, green: 0, blue: 0))
        _ = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        let navy = Color(red: 0, green: 0, blue: 80)
        grid[5, 1] = Cell("A", foreground: .white, background: navy)
        let painted = PixelFrameWriter.withTextBackgrounds(image, grid: grid, imageRows: 3, tiles: writer.tiles)
        for y in 0..<48 { for x in 0..<128 {
            let inCell = x >= 40 && x < 48 && y >= 16 && y < 32
            #expect(painted[x, y] == (inCell ? navy : Color(red: 255, green: 0, blue: 0)), "(\(x), \(y))")
        } }
        let with = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        let withText = String(decoding: with, as: UTF8.self)
        #expect(Self.commands(with).filter { $0["a"] == "T" }.count == 1, "the letter's tile is sent again")
        #expect(withText.contains("\u{1B}[2;6H\u{1B}[0;38;2;255;255;255;48;2;0;0;80mA"))
        grid[5, 1] = Self.blank
        let without = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        let withoutText = String(decoding: without, as: UTF8.self)
        // Erased in the default colors before the tile comes back without the navy cell.
        let erase = withoutText.range(of: "\u{1B}[0m\u{1B}[2;6H ")
        let tile = withoutText.range(of: "\u{1B}_Ga=T")
        #expect(erase != nil && tile != nil && erase!.lowerBound < tile!.lowerBound)
    }

    @Test("even when the picture must wait, a letter that has gone is erased")
    func erasesWhileThePictureWaits() {
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 8, cellHeight: 16)
        var grid = CellGrid(columns: 16, rows: 4, filledWith: Self.blank)
        let image = PixelImage(width: 128, height: 48, filledWith: .black)
        grid[3, 0] = Cell("x", foreground: .white, background: .black)
        _ = writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: true)
        grid[3, 0] = Self.blank
        let busy = String(decoding: writer.frame(grid, image: image, imageRows: 3, colorMode: .truecolor, sendImage: false), as: UTF8.self)
        #expect(busy.contains("\u{1B}[1;4H "))
        #expect(!busy.contains("\u{1B}_G"))
    }

    @Test("a new size clears the screen and deletes every image before drawing it all again")
    func resizeStartsClean() {
        var writer = PixelFrameWriter(graphics: .kitty, cellWidth: 8, cellHeight: 16)
        let small = CellGrid(columns: 16, rows: 4, filledWith: Self.blank)
        _ = writer.frame(small, image: PixelImage(width: 128, height: 48, filledWith: .black), imageRows: 3, colorMode: .truecolor, sendImage: true)
        let unchanged = writer.frame(small, image: PixelImage(width: 128, height: 48, filledWith: .black), imageRows: 3, colorMode: .truecolor, sendImage: true)
        #expect(Self.commands(unchanged).isEmpty)
        let large = CellGrid(columns: 32, rows: 5, filledWith: Self.blank)
        let bytes = writer.frame(large, image: PixelImage(width: 256, height: 64, filledWith: .black), imageRows: 4, colorMode: .truecolor, sendImage: true)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
        // Two tiles across, two tile rows of 3 and 1 cells: four images, ids from 1 again.
        #expect(Self.commands(bytes).filter { $0["a"] == "T" }.map { $0["i"] } == ["1", "3", "5", "7"])
    }

    @Test func tileImagesAlternateBetweenTwoIdsPerTile() {
        var ids = KittyTileImages()
        #expect(ids.replace(tile: 0) == (1, nil))
        #expect(ids.replace(tile: 0) == (2, 1))
        #expect(ids.replace(tile: 0) == (1, 2))
        #expect(ids.replace(tile: 7) == (15, nil))
        ids.removeAll()
        #expect(ids.replace(tile: 0) == (1, nil))
    }
}
