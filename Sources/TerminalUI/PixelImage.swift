// PixelImage: a picture in 8-bit RGB, rows top to bottom, as pixel graphics send it.
//
// In pixel mode the canvas samples one point per screen pixel, and its samples are this image;
// the sixel and kitty encoders and the snapshot painter read it. Kept as plain data. With no
// color (NO_COLOR) a picture goes out in grays: each pixel the gray of its own luminance.

public struct PixelImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var pixels: [Color]

    public init(width: Int, height: Int, pixels: [Color]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "image size and pixel count disagree")
        self.width = width; self.height = height; self.pixels = pixels
    }

    public init(width: Int, height: Int, filledWith color: Color) {
        self.init(width: width, height: height, pixels: Array(repeating: color, count: width * height))
    }

    public subscript(x: Int, y: Int) -> Color {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The `width` × `height` pixels from (`x`, `y`) (clipped to the picture) in shades of gray.
    public func grays(x: Int, y: Int, width w: Int, height h: Int) -> PixelImage {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + max(0, w)), y1 = min(height, y + max(0, h))
        let cw = max(0, x1 - x0), ch = max(0, y1 - y0)
        var out = PixelImage(width: cw, height: ch, filledWith: .black)
        var last: Color? = nil, lastGray = Color.black
        for j in 0..<ch {
            for i in 0..<cw {
                let c = self[x0 + i, y0 + j]
                if c != last { last = c; lastGray = c.luminanceGray }
                out[i, j] = lastGray
            }
        }
        return out
    }

    /// Copies the rectangle (`x`, `y`, `width` × `height`) from `source`, an image of this size.
    mutating func copy(_ rectWidth: Int, _ rectHeight: Int, at x: Int, _ y: Int, from source: PixelImage) {
        precondition(source.width == width && source.height == height, "copying between images of different sizes")
        let x0 = max(0, x), x1 = min(width, x + rectWidth), y0 = max(0, y), y1 = min(height, y + rectHeight)
        guard x0 < x1, y0 < y1 else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { to in
            source.pixels.withUnsafeBufferPointer { from in
                for row in y0..<y1 {
                    let k = row * w + x0
                    to.baseAddress!.advanced(by: k).update(from: from.baseAddress!.advanced(by: k), count: x1 - x0)
                }
            }
        }
    }
}

extension Canvas {
    /// The samples as a picture (one pixel per sample; in pixel mode, the screen's pixels).
    public var pixelImage: PixelImage { PixelImage(width: sampleColumns, height: sampleRows, pixels: samples) }
}
