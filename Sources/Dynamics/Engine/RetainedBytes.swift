// RetainedBytes: how many bytes of array storage a value of plain structs holds.
//
// A checkpoint's size is what its arrays hold: elements × stride for each array, and, for arrays
// whose elements hold arrays themselves (an island's member list), those too. The count walks
// the value's stored properties with Mirror, which reads and copies nothing; only arrays cost
// anything to look at, and an array's elements are walked only when the first one holds an
// array, so a world of thousands of bodies takes a few hundred steps to measure. Copy-on-write
// sharing between values is not seen: the count is what the value would hold alone, an upper
// bound on what it adds to memory.
enum RetainedBytes {
    /// The array storage `value` holds, in bytes.
    static func of(_ value: Any) -> Int {
        count(Mirror(reflecting: value))
    }

    private static func count(_ mirror: Mirror) -> Int {
        if mirror.displayStyle == .collection || mirror.displayStyle == .dictionary || mirror.displayStyle == .set {
            guard let first = mirror.children.first?.value else { return 0 }
            var total = mirror.children.count * elementStride(of: first)
            if holdsArrays(Mirror(reflecting: first)) {
                for element in mirror.children { total += count(Mirror(reflecting: element.value)) }
            }
            return total
        }
        var total = 0
        for child in mirror.children {
            let m = Mirror(reflecting: child.value)
            if m.displayStyle != nil && m.displayStyle != .class && m.displayStyle != .enum {
                total += count(m)
            }
        }
        return total
    }

    /// Whether a value holds an array anywhere in its stored properties.
    private static func holdsArrays(_ mirror: Mirror) -> Bool {
        if mirror.displayStyle == .collection || mirror.displayStyle == .dictionary || mirror.displayStyle == .set { return true }
        return mirror.children.contains { holdsArrays(Mirror(reflecting: $0.value)) }
    }

    /// The stride of an array's elements, from one of them.
    private static func elementStride(of sample: Any) -> Int {
        func stride<T>(_ value: T) -> Int { MemoryLayout<T>.stride }
        return _openExistential(sample, do: stride)
    }
}
