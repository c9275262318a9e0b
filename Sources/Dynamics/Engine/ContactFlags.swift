// ContactFlags: the two facts about a contact that the coloring asks of every contact in every
// step, kept in a byte beside it (ContactSet.flags, by contact index).
//
// The coloring (ConstraintGraph.colorContacts) visits every active contact and, for most, needs
// only whether its manifold has points, whether it is elastic and its two bodies. Read from the
// contact itself, each visit waited for the record's first cache line: in a scene of 58,000
// contacts (Box2D v3's many_pyramids) the records are 17 MB, and the coloring spent three
// fifths of its time waiting on that line's loads. The bodies already have their compact copy
// (ContactSet.bodyPairs); these flags are the rest, so the coloring reads 9 bytes a contact and
// touches a record only for a constraint it must prepare one at a time.
//
// The flags follow the record's own fields: `hasPoints` is written wherever the narrow phase
// writes a manifold (the only place a manifold's point count changes; a recycled manifold keeps
// its points), `elastic` wherever the materials are mixed; both move with the record when a
// contact is destroyed and the last takes its index.

/// Whether a contact's manifold has points and whether the contact is elastic.
struct ContactFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// The manifold has at least one point (Manifold.count > 0).
    static let hasPoints = ContactFlags(rawValue: 1)
    /// The mixed elasticity is above zero (Contact.restitution > 0).
    static let elastic = ContactFlags(rawValue: 2)

    /// The flags of `contact` as its record states them.
    init(_ contact: Contact) {
        var f: UInt8 = 0
        if contact.manifold.count > 0 { f |= Self.hasPoints.rawValue }
        if contact.restitution > 0 { f |= Self.elastic.rawValue }
        rawValue = f
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// These flags with `hasPoints` set from a manifold's point count.
    @inline(__always)
    func withPoints(_ count: Int) -> ContactFlags {
        ContactFlags(rawValue: rawValue & ~Self.hasPoints.rawValue | (count > 0 ? Self.hasPoints.rawValue : 0))
    }
}
