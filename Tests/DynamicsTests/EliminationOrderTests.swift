// The order a joint group is factored in: a tree of joints, as a ragdoll's, has an order with no
// fill (leaves first), and the order found is one; a chain's own order already fills nothing in
// and is kept.
import Testing
@testable import Dynamics

@Suite("elimination orders")
struct EliminationOrderTests {
    /// A ragdoll's ten joints as its bones hold them, in the order they are made: pelvis–torso,
    /// torso–head, the legs (pelvis–thigh, thigh–shin) and the arms (torso–upper arm, upper arm–
    /// forearm), one row each; two couple where they share a bone.
    static let bones: [(Int, Int)] = [(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (5, 6), (1, 7), (7, 8), (1, 9), (9, 10)]

    static func pattern(_ joints: [(Int, Int)], rowsEach: Int) -> [UInt64] {
        let n = joints.count * rowsEach
        var lower = [UInt64](repeating: 0, count: n)
        for i in 0..<n {
            for j in 0..<i {
                let p = joints[i / rowsEach], q = joints[j / rowsEach]
                if p.0 == q.0 || p.0 == q.1 || p.1 == q.0 || p.1 == q.1 { lower[i] |= BoundedLinearSystem.bit(j) }
            }
        }
        return lower
    }

    @Test("a ragdoll's rows fill in in their own order and not at all in the order found", arguments: [1, 5])
    func ragdollLeavesFirst(rowsEach: Int) {
        let lower = Self.pattern(Self.bones, rowsEach: rowsEach)
        let graph = EliminationOrder.symmetric(lower)
        let order = EliminationOrder.best(lowerPatterns: lower)
        #expect(EliminationOrder.fill(graph, Array(0..<lower.count)) > 0)
        #expect(Set(order) == Set(0..<lower.count) && order.count == lower.count)
        #expect(EliminationOrder.fill(graph, order) == 0)
    }

    @Test("a chain's own order fills nothing in and is kept")
    func chainKeepsItsOrder() {
        let chain = (0..<12).map { ($0, $0 + 1) }
        let lower = Self.pattern(chain, rowsEach: 2)
        #expect(EliminationOrder.best(lowerPatterns: lower) == Array(0..<24))
    }
}
