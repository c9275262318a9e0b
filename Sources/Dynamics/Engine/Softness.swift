// Softness: a constraint treated as a damped spring solved implicitly ("soft step").
//
// Given a stiffness in hertz, a damping ratio and the substep h, the three coefficients turn a
// rigid constraint's impulse into a spring-damper's: `biasRate` feeds back position error,
// `massScale` and `impulseScale` soften the response. Hertz 0 means rigid. The formulas follow
// from integrating a mass-spring-damper with implicit Euler (Catto, "Solver2D", 2024).
import Geometry

struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }

    init(hertz: Double, dampingRatio zeta: Double, h: Double) {
        if hertz <= 0 { self = .rigid; return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}
