// BroadPhase: which shapes may touch. Each shape has a proxy in a dynamic tree (DynamicTree.swift)
// holding a fat box, its tight box grown by a margin and swept ahead of its motion; a pair of
// shapes whose fat boxes overlap gets a contact in the ContactSet, and loses it when they part.
//
// Design (Box2D v3's broad phase, in Nudge's terms):
// - Once per step, `update` places every awake shape that can collide (ShapeGeometry.place writes
//   its world vertices and returns its tight box), sweeps the box over the step's travel and
//   turn, and moves the proxy only when the box has left its fat box, to a fat box reaching
//   ahead of the motion by at most four margins (`ahead`). A moved proxy goes into the move
//   buffer. It is grown in place, and the tree above the moved proxies is built again once they
//   all have moved (DynamicTree+Rebuild.swift).
// - `updatePairs` then queries the tree once per moved proxy and hands every new, admissible pair
//   to the ContactSet. When both shapes of a pair moved, only the lower id creates it, after both
//   fat boxes are final, so the pairs found do not depend on the order shapes were moved in.
// - Only a moved proxy can have stopped overlapping a partner, so the moved shapes are remembered
//   (`refitted`) until the narrow phase has run `dropSeparatedPairs`, which checks only their
//   contacts instead of every contact.
// - A shape in no collision behavior touches nothing; its proxy is left stale during steps, and
//   a query (World+Queries.swift) works out such a shape's box from its pose instead.
// - The tree knows which leaves are walls' (shapes of bodies that are not dynamic), so the wall
//   guard's sweep asks for walls alone (`queryWalls`). A body's kind changes in its owner's hands
//   (an item anchored or let go), so `update` compares each shape's mark with its body's kind
//   before the step's queries, one flag per shape read in order, and marks the leaf anew.
// The broad phase knows shapes only by id and proxy: the shape records, bodies and geometry are
// passed in by the World for the duration of a call, and contacts are made and dropped only
// through the ContactSet. That is the seam for sweeping fast shapes against walls (a query by
// swept box) and for bounding contact memory (the ContactSet decides what a new pair costs).
import Geometry

struct BroadPhase {
    private var tree = DynamicTree()
    /// Shapes whose proxy moved since the last `updatePairs`, each once (`isMoved` by shape).
    private var moveBuffer: [Int32] = []
    private var isMoved: [Bool] = []
    /// Whether each shape's leaf is marked a wall's in the tree (its body was not dynamic).
    private var isWall: [Bool] = []
    /// Shapes whose fat box changed this step (`refitted` by shape, and their list): only their
    /// contacts can have stopped overlapping, so only those are checked.
    private var refitted: [Bool] = []
    private var refittedList: [Int32] = []
    /// The moved shapes' existing partners, for the pair search (MovedPartners.swift).
    private var partners = MovedPartners()
    /// Scratch for `dropSeparatedPairs`: the contacts to destroy, highest index first.
    private var separated: [Int] = []
    /// The scratch list of one moved proxy's new partners (`updatePairs`), kept for its capacity.
    private var fresh: [Int32] = []
    /// The tree walks of a pair search two workers share.
    private var walks = SharedPairSearch()
    /// Scratch of `update`, by shape: whether its box left its fat box this step.
    private var leftFatBox: [Bool] = []

    /// A proxy for shape `id` with tight box `box`, a wall's or not, put in the move buffer (it
    /// may have partners).
    mutating func createProxy(_ id: Int32, box: AABB, margin: Double, isWall wall: Bool) -> Int32 {
        while isMoved.count <= Int(id) {
            isMoved.append(false)
            refitted.append(false)
            isWall.append(false)
        }
        isWall[Int(id)] = wall
        let proxy = tree.insert(box.enlarged(by: margin), item: id, isWall: wall)
        markMoved(id)
        return proxy
    }

    /// Removes shape `id`'s proxy, and the shape from the move buffer.
    mutating func destroyProxy(_ id: Int32, proxy: Int32) {
        tree.remove(proxy)
        if let k = moveBuffer.firstIndex(of: id) { moveBuffer.remove(at: k) }
        isMoved[Int(id)] = false
    }

    /// Puts a shape in the move buffer, so the next `updatePairs` looks for its partners.
    mutating func markMoved(_ id: Int32) {
        if !isMoved[Int(id)] {
            isMoved[Int(id)] = true
            moveBuffer.append(id)
        }
    }

    /// Moves a proxy to `box` enlarged by the margin if `box` left its fat box; returns whether
    /// it did.
    mutating func refit(_ proxy: Int32, box: AABB, margin: Double) -> Bool {
        guard !tree.fatAABB(proxy).contains(box) else { return false }
        tree.move(proxy, to: box.enlarged(by: margin))
        return true
    }


    @inline(__always) func fatAABB(_ proxy: Int32) -> AABB { tree.fatAABB(proxy) }

    /// The broad phase for a checkpoint: without the shared walks' scratch, which the next
    /// search fills again.
    func forCheckpoint() -> BroadPhase {
        var b = self
        b.walks = SharedPairSearch()
        return b
    }

    /// Visits the items whose fat boxes overlap `box`.
    func query(_ box: AABB, _ visit: (Int32) -> Void) { tree.query(box, visit) }

    /// Visits the walls' shapes (of bodies not dynamic when the step began) whose fat boxes
    /// overlap `box`, in the order `query` visits them.
    func queryWalls(_ box: AABB, _ visit: (Int32) -> Void) { tree.queryWalls(box, visit) }

    /// Places every awake shape that collides with something at its body's pose, sweeps its box
    /// over the step and moves its proxy if the box left the fat one. With two `workers` and many
    /// shapes, the placing is shared (each shape writes only its own box and world vertices, and
    /// reads its own fat box, which only its own move changes); the moves follow in shape order.
    mutating func update(dt: Double, margin: Double, shapes sp: UnsafeMutableBufferPointer<Shape>,
                         bodies bp: UnsafeBufferPointer<Body>, geometry: ShapeGeometry, workers: SolverWorkers? = nil) {
        for i in 0..<sp.count where sp[i].isActive {
            let isWall = bp[Int(sp[i].body)].kind != .dynamic
            if isWall != self.isWall[i] {
                self.isWall[i] = isWall
                tree.setWall(sp[i].proxy, isWall)
            }
        }
        if leftFatBox.count < sp.count { leftFatBox.append(contentsOf: repeatElement(false, count: sp.count - leftFatBox.count)) }
        tree.nodes.withUnsafeBufferPointer { nodes in
        leftFatBox.withUnsafeMutableBufferPointer { left in
            var task = ShapePlacing(dt: dt, shapes: sp, bodies: bp, geometry: geometry, nodes: nodes.baseAddress!,
                                    left: left.baseAddress!)
            withUnsafeMutablePointer(to: &task) { raw in
                if let workers, workers.count > 1 {
                    workers.run(sp.count, minimumChunk: ShapePlacing.minimumChunk, placeShapes, UnsafeMutableRawPointer(raw))
                } else {
                    placeShapes(raw, 0, sp.count)
                }
            }
        }}
        for i in 0..<sp.count where leftFatBox[i] {
            leftFatBox[i] = false
            // Fatten ahead of the motion as well (four steps' travel, at most four margins),
            // so a body moving steadily is re-inserted every few steps rather than every step.
            let b = bp[Int(sp[i].body)]
            var fat = sp[i].aabb.enlarged(by: margin)
            let ahead = Self.ahead(b.velocity * dt, margin: margin)
            fat = fat.union(AABB(lower: fat.lower + ahead, upper: fat.upper + ahead))
            tree.enlarge(sp[i].proxy, to: fat)
            markMoved(Int32(i))
        }
        tree.rebuild(workers: workers)
    }

    /// How far ahead of a body's motion its fat box reaches: four steps' travel, no more than four
    /// margins. A body stirred in a pile turns within a few steps, so a box stretched further
    /// along today's velocity only holds pairs with bodies it will not meet (each a contact to
    /// make, collide and drop); this step's travel is in the tight box, so no pair that can touch
    /// within the step is lost.
    static func ahead(_ travel: Vector, margin: Double) -> Vector {
        let ahead = travel * 4, reach = 4 * margin
        let length = ahead.length
        return length > reach ? ahead * (reach / length) : ahead
    }

    /// Finds the partners of every moved proxy and gives the new pairs that may collide to
    /// `contacts`; empties the move buffer. With two `workers` and many moved proxies, the tree
    /// walks are shared first (SharedPairSearch.swift) and their leaves offered here in the same
    /// order.
    mutating func updatePairs(_ contacts: inout ContactSet, shapes: [Shape], bodies: [Body], contactLimit: Int,
                              workers: SolverWorkers? = nil) {
        contacts.offerWaitingPairs(shapes: shapes, bodies: bodies, limit: contactLimit) { a, b in
            self.tree.fatAABB(shapes[Int(a)].proxy).overlaps(self.tree.fatAABB(shapes[Int(b)].proxy))
        }
        defer { contacts.finishPairSearch() }
        if moveBuffer.isEmpty { return }
        for id in moveBuffer where !refitted[Int(id)] {
            refitted[Int(id)] = true
            refittedList.append(id)
        }
        partners.build(pairs: contacts.shapePairs, moved: isMoved)
        let shared = workers.flatMap { $0.count > 1 && moveBuffer.count >= SharedPairSearch.sharedProxies ? $0 : nil }
        if let shared { walks.walk(tree, moved: moveBuffer, shapes: shapes, workers: shared) }
        var fresh: [Int32] = []
        swap(&fresh, &self.fresh)
        for (k, id) in moveBuffer.enumerated() {
            isMoved[Int(id)] = false
            partners.mark(partnersOf: id)
            fresh.removeAll(keepingCapacity: true)
            @inline(__always) func offer(_ other: Int32) {
                if other == id { return }
                // When both moved, only the lower id creates the pair, after both boxes are final.
                if isMoved[Int(other)] && other < id { return }
                // Most partners a moved proxy finds have their contact already: the marks know
                // every one, those made earlier in this search included, so only a pair without
                // a contact reads the shapes' records and probes the pair table (in `addPair`).
                if partners.isPartner(other) { return }
                if !ContactSet.shouldCollide(id, other, shapes: shapes, bodies: bodies) { return }
                fresh.append(other)
            }
            if shared != nil {
                walks.forEachFound(ofMoved: k) { offer($0) }
            } else {
                tree.query(tree.fatAABB(shapes[Int(id)].proxy)) { offer($0) }
            }
            // The new pairs are made once the proxy's partners are all found, in the order found:
            // making one changes nothing the finding reads (this proxy's marks, the moved flags,
            // the filters). Each pair's slot in the pair table is asked for first
            // (memory_hints.h), so the probes' waits overlap instead of coming one by one.
            for other in fresh { contacts.prefetchPair(id, other) }
            for other in fresh {
                let before = contacts.count
                contacts.addPair(id, other, shapes: shapes, bodies: bodies, limit: contactLimit)
                // A moved partner whose turn is still to come finds this pair again.
                if contacts.count > before && isMoved[Int(other)] { partners.noteMade(id, with: other) }
            }
        }
        swap(&fresh, &self.fresh)
        moveBuffer.removeAll(keepingCapacity: true)
    }

    /// Drops the contacts of refitted shapes whose fat boxes no longer overlap (before the narrow
    /// phase, which then collides only pairs that may touch).
    mutating func dropSeparatedPairs(_ contacts: inout ContactSet, shapes: [Shape]) {
        if refittedList.isEmpty { return }
        // Found first, from the compact list of each contact's shapes, then destroyed from the
        // highest index down: a swap-remove at index i moves the last contact, which was already
        // looked at and kept, into i and leaves every lower index as it was, so this destroys the
        // same contacts in the same order as testing and destroying in one walk from the end.
        var found: [Int] = []
        swap(&found, &separated)
        found.removeAll(keepingCapacity: true)
        let tree = tree
        contacts.shapePairs.withUnsafeBufferPointer { pairs in
        refitted.withUnsafeBufferPointer { moved in
        shapes.withUnsafeBufferPointer { sp in
            var i = pairs.count - 1
            while i >= 0 {
                let a = Int(pairs[i][0]), b = Int(pairs[i][1])
                if moved[a] || moved[b], !tree.fatAABB(sp[a].proxy).overlaps(tree.fatAABB(sp[b].proxy)) {
                    found.append(i)
                }
                i -= 1
            }
        }}}
        contacts.destroy(descending: found)
        separated = found
        for id in refittedList { refitted[Int(id)] = false }
        refittedList.removeAll(keepingCapacity: true)
    }
}

/// What the placing of `update` reads and writes, for the worker that takes a chunk of shapes.
private struct ShapePlacing {
    /// The fewest shapes in a worker's chunk.
    static let minimumChunk = 512
    let dt: Double
    let shapes: UnsafeMutableBufferPointer<Shape>
    let bodies: UnsafeBufferPointer<Body>
    let geometry: ShapeGeometry
    let nodes: UnsafePointer<DynamicTree.Node>
    /// By shape: whether its box left its fat box.
    let left: UnsafeMutablePointer<Bool>
}

/// Places the shapes at `lo..<hi` that can touch something, sweeps each box over its body's
/// travel and turn in the step, and notes the ones whose box left the fat one.
private func placeShapes(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let t = raw.assumingMemoryBound(to: ShapePlacing.self).pointee
    let sp = t.shapes
    for i in lo..<hi where sp[i].isActive {
        let b = t.bodies[Int(sp[i].body)]
        if b.kind == .fixed || b.isAsleep { continue }
        // A shape in no collision behavior can touch nothing: its proxy is refreshed only
        // when a query needs it (items(in:), item(at:)).
        if sp[i].itemMask == 0 && sp[i].boundaryMask == 0 { continue }
        var box = t.geometry.place(sp[i], b.transform)
        // Sweep the box over the step so fast bodies find their partners early.
        let travel = b.velocity * t.dt
        if travel.lengthSquared > 0 {
            box = box.union(AABB(lower: box.lower + travel, upper: box.upper + travel))
        }
        // And over its turn: no point of the body is farther than its extent from its
        // center, so none moves farther than |ω|·extent·dt in the step. The narrow phase
        // counts the same reach in a pair's speculative margin (NarrowPhase.update), and a
        // pair it would give points must have been found here.
        let turn = abs(b.angularVelocity) * b.extent * t.dt
        if turn > 0 { box = box.enlarged(by: turn) }
        sp[i].aabb = box
        if !t.nodes[Int(sp[i].proxy)].aabb.contains(box) { t.left[i] = true }
    }
}
