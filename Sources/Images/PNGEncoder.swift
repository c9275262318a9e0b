// PNGEncoder: Bitmap → PNG bytes or file, through libpng's simplified API.
//
// Tests build their fixtures with it and the scene pictures can be regenerated with it. The
// output is 8-bit RGBA, non-interlaced; the same bitmap always gives the same bytes.
import CLibPNG
import Foundation

public struct PNGEncoder: Sendable {
    public init() {}

    /// The PNG bytes of `bitmap`.
    public func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        var rgba = bitmap.rgbaBytes
        var image = png_image()
        image.version = nudge_png_image_version
        image.width = png_uint_32(bitmap.width)
        image.height = png_uint_32(bitmap.height)
        image.format = nudge_png_format_rgba
        let stride = png_int_32(bitmap.width * 4)

        // First pass with no buffer: libpng reports the size it needs.
        var size = 0
        let measured = rgba.withUnsafeMutableBytes { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else {
            throw ImageError(message: "cannot encode PNG: \(PNGDecoder.message(of: &image))")
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { out in
            rgba.withUnsafeMutableBytes { pixels in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0 else {
            throw ImageError(message: "cannot encode PNG: \(PNGDecoder.message(of: &image))")
        }
        return Array(output.prefix(size))
    }

    /// Writes `bitmap` as a PNG file at `path`.
    public func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(bitmap)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ImageError(file: path, message: "cannot write the file")
        }
    }
}
