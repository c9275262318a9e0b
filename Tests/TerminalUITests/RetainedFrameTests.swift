import Geometry
import Testing
@testable import TerminalUI

/// A retained pixel canvas paints only where the picture changed, and must end every frame with
/// exactly the samples and letters an immediate canvas paints for the same calls.
@Suite struct RetainedFrameTests {
    /// Cells of 8×16 pt shown as 10×20 pixels, as the playground's pixel mode makes them.
    static let cellSize = CellSize(width: 8, height: 16)

    /// Frame `k` of a little scene: a still box, a still floor line, a ball gliding right, a
    /// half-transparent disc away from it with a square over it that goes beneath it from frame
    /// 3 on (two calls that did not change swap order), a rope (dotted), labels, a trail of
    /// fading dots.
    static func draw(_ k: Int, on canvas: inout Canvas) {
        canvas.clear()
        canvas.fill(.rectangle(center: Point(300, 100), size: Size(60, 30), angle: 0.3), color: .green)
        canvas.fill(.segment(from: Point(0, 400), to: Point(900, 380), thickness: 1.6, dotted: false), color: .gray)
        let square = Shape.rectangle(center: Point(715, 510), size: Size(30, 30), angle: 0)
        if k >= 3 { canvas.fill(square, color: .red) }
        canvas.fill(.ellipse(center: Point(700, 520), size: Size(90, 90), angle: 0), color: .blue, alpha: 0.5)
        let x = 150 + 7.3 * Double(k)
        if k < 3 { canvas.fill(square, color: .red) }
        canvas.fill(.ellipse(center: Point(x, 210), size: Size(40, 40), angle: 0), color: .orange)
        canvas.fill(.segment(from: Point(500, 50), to: Point(520 + Double(k), 250), thickness: 1, dotted: true), color: .white, alpha: 0.8)
        canvas.fill((0..<4).map { (shape: Shape.anchor(Point(600 + 9 * Double($0 + k), 300)), alpha: 0.25 * Double($0 + 1)) }, color: .yellow)
        canvas.drawLabel("HI", center: Point(x, 150), angle: 0, color: .white)
        // A still label under the ball's path from frame 4: the ball erases its letters.
        canvas.drawLabel("NUDGE", center: Point(200, 210), color: .cyan)
        canvas.fill(.ellipse(center: Point(x + 30, 210), size: Size(40, 40), angle: 0), color: .purple)
    }

    @Test("frame after frame, a retained canvas holds what an immediate one paints")
    func retainedEqualsImmediate() {
        var retained = Canvas(columns: 120, rows: 39, cellSize: Self.cellSize, pixelsPerCell: (10, 20), retained: true)
        for k in 0..<8 {
            Self.draw(k, on: &retained)
            retained.commit()
            var immediate = Canvas(columns: 120, rows: 39, cellSize: Self.cellSize, pixelsPerCell: (10, 20))
            Self.draw(k, on: &immediate)
            let differing = zip(retained.samples, immediate.samples).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(k): \(differing) samples differ")
            #expect(retained.render(colorMode: .truecolor) == immediate.render(colorMode: .truecolor), "frame \(k): letters differ")
        }
    }

    /// The playground's pixel frame at 120×40 (the canvas 39 rows, the status line below), with
    /// one 40 pt ball at `x` and nothing else; the bytes the writer sends for it.
    static func frame(ballAt x: Double, canvas: inout Canvas, writer: inout PixelFrameWriter) -> [UInt8] {
        canvas.clear()
        canvas.fill(.ellipse(center: Point(x, 200), size: Size(40, 40), angle: 0), color: .orange)
        canvas.commit()
        var grid = CellGrid(columns: 120, rows: 40)
        canvas.render(into: &grid, colorMode: .truecolor)
        grid.write(" Ball │ running", column: 0, row: 39, foreground: .white, background: .darkGray)
        return writer.frame(grid, image: canvas.pixelImage, imageRows: 39, colorMode: .truecolor, sendImage: true)
    }

    @Test("one 40 pt ball moving 1.5 pt costs under 8 KB at 120×40 with 10×20-pixel cells; a still frame costs 0 bytes",
          arguments: [GraphicsProtocol.sixel, .kitty])
    func ballFrameBytes(graphics: GraphicsProtocol) {
        var canvas = Canvas(columns: 120, rows: 39, cellSize: Self.cellSize, pixelsPerCell: (10, 20), retained: true)
        var writer = PixelFrameWriter(graphics: graphics, cellWidth: 10, cellHeight: 20)
        _ = Self.frame(ballAt: 100, canvas: &canvas, writer: &writer)
        var x = 100.0
        for _ in 0..<40 {
            x += 1.5
            let moved = Self.frame(ballAt: x, canvas: &canvas, writer: &writer)
            #expect(moved.count > 0 && moved.count < 8192, "\(graphics) ball at \(x): \(moved.count) bytes")
        }
        let still = Self.frame(ballAt: x, canvas: &canvas, writer: &writer)
        #expect(still.isEmpty, "\(graphics) still frame: \(still.count) bytes")
    }
}
