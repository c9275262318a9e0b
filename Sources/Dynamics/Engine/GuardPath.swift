// GuardPath: one point of a body over a step, as the wall it may have gone through saw it.
//
// The wall guard (WallGuard.swift) asks whether a point of a body went through the surface of a
// shape that holds it out. A still wall sees the point go from where it was to where it is. A
// wall that moves over the step (an anchored item its owner drives by velocity, or a body so much
// heavier that the other cannot push it aside) sees the point move relative to itself: the
// point's start is taken into the wall's frame as the wall stood at the step's start, and out
// again as the wall stands at its end; the path runs from there to where the point is now,
// against the wall where it is now. A point put back along that path ends the step where it
// entered the wall as the wall stands now, carried along with it. A wall turns by a small angle
// in a step (0.5 rad/s: 0.008 rad), so the chord stands for the arc the point drew in its frame.
//
// The points: a body of one shape is held by its center of mass, as it always was. A body of
// several shapes (an item group) is held by its center of mass and by the center of each of its
// shapes, each with the largest circle about it inside its shape (less four slops, as for the
// body's core): a ball at the end of a dumbbell's bar went through a wall at 6,000 pt/s while
// the center of mass, held, stayed inside.
import Geometry

/// A point of a body the wall guard keeps out of walls, and the radius about it kept clear.
struct GuardPoint {
    /// In body coordinates; zero for the center of mass.
    var offset: Vector
    var core: Double

    /// The center of a shape of a body of several shapes (a circle's center, a capsule's middle,
    /// a polygon's vertex average) and the largest circle about it inside the shape, less four linear slops and at
    /// least half of it.
    static func center(of s: Shape, vertices: UnsafePointer<Vector>, normals: UnsafePointer<Vector>,
                       linearSlop: Double) -> GuardPoint {
        switch s.kind {
        case .circle:
            return GuardPoint(offset: s.center, core: max(s.radius - 4 * linearSlop, s.radius / 2))
        case .capsule:
            // Two centers and a radius: the middle of the two, with the radius about it.
            let start = Int(s.vertexStart)
            let c = (vertices[start] + vertices[start + 1]) * 0.5
            return GuardPoint(offset: c, core: max(s.radius - 4 * linearSlop, s.radius / 2))
        case .polygon:
            let start = Int(s.vertexStart), count = Int(s.vertexCount)
            var c = Vector.zero
            for k in start..<(start + count) { c += vertices[k] }
            c = c * (1 / Double(max(count, 1)))
            guard count > 2 else { return GuardPoint(offset: c, core: 0) }
            var inner = Double.infinity
            for k in start..<(start + count) { inner = min(inner, normals[k].dot(vertices[k] - c)) }
            // A rounded polygon's surface lies its radius beyond its core's.
            inner = max(inner, 0) + s.radius
            return GuardPoint(offset: c, core: max(inner - 4 * linearSlop, inner / 2))
        }
    }
}

/// A body's pose at the start and at the end of the step.
struct StepPose {
    let start: Transform
    let end: Transform
    /// The turn over the step.
    let turn: Rotation

    /// From the pose the step ended with and how far the body moved and turned over it.
    @inline(__always) init(end: Transform, displacement: Vector, turn: Rotation) {
        self.end = end
        self.turn = turn
        start = Transform(p: end.p - displacement, q: end.q.relative(to: turn))
    }

    /// The rotation a fraction `t` of the way through the step (the turn is uniform within it).
    @inline(__always) func rotation(at t: Double) -> Rotation {
        Rotation(angle: turn.angle * t).multiply(start.q)
    }

    /// The pose a fraction `t` of the way through the step: the center along its line, the turn
    /// uniform; the step's own poses at 0 and 1.
    @inline(__always) func at(_ t: Double) -> Transform {
        if t >= 1 { return end }
        if t <= 0 { return start }
        return Transform(p: start.p + (end.p - start.p) * t, q: rotation(at: t))
    }
}

/// A point's path over the step against a wall, in world coordinates as the wall stands at the
/// step's end: the point as the wall saw it at each moment, carried along to the wall's end pose.
struct GuardPath {
    let body: StepPose
    /// Nil for a wall that stands still.
    let wall: StepPose?
    let offset: Vector
    /// How many chords stand for the path: one for a point that does not turn about the wall, one
    /// more for each quarter of a radian the body or the wall turns (a dumbbell's ball 30 pt off
    /// its center turning 2.5 rad in a step strays 20 pt from a single chord, and stays within
    /// 0.3 pt of these).
    let pieces: Int
    let start: Vector
    let end: Vector

    @inline(__always) init(offset: Vector, body: StepPose, wall: StepPose?) {
        self.body = body
        self.wall = wall
        self.offset = offset
        let turned = max(offset == .zero ? 0 : abs(body.turn.angle), abs(wall?.turn.angle ?? 0))
        pieces = min(Self.maxPieces, 1 + Int(turned / Self.pieceTurn))
        start = Self.point(offset, body, wall, at: 0)
        end = body.end.apply(offset)
    }

    static let pieceTurn = 0.25
    static let maxPieces = 16

    /// The point a fraction `t` of the way through the step, as the wall saw it then, carried to
    /// where the wall stands at the end.
    @inline(__always) static func point(_ offset: Vector, _ body: StepPose, _ wall: StepPose?, at t: Double) -> Vector {
        let p = body.at(t).apply(offset)
        guard let wall else { return p }
        return t >= 1 ? p : wall.end.apply(wall.at(t).inverseApply(p))
    }

    @inline(__always) func point(at t: Double) -> Vector { Self.point(offset, body, wall, at: t) }

    /// The path's length along its chords.
    var length: Double {
        guard pieces > 1 else { return (end - start).length }
        var total = 0.0, from = start
        for k in 1...pieces {
            let to = point(at: Double(k) / Double(pieces))
            total += (to - from).length
            from = to
        }
        return total
    }

    /// The first chord, in order, that `crossing` finds a crossing on, as the fraction of the
    /// step where the point is put back: a linear slop short of the crossing, never before the
    /// chord's start. With `entering`, a path that crosses is put back where `entering` finds it
    /// first entered on an earlier chord, if it did: a ball at the end of a dumbbell's bar came
    /// within its core of a wall on one chord and crossed the wall's surface two chords later;
    /// asked of each chord alone, the entry on a chord that crosses nothing was never looked
    /// for, the ball was put back where it crossed the surface, and the arc between the chords
    /// left its center 0.14 pt beyond the wall.
    @inline(__always)
    func firstCrossing(slop: Double, entering: ((Vector, Vector) -> Double?)? = nil,
                       _ crossing: (Vector, Vector) -> Double?) -> Double? {
        var from = start
        for k in 0..<pieces {
            let to = chordEnd(k)
            let length = (to - from).length
            if length > 0, let t = crossing(from, to) {
                let here = (Double(k) + max(0, t - slop / length)) / Double(pieces)
                guard let entering, k > 0 else { return here }
                return firstEntry(before: k, slop: slop, entering) ?? here
            }
            from = to
        }
        return nil
    }

    /// The end of chord `k`: the path's point at (k + 1) / pieces, its end for the last.
    @inline(__always) private func chordEnd(_ k: Int) -> Vector {
        k == pieces - 1 ? end : point(at: Double(k + 1) / Double(pieces))
    }

    /// The first of the chords before chord `last` that `entering` finds an entry on, as the
    /// fraction of the step a linear slop short of it.
    private func firstEntry(before last: Int, slop: Double, _ entering: (Vector, Vector) -> Double?) -> Double? {
        var from = start
        for k in 0..<last {
            let to = chordEnd(k)
            let length = (to - from).length
            if length > 0, let t = entering(from, to) {
                return (Double(k) + max(0, t - slop / length)) / Double(pieces)
            }
            from = to
        }
        return nil
    }

    /// How far the point itself moved in the world over the step.
    @inline(__always) static func travel(offset: Vector, body: StepPose) -> Double {
        (body.end.apply(offset) - body.start.apply(offset)).length
    }

    /// The body's pose when put back to the fraction `t` of the step: as it was then, carried
    /// along with the wall to where the wall stands now. A point at the center keeps the body's
    /// turn as the step ended (a body of one shape is put back by its center alone, as ever).
    @inline(__always) func poseWhenPutBack(at t: Double) -> Transform {
        if offset == .zero { return Transform(p: point(at: t), q: body.end.q) }
        let b = body.at(t)
        guard let wall, t < 1 else { return b }
        let w = wall.at(t)
        return Transform(p: wall.end.apply(w.inverseApply(b.p)), q: wall.end.q.multiply(b.q.relative(to: w.q)))
    }
}
