// PackedParts: the arrays of a world's checkpoint that are packed when it ages, and their
// unpacking in pieces.
//
// Packed (PackedArray: shuffled by byte, deflated): the contacts, most of a crowd's checkpoint,
// in chunks of `chunk` contacts each deflated alone; the pair table that indexes them; the
// bodies and the shapes. The contacts go in chunks so that unpacking, which for 30,000 contacts
// (9 MB) takes longer than a frame, can be done a chunk per piece (`unpacking()`): a chunk of
// 2,048 contacts is 590 KB, a few milliseconds to inflate. Deflating chunks apart costs little:
// zlib's window is 32 KB, so a chunk loses only the matches its first bytes would have found in
// the one before.
//
// A restore unpacks to the same bits as the arrays that were packed; CheckpointTests runs a
// crowd restored from a packed checkpoint beside the session it came from.
/// The packed arrays of a WorldCheckpoint (PackedParts.swift).
struct PackedParts {
    /// Contacts a chunk holds.
    static let chunk = 2048

    let contactChunks: [PackedArray<Contact>]
    let contactCount: Int
    let pairs: PairTable.Packed
    let bodies: PackedArray<Body>
    let shapes: PackedArray<Shape>

    /// The arrays unpacked; the pair table's stay packed for ContactSet.unpackPairs.
    struct Arrays {
        var contacts: [Contact]
        var pairs: PairTable.Packed
        var bodies: [Body]
        var shapes: [Shape]
    }

    /// Packs `contactSet`'s contacts and pair table (leaving it with none), `bodies` and
    /// `shapes`; nil, changing nothing, when any does not pack.
    init?(packing contactSet: inout ContactSet, bodies: [Body], shapes: [Shape], scratch: PackingScratch) {
        let contacts = contactSet.contacts
        var chunks: [PackedArray<Contact>] = []
        for start in stride(from: 0, to: contacts.count, by: Self.chunk) {
            guard let p = PackedArray(contacts[start..<min(contacts.count, start + Self.chunk)], scratch: scratch) else { return nil }
            chunks.append(p)
        }
        guard let b = PackedArray(bodies[...], scratch: scratch), let s = PackedArray(shapes[...], scratch: scratch),
              let pairs = contactSet.packPairs(scratch: scratch) else { return nil }
        contactSet.replaceContacts([])
        contactChunks = chunks
        contactCount = contacts.count
        self.pairs = pairs
        self.bodies = b
        self.shapes = s
    }

    /// The unpacking as pieces: one per chunk of contacts, one for the bodies and shapes.
    func unpacking() -> Piecework<Arrays> {
        final class Out {
            var contacts: [Contact] = []
            var bodies: [Body] = []
            var shapes: [Shape] = []
        }
        let out = Out()
        out.contacts.reserveCapacity(contactCount)
        var pieces: [() -> Bool] = contactChunks.map { chunk in
            {
                guard let c = chunk.unpacked() else { return false }
                out.contacts.append(contentsOf: c)
                return true
            }
        }
        let bodies = bodies, shapes = shapes
        pieces.append {
            guard let b = bodies.unpacked(), let s = shapes.unpacked() else { return false }
            out.bodies = b
            out.shapes = s
            return true
        }
        let count = contactCount, pairs = pairs
        return Piecework(pieces: pieces) {
            guard out.contacts.count == count else { return nil }
            return Arrays(contacts: out.contacts, pairs: pairs, bodies: out.bodies, shapes: out.shapes)
        }
    }
}
