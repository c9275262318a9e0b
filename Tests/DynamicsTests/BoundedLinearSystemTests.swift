// The joint groups' linear solve: exact on a well-posed system, exact on the independent rows of
// a dependent one, and at the constrained minimum when a bound is crossed.
import Testing
@testable import Dynamics

@Suite("bounded linear systems")
struct BoundedLinearSystemTests {
    /// A system from a full symmetric matrix (only its lower triangle is handed over).
    static func system(_ a: [[Double]], _ b: [Double], bounds: [(Double, Double)]? = nil) -> BoundedLinearSystem {
        var s = BoundedLinearSystem()
        s.reset(size: b.count)
        for i in 0..<b.count {
            for j in 0...i { s.setMatrix(i, j, a[i][j]) }
            s.setRight(i, b[i])
            let (lo, hi) = bounds?[i] ?? (-.infinity, .infinity)
            s.setBounds(i, lower: lo, upper: hi)
        }
        s.solve()
        return s
    }

    @Test("a 3×3 system with the answer (1, −2, 3) gives it back")
    func wellPosed() {
        // A·(1, −2, 3) = (4 − 2, 1 − 6 + 3, −2 + 6).
        let s = Self.system([[4, 1, 0], [1, 3, 1], [0, 1, 2]], [2, -2, 4])
        #expect(abs(s.solution(0) - 1) < 1e-12 && abs(s.solution(1) + 2) < 1e-12 && abs(s.solution(2) - 3) < 1e-12)
    }

    @Test("three rows on two unknown velocities (the third the sum of the first two) still reach the velocity asked for")
    func dependentRow() {
        // Rows J = [(1, 0), (0, 1), (1, 1)] on a unit mass: K = J·Jᵀ is singular. Asking for the
        // velocity v = (2, 3), b = J·v; any λ with Jᵀ·λ = v is right, and it must be finite.
        let s = Self.system([[1, 0, 1], [0, 1, 1], [1, 1, 2]], [2, 3, 5])
        let l = (s.solution(0), s.solution(1), s.solution(2))
        #expect(l.0.isFinite && l.1.isFinite && l.2.isFinite)
        #expect(abs((l.0 + l.2) - 2) < 1e-9 && abs((l.1 + l.2) - 3) < 1e-9)
    }

    @Test("a bound crossed by the free answer is held, and the other unknown is the constrained minimum")
    func boundHeld() {
        // Free: A⁻¹·b = (2, −3). With x₂ ≥ 0: x₂ = 0 and 2·x₁ = 1, so x₁ = 0.5; the residual of the
        // held row, 1·0.5 + 4 = 4.5, is ≥ 0, so this is the answer of the bounded problem.
        let s = Self.system([[2, 1], [1, 2]], [1, -4], bounds: [(-.infinity, .infinity), (0, .infinity)])
        #expect(abs(s.solution(0) - 0.5) < 1e-12 && s.solution(1) == 0)
    }

    @Test("an unknown held only because of others held after it is let go: the answer meets every row's bound and complementarity")
    func heldUnknownLetGo() {
        // All three x ≥ 0. The free answer (−4, −3, −1) has x₂ furthest out (3 · 3 = 9), so it is
        // held at 0; then x₁ and x₃ are (−10/7, −1/7) and x₁ is held; then x₃ = −1/2 is held. But
        // with x₁ = x₃ = 0, x₂'s own row asks for 3·x₂ = 1. The bounded problem (a convex
        // quadratic: A is positive definite) has one answer, (0, 1/3, 0): row 2 is met and the
        // rows held at their bound push toward it, residuals A·x − b = (7/3, 0, 4/3) ≥ 0. Holding
        // every unknown at zero leaves row 2's residual at −1: it pulls away from its bound.
        let s = Self.system([[2, -2, 1], [-2, 3, -2], [1, -2, 4]], [-3, 1, -2],
                            bounds: [(0, .infinity), (0, .infinity), (0, .infinity)])
        #expect(s.solution(0) == 0 && abs(s.solution(1) - 1.0 / 3) < 1e-12 && s.solution(2) == 0,
                "(\(s.solution(0)), \(s.solution(1)), \(s.solution(2)))")
    }

    /// A star: row 0 couples with rows 1, 2 and 3, which couple with nothing else (a bone with
    /// three joints on it). A·(1, −1, 2, −2) = (4 − 1 + 2 − 2, 1 − 3, 1 + 6, 1 − 6).
    static let star: [[Double]] = [[4, 1, 1, 1], [1, 3, 0, 0], [1, 0, 3, 0], [1, 0, 0, 3]]

    /// The star with only its couplings handed over (its zeros left out), in the order found.
    static func sparseStar(bounds: [(Double, Double)]) -> (BoundedLinearSystem, [Int]) {
        var s = BoundedLinearSystem()
        s.reset(size: 4)
        for i in 0..<4 {
            s.setMatrix(i, i, star[i][i])
            if i > 0 { s.setMatrix(i, 0, star[i][0]) }
            s.setRight(i, [3, -2, 7, -5][i])
            s.setBounds(i, lower: bounds[i].0, upper: bounds[i].1)
        }
        let order = s.eliminationOrder()
        s.solve(start: nil, order: order)
        return (s, order)
    }

    @Test("a star given only its couplings is eliminated leaves first, with no fill, and solved exactly")
    func sparseStarSolved() {
        let (s, order) = Self.sparseStar(bounds: Array(repeating: (-.infinity, .infinity), count: 4))
        let graph = EliminationOrder.symmetric([0, 1, 1, 1])
        // Its own order eliminates the centre first and ties the three leaves together (three
        // ties, each counted from both ends); the order found ties nothing.
        #expect(EliminationOrder.fill(graph, [0, 1, 2, 3]) == 6)
        #expect(order.first != 0 && EliminationOrder.fill(graph, order) == 0, "\(order)")
        let x = (0..<4).map { s.solution($0) }
        #expect(zip(x, [1, -1, 2, -2]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(x)")
    }

    @Test("a star with a bound crossed, eliminated leaves first, holds it and solves the rest exactly")
    func sparseStarBounded() {
        // x₃ ≥ 0 is crossed by the free answer (−2): held at 0, the rest solve 4a + b + c = 3,
        // a + 3b = −2, a + 3c = 7: a = 0.4, b = −0.8, c = 2.2; row 3's residual a + 5 = 5.4 ≥ 0
        // pushes toward the bound, so this is the bounded problem's answer.
        var bounds = Array(repeating: (-Double.infinity, Double.infinity), count: 4)
        bounds[3] = (0, .infinity)
        let (s, _) = Self.sparseStar(bounds: bounds)
        let x = (0..<4).map { s.solution($0) }
        #expect(zip(x, [0.4, -0.8, 2.2, 0]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(x)")
    }
}
