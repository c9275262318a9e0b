// Bitmap: decoded image pixels, 8-bit RGBA, rows top to bottom. The Images module decodes PNG
// files into it (libpng); drawing code samples it; nothing else needs to know about PNG.

public struct Bitmap: Sendable, Hashable {
    public struct Pixel: Sendable, Hashable {
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

    /// A bitmap from packed 8-bit RGBA bytes, rows top to bottom (4 × width × height bytes).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "bitmap size and byte count disagree")
        let count = width * height
        let pixels = rgba.withUnsafeBufferPointer { bytes in
            [Pixel](unsafeUninitializedCapacity: count) { out, initialized in
                for p in 0..<count {
                    let i = 4 * p
                    (out.baseAddress! + p).initialize(to: Pixel(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2], alpha: bytes[i + 3]))
                }
                initialized = count
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// A bitmap of one color.
    public init(width: Int, height: Int, filledWith pixel: Pixel) {
        self.init(width: width, height: height, pixels: Array(repeating: pixel, count: width * height))
    }

    /// The pixels as packed 8-bit RGBA bytes, rows top to bottom.
    public var rgbaBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pixels.count * 4)
        for p in pixels { bytes += [p.red, p.green, p.blue, p.alpha] }
        return bytes
    }

    public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// The pixel at normalized coordinates (u, v) in 0..<1 (nearest neighbor).
    public func sample(u: Double, v: Double) -> Pixel {
        let x = min(max(Int(u * Double(width)), 0), width - 1)
        let y = min(max(Int(v * Double(height)), 0), height - 1)
        return self[x, y]
    }
}
