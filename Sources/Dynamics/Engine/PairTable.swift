// PairTable: the set of shape pairs that have a contact, as 64-bit pair keys. Open addressing
// with linear probing and a multiplicative hash: each new pair asks "do we already have this
// pair?" and each destroyed contact takes its key out; the question and the insertion share one
// walk of the cluster (`probe`, then `insert(_:at:)`). When every neighbor the broad phase found
// asked, the standard Dictionary's seeded SipHash was a tenth of a busy step; the search now
// answers existing pairs from MovedPartners. Deletion shifts later entries back instead of
// leaving tombstones, so probes stay short. Key 0 marks an empty slot (a real key has the larger
// shape id in its high half, and ids differ, so it is never 0).
//
// It holds keys only. It once mapped each key to its contact's index, which no one read, and
// keeping that index true cost a probe and a write each time a destroyed contact's place was
// taken by the last one (docs/performance-log.md).

import CLaneShuffles

struct PairTable {
    private var keys: [UInt64]
    private(set) var count = 0
    private var mask: Int

    /// The table's keys packed, for a checkpoint kept long (World+Checkpoint.swift).
    struct Packed {
        let keys: PackedArray<UInt64>
    }

    /// Moves the keys into a `Packed`, leaving them empty; nil, changing nothing, when they do not pack.
    mutating func pack(scratch: PackingScratch) -> Packed? {
        guard let k = PackedArray(keys, scratch: scratch) else { return nil }
        keys = []
        return Packed(keys: k)
    }

    /// Puts back the keys of `p`, bit for bit; false when they do not unpack.
    mutating func unpack(_ p: Packed) -> Bool {
        guard let k = p.keys.unpacked() else { return false }
        keys = k
        return true
    }

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Whether `key` is in the table.
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

    /// Where a probe for a key ended: the key's slot when the table has it, else the empty slot
    /// where it goes. Valid until the table next changes.
    struct Probe {
        fileprivate let slot: Int
        let found: Bool
    }

    /// Looks for `key` once; `insert(_:at:)` then adds it without probing again.
    @inline(__always) func probe(_ key: UInt64) -> Probe {
        keys.withUnsafeBufferPointer { k in
            var i = slot(key)
            while true {
                let p = k[i]
                if p == key { return Probe(slot: i, found: true) }
                if p == 0 { return Probe(slot: i, found: false) }
                i = (i + 1) & mask
            }
        }
    }

    /// Adds `key`, which `probe` did not find, where the probe ended: the same slot `insert(_:)`
    /// would have found, so the table is the same either way.
    mutating func insert(_ key: UInt64, at probe: Probe) {
        precondition(key != 0 && !probe.found, "pair key 0 is reserved, and a found key is not added again")
        if (count + 1) * 2 > keys.count { return insert(key) }
        keys[probe.slot] = key
        count += 1
    }

    /// Adds `key` (nothing changes if it is in the table).
    mutating func insert(_ key: UInt64) {
        precondition(key != 0, "pair key 0 is reserved")
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return }
            if k == 0 {
                keys[i] = key
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Asks for the cache line of `key`'s home slot (memory_hints.h), for a probe or removal soon.
    @inline(__always) func prefetch(_ key: UInt64) {
        keys.withUnsafeBufferPointer { nudge_prefetch($0.baseAddress! + slot(key)) }
    }

    /// Takes `key` out (nothing changes if it is not in the table).
    mutating func remove(_ key: UInt64) {
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
                hole = j
            }
            j = (j + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for k in oldKeys where k != 0 { insert(k) }
    }
}
