// FrameBlock: a run of recorded frames that share one layout, packed once it is full.
//
// While open, a block holds its frames' rows as they are (DisplayFrame+Row). Full, it packs
// them the way checkpoints pack their contacts, and more: each value's run through the block's
// steps is laid out together and kept as its second difference (the first value as it is, the
// second as the change from the first, every later one as the change of the change), so an item
// falling or sliding steadily gives the same small number every step and one at rest gives
// zeros; the differences, zigzagged (small magnitudes of either sign become small unsigned
// numbers), are shuffled by byte (all low bytes, then the next, …: the high bytes are long runs
// of zeros) and deflated by zlib at its fastest level. Unpacking inflates, unshuffles and sums
// back to the same integers: packing loses nothing, only the quantizing does.
//
// The integers wrap in their arithmetic (&+, &-), so any row, the not-finite mark included,
// comes back bit for bit.
import CZlib

struct FrameBlock {
    let items: Int, joints: Int, snaps: Int
    let layout: Int
    /// Integers per row.
    let width: Int
    /// The step each frame was recorded at, and the last step it holds for (a scene at rest
    /// skipped steps without change), earliest first.
    var steps: [Int32] = []
    var holds: [Int32] = []
    /// The rows, while open.
    private(set) var rows: [Int32] = []
    /// The deflated differences, once packed.
    private(set) var packed: [UInt8]?

    init(_ frame: DisplayFrame) {
        items = frame.items.count; joints = frame.jointEnds.count; snaps = frame.snapPoints.count
        layout = frame.layout
        width = DisplayFrame.width(items: items, joints: joints, snaps: snaps)
    }

    var count: Int { steps.count }
    var isPacked: Bool { packed != nil }
    var firstStep: Int { Int(steps[0]) }
    var lastHeld: Int { Int(holds[holds.count - 1]) }

    /// Bytes the block holds.
    var bytes: Int { (packed?.count ?? rows.count * 4) + steps.count * 8 + 96 }

    func fits(_ frame: DisplayFrame) -> Bool {
        frame.layout == layout && frame.items.count == items && frame.jointEnds.count == joints && frame.snapPoints.count == snaps
    }

    /// Adds a row (the block is open).
    mutating func append(_ frame: DisplayFrame, step: Int, scoreboardIndex: Int32) {
        frame.appendRow(to: &rows, scoreboardIndex: scoreboardIndex)
        steps.append(Int32(clamping: step))
        holds.append(Int32(clamping: step))
    }

    /// The rows, unpacked when packed (nil when the bytes do not inflate).
    func allRows() -> [Int32]? {
        guard let packed else { return rows }
        return Self.unpack(packed, rows: count, width: width)
    }

    /// Packs the rows (the block is full).
    mutating func pack() {
        guard packed == nil, let bytes = Self.pack(rows, rows: count, width: width) else { return }
        packed = bytes
        rows = []
    }

    /// Keeps the frames before index `n`, open again.
    mutating func truncate(to n: Int) {
        guard let all = allRows() else { steps = []; holds = []; rows = []; packed = nil; return }
        rows = Array(all[..<(n * width)])
        packed = nil
        steps.removeSubrange(n...)
        holds.removeSubrange(n...)
    }

    // MARK: Packing

    static func pack(_ rows: [Int32], rows n: Int, width: Int) -> [UInt8]? {
        let total = n * width
        var planes = [UInt8](repeating: 0, count: total * 4)
        rows.withUnsafeBufferPointer { r in
            planes.withUnsafeMutableBufferPointer { out in
                for c in 0..<width {
                    var before: Int32 = 0, change: Int32 = 0
                    for t in 0..<n {
                        let value = r[t * width + c]
                        let newChange = value &- before
                        let d = t == 0 ? value : newChange &- change
                        before = value; change = t == 0 ? 0 : newChange
                        let z = UInt32(bitPattern: (d << 1) ^ (d >> 31))
                        let k = c * n + t
                        out[k] = UInt8(truncatingIfNeeded: z)
                        out[total + k] = UInt8(truncatingIfNeeded: z >> 8)
                        out[2 * total + k] = UInt8(truncatingIfNeeded: z >> 16)
                        out[3 * total + k] = UInt8(truncatingIfNeeded: z >> 24)
                    }
                }
            }
        }
        var size = compressBound(uLong(planes.count))
        var packed = [UInt8](repeating: 0, count: Int(size))
        let status = packed.withUnsafeMutableBufferPointer { o in
            planes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 1) }
        }
        guard status == Z_OK else { return nil }
        return Array(packed[..<Int(size)])
    }

    static func unpack(_ packed: [UInt8], rows n: Int, width: Int) -> [Int32]? {
        let total = n * width
        var planes = [UInt8](repeating: 0, count: total * 4)
        var size = uLongf(planes.count)
        let status = planes.withUnsafeMutableBufferPointer { o in
            packed.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(i.count)) }
        }
        guard status == Z_OK, Int(size) == planes.count else { return nil }
        var rows = [Int32](repeating: 0, count: total)
        planes.withUnsafeBufferPointer { p in
            rows.withUnsafeMutableBufferPointer { r in
                for c in 0..<width {
                    var before: Int32 = 0, change: Int32 = 0
                    for t in 0..<n {
                        let k = c * n + t
                        let z = UInt32(p[k]) | UInt32(p[total + k]) << 8 | UInt32(p[2 * total + k]) << 16 | UInt32(p[3 * total + k]) << 24
                        let d = Int32(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
                        let value = t == 0 ? d : before &+ change &+ d
                        change = t == 0 ? 0 : value &- before
                        before = value
                        r[t * width + c] = value
                    }
                }
            }
        }
        return rows
    }
}
