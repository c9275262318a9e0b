// Manifold: up to two contact points between two shapes, with the normal pointing from A to B.
//
// Points may be speculative (positive separation): the solver then only stops the bodies from
// closing the gap faster than it can shrink, which is what keeps fast items from tunneling.
// Each point carries a feature id so its impulse survives to the next step (warm starting).
import Geometry

struct ManifoldPoint: Sendable {
    /// Contact point relative to each body's center, world orientation, at the start of the step.
    var anchorA: Vector = .zero
    var anchorB: Vector = .zero
    var point: Vector = .zero
    var separation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var id: UInt32 = 0

    @inline(__always) init() {}

    @inline(__always)
    init(anchorA: Vector, anchorB: Vector, point: Vector, separation: Double, id: UInt32) {
        self.anchorA = anchorA; self.anchorB = anchorB; self.point = point
        self.separation = separation; self.id = id
    }
}

struct Manifold: Sendable {
    var normal: Vector = .zero
    var count: Int = 0
    /// Each shape's radius if it is a circle, else 0: the part of each anchor that runs along
    /// the normal from the circle's center to its surface, which does not turn with the body
    /// (`rolling`). A capsule's side and a rounded polygon's face are flat, and their radius
    /// part turns with the face, so they keep 0 (treated as turning with the body, as before;
    /// their round ends and corners would need the feature the point lies on).
    var radiusA: Float = 0, radiusB: Float = 0
    /// The body whose face the normal came from, which the normal turns with within the step
    /// (`NormalFrame`): A's face, B's, or neither (two round surfaces, corner against corner).
    var frame: NormalFrame = .fixed
    var p1 = ManifoldPoint()
    var p2 = ManifoldPoint()

    // Spelled out so it inlines: the narrow phase makes one per pair per step, and an out-of-line
    // initializer followed by a copy cost a store-forwarding stall each time.
    @inline(__always) init() {}

    /// What the separation within the step needs of the shapes: the radius of each that is a
    /// circle, and 0 for the others (a capsule's side and a rounded polygon's face are flat, and
    /// their radius part turns with the face: `radiusA`), and two flat faces' frame given to the
    /// body that turns slower, at angular velocities `wA` and `wB` (`NormalFrame.slowerFace`).
    @inline(__always) mutating func keepShapes(_ A: Shape, _ B: Shape, _ wA: Double, _ wB: Double) {
        radiusA = A.kind == .circle ? Float(A.radius) : 0
        radiusB = B.kind == .circle ? Float(B.radius) : 0
        frame = frame.settled(wA, wB)
    }

    @inline(__always) mutating func add(_ p: ManifoldPoint) {
        if count == 0 { p1 = p } else { p2 = p }
        count += 1
    }
}

/// Which body's turn a contact's normal follows within a step. The narrow phase finds the normal
/// where the step begins, as a face's normal (a polygon's, or a segment's toward a circle), and
/// the face turns with its body while the substeps move the bodies. Measured along the normal
/// the step began with, a body sliding along a turning face seems farther from it than it is by
/// its slide times the sine of the turn: a spinner's bar at 12 rad/s, its load sliding outward
/// at 1,000 pt/s, let bodies 5 to 8.6 pt into it. Box2D 2.4's position solver measured along the
/// reference face's current normal; so does the separation here (`TurnedNormal`).
enum NormalFrame: UInt8, Sendable {
    /// The normal joins two round surfaces or two corners and keeps its direction.
    case fixed = 0
    /// The normal is A's face's, and turns with A.
    case faceA = 1
    /// The normal is B's face's (pointing into B's face from A), and turns with B.
    case faceB = 2
    /// Two faces lie flat on each other, and either could give the normal: it turns with the one
    /// whose body turns slower where the step begins (`settled`). A body sliding along a still
    /// face is measured exactly against it, while its own face, turning as it tumbles, lines up
    /// the still face's points it slid past against the face's extended line. (Measured without
    /// the rule: the spinner's bar at 8 rad/s let a body 5.6 pt in, against 1.3 with it.)
    case slowerFace = 3

    /// The frame of a face-against-feature manifold: B's face when `flip`, else A's.
    @inline(__always) static func face(flip: Bool) -> NormalFrame { flip ? .faceB : .faceA }

    /// The frame, with two flat faces given to the body that turns slower at angular velocities
    /// `wA` and `wB` (A's when they turn alike).
    @inline(__always) func settled(_ wA: Double, _ wB: Double) -> NormalFrame {
        self == .slowerFace ? (abs(wA) <= abs(wB) ? .faceA : .faceB) : self
    }

    /// The turn the normal takes when A and B turn by `dqA` and `dqB` (a settled frame).
    @inline(__always) func turn(_ dqA: Rotation, _ dqB: Rotation) -> Rotation {
        switch self {
        case .fixed, .slowerFace: return .identity
        case .faceA: return dqA
        case .faceB: return dqB
        }
    }
}

/// A contact's normal turned with its face, for bodies turned by dqA and dqB since the anchors
/// were taken, and what the round surfaces' radius parts take off (`rolling`): a circle's radius
/// part keeps facing the other shape, so it turns with its body only relative to the normal.
struct TurnedNormal {
    let normal: Vector, turned: Vector, roll: Double

    @inline(__always)
    init(_ n: Vector, _ frame: NormalFrame, radiusA: Double, radiusB: Double, dqA: Rotation, dqB: Rotation) {
        let turn = frame.turn(dqA, dqB)
        normal = n
        turned = turn.rotate(n)
        let cosA = dqA.c * turn.c + dqA.s * turn.s, cosB = dqB.c * turn.c + dqB.s * turn.s
        roll = rolling(radiusA, radiusB, cosA: cosA, cosB: cosB)
    }

    /// The separation of a point whose anchors rA and rB (one world point when taken) moved by
    /// d = (dpB − dpA) + (dqB·rB − dqA·rA), with `adjusted` its separation then less
    /// (rB − rA)·n. The anchors' relative displacement is d − (rB − rA); along the turned normal
    /// n' that adds d·n' − (rB − rA)·n', so the separation is d·n' + adjusted + (rB − rA)·(n − n').
    /// With no turn (a fixed frame, or a face that did not turn) it is d·n + adjusted − roll, the
    /// fixed normal's formula, bit for bit.
    @inline(__always)
    func separation(_ d: Vector, rA: Vector, rB: Vector, adjusted: Double) -> Double {
        d.dot(turned) + adjusted + (rB - rA).dot(normal - turned) - roll
    }

    /// The separation of a solver's contact point, its bodies displaced by (dpA, dqA) and
    /// (dpB, dqB) since the step began: every pass measures it this way (the scalar rows, the
    /// blocks, the joint groups' contact rows).
    @inline(__always)
    func separation(_ p: ContactConstraintPoint, dpA: Vector, dqA: Rotation, dpB: Vector, dqB: Rotation) -> Double {
        separation(rA: p.rA, rB: p.rB, adjusted: p.adjustedSeparation, dpA: dpA, dqA: dqA, dpB: dpB, dqB: dqB)
    }

    /// The same for a point given by its anchors and adjusted separation.
    @inline(__always)
    func separation(rA: Vector, rB: Vector, adjusted: Double, dpA: Vector, dqA: Rotation, dpB: Vector, dqB: Rotation) -> Double {
        let d = (dpB - dpA) + (dqB.rotate(rB) - dqA.rotate(rA))
        return separation(d, rA: rA, rB: rB, adjusted: adjusted)
    }
}

/// How much nearer two surfaces are than their turned anchors say, for bodies turned by
/// rotations with cosines `cosA` and `cosB` since the anchors were taken. An anchor is the
/// shape's core point plus its radius along the normal; the core point turns with its body, but
/// a round surface's point facing the other shape stays facing it however the body turns, so
/// the radius part must not turn. Turned with the rest, it tilts off the normal and the
/// separation seems to grow by ρ(1 − cos θ): a ball of 20 pt spinning at 5 rad/s took a gap of
/// 0.08 pt a step for granted and sank into the floor (docs/dynamics.md, "Rolling anchors").
@inline(__always)
func rolling(_ radiusA: Double, _ radiusB: Double, cosA: Double, cosB: Double) -> Double {
    radiusA * (1 - cosA) + radiusB * (1 - cosB)
}

/// A polygon (or segment) as the narrow phase sees it: world-space vertices and normals,
/// transformed once per step by the World. No copies: the pointers look into its arrays.
struct PolygonRef {
    var vertices: UnsafePointer<Vector>
    var normals: UnsafePointer<Vector>
    var count: Int
}
