// SharedBatchFill: the constraint graph's batches filled by two workers (SolverWorkers.swift).
//
// Preparing a colored constraint (LaneContact) reads its contact and both bodies and writes only
// its own lane of its own batch, with scalar stores, so constraints can be prepared in any
// order and on any thread. Only the lane each one goes to depends on the order: the serial fill
// hands out a color's lanes in contact order as it goes. Here one cheap pass over the colors
// hands out the same lanes first (each colored contact's place, batch × 8 + lane), and the
// workers then prepare chunks of contacts straight into those places, then complete chunks of
// batches (their effective masses, ConstraintGraph.fillBatches' last loop). Every lane holds
// what the serial fill puts there, bit for bit.
import Geometry

/// What a chunk of the shared fill reads and where it writes.
struct SharedBatchFill {
    let contacts: UnsafeBufferPointer<Contact>
    let solverBodies: UnsafePointer<SolverBody>
    let settings: SolverSettings
    /// By contact: its lane's place in the batches (batch × wideLanes + lane), −1 for none.
    let places: UnsafePointer<Int32>
    let batches: UnsafeMutablePointer<WideContact>

    /// The fewest contacts a step needs before two workers fill its batches.
    static let sharedContacts = 1_024
    static let contactsPerChunk = 256
    static let batchesPerChunk = 64

    /// Each colored contact's place, handed out in contact order as the serial fill hands out
    /// lanes: a color's next lane, from `firstBatch[color] × wideLanes` on.
    static func places(_ color: UnsafeBufferPointer<UInt8>, firstBatch: [Int], colorCount k: Int,
                       into places: inout [Int32]) {
        places.removeAll(keepingCapacity: true)
        places.append(contentsOf: repeatElement(-1, count: color.count))
        var next = firstBatch.map { Int32($0 &* wideLanes) }
        places.withUnsafeMutableBufferPointer { pp in
        next.withUnsafeMutableBufferPointer { next in
            for ci in 0..<color.count where Int(color[ci]) < k {
                let c = Int(color[ci])
                pp[ci] = next[c]
                next[c] &+= 1
            }
        }}
    }

    /// Fills the lanes, then completes the batches `0..<total`, both shared by `workers`.
    func run(total: Int, workers: SolverWorkers) {
        var fill = self
        withUnsafeMutablePointer(to: &fill) { fp in
            let raw = UnsafeMutableRawPointer(fp)
            workers.run(contacts.count, minimumChunk: Self.contactsPerChunk, fillLanes, raw)
            workers.run(total, minimumChunk: Self.batchesPerChunk, finishBatches, raw)
        }
    }
}

/// A chunk of contacts prepared into their lanes.
private func fillLanes(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let f = raw.assumingMemoryBound(to: SharedBatchFill.self).pointee
    for ci in lo..<hi where f.places[ci] >= 0 {
        let place = Int(f.places[ci])
        let a = f.contacts[ci].bodyA, b = f.contacts[ci].bodyB
        let lane = LaneContact(ConstraintGraph.Edge(contact: Int32(ci), bodyA: a, bodyB: b), f.contacts.baseAddress! + ci,
                               f.solverBodies, f.settings)
        WideContact.write(lane, into: f.batches + place &>> wideLaneShift, lane: place & (wideLanes - 1))
    }
}

/// A chunk of batches completed.
private func finishBatches(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let f = raw.assumingMemoryBound(to: SharedBatchFill.self).pointee
    for b in lo..<hi { f.batches[b].finish() }
}
