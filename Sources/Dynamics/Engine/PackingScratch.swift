// PackingScratch: the buffers PackedArray packs through, kept from one packing to the next.
//
// Packing an array shuffles its bytes into one buffer of its size and deflates them into another
// of zlib's bound for that size, then copies out only the deflated bytes. A history packs a
// checkpoint of megabytes every few steps; with fresh buffers each time the allocator hands out
// (and the kernel faults in) those megabytes again and again. One scratch, owned by whoever
// packs and passed in, is reused instead; it is not shared between threads.
/// Buffers packing reuses (PackedArray.swift): they only grow, by an eighth more than asked, so
/// a contact array that grows by a few elements does not make them anew.
public final class PackingScratch {
    var shuffled: [UInt8] = []
    var deflated: [UInt8] = []

    /// An empty scratch; its buffers grow at the first packing.
    public init() {}

    /// Makes `buffer` hold at least `count` bytes, keeping what it has when it does.
    static func reserve(_ buffer: inout [UInt8], _ count: Int) {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count + count / 8) }
    }
}
