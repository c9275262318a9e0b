// JointColors: the joints solved one at a time, in colors that share no moving body.
//
// A large net or a crowd of ragdolls is solved one joint at a time (JointGroups.isIterative),
// thousands of joints several passes a substep, and in the awake order each joint's solve
// reads what the one before it wrote: nothing can run beside it. Box2D v3 colors its joints as
// it colors its contacts, so that the joints of one color touch disjoint bodies and a color can
// be cut between workers anywhere. Nudge does the same for these joints once there are enough
// of them to be worth sharing (`minimumJoints`): each joint, in the awake order, takes the
// lowest of 64 colors that neither of its moving bodies has yet (a body that does not move,
// the world or an anchored item, only ever has its own velocity written back, so it binds
// nothing); a joint whose bodies have used all 64 is solved after the colors, on the calling
// thread. The joints are then solved color after color, in the awake order within a color.
//
// The order is decided by the scene, never by the number of workers, so one worker and two
// solve the same joints in the same order and give the same bytes. It is another Gauss–Seidel
// order than the awake order (for a chain, every other link, then the rest), so a scene that
// has this many iterative joints steps differently from before it was colored; a smaller one
// keeps the awake order. What that order does to a net's swing and rest is checked by
// JointChainTests' 50×50 and 100×100 nets.
struct JointColors {
    /// The fewest iterative joints that are colored.
    static let minimumJoints = 512
    static let maxColors = 64

    /// The colored joints, color after color; color c is `order[starts[c]..<starts[c + 1]]`. The
    /// last range is the joints no color could take when `hasLeftovers` is set.
    private(set) var order: [Int32] = []
    private(set) var starts: [Int] = []
    private(set) var hasLeftovers = false
    /// The colors each body has, while coloring (zero between uses).
    private var used: [UInt64] = []
    private var colorOf: [Int8] = []

    /// Whether the iterative joints are solved in colors this step.
    var isEmpty: Bool { order.isEmpty }

    @inline(__always) private static func moves(_ m: Double, _ i: Double) -> Bool { m > 0 || i > 0 }

    /// Colors `joints` (the iterative joints, in the awake order), or forgets the last step's
    /// colors when they are fewer than `minimumJoints`.
    mutating func build(_ iterative: [Int32], joints: UnsafeBufferPointer<Joint>, bodyCount: Int) {
        order.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        hasLeftovers = false
        guard iterative.count >= Self.minimumJoints else { return }
        if used.count != bodyCount { used = [UInt64](repeating: 0, count: bodyCount) }
        colorOf.removeAll(keepingCapacity: true)
        var counts = [Int](repeating: 0, count: Self.maxColors + 1)
        for id in iterative {
            let j = joints[Int(id)]
            let a = Self.moves(j.mA, j.iA) ? Int(j.bodyA) : -1, b = Self.moves(j.mB, j.iB) ? Int(j.bodyB) : -1
            let taken = (a >= 0 ? used[a] : 0) | (b >= 0 ? used[b] : 0)
            let color = (~taken).trailingZeroBitCount
            if color < Self.maxColors {
                let bit: UInt64 = 1 << UInt64(color)
                if a >= 0 { used[a] |= bit }
                if b >= 0 { used[b] |= bit }
            }
            colorOf.append(Int8(color))
            counts[color] += 1
        }
        for id in iterative {
            let j = joints[Int(id)]
            used[Int(j.bodyA)] = 0
            used[Int(j.bodyB)] = 0
        }
        // Counting sort: each color's joints keep the awake order.
        var next = [Int](repeating: 0, count: Self.maxColors + 1)
        var total = 0
        for c in 0...Self.maxColors {
            next[c] = total
            if counts[c] > 0 { starts.append(total) }
            total += counts[c]
        }
        starts.append(total)
        hasLeftovers = counts[Self.maxColors] > 0
        order.append(contentsOf: repeatElement(0, count: total))
        for (k, id) in iterative.enumerated() {
            let c = Int(colorOf[k])
            order[next[c]] = id
            next[c] += 1
        }
    }
}
