// ConstraintGraph: one step's contact constraints, sorted into graph colors and packed eight to a
// batch for the wide solver.
//
// Within a color no two constraints share a moving body, so the eight lanes of a batch can be
// solved at once without write conflicts (Box2D v3's layout). Colors are found greedily in
// contact order, using one bit set of bodies per color; fixed and anchored bodies take no bit,
// since the solver never changes their velocities. Constraints that fit no color ("overflow") are
// solved one at a time after the batches, and so are the constraints of a color's last batch when
// it would hold only one or two.
//
// Building is the part of a step that runs once per contact, so it reads the contacts front to
// back twice: once to color them (a byte per contact), once to prepare each colored constraint
// in single precision (LaneContact) and write it straight into its lane of its color's next
// batch, through a pointer: no staging records to copy and transpose, no array growth or
// uniqueness checks per constraint. Effective masses are then inverted eight lanes at a time.
// A lane keeps a point's lever arms (r × n, r × t), not its anchors: they are all the passes need,
// the separation included, so no pass recomputes them.
// Batches are kept from step to step, so their storage is allocated once. At the end of the step
// the batches write their impulses into a small array indexed by contact, which then goes into
// the manifolds front to back: written straight from the batches, the impulses would go across
// all the contacts once per color, and in a scene of thousands of contacts (megabytes of them)
// that costs a noticeable share of the step (docs/performance-log.md).
//
// The impact pass works on scalar copies of the elastic constraints (`impacts`), whichever solver
// handles their regular passes: it only changes body velocities, so the copies need not be merged
// back except for the largest impulse, which decides whether a contact touched.
import Geometry

struct ConstraintGraph {
    static let colorCount = 12
    /// A color's partial last batch goes to the scalar solver when it has fewer lanes than this.
    /// Each color remembers its last `smallestBatch − 1` contacts (`lastTwo`, a SIMD2), so this
    /// is at most 3; it is a count of constraints, not derived from the lane width.
    static let smallestBatch = 3

    /// The wide batches; only the first `batchCount` are this step's.
    var batches: [WideContact] = []
    private(set) var batchCount = 0
    /// Where each color's batches begin in `batches`, and one past the last color's: the colors'
    /// boundaries, which two workers keep apart (SplitStages.swift).
    private(set) var colorStarts = [Int](repeating: 0, count: ConstraintGraph.colorCount + 1)
    /// Constraints that fit no color, solved by the scalar ContactSolver.
    var overflow: [ContactConstraint] = []
    /// The overflow constraints collided again at each substep (SubstepManifolds.swift).
    private(set) var turning: [Int32] = []
    /// Scalar copies of the elastic constraints, for the impact pass: the first `impactCount`
    /// (the array only grows, ImpactCopies.swift).
    var impacts: [ContactConstraint] = []
    private(set) var impactCount = 0
    /// The elastic contacts the coloring found, for the copies.
    private var impactSources: [ImpactSource] = []

    /// Each contact's color this step (`colorCount` for none: no points, asleep, or overflow).
    private var colorOf: [UInt8] = []
    private var colorBits: [UInt64] = []
    /// The batches' impulses by contact, between the last substep and the contacts' manifolds.
    private var stored: [StoredImpulses] = []
    /// By contact, its lane's place when two workers fill the batches (SharedBatchFill.swift).
    private var places: [Int32] = []

    /// A contact constraint's place in the graph: its contact and its two bodies.
    /// The graph with none of what every step builds again before reading it: the batches, the
    /// overflow and impact constraints, the colors, the stored impulses and the lanes' places
    /// (`build` clears or overwrites each, and a color's partial last batch is reset). A
    /// checkpoint keeps this, so it holds none of a crowd's megabytes of batches, and a world
    /// restored from it steps on through the same bits.
    func withoutRebuiltArrays() -> ConstraintGraph {
        var g = self
        g.batches = []
        g.overflow = []
        g.turning = []
        g.impacts = []
        g.impactCount = 0
        g.impactSources = []
        g.colorOf = []
        g.colorBits = []
        g.stored = []
        g.places = []
        return g
    }

    struct Edge {
        var contact: Int32
        var bodyA: Int32
        var bodyB: Int32
    }

    /// Prepares a constraint for every contact with points and distributes them.
    /// `solverBodies` is what the colored constraints read of their bodies; `bodies`, the full
    /// records, serve the rare scalar ones. A contact whose moving bodies are all `jointed` (held
    /// by a joint) goes to the overflow, where a joint group may take its normal rows
    /// (JointGroups.swift), and so does one that turns past its features within the step of
    /// `dt` (SubstepManifolds.turnsPastFeatures), listed in `turning`.
    mutating func build(contacts: UnsafeBufferPointer<Contact>, flags: UnsafeBufferPointer<ContactFlags>,
                        bodyPairs: UnsafeBufferPointer<SIMD2<Int32>>, active: ActiveContacts = ActiveContacts(),
                        solverBodies: UnsafePointer<SolverBody>,
                        bodies: UnsafeMutablePointer<Body>, bodyCount: Int, jointed: UnsafeBufferPointer<Bool>,
                        settings: SolverSettings, dt: Double = 0, workers: SolverWorkers? = nil) {
        let k = Self.colorCount
        let words = (bodyCount + 63) / 64
        // Empty when no joint holds a moving body (the usual case: nothing to look up).
        let anyJointed = !jointed.isEmpty
        overflow.removeAll(keepingCapacity: true)
        turning.removeAll(keepingCapacity: true)
        impactSources.removeAll(keepingCapacity: true)
        colorBits.removeAll(keepingCapacity: true)
        colorBits.append(contentsOf: repeatElement(0, count: words * k))
        colorOf.removeAll(keepingCapacity: true)
        colorOf.append(contentsOf: repeatElement(UInt8(k), count: contacts.count))

        var counts = (0..<k).map { _ in 0 }
        var lastTwo = [SIMD2<Int32>](repeating: SIMD2(-1, -1), count: k)
        colorContacts(contacts, flags, bodyPairs, active, solverBodies, bodies, words: words, anyJointed: anyJointed,
                      jointed, settings, dt: dt, &counts, &lastTwo)
        moveSmallTails(contacts, bodies, solverBodies, settings, &counts, lastTwo)
        fillBatches(contacts, solverBodies, settings, counts, workers: workers)
        copyImpacts(contacts, bodies, solverBodies, settings, workers: workers)
    }

    /// 5. The elastic constraints' scalar copies, in contact order (ImpactCopies.swift).
    private mutating func copyImpacts(_ contacts: UnsafeBufferPointer<Contact>, _ bodies: UnsafeMutablePointer<Body>,
                                      _ solverBodies: UnsafePointer<SolverBody>, _ settings: SolverSettings,
                                      workers: SolverWorkers?) {
        let n = impactSources.count
        impactCount = n
        if impacts.count < n { impacts.append(contentsOf: repeatElement(ContactConstraint(), count: n - impacts.count)) }
        impactSources.withUnsafeBufferPointer { sp in
            impacts.withUnsafeMutableBufferPointer { ip in
                ImpactCopies(contacts: contacts, bodies: bodies, solverBodies: solverBodies, settings: settings,
                             sources: sp.baseAddress!, copies: ip.baseAddress!).run(count: n, workers: workers)
            }
        }
    }

    /// 1. In contact order: a color for each constraint; those that got none go to the
    ///    overflow, and elastic ones get a scalar copy for the impact pass. Each color
    ///    remembers its last two contacts, in case they end up as a small tail.
    @inline(__always)
    private mutating func colorContacts(_ contacts: UnsafeBufferPointer<Contact>, _ flags: UnsafeBufferPointer<ContactFlags>,
                                        _ pairs: UnsafeBufferPointer<SIMD2<Int32>>, _ active: ActiveContacts,
                                        _ solverBodies: UnsafePointer<SolverBody>,
                                        _ bodies: UnsafeMutablePointer<Body>, words: Int, anyJointed: Bool,
                                        _ jointed: UnsafeBufferPointer<Bool>, _ settings: SolverSettings, dt: Double,
                                        _ counts: inout [Int], _ lastTwo: inout [SIMD2<Int32>]) {
        let k = Self.colorCount
        colorBits.withUnsafeMutableBufferPointer { bitBuffer in
        colorOf.withUnsafeMutableBufferPointer { color in
        counts.withUnsafeMutableBufferPointer { counts in
        lastTwo.withUnsafeMutableBufferPointer { lastTwo in
            let bits = bitBuffer.baseAddress!
            // A contact of no active body has a sleeping one or none that moves (ActiveContacts.swift).
            // The contact's flags and bodies come from their compact copies (ContactFlags.swift).
            active.forEach(count: contacts.count) { ci in
                let f = flags[ci]
                guard f.contains(.hasPoints) else { return }
                let a = Int(pairs[ci][0]), b = Int(pairs[ci][1])
                // Sleeping bodies keep their contacts out of the solver (IslandSleeper.swift).
                if solverBodies[a].isAsleep || solverBodies[b].isAsleep { return }
                let movesA = solverBodies[a].isDynamic, movesB = solverBodies[b].isDynamic
                // The contact of jointed items takes no color: it goes to the overflow.
                let heldByJoints = anyJointed
                    && JointGroups.joinsGroup(movesA: movesA, movesB: movesB, jointedA: movesA && jointed[a],
                                              jointedB: movesB && jointed[b], invMassA: solverBodies[a].invMass,
                                              invMassB: solverBodies[b].invMass)
                // So does one that turns past its features within the step (SubstepManifolds.swift);
                // the impact pass keeps a copy of an elastic one for the step, so those do not.
                let turns = (solverBodies[a].movesFast || solverBodies[b].movesFast) && !f.contains(.elastic)
                    && SubstepManifolds.turnsPastFeatures(bodies[a], bodies[b], contacts[ci].manifold, dt: dt,
                                                          overlap: settings.maxSoftOverlap)
                let chosen = heldByJoints || turns ? k
                    : Self.takeColor(bits, words: words, a: movesA ? a : -1, b: movesB ? b : -1)
                if chosen < k {
                    color[ci] = UInt8(chosen)
                    counts[chosen] &+= 1
                    lastTwo[chosen] = SIMD2(lastTwo[chosen][1], Int32(ci))
                }
                // A joint's pull, like a load, changes the approach before the moment of
                // contact, so a jointed body's impact is applied at once (ImpactShift.swift).
                let heldByJoint = anyJointed && ((movesA && jointed[a]) || (movesB && jointed[b]))
                if chosen == k {
                    let edge = Edge(contact: Int32(ci), bodyA: Int32(a), bodyB: Int32(b))
                    var cc = Self.scalarConstraint(edge, contacts, bodies, solverBodies, settings)
                    if heldByJoint { cc.strikesAtContact = false }
                    if turns { turning.append(Int32(overflow.count)) }
                    overflow.append(cc)
                }
                // Elastic ones get a scalar copy for the impact pass, prepared after the coloring.
                if f.contains(.elastic) {
                    impactSources.append(ImpactSource(contact: Int32(ci), bodyA: Int32(a), bodyB: Int32(b),
                                                      heldByJoint: heldByJoint))
                }
            }
        }}}}
    }

    /// The first color whose bit set has neither body `a` nor `b` (−1: a body that does not
    /// move, which takes no bit), with their bits then set in it; `colorCount` when none has room.
    @inline(__always)
    private static func takeColor(_ bits: UnsafeMutablePointer<UInt64>, words: Int, a: Int, b: Int) -> Int {
        let wordA = a &>> 6, bitA: UInt64 = 1 &<< UInt64(a & 63)
        let wordB = b &>> 6, bitB: UInt64 = 1 &<< UInt64(b & 63)
        for c in 0..<colorCount {
            let row = bits + c &* words
            if a >= 0 && row[wordA] & bitA != 0 { continue }
            if b >= 0 && row[wordB] & bitB != 0 { continue }
            if a >= 0 { row[wordA] |= bitA }
            if b >= 0 { row[wordB] |= bitB }
            return c
        }
        return colorCount
    }

    /// 2. A color's last batch with one or two lanes filled costs as much as a full one, and
    ///    more than its constraints solved one at a time (small scenes are mostly such
    ///    batches): those constraints join the overflow, the latest first.
    @inline(__always)
    private mutating func moveSmallTails(_ contacts: UnsafeBufferPointer<Contact>, _ bodies: UnsafeMutablePointer<Body>,
                                         _ solverBodies: UnsafePointer<SolverBody>, _ settings: SolverSettings, _ counts: inout [Int], _ lastTwo: [SIMD2<Int32>]) {
        let k = Self.colorCount
        for c in 0..<k where (1...Self.smallestBatch - 1).contains(counts[c] % wideLanes) {
            let tail = counts[c] % wideLanes
            for t in 0..<tail {
                let ci = Int(lastTwo[c][1 - t])
                colorOf[ci] = UInt8(k)
                let a = contacts[ci].bodyA, b = contacts[ci].bodyB
                overflow.append(Self.scalarConstraint(Edge(contact: Int32(ci), bodyA: a, bodyB: b),
                                                      contacts, bodies, solverBodies, settings))
            }
            counts[c] -= tail
        }
    }

    /// 3. The batches: each color's constraints fill its batches eight at a time, the last
    ///    one padded with empty lanes (they point at the ground with zero mass).
    /// 4. In contact order again: each colored constraint prepared straight into the next
    ///    lane of its color, through a pointer (no staging copy, no growth or uniqueness
    ///    checks per constraint); then each batch's effective masses, eight at a time.
    @inline(__always)
    private mutating func fillBatches(_ contacts: UnsafeBufferPointer<Contact>, _ solverBodies: UnsafePointer<SolverBody>,
                                      _ settings: SolverSettings, _ counts: [Int], workers: SolverWorkers?) {
        let k = Self.colorCount
        var firstBatch = [Int](repeating: 0, count: k + 1)
        for c in 0..<k { firstBatch[c + 1] = firstBatch[c] + (counts[c] + wideLanes - 1) / wideLanes }
        let total = firstBatch[k]
        colorStarts = firstBatch
        if batches.count < total {
            batches.append(contentsOf: repeatElement(WideContact(), count: total - batches.count))
        }
        batchCount = total
        for c in 0..<k where counts[c] % wideLanes != 0 { batches[firstBatch[c + 1] - 1] = WideContact() }
        if let workers, contacts.count >= SharedBatchFill.sharedContacts {
            fillShared(contacts, solverBodies, settings, firstBatch: firstBatch, total: total, workers: workers)
            return
        }

        var slot = [Int](repeating: 0, count: k)
        batches.withUnsafeMutableBufferPointer { bp in
        colorOf.withUnsafeBufferPointer { color in
        slot.withUnsafeMutableBufferPointer { slot in
            let out = bp.baseAddress!
            for ci in 0..<contacts.count where Int(color[ci]) < k {
                let c = Int(color[ci])
                let a = contacts[ci].bodyA, b = contacts[ci].bodyB
                let lane = LaneContact(Edge(contact: Int32(ci), bodyA: a, bodyB: b), contacts.baseAddress! + ci,
                                       solverBodies, settings)
                WideContact.write(lane, into: out + firstBatch[c] + slot[c] &>> wideLaneShift,
                                  lane: slot[c] & (wideLanes - 1))
                slot[c] &+= 1
            }
            for b in 0..<total { bp[b].finish() }
        }}}
    }

    /// Step 4 shared by two workers: the same lanes, each written by whichever takes its
    /// contact (SharedBatchFill.swift).
    @inline(never)
    private mutating func fillShared(_ contacts: UnsafeBufferPointer<Contact>, _ solverBodies: UnsafePointer<SolverBody>,
                                     _ settings: SolverSettings, firstBatch: [Int], total: Int, workers: SolverWorkers) {
        colorOf.withUnsafeBufferPointer { color in
            SharedBatchFill.places(color, firstBatch: firstBatch, colorCount: Self.colorCount, into: &places)
        }
        places.withUnsafeBufferPointer { pp in
        batches.withUnsafeMutableBufferPointer { bp in
            SharedBatchFill(contacts: contacts, solverBodies: solverBodies, settings: settings, places: pp.baseAddress!,
                            batches: bp.baseAddress!).run(total: total, workers: workers)
        }}
    }

    /// Rare (overflow, elastic contacts, small tails): kept out of the hot coloring loop.
    @inline(never)
    private static func scalarConstraint(_ edge: Edge, _ contacts: UnsafeBufferPointer<Contact>,
                                         _ bodies: UnsafeMutablePointer<Body>, _ solverBodies: UnsafePointer<SolverBody>,
                                         _ settings: SolverSettings) -> ContactConstraint {
        var cc = ContactConstraint()
        let c = contacts[Int(edge.contact)]
        cc.contact = edge.contact
        cc.bodyA = edge.bodyA
        cc.bodyB = edge.bodyB
        cc.friction = c.friction
        cc.restitution = c.restitution
        ContactSolver.prepare(&cc, manifold: c.manifold, bodies: bodies, solverBodies: solverBodies, settings: settings)
        return cc
    }

    /// The batches of this step, the overflow and the impact copies, for the substeps to solve.
    mutating func withConstraints<R>(_ body: (UnsafeMutableBufferPointer<WideContact>, UnsafeMutableBufferPointer<ContactConstraint>,
                                              UnsafeMutableBufferPointer<ContactConstraint>) -> R) -> R {
        let n = batchCount
        return batches.withUnsafeMutableBufferPointer { bp in
            overflow.withUnsafeMutableBufferPointer { op in
                impacts.withUnsafeMutableBufferPointer { ip in
                    body(UnsafeMutableBufferPointer(rebasing: bp[0..<n]), op,
                         UnsafeMutableBufferPointer(rebasing: ip[0..<impactCount]))
                }
            }
        }
    }

    /// Writes the step's accumulated impulses back into the manifolds, for warm starting and for
    /// deciding which contacts touched. With two `workers` and many contacts, the batches'
    /// impulses and then the manifolds are written in shared chunks (SharedStore.swift): each
    /// batch writes only its own lanes' entries, each contact only its own manifold.
    mutating func store(into contacts: UnsafeMutableBufferPointer<Contact>, workers: SolverWorkers? = nil) {
        // Only the entries of colored contacts are read, and the batches write every one of
        // them (a contact has a color exactly when it has a lane), so the array is not cleared:
        // it only grows. Clearing it was a pass of 32 bytes a contact every step.
        if stored.count < contacts.count {
            stored.append(contentsOf: repeatElement(.unset, count: contacts.count - stored.count))
        }
        let n = batchCount, k = Self.colorCount
        stored.withUnsafeMutableBufferPointer { sp in
        colorOf.withUnsafeBufferPointer { color in
        batches.withUnsafeBufferPointer { bp in
            var task = SharedStore(batches: bp.baseAddress!, stored: sp.baseAddress!, colors: color.baseAddress!,
                                   colorCount: k, contacts: contacts.baseAddress!)
            withUnsafeMutablePointer(to: &task) { raw in
                let context = UnsafeMutableRawPointer(raw)
                if let workers, contacts.count >= SharedStore.sharedContacts {
                    workers.run(n, minimumChunk: SharedStore.batchesPerChunk, storeBatches, context)
                    workers.run(contacts.count, minimumChunk: SharedStore.contactsPerChunk, storeManifolds, context)
                } else {
                    storeBatches(context, 0, n)
                    storeManifolds(context, 0, contacts.count)
                }
            }
        }}}
        @inline(__always) func put(_ cc: ContactConstraint, keepLarger: Bool) {
            let ci = Int(cc.contact)
            if keepLarger {
                // An impact copy only knows the impulses of the impacts; keep the solver's totals.
                let m1 = contacts[ci].manifold.p1.maxNormalImpulse
                contacts[ci].manifold.p1.maxNormalImpulse = max(m1, cc.p1.maxNormalImpulse)
                if cc.count > 1 {
                    let m2 = contacts[ci].manifold.p2.maxNormalImpulse
                    contacts[ci].manifold.p2.maxNormalImpulse = max(m2, cc.p2.maxNormalImpulse)
                }
                return
            }
            contacts[ci].manifold.p1.normalImpulse = cc.p1.normalImpulse
            contacts[ci].manifold.p1.tangentImpulse = cc.p1.tangentImpulse
            contacts[ci].manifold.p1.maxNormalImpulse = cc.p1.maxNormalImpulse
            if cc.count > 1 {
                contacts[ci].manifold.p2.normalImpulse = cc.p2.normalImpulse
                contacts[ci].manifold.p2.tangentImpulse = cc.p2.tangentImpulse
                contacts[ci].manifold.p2.maxNormalImpulse = cc.p2.maxNormalImpulse
            }
        }
        for cc in overflow {
            if cc.recollided { Self.putByFeature(cc, into: &contacts[Int(cc.contact)].manifold) } else { put(cc, keepLarger: false) }
        }
        for cc in impacts[0..<impactCount] { put(cc, keepLarger: true) }
    }

    /// A constraint collided again within the step (SubstepManifolds.swift) may end on other
    /// features than the manifold's: each manifold point takes the impulses of the constraint's
    /// point with its feature id (none: zero, as the narrow phase would carry), and the largest
    /// normal impulse, which decides whether the pair touched.
    private static func putByFeature(_ cc: ContactConstraint, into m: inout Manifold) {
        let largest = max(cc.p1.maxNormalImpulse, cc.count > 1 ? cc.p2.maxNormalImpulse : 0)
        @inline(__always) func put(_ p: inout ManifoldPoint) {
            p.normalImpulse = 0; p.tangentImpulse = 0
            if cc.count > 0 && cc.id1 == p.id { p.normalImpulse = cc.p1.normalImpulse; p.tangentImpulse = cc.p1.tangentImpulse }
            if cc.count > 1 && cc.id2 == p.id { p.normalImpulse = cc.p2.normalImpulse; p.tangentImpulse = cc.p2.tangentImpulse }
            p.maxNormalImpulse = largest
        }
        if m.count > 0 { put(&m.p1) }
        if m.count > 1 { put(&m.p2) }
    }
}
