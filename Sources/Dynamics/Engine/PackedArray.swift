// PackedArray: an array of plain structs kept as few bytes as its contents allow, for checkpoints
// that are kept a long time, and unpacked to the same bytes.
//
// Most of a big scene's checkpoint is its contacts: one record of a few hundred bytes for every
// pair of shapes whose fat boxes overlap, most of which do not touch and hold zeros, stale
// manifolds and small integers. Packing copies the elements' bytes, shuffled so that byte k of
// every element comes together (all the shape ids' low bytes, then the next bytes, …; a field
// that is the same or zero across elements becomes a long run), and deflates them with zlib at
// its fastest level. Unpacking inflates and unshuffles into a fresh array of as many elements:
// the same bits, so a world restored from packed contacts steps on exactly as from the
// originals (the padding between fields is never read). Only element types without references
// (`_isPOD`) may be packed; `init?` refuses others.
//
// Packing goes through two buffers of the array's size (the shuffled bytes, and zlib's output
// at its bound); a `PackingScratch` passed in keeps them from one packing to the next, so a
// store that packs a checkpoint every few steps reuses the same pages instead of asking the
// allocator for (and touching) megabytes of fresh ones each time.
import CZlib

/// An array's elements, shuffled by byte and deflated (PackedArray.swift).
struct PackedArray<Element> {
    let count: Int
    /// The deflated bytes.
    let bytes: [UInt8]

    /// Packs `array` through `scratch`'s buffers; nil when its elements hold references, or
    /// zlib fails.
    init?(_ array: [Element], scratch: PackingScratch = PackingScratch()) {
        self.init(array[...], scratch: scratch)
    }

    /// Packs the elements of `array` (a slice: a chunk of a longer array) the same way.
    init?(_ array: ArraySlice<Element>, scratch: PackingScratch = PackingScratch()) {
        guard _isPOD(Element.self) else { return nil }
        let stride = MemoryLayout<Element>.stride
        let total = array.count * stride
        var size = compressBound(uLong(total))
        PackingScratch.reserve(&scratch.shuffled, total)
        PackingScratch.reserve(&scratch.deflated, Int(size))
        array.withUnsafeBytes { raw in
            scratch.shuffled.withUnsafeMutableBufferPointer { out in
                Self.transpose(raw.bindMemory(to: UInt8.self), into: out, rows: array.count, columns: stride)
            }
        }
        let status = scratch.deflated.withUnsafeMutableBufferPointer { o in
            scratch.shuffled.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(total), 1) }
        }
        guard status == Z_OK else { return nil }
        count = array.count
        // A copy of the deflated bytes alone: the scratch keeps compressBound's capacity.
        bytes = Array(scratch.deflated[..<Int(size)])
    }

    /// The array packed, bit for bit; nil when the bytes do not inflate to its size.
    func unpacked() -> [Element]? {
        let stride = MemoryLayout<Element>.stride
        let total = count * stride
        var shuffled = [UInt8](repeating: 0, count: total)
        var size = uLongf(total)
        let status = shuffled.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(bytes.count)) }
        }
        guard status == Z_OK, Int(size) == total else { return nil }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt8.self)
            shuffled.withUnsafeBufferPointer { i in Self.transpose(i, into: raw, rows: stride, columns: count) }
            initialized = count
        }
    }

    /// Writes the `rows` × `columns` bytes of `from` (row after row) column after column.
    private static func transpose(_ from: UnsafeBufferPointer<UInt8>, into to: UnsafeMutableBufferPointer<UInt8>,
                                  rows: Int, columns: Int) {
        guard rows > 0, columns > 0, let f = from.baseAddress, let t = to.baseAddress else { return }
        for r in 0..<rows {
            let row = f + r * columns
            for c in 0..<columns { t[c * rows + r] = row[c] }
        }
    }
}
