// KittyGraphicsEncoder: part of a PixelImage as kitty graphics protocol commands.
//
// An APC command `ESC _ G keys ; payload ESC \` carries the image: f=24 (RGB, 3 bytes a pixel),
// s and v its width and height, a=T to transmit and show it at the cursor, i its image id and
// p a placement id, z its place in the stack, C=1 to leave the cursor where it is, q=2 to ask
// for no replies.
// The z-index is -1 (`belowText`): the picture lies under the text, so a letter over it (a
// label, the help, the HUD) is drawn on top. Under the text but above the cells' background
// colors: the spec's other choice, below INT32_MIN/2, would put the picture under the cell
// backgrounds too, but kitty 0.26 draws that layer wrongly (measured under Xvfb: the background
// of a cell over such an image is not drawn at all, and elsewhere on the screen backgrounds
// change color, (68,68,68) showing as (107,66,66); kitty's tracker has it open as #6061). So the
// letters' backgrounds are painted into the picture itself (PixelFrameWriter), as the spec's
// author advises for text on a solid color over an image; that also serves terminals that
// ignore z or draw it differently.
// A tile that changes is sent as a new image, and the image it replaces is deleted afterwards
// (`delete(id:)`, d=I, which frees its data): with the same id re-sent instead, kitty 0.26
// loses count of the replaced data (its image storage grows with every replacement), and once
// that total passes its 320 MB quota it evicts the images used longest ago, which are the tiles
// that never changed: after a minute of motion the static parts of the picture vanish. Deleting first and
// sending second would leave a frame without the tile; sending first cannot flicker.
// The RGB is zlib-deflated (o=z; a tile of a scene is mostly background, so it shrinks about a
// hundredfold, and the time saved writing and sending the bytes outweighs deflating them: see
// docs/performance-log.md), then base64, sent in chunks of at most 4,096 bytes, m=1 on every
// chunk but the last.

import CZlib

public enum KittyGraphicsEncoder {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in zlib's format (RFC 1950), at the fastest level.
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(bytes.count), 1) }
        }
        precondition(status == Z_OK, "zlib's compress2 failed (\(status)) with a buffer of compressBound's size")
        return Array(out.prefix(Int(size)))
    }

    /// Standard base64 with padding.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return out
    }

    /// The z-index of every tile: under the text, over the cells' background colors.
    public static let belowText = -1

    /// Deletes image `id` and frees its data (its placement goes with it).
    public static func delete(id: Int) -> [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8) }

    /// Deletes every image on the screen and frees their data.
    public static let deleteAll = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The commands that show the `width` × `height` pixels of `image` from (`x`, `y`) at the
    /// cursor as image `id`, at z-index `z`.
    public static func encode(_ image: PixelImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil, id: Int = 1,
                              z: Int = belowText) -> [UInt8] {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(image.width, x + (width ?? image.width)), y1 = min(image.height, y + (height ?? image.height))
        guard x0 < x1, y0 < y1 else { return [] }
        var rgb: [UInt8] = []
        rgb.reserveCapacity((x1 - x0) * (y1 - y0) * 3)
        for j in y0..<y1 { for i in x0..<x1 { let c = image[i, j]; rgb += [c.red, c.green, c.blue] } }
        let payload = base64(deflate(rgb))
        var out: [UInt8] = []
        var offset = 0
        var first = true
        repeat {
            let end = min(payload.count, offset + 4096)
            let more = end < payload.count
            var keys = first ? "a=T,f=24,o=z,s=\(x1 - x0),v=\(y1 - y0),i=\(id),p=1,z=\(z),C=1,q=2," : ""
            keys += "m=\(more ? 1 : 0)"
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[offset..<end]
            out += Array("\u{1B}\\".utf8)
            offset = end
            first = false
        } while offset < payload.count
        return out
    }
}
