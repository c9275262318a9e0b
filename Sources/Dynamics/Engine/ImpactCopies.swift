// ImpactCopies: the scalar copies of the elastic constraints the impact pass works on
// (ConstraintGraph.impacts), prepared after the coloring.
//
// The coloring walks the contacts in order and notes each elastic one (`ImpactSource`); the
// copies are prepared afterwards, each straight into its place in the graph's array. A copy
// reads its contact and both bodies and writes only itself, so the copies can be prepared in
// any order and on any thread: a step with many elastic contacts shares them between two
// workers (SolverWorkers.swift), as the batches' fill is shared (SharedBatchFill.swift). Prepared
// inside the coloring loop, each copy was built on the stack and copied again into the array
// (a contact's constraint is about 330 bytes), all on the calling thread; in a drum of 6,000
// elastic bodies that was 8 % of a step. Each copy is what the coloring built, bit for bit.
import Geometry

/// An elastic contact the coloring found, in contact order.
struct ImpactSource {
    let contact: Int32
    let bodyA: Int32
    let bodyB: Int32
    /// A joint holds one of its moving bodies: its impact is applied at once (ImpactShift.swift).
    let heldByJoint: Bool
}

/// What a chunk of the copies reads and where it writes.
struct ImpactCopies {
    let contacts: UnsafeBufferPointer<Contact>
    let bodies: UnsafeMutablePointer<Body>
    let solverBodies: UnsafePointer<SolverBody>
    let settings: SolverSettings
    let sources: UnsafePointer<ImpactSource>
    let copies: UnsafeMutablePointer<ContactConstraint>

    /// The fewest copies a step needs before two workers share them.
    static let sharedCopies = 1_024
    static let copiesPerChunk = 256

    /// Prepares copies `lo..<hi`, each as ContactSolver.prepare makes a contact's constraint.
    @inline(__always)
    func prepare(_ lo: Int, _ hi: Int) {
        for k in lo..<hi {
            let s = sources[k], c = copies + k
            c.pointee = ContactConstraint()
            c.pointee.contact = s.contact
            c.pointee.bodyA = s.bodyA
            c.pointee.bodyB = s.bodyB
            let contact = contacts.baseAddress! + Int(s.contact)
            c.pointee.friction = contact.pointee.friction
            c.pointee.restitution = contact.pointee.restitution
            ContactSolver.prepare(&c.pointee, manifold: contact.pointee.manifold, bodies: bodies,
                                  solverBodies: solverBodies, settings: settings)
            // A joint's pull, like a load, changes the approach before the moment of contact.
            if s.heldByJoint { c.pointee.strikesAtContact = false }
        }
    }

    /// Prepares copies `0..<count`, shared by `workers` when there are enough.
    func run(count: Int, workers: SolverWorkers?) {
        guard let workers, count >= Self.sharedCopies else { prepare(0, count); return }
        var copies = self
        withUnsafeMutablePointer(to: &copies) { cp in
            workers.run(count, minimumChunk: Self.copiesPerChunk, prepareCopies, UnsafeMutableRawPointer(cp))
        }
    }
}

/// A chunk of copies prepared.
private func prepareCopies(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    raw.assumingMemoryBound(to: ImpactCopies.self).pointee.prepare(lo, hi)
}
