// ContactEviction: room at a full shape's cap for a pair that may touch within the step.
//
// The cap on contacts per shape (ContactSet.addPair) counts pairs of fat boxes, not touching
// shapes. A body in a stirred pile has a fat box swept over its travel and four steps ahead of
// it, and its pairs are mostly with bodies that box merely overlaps: a 9 pt ball in a spinner's
// pile was charged 64 and 65 pairs while it touched 2 to 6 bodies, and a turning drum of 2,000
// boxes holds some 45,000 pairs, about a tenth of them touching. The ball's pair with the bar,
// whose face came at it at 1,000 pt/s, was charged to the ball (the smaller shape) and refused
// at every step, and the bar went through the ball: 4.5 pt of its center inside the bar.
//
// So a full shape gives up a pair that cannot touch within the step for one that may. A pair
// whose tight boxes (swept over the step, BroadPhase.update) overlap may touch; one whose tight
// boxes are apart cannot before the next step's pair search. A full shape offered a pair that
// may touch gives up its not-touching pair whose tight boxes are farthest apart, if any are
// apart. A pair refused while its tight boxes are apart waits (`waiting`): it is offered again
// at each pair search once its tight boxes overlap, and forgotten once its fat boxes part or it
// is made. Without that, the pair is looked for again only when one of its shapes leaves its
// fat box or the full shape loses a contact, and a body coming at a full shape inside its fat
// box (stretched four steps ahead of it) reached the shape with no pair (`ContactCapTests`).
// Items made at one point keep the bound: all their boxes overlap, none is apart to give up,
// and none waits, so the cap refuses as before. Giving up pairs only for pairs that may touch
// keeps the drum's churn to the pairs that need it: giving them up for any nearer pair, and
// searching the full shapes again every step, made a step of the drum a third slower.
//
// The given-up contacts are destroyed when the pair search ends (`finish`): destroying one moves
// the last contact into its place, and the search's index of each shape's contacts, built once
// at the first full shape offered a pair that may touch, must stay true until then. The waiting
// pairs are kept in the order they were refused (a set only answers whether one waits), so the
// steps stay the same from run to run.

struct ContactEviction {
    /// Each shape's charged contacts (indices into the contacts), by shape: members[start[s] ..<
    /// start[s + 1]]; empty until a pass first needs it.
    private var start: [Int32] = []
    private var members: [Int32] = []
    private var isBuilt = false
    /// Contacts given up in this pass, and by contact index whether one is.
    private var givenUp: [Int32] = []
    private var isGivenUp: [Bool] = []
    /// Shapes found with nothing to give up in this pass: not searched again until it ends.
    private var exhausted: [Bool] = []
    /// Pairs refused while their tight boxes were apart, in the order they were refused.
    private var waiting: [SIMD2<Int32>] = []
    private var isWaiting: Set<UInt64> = []

    /// The charged contact of `shape` to give up for a pair that may touch within the step: of
    /// its contacts not touching whose tight boxes are apart, the farthest; nil when there is none.
    /// Nothing is given up until `giveUp` says so, so that a pair both of whose shapes are full
    /// costs neither a contact unless both have one to give.
    mutating func choose(for shape: Int32, contacts: [Contact], shapes: [Shape]) -> Int? {
        if !isBuilt { build(contacts: contacts, shapeCount: shapes.count) }
        let s = Int(shape)
        if exhausted[s] { return nil }
        var best = -1, widest = 0.0
        for k in Int(start[s])..<Int(start[s + 1]) {
            let i = Int(members[k])
            let c = contacts[i]
            if isGivenUp[i] || c.touching { continue }
            let apart = Self.gap(shapes[Int(c.shapeA)].aabb, shapes[Int(c.shapeB)].aabb)
            if apart > widest { widest = apart; best = i }
        }
        if best < 0 {
            exhausted[s] = true
            return nil
        }
        return best
    }

    /// Marks contact `i` (one `choose` returned) given up: destroyed when the search ends.
    mutating func giveUp(_ i: Int) {
        isGivenUp[i] = true
        givenUp.append(Int32(i))
    }

    /// Remembers a pair refused while its tight boxes were apart (once).
    mutating func wait(_ a: Int32, _ b: Int32, key: UInt64) {
        if isWaiting.insert(key).inserted { waiting.append(SIMD2(a, b)) }
    }

    /// The waiting pairs; the list is emptied (the search returns those that still wait).
    mutating func takeWaiting() -> [SIMD2<Int32>] {
        defer {
            waiting.removeAll(keepingCapacity: true)
            isWaiting.removeAll(keepingCapacity: true)
        }
        return waiting
    }

    /// How far apart two boxes are along the axis that parts them most (0 when they overlap).
    @inline(__always) static func gap(_ a: AABB, _ b: AABB) -> Double { max(a.gap(to: b), 0) }

    /// The contacts given up, highest index first (so each destroy moves in a contact that stays),
    /// and forgets the pass.
    mutating func finish() -> [Int32] {
        defer {
            givenUp.removeAll(keepingCapacity: true)
            isBuilt = false
        }
        return givenUp.sorted(by: >)
    }

    private mutating func build(contacts: [Contact], shapeCount: Int) {
        isBuilt = true
        start = [Int32](repeating: 0, count: shapeCount + 1)
        for c in contacts {
            if c.charged & 1 != 0 { start[Int(c.shapeA) + 1] += 1 }
            if c.charged & 2 != 0 { start[Int(c.shapeB) + 1] += 1 }
        }
        for s in 0..<shapeCount { start[s + 1] += start[s] }
        var next = start
        members = [Int32](repeating: 0, count: Int(start[shapeCount]))
        for (i, c) in contacts.enumerated() {
            if c.charged & 1 != 0 { members[Int(next[Int(c.shapeA)])] = Int32(i); next[Int(c.shapeA)] += 1 }
            if c.charged & 2 != 0 { members[Int(next[Int(c.shapeB)])] = Int32(i); next[Int(c.shapeB)] += 1 }
        }
        isGivenUp = [Bool](repeating: false, count: contacts.count)
        exhausted = [Bool](repeating: false, count: shapeCount)
    }
}

extension ContactSet {
    /// Offers again the waiting pairs whose tight boxes now overlap; those still apart wait on
    /// while their fat boxes (`fatOverlap`) overlap. The start of a pair search.
    mutating func offerWaitingPairs(shapes: [Shape], bodies: [Body], limit: Int, fatOverlap: (Int32, Int32) -> Bool) {
        for p in eviction.takeWaiting() {
            let a = p.x, b = p.y, key = Self.pairKey(a, b)
            if Int(max(a, b)) >= shapes.count || hasContact(a, b) || !fatOverlap(a, b) || !Self.shouldCollide(a, b, shapes: shapes, bodies: bodies) { continue }
            if shapes[Int(a)].aabb.overlaps(shapes[Int(b)].aabb) {
                addPair(a, b, shapes: shapes, bodies: bodies, limit: limit)
            } else {
                eviction.wait(a, b, key: key)
            }
        }
    }

    /// Room at the full shapes' caps for the pair of `a` and `b`: a pair whose tight boxes are
    /// apart waits; one that may touch takes a pair each full shape gives up, when every full
    /// shape has one to give. Both are asked before either gives one up: A's pair would
    /// otherwise be lost when B has none and the new pair is refused all the same.
    mutating func makeRoom(_ a: Int32, _ b: Int32, key: UInt64, fullA: inout Bool, fullB: inout Bool,
                           shapes: [Shape]) {
        if ContactEviction.gap(shapes[Int(a)].aabb, shapes[Int(b)].aabb) > 0 {
            eviction.wait(a, b, key: key)
            return
        }
        let fromA = fullA ? eviction.choose(for: a, contacts: contacts, shapes: shapes) : nil
        let fromB = fullB ? eviction.choose(for: b, contacts: contacts, shapes: shapes) : nil
        if (fullA && fromA == nil) || (fullB && fromB == nil) { return }
        if let fromA { giveUp(fromA) }
        if let fromB { giveUp(fromB) }
        fullA = false
        fullB = false
    }

    /// Destroys the pairs given up in the pair search that just ended.
    mutating func finishPairSearch() {
        for i in eviction.finish() { destroy(at: Int(i)) }
    }
}
