// ContactSet: the contacts between shapes whose fat boxes overlap, from the step the broad phase
// pairs them until their boxes part or a shape goes: creation, the narrow phase with contact
// recycling, the touching flag and the began and ended events it produces.
//
// Design (Box2D v3's contact array and pair set):
// - Contacts live in one contiguous array of plain structs, in no particular order; destroying
//   one moves the last into its place (swap-remove), and `PairTable` holds each pair's key, so
//   "do we already have this pair?" is one probe. Indices are not stable across
//   destruction; nothing outside keeps one across a step.
// - A new contact stores its shapes in canonical order (a polygon before a circle, else the
//   lower id first), its bodies (a shape never changes body, so the passes over contacts reach a
//   body without a detour through its shape), and its mixed material.
// - `update` is the narrow phase, once per step: a contact between bodies that hardly moved
//   relative to each other keeps its manifold (ContactRecycling.swift); any other is collided
//   again with a speculative margin that grows with the pair's closing speed, and its points
//   carry over the impulses of points with the same feature (warm starting). It returns the
//   sleeping islands that an active body now touches, for the World to wake before the solver.
// - `updateTouching`, after the solver has stored its impulses, decides which contacts touch
//   and records began and ended events; destroying a touching contact records an ended event.
// The set never wakes bodies or reads the tree itself: the World and the BroadPhase pass in what
// a call needs. Every cap on the number of contacts or their memory belongs here, behind
// `addPair`, the one place contacts are made.
//
// The cap (WorldSettings.maxContactsPerShape) bounds memory when thousands of items overlap at
// one point, and must never refuse a contact that a real arrangement has. Each contact between
// items is charged to its smaller shape (by its body's extent), or to both when they are the
// same size, and a shape with `limit` charges takes no more. A shape can touch only a handful of
// shapes at least its own size without overlapping them (six equal disks around one), but its
// pairs are of fat boxes, and in a stirred pile most are with bodies it does not touch: a full
// shape gives one of those up for a pair that may touch (ContactEviction.swift). Since every
// contact is charged to one of its shapes, there are at most `limit` contacts per shape in all.
// A large dynamic shape, a spinner's bar, may touch any number of smaller items: those contacts
// are charged to the items. A contact with a wall (a boundary or an anchored item, a drum's
// wall) is charged to neither shape and never refused. Charging both shapes of every pair, as
// the cap once did, let a wall touching its 65th box refuse it, and the box fell through.
import Geometry
import CLaneShuffles

struct Contact: Sendable {
    var shapeA: Int32
    var shapeB: Int32
    /// The shapes' bodies (a shape never changes body), so the passes over the contacts reach a
    /// body without a detour through its shape's record.
    var bodyA: Int32
    var bodyB: Int32
    // The material and flags come before the manifold, beside the ids: the passes that read a
    // contact's header (coloring, the narrow phase's recycling test, touching) then find it in
    // the contact's first cache line instead of one past the manifold's 200 bytes.
    var friction: Double = 0
    var restitution: Double = 0
    var touching = false
    /// The shapes the contact counts against for the cap (bit 0: shapeA, bit 1: shapeB).
    var charged: UInt8 = 0
    var manifold = Manifold()
    /// The poses the manifold was computed at (ContactRecycling.swift).
    var poses = ManifoldPoses()
}

/// A contact that began or ended during the last step.
struct ContactEvent: Sendable {
    var shapeA: Int32
    var shapeB: Int32
    var point: Vector
}

struct ContactSet {
    private(set) var contacts: [Contact] = []
    /// Each contact's two shapes, by contact index, kept beside the contacts: the broad phase's
    /// look for separated pairs reads 8 bytes a contact instead of the contact's first cache line.
    private(set) var shapePairs: [SIMD2<Int32>] = []
    /// Each contact's two bodies, the same way: finding the active contacts reads these only.
    private(set) var bodyPairs: [SIMD2<Int32>] = []
    /// Each contact's points and elasticity, the same way, for the coloring (ContactFlags.swift).
    private(set) var flags: [ContactFlags] = []
    /// The contacts the step works on while part of the scene sleeps (ActiveContacts.swift).
    private(set) var active = ActiveContacts()
    private var pairs = PairTable()
    private(set) var beginEvents: [ContactEvent] = []
    private(set) var endEvents: [ContactEvent] = []
    /// Contacts whose manifold the last step kept instead of colliding them again.
    private(set) var recycledCount = 0
    /// Each shape's number of contacts, by shape id.
    private var contactCounts: [Int32] = []
    /// Shapes refused a pair because they had as many contacts as a shape may have.
    private var wasRefused: [Bool] = []
    /// By shape index, how many contacts the shape is in, charged or not: a scan for one shape's
    /// contacts stops once it has met them all, and one for a shape with none never starts (a
    /// commit that adds a column of ragdolls sets the filters of hundreds of new shapes).
    private var shapeContacts: [Int32] = []
    /// Refused shapes that have since lost a contact: the broad phase looks for their partners again.
    private var reopened: [Int32] = []
    /// Pairs a full shape gives up for ones that may touch (ContactEviction.swift).
    var eviction = ContactEviction()

    var count: Int { contacts.count }

    /// Replaces the contacts array with `c` of the same contacts, bit for bit: a checkpoint's
    /// packing takes them out and puts them back (World+Checkpoint.swift).
    mutating func replaceContacts(_ c: [Contact]) { contacts = c }

    /// The pair table's arrays, packed and put back the same way (PairTable.pack).
    mutating func packPairs(scratch: PackingScratch) -> PairTable.Packed? { pairs.pack(scratch: scratch) }
    mutating func unpackPairs(_ p: PairTable.Packed) -> Bool { pairs.unpack(p) }

    /// Forgets the last step's events (the start of a step).
    mutating func clearEvents() {
        beginEvents.removeAll(keepingCapacity: true)
        endEvents.removeAll(keepingCapacity: true)
    }

    // MARK: Lifecycle

    /// A contact for shapes `a` and `b` unless they have one, or unless they are two items' shapes
    /// and the smaller (either, when they are the same size) has `limit` contacts charged to it
    /// already. A pair with the fixed ground's walls and boundaries is always made, charged to
    /// neither. A refused shape is looked at again once it has lost a contact (`takeReopened`).
    mutating func addPair(_ a: Int32, _ b: Int32, shapes: [Shape], bodies: [Body], limit: Int) {
        let key = Self.pairKey(a, b)
        let probe = pairs.probe(key)
        if probe.found { return }
        let needed = Int(max(a, b)) + 1
        if contactCounts.count < needed {
            contactCounts.append(contentsOf: repeatElement(0, count: needed - contactCounts.count))
            wasRefused.append(contentsOf: repeatElement(false, count: needed - wasRefused.count))
        }
        if shapeContacts.count < needed {
            shapeContacts.append(contentsOf: repeatElement(0, count: needed - shapeContacts.count))
        }
        // A pair with a wall (a boundary, or an anchored item: anything not dynamic) is always
        // made: a shape touches few of them, and without its contact a crowded item would fall
        // through the floor. A ball in a stirred pile, charged for 64 pairs with the bodies
        // around it, once sank into an anchored floor whose pair was refused.
        let bodyA = bodies[Int(shapes[Int(a)].body)], bodyB = bodies[Int(shapes[Int(b)].body)]
        let withWall = bodyA.kind != .dynamic || bodyB.kind != .dynamic
        let chargeA = !withWall && bodyA.extent <= bodyB.extent
        let chargeB = !withWall && bodyB.extent <= bodyA.extent
        var fullA = chargeA && Int(contactCounts[Int(a)]) >= limit
        var fullB = chargeB && Int(contactCounts[Int(b)]) >= limit
        // A full shape gives up a pair that cannot touch within the step for one that may; a pair
        // refused while it cannot waits until it may (ContactEviction.swift).
        if fullA || fullB { makeRoom(a, b, key: key, fullA: &fullA, fullB: &fullB, shapes: shapes) }
        if fullA || fullB {
            if fullA { wasRefused[Int(a)] = true }
            if fullB { wasRefused[Int(b)] = true }
            return
        }
        if chargeA { contactCounts[Int(a)] += 1 }
        if chargeB { contactCounts[Int(b)] += 1 }
        // Canonical order: a polygon before a capsule before a circle, else the lower id first.
        var sa = a, sb = b
        let ka = shapes[Int(a)].kind, kb = shapes[Int(b)].kind
        if (ka == .circle && kb != .circle) || (ka == .capsule && kb == .polygon) || (ka == kb && a > b) {
            swap(&sa, &sb)
        }
        var c = Contact(shapeA: sa, shapeB: sb, bodyA: shapes[Int(sa)].body, bodyB: shapes[Int(sb)].body)
        (c.friction, c.restitution) = Self.mixMaterials(shapes[Int(sa)], shapes[Int(sb)])
        let chargedFirst = sa == a ? chargeA : chargeB, chargedSecond = sa == a ? chargeB : chargeA
        c.charged = (chargedFirst ? 1 : 0) | (chargedSecond ? 2 : 0)
        pairs.insert(key, at: probe)
        shapeContacts[Int(sa)] += 1
        shapeContacts[Int(sb)] += 1
        contacts.append(c)
        shapePairs.append(SIMD2(sa, sb))
        bodyPairs.append(SIMD2(c.bodyA, c.bodyB))
        flags.append(ContactFlags(c))
    }

    /// Gives up contact `i`, which cannot touch within the step, for a full shape: its charges
    /// are released now and it is destroyed when the pair search ends (ContactEviction.swift).
    mutating func giveUp(_ i: Int) {
        eviction.giveUp(i)
        let c = contacts[i]
        if c.charged & 1 != 0 { release(c.shapeA) }
        if c.charged & 2 != 0 { release(c.shapeB) }
        contacts[i].charged = 0
        // Both shapes look for their partners again once they lose a contact.
        wasRefused[Int(c.shapeA)] = true
        wasRefused[Int(c.shapeB)] = true
    }


    /// Whether shapes `a` and `b` have a contact.
    func hasContact(_ a: Int32, _ b: Int32) -> Bool { pairs.probe(Self.pairKey(a, b)).found }

    /// Destroys contact `i`; the last contact takes its index. A touching contact ends.
    mutating func destroy(at i: Int) {
        let c = contacts[i]
        if c.touching {
            endEvents.append(ContactEvent(shapeA: c.shapeA, shapeB: c.shapeB, point: c.manifold.p1.point))
        }
        pairs.remove(Self.pairKey(c.shapeA, c.shapeB))
        shapeContacts[Int(c.shapeA)] -= 1
        shapeContacts[Int(c.shapeB)] -= 1
        if c.charged & 1 != 0 { release(c.shapeA) }
        if c.charged & 2 != 0 { release(c.shapeB) }
        let last = contacts.count - 1
        if i != last {
            contacts[i] = contacts[last]
            shapePairs[i] = shapePairs[last]
            bodyPairs[i] = bodyPairs[last]
            flags[i] = flags[last]
        }
        contacts.removeLast()
        shapePairs.removeLast()
        bodyPairs.removeLast()
        flags.removeLast()
    }

    /// Destroys the contacts at `indices`, each below the one before it, as `destroy(at:)` one
    /// after the other (a swap-remove at i leaves every lower index as it was). Before each, the
    /// record and pair-table slot of the contact a few places on are asked for (memory_hints.h):
    /// each destruction waits on both, and on writing the record's place, and in a churning pile
    /// the waits were most of its time.
    mutating func destroy(descending indices: [Int]) {
        let ahead = 4
        for (k, i) in indices.enumerated() {
            if k + ahead < indices.count { prefetchDestroy(indices[k + ahead]) }
            destroy(at: i)
        }
    }

    /// Asks for the pair table's slot of the pair (a, b), which `addPair` probes (memory_hints.h).
    @inline(__always) func prefetchPair(_ a: Int32, _ b: Int32) { pairs.prefetch(Self.pairKey(a, b)) }

    @inline(__always) private func prefetchDestroy(_ i: Int) {
        contacts.withUnsafeBufferPointer { cp in
            let record = UnsafeRawPointer(cp.baseAddress! + i)
            for line in stride(from: 0, to: MemoryLayout<Contact>.size, by: 64) { nudge_prefetch_write(record + line) }
        }
        let p = shapePairs[i]
        pairs.prefetch(Self.pairKey(p[0], p[1]))
    }

    /// One contact fewer charged to `shape`; a shape once refused is looked at again.
    @inline(__always) private mutating func release(_ shape: Int32) {
        contactCounts[Int(shape)] -= 1
        if wasRefused[Int(shape)] {
            wasRefused[Int(shape)] = false
            reopened.append(shape)
        }
    }

    /// The shapes refused a pair that have lost a contact since; the list is emptied.
    mutating func takeReopened() -> [Int32] {
        defer { reopened.removeAll(keepingCapacity: true) }
        return reopened
    }

    /// Destroys the contacts of shape `id` for which `drop` holds (all of them by default).
    mutating func destroyContacts(of id: Int32, where drop: (Contact) -> Bool = { _ in true }) {
        // Each of the shape's contacts is met once (one moved in from the end has not been met
        // yet), so the scan ends after the last of them with the same result as a full one.
        var left = contactCount(of: id)
        var i = 0
        while left > 0 && i < contacts.count {
            let c = contacts[i]
            guard c.shapeA == id || c.shapeB == id else { i += 1; continue }
            left -= 1
            if drop(c) { destroy(at: i) } else { i += 1 }
        }
    }

    /// How many contacts shape `id` is in.
    @inline(__always) func contactCount(of id: Int32) -> Int {
        Int(id) < shapeContacts.count ? Int(shapeContacts[Int(id)]) : 0
    }

    /// The indices of shape `id`'s contacts, in contact order.
    func contactIndices(of id: Int32) -> [Int] {
        var left = contactCount(of: id)
        var found: [Int] = []
        var i = 0
        while left > 0 && i < contacts.count {
            if contacts[i].shapeA == id || contacts[i].shapeB == id { found.append(i); left -= 1 }
            i += 1
        }
        return found
    }

    /// Mixes the materials of shape `id`'s contacts again; returns the contacts whose friction
    /// or elasticity changed, in order.
    mutating func refreshMaterials(of id: Int32, shapes: [Shape]) -> [Contact] {
        var changed: [Contact] = []
        for i in contactIndices(of: id) { remix(i, shapes: shapes, changed: &changed) }
        return changed
    }

    /// `refreshMaterials(of:)` for each shape of `ids` in turn: the contacts whose materials
    /// changed, shape after shape and each shape's in contact order. One pass lists every shape's
    /// contacts first, so a commit that refreshes every item's shapes costs the shapes plus the
    /// contacts, not their product (11,000 shapes against 9,000 contacts took over 100 ms).
    mutating func refreshMaterials(ofShapes ids: [Int32], shapes: [Shape]) -> [Contact] {
        var changed: [Contact] = []
        if contacts.isEmpty || ids.isEmpty { return changed }
        var starts = [Int32](repeating: 0, count: shapes.count + 1)
        for c in contacts {
            starts[Int(c.shapeA) + 1] += 1
            starts[Int(c.shapeB) + 1] += 1
        }
        for k in 0..<shapes.count { starts[k + 1] += starts[k] }
        var next = starts
        var byShape = [Int32](repeating: 0, count: 2 * contacts.count)
        for (i, c) in contacts.enumerated() {
            byShape[Int(next[Int(c.shapeA)])] = Int32(i); next[Int(c.shapeA)] += 1
            byShape[Int(next[Int(c.shapeB)])] = Int32(i); next[Int(c.shapeB)] += 1
        }
        for id in ids {
            for k in starts[Int(id)]..<starts[Int(id) + 1] { remix(Int(byShape[Int(k)]), shapes: shapes, changed: &changed) }
        }
        return changed
    }

    /// Mixes contact `i`'s materials again, listing it in `changed` when they differ.
    @inline(__always) private mutating func remix(_ i: Int, shapes: [Shape], changed: inout [Contact]) {
        let mixed = Self.mixMaterials(shapes[Int(contacts[i].shapeA)], shapes[Int(contacts[i].shapeB)])
        if mixed != (contacts[i].friction, contacts[i].restitution) { changed.append(contacts[i]) }
        (contacts[i].friction, contacts[i].restitution) = mixed
        flags[i] = ContactFlags(contacts[i])
    }

    /// Finds the contacts with an active body (ActiveContacts.swift): before the narrow phase, and
    /// again when it woke islands.
    mutating func selectActive(bodies: UnsafeBufferPointer<Body>, sleepers: Bool) {
        active.select(bodies: bodies, pairs: bodyPairs, sleepers: sleepers)
    }

    /// The contacts as a mutable buffer, for the solver to store its impulses.
    mutating func withContacts<R>(_ body: (UnsafeMutableBufferPointer<Contact>) -> R) -> R {
        contacts.withUnsafeMutableBufferPointer { body($0) }
    }

    // MARK: The step

    /// The narrow phase: every contact with an active body gets its manifold for this step, kept
    /// or computed again (NarrowPhase.swift), by the calling thread or, for a large step, by both
    /// `workers`. Returns the islands of the sleeping bodies that contacts with points now join
    /// to active ones.
    mutating func update(dt: Double, settings: WorldSettings, shapes: UnsafeBufferPointer<Shape>,
                         bodies: UnsafeBufferPointer<Body>, drives: UnsafeBufferPointer<Double>,
                         geometry: ShapeGeometry, sleepers: Bool, workers: SolverWorkers? = nil) -> [Int32] {
        let phase = NarrowPhase(dt: dt, settings: settings, shapes: shapes, bodies: bodies, drives: drives,
                                geometry: geometry, sleepers: sleepers)
        let active = self.active
        var touched: [Int32] = []
        let shared = workers.flatMap { $0.count > 1 ? $0 : nil }
        if let shared, active.count(of: contacts.count) >= NarrowPhase.sharedContacts {
            recycledCount = contacts.withUnsafeMutableBufferPointer { cp in
                flags.withUnsafeMutableBufferPointer { fp in
                    phase.run(cp.baseAddress!, flags: fp.baseAddress!, active: active, count: cp.count, workers: shared)
                }
            }
            // The sleeping islands touched, found apart in the serial loop's order.
            if sleepers {
                contacts.withUnsafeBufferPointer { cp in
                    active.forEach(count: cp.count) { i in
                        if phase.isCollided(cp[i]), let island = phase.touchedIsland(cp[i]) { touched.append(island) }
                    }
                }
            }
            return touched
        }
        var recycled = 0
        contacts.withUnsafeMutableBufferPointer { cp in
        flags.withUnsafeMutableBufferPointer { fp in
            active.forEach(count: cp.count) { i in
                guard phase.isCollided(cp[i]) else { return }
                if phase.update(cp.baseAddress! + i, flags: fp.baseAddress! + i) { recycled &+= 1 }
                // An active body touching a sleeping one wakes its island before the solver runs.
                if sleepers, let island = phase.touchedIsland(cp[i]) { touched.append(island) }
            }
        }}
        recycledCount = recycled
        return touched
    }

    /// After the solver stored its impulses: a contact touches when a point carried a normal
    /// impulse or overlaps by more than `linearSlop`; a change of touching is an event. A contact
    /// with no active body is left out: its manifold is the one its flag was last decided from.
    /// With two `workers` and many contacts, the flags are decided in shared chunks
    /// (TouchingPass.swift); the events come in contact order either way.
    mutating func updateTouching(linearSlop slop: Double, workers: SolverWorkers? = nil) {
        let active = self.active
        let (began, ended) = contacts.withUnsafeMutableBufferPointer { cp in
            TouchingPass(linearSlop: slop).run(cp, active: active, workers: workers)
        }
        // The ended events of contacts destroyed earlier in the step stay first.
        beginEvents.append(contentsOf: began)
        endEvents.append(contentsOf: ended)
    }
}
