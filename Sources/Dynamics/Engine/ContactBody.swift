// ContactBody: what the narrow phase reads of a body (NarrowPhase.swift and the recycling test),
// loaded field by field from the World's array.
//
// A Body is 248 bytes on four cache lines, and the narrow phase needs its pose, velocity, kind,
// island and extent: the first line and one more. Taking each contact's two bodies as whole
// copies loaded all four lines, and since the copies were handed on to routines that take a body
// by value, they went to the stack and were read back in pieces other than the ones written,
// which the processor cannot forward from its store buffer: the copies were the narrow phase's
// largest cost in a stirred pile (docs/performance-log.md). The fields are the body's own values,
// so every manifold, and every result, is the same.
import Geometry

struct ContactBody {
    let kind: BodyKind
    let island: Int32
    let position: Vector
    let rotation: Rotation
    let velocity: Vector
    let angularVelocity: Double
    let extent: Double

    @inline(__always)
    init(_ b: UnsafePointer<Body>) {
        kind = b.pointee.kind
        island = b.pointee.island
        position = b.pointee.position
        rotation = b.pointee.rotation
        velocity = b.pointee.velocity
        angularVelocity = b.pointee.angularVelocity
        extent = b.pointee.extent
    }

    /// A body at pose `xf` and at rest, for `NarrowPhase.collide`, which reads only the pose
    /// (SubstepManifolds collides at a substep's poses).
    init(at xf: Transform) {
        kind = .dynamic
        island = -1
        position = xf.p
        rotation = xf.q
        velocity = .zero
        angularVelocity = 0
        extent = 0
    }

    @inline(__always) var transform: Transform { Transform(p: position, q: rotation) }
    @inline(__always) var isAsleep: Bool { island >= 0 }
}
