// PNGDecoder: PNG bytes or a PNG file → Bitmap, through libpng's simplified API.
//
// libpng's `png_image_*` functions do their own setjmp/longjmp error handling inside the
// library and report failure by return value, so no C error jump ever crosses a Swift frame:
// that is what makes arbitrary input safe here. The decoder checks the signature first (for a
// clear "not a PNG" message), reads the header, refuses sizes beyond `maximumDimension` before
// allocating anything, then asks libpng for 8-bit RGBA rows top to bottom — the layout Bitmap
// uses — whatever the file's own color type, bit depth, palette or interlacing.
import CLibPNG
import Foundation

public struct PNGDecoder: Sendable {
    /// The largest width or height accepted; larger images are refused as "too large"
    /// (a terminal shows a few hundred half-block pixels; 4096² RGBA is already 64 MiB).
    public var maximumDimension: Int

    public init(maximumDimension: Int = 4096) {
        precondition(maximumDimension > 0, "maximumDimension must be positive")
        self.maximumDimension = maximumDimension
    }

    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads and decodes the PNG file at `path`; errors name `path`.
    public func decode(contentsOf path: String) throws -> Bitmap {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw ImageError(file: path, message: "is a folder, not a PNG file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageError(file: path, message: "cannot read the file")
        }
        do {
            return try decode(data)
        } catch var error as ImageError {
            error.file = path
            throw error
        }
    }

    /// Decodes PNG bytes.
    public func decode(_ data: Data) throws -> Bitmap {
        try decode([UInt8](data))
    }

    /// Decodes PNG bytes.
    public func decode(_ bytes: [UInt8]) throws -> Bitmap {
        guard bytes.count >= Self.signature.count else {
            throw ImageError(message: bytes.isEmpty ? "the file is empty" : "not a PNG file (too short: \(bytes.count) bytes)")
        }
        guard Array(bytes.prefix(Self.signature.count)) == Self.signature else {
            throw ImageError(message: "not a PNG file (it does not start with the PNG signature)")
        }
        return try bytes.withUnsafeBytes { buffer -> Bitmap in
            var image = png_image()
            image.version = nudge_png_image_version
            guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
                // libpng has already released its state.
                throw ImageError(message: "corrupt PNG header: \(Self.message(of: &image))")
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0 else {
                png_image_free(&image)
                throw ImageError(message: "the image has zero size (\(width)×\(height))")
            }
            guard width <= maximumDimension, height <= maximumDimension else {
                png_image_free(&image)
                throw ImageError(message: "too large: \(width)×\(height) pixels (at most \(maximumDimension)×\(maximumDimension))")
            }
            image.format = nudge_png_format_rgba
            let stride = width * 4
            var rgba = [UInt8](repeating: 0, count: stride * height)
            let ok = rgba.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, png_int_32(stride), nil)
            }
            // finish_read releases libpng's state whether or not it succeeds.
            guard ok != 0 else {
                throw ImageError(message: "corrupt or truncated PNG data: \(Self.message(of: &image))")
            }
            return Bitmap(width: width, height: height, rgba: rgba)
        }
    }

    /// libpng's error text, kept in the image structure's fixed 64-byte `message` field.
    static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}
