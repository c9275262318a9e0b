// PairTable: the broad phase's set of shape pairs that have a contact, mapping a 64-bit pair key
// to the contact's index. Open addressing with linear probing and a multiplicative hash: every
// moving shape asks "do we already have this pair?" for each neighbor every time it moves, and
// the standard Dictionary's seeded SipHash was a tenth of a busy step. Deletion shifts later
// entries back instead of leaving tombstones, so probes stay short. Key 0 marks an empty slot
// (a real key has the larger shape id in its high half, and ids differ, so it is never 0).

struct PairTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private(set) var count = 0
    private var mask: Int

    /// The table's arrays packed, for a checkpoint kept long (World+Checkpoint.swift).
    struct Packed {
        let keys: PackedArray<UInt64>
        let values: PackedArray<Int32>
    }

    /// Moves the arrays into a `Packed`, leaving them empty; nil, changing nothing, when they do not pack.
    mutating func pack(scratch: PackingScratch) -> Packed? {
        guard let k = PackedArray(keys, scratch: scratch), let v = PackedArray(values, scratch: scratch) else { return nil }
        keys = []
        values = []
        return Packed(keys: k, values: v)
    }

    /// Puts back the arrays of `p`, bit for bit; false when they do not unpack.
    mutating func unpack(_ p: Packed) -> Bool {
        guard let k = p.keys.unpacked(), let v = p.values.unpacked() else { return false }
        keys = k
        values = v
        return true
    }

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Whether `key` is in the table. Reads only the keys: asked for every neighbor a moved
    /// proxy finds, and most of those pairs exist, the lookup is a cache miss in a large scene,
    /// and reading the value as well (a second array) was a second one.
    @inline(__always) func contains(_ key: UInt64) -> Bool {
        keys.withUnsafeBufferPointer { k in
            var i = slot(key)
            while true {
                let probe = k[i]
                if probe == key { return true }
                if probe == 0 { return false }
                i = (i + 1) & mask
            }
        }
    }

    subscript(key: UInt64) -> Int32? {
        get {
            var i = slot(key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == 0 { return nil }
                i = (i + 1) & mask
            }
        }
        set {
            if let value = newValue { insert(key, value) } else { remove(key) }
        }
    }

    private mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(key != 0, "pair key 0 is reserved")
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { values[i] = value; return }
            if k == 0 {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func remove(_ key: UInt64) {
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == 0 { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        // Backward-shift deletion: move later entries of the cluster into the hole.
        var hole = i
        var j = (i + 1) & mask
        while keys[j] != 0 {
            let home = slot(keys[j])
            // Move j into the hole if its home is not cyclically in (hole, j].
            let distHole = (j - home) & mask, distJ = (j - hole) & mask
            if distHole >= distJ {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        keys[hole] = 0
        values[hole] = -1
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { insert(k, v) }
    }
}
