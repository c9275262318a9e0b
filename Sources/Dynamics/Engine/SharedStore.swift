// SharedStore: the step's accumulated impulses written back, by one worker or shared by two
// (SolverWorkers.swift).
//
// The batches first give each colored contact's impulses to its entry of a small array apart
// from the contacts (StoredImpulses, 32 bytes), then each colored contact's manifold takes them,
// front to back through the contacts. A batch writes only the entries of its own lanes, and a
// contact only its own manifold, so both passes can be cut into chunks in any way, and the two
// workers give the same bytes as one. (The overflow's and the impact copies' impulses, few and
// written in their own order, stay with the caller: ConstraintGraph.store.)

/// What a chunk of the store reads and writes.
struct SharedStore {
    /// The fewest contacts a step needs before two workers share the store.
    static let sharedContacts = 4_096
    static let batchesPerChunk = 64
    static let contactsPerChunk = 1_024

    let batches: UnsafePointer<WideContact>
    let stored: UnsafeMutablePointer<StoredImpulses>
    /// By contact: its color, `colorCount` for none (no lane).
    let colors: UnsafePointer<UInt8>
    let colorCount: Int
    let contacts: UnsafeMutablePointer<Contact>
}

/// The batches `lo..<hi` give their lanes' impulses to their contacts' entries.
func storeBatches(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let t = raw.assumingMemoryBound(to: SharedStore.self).pointee
    for b in lo..<hi { t.batches[b].store(into: t.stored) }
}

/// The colored contacts among `lo..<hi` take their entries' impulses into their manifolds.
func storeManifolds(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let t = raw.assumingMemoryBound(to: SharedStore.self).pointee
    let contacts = t.contacts
    for ci in lo..<hi where Int(t.colors[ci]) < t.colorCount {
        let s = t.stored[ci]
        contacts[ci].manifold.p1.normalImpulse = Double(s.p1[0])
        contacts[ci].manifold.p1.tangentImpulse = Double(s.p1[1])
        contacts[ci].manifold.p1.maxNormalImpulse = Double(s.p1[2])
        if contacts[ci].manifold.count > 1 {
            contacts[ci].manifold.p2.normalImpulse = Double(s.p2[0])
            contacts[ci].manifold.p2.tangentImpulse = Double(s.p2[1])
            contacts[ci].manifold.p2.maxNormalImpulse = Double(s.p2[2])
        }
    }
}
