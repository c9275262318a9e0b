// EliminationOrder: the order a joint group's unknowns are factored in (BoundedLinearSystem).
//
// Eliminating an unknown ties together every unknown it still couples with; a tie that was not
// there is fill-in, an entry the factorization must compute and then carry. The rows of a
// ragdoll couple where two joints share a bone. Eliminated root first (the order its joints
// are made in), its pelvis and chest joints tie every limb to every other; eliminated leaves
// first (a hand's joint, then the elbow's, ...), each joint's remaining neighbours are the
// joints at its parent bone, which already share that bone: no fill at all, and the work is
// proportional to the rows and their neighbours.
//
// Minimum degree finds such an order without knowing the joints: it eliminates next the
// unknown with the fewest remaining neighbours (the lowest index among equals), which on a tree
// of joints is a leaf's row. It is kept only when it fills in less than the rows' own order,
// so a group whose own order already fills nothing in (a chain, a cradle) is factored as it
// always was, in the same arithmetic order. Patterns are bit masks (at most 64 unknowns).

enum EliminationOrder {
    /// Minimum degree when it fills in less than the rows' own order, else the rows' own order.
    /// `lowerPatterns[i]` has bit j set where row i couples with row j < i.
    static func best(lowerPatterns: [UInt64]) -> [Int] {
        let graph = symmetric(lowerPatterns)
        let own = Array(0..<lowerPatterns.count)
        let ownFill = fill(graph, own)
        if ownFill == 0 { return own }
        let order = minimumDegree(graph)
        return fill(graph, order) < ownFill ? order : own
    }

    /// Each unknown's neighbours on both sides of the diagonal.
    static func symmetric(_ lower: [UInt64]) -> [UInt64] {
        var graph = lower
        for i in lower.indices {
            var p = lower[i]
            while p != 0 { let j = p.trailingZeroBitCount; p &= p - 1; graph[j] |= BoundedLinearSystem.bit(i) }
        }
        return graph
    }

    /// The entries eliminating in `order` creates (each tie counted from both of its ends).
    static func fill(_ graph: [UInt64], _ order: [Int]) -> Int {
        var graph = graph, remaining = all(graph.count), created = 0
        for v in order {
            remaining &= ~BoundedLinearSystem.bit(v)
            let tied = graph[v] & remaining
            var rest = tied
            while rest != 0 {
                let u = rest.trailingZeroBitCount; rest &= rest - 1
                let added = tied & ~graph[u] & ~BoundedLinearSystem.bit(u)
                created += added.nonzeroBitCount
                graph[u] |= added
            }
        }
        return created
    }

    /// Greedy minimum degree, the lowest index among equals.
    static func minimumDegree(_ graph: [UInt64]) -> [Int] {
        var graph = graph, remaining = all(graph.count)
        var order: [Int] = []
        order.reserveCapacity(graph.count)
        while remaining != 0 {
            var best = -1, bestDegree = Int.max, scan = remaining
            while scan != 0 {
                let v = scan.trailingZeroBitCount; scan &= scan - 1
                let degree = (graph[v] & remaining).nonzeroBitCount
                if degree < bestDegree { best = v; bestDegree = degree }
            }
            order.append(best)
            remaining &= ~BoundedLinearSystem.bit(best)
            let tied = graph[best] & remaining
            var rest = tied
            while rest != 0 {
                let u = rest.trailingZeroBitCount; rest &= rest - 1
                graph[u] |= tied & ~BoundedLinearSystem.bit(u)
            }
        }
        return order
    }

    private static func all(_ n: Int) -> UInt64 { n >= 64 ? ~0 : BoundedLinearSystem.bit(n) - 1 }
}
