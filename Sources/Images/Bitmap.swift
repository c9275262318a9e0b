// Bitmap: decoded image pixels, 8-bit RGBA, rows top to bottom. The Images module decodes PNG
// files into it (libpng); drawing code samples it; nothing else needs to know about PNG.

public struct Bitmap: Sendable, Equatable {
    public struct Pixel: Sendable, Equatable {
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
    }

    public let width: Int
    public let height: Int
    public let pixels: [Pixel]

    public init(width: Int, height: Int, pixels: [Pixel]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "bitmap size and pixel count disagree")
        self.width = width; self.height = height; self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// The pixel at normalized coordinates (u, v) in 0..<1 (nearest neighbor).
    public func sample(u: Double, v: Double) -> Pixel {
        let x = min(max(Int(u * Double(width)), 0), width - 1)
        let y = min(max(Int(v * Double(height)), 0), height - 1)
        return self[x, y]
    }
}
