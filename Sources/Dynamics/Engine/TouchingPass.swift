// TouchingPass: which contacts touch after a step, and the began and ended events of those whose
// touching changed, by one worker or shared by two (SolverWorkers.swift).
//
// A contact touches when one of its points carried a normal impulse in the step or overlaps by
// more than the linear slop. Deciding it reads and writes only that contact, so with two workers
// the contacts are cut into chunks, each contact's change noted in a byte of its own; the events
// are then listed in one pass in contact order, as the single worker lists them as it goes. The
// events and the flags are the same with one worker or two.

/// The touching test over a step's active contacts.
struct TouchingPass {
    /// The fewest active contacts a step needs before two workers share the pass.
    static let sharedContacts = 4_096
    static let contactsPerChunk = 1_024

    let linearSlop: Double

    /// Whether the contact touches, from its manifold.
    @inline(__always)
    func touches(_ m: Manifold) -> Bool {
        guard m.count > 0 else { return false }
        if m.p1.maxNormalImpulse > 0 || m.p1.separation < linearSlop { return true }
        return m.count > 1 && (m.p2.maxNormalImpulse > 0 || m.p2.separation < linearSlop)
    }

    /// Decides every active contact's touching; returns the began and ended events, in contact order.
    func run(_ cp: UnsafeMutableBufferPointer<Contact>, active: ActiveContacts,
             workers: SolverWorkers?) -> (began: [ContactEvent], ended: [ContactEvent]) {
        var began: [ContactEvent] = [], ended: [ContactEvent] = []
        @inline(__always) func note(_ i: Int, touching: Bool) {
            let e = ContactEvent(shapeA: cp[i].shapeA, shapeB: cp[i].shapeB, point: cp[i].manifold.p1.point)
            if touching { began.append(e) } else { ended.append(e) }
        }
        let n = active.count(of: cp.count)
        guard let workers, workers.count > 1, n >= Self.sharedContacts else {
            active.forEach(count: cp.count) { i in
                let touching = touches(cp[i].manifold)
                if touching != cp[i].touching {
                    note(i, touching: touching)
                    cp[i].touching = touching
                }
            }
            return (began, ended)
        }
        var changed = [Bool](repeating: false, count: n)
        active.withIndices { indices in
            changed.withUnsafeMutableBufferPointer { ch in
                var task = SharedTouching(pass: self, contacts: cp.baseAddress!, indices: indices, changed: ch.baseAddress!)
                withUnsafeMutablePointer(to: &task) {
                    workers.run(n, minimumChunk: Self.contactsPerChunk, touchChunk, UnsafeMutableRawPointer($0))
                }
                for k in 0..<n where ch[k] {
                    let i = ActiveContacts.contact(k, of: indices)
                    note(i, touching: cp[i].touching)
                }
            }
        }
        return (began, ended)
    }
}

/// What a chunk of the shared pass reads and writes: the k-th active contact is
/// `indices[k]` (every contact in order when nil), and its change goes to `changed[k]`.
private struct SharedTouching {
    let pass: TouchingPass
    let contacts: UnsafeMutablePointer<Contact>
    let indices: UnsafePointer<Int32>?
    let changed: UnsafeMutablePointer<Bool>
}

/// Decides the touching of the active contacts `lo..<hi` and notes which changed.
private func touchChunk(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let t = raw.assumingMemoryBound(to: SharedTouching.self).pointee
    for k in lo..<hi {
        let i = ActiveContacts.contact(k, of: t.indices)
        let touching = t.pass.touches(t.contacts[i].manifold)
        if touching != t.contacts[i].touching {
            t.contacts[i].touching = touching
            t.changed[k] = true
        }
    }
}
