// World+Checkpoint: the engine's whole state as one value, taken and put back.
//
// Every piece of the World's state is a struct or an array of plain structs (bodies, shapes,
// vertices, joints, the broad phase's tree and pair bookkeeping, the contacts with their
// warm-start impulses, the stepper's constraint graph and scratch arrays, the sleeper's islands),
// so a checkpoint is a copy of the stored properties: the arrays are copy-on-write, and taking
// one costs a few reference-count increments until the live world next writes to each array.
// Putting it back assigns the same properties, so a world restored from a checkpoint of step k
// goes on exactly as the world did from step k: the same arrays in the same order, bit for bit.
// Nothing is left out, scratch included: some scratch (the constraint graph's colors, the
// sleeper's candidates) carries from step to step, and leaving out any of it would make
// bit-identity depend on reading every stage right.
//
// Left out is only what the next step builds again before it reads it: the constraint graph's
// batches, colors and constraint lists (ConstraintGraph.withoutRebuiltArrays), an eighth of a
// crowd's checkpoint. Leaving them out also keeps the live world's graph unshared, so its next
// step writes in place instead of copying megabytes.
//
// A checkpoint kept for long is packed (`packed()`): its contacts, two thirds of a crowd's
// checkpoint, the pair table that indexes them, the bodies and the shapes are moved into
// PackedArrays (shuffled by byte and deflated; PackedParts), and unpacked when it is restored,
// to the same bits; the rest stays as it is. Unpacking can run in pieces (`unpacking()`), so
// a caller with a frame's time to spare takes a packed crowd's megabytes a slice at a time.
import Geometry

/// A copy of a World's state (World+Checkpoint.swift).
struct WorldCheckpoint {
    fileprivate var settings: WorldSettings
    fileprivate var bodies: [Body]
    fileprivate var freeBodies: [Int32]
    fileprivate var shapes: [Shape]
    fileprivate var freeShapes: [Int32]
    fileprivate var vertices: [Vector]
    fileprivate var normals: [Vector]
    fileprivate var worldVertices: [Vector]
    fileprivate var worldNormals: [Vector]
    fileprivate var joints: [Joint]
    fileprivate var freeJoints: [Int32]
    fileprivate var broadPhase: BroadPhase
    fileprivate var contactSet: ContactSet
    fileprivate var stepper: Stepper
    fileprivate var fieldLoads: [FieldLoad]
    fileprivate var sleeper: IslandSleeper
    /// The arrays packed, when packed (then `contactSet`, `bodies` and `shapes` hold none).
    fileprivate var packedParts: PackedParts?

    /// Bytes the checkpoint's arrays hold (RetainedBytes.swift), counted as if it shared none
    /// with the live world or other checkpoints: an upper bound. Packed contacts count as
    /// their deflated bytes.
    var retainedBytes: Int { RetainedBytes.of(self) }

    /// Whether the contacts are packed.
    var isPacked: Bool { packedParts != nil }

    /// The same checkpoint with its contacts, pair table, bodies and shapes packed (itself when
    /// they are, or cannot be), through `scratch`'s buffers.
    func packed(scratch: PackingScratch) -> WorldCheckpoint {
        guard packedParts == nil else { return self }
        var c = self
        guard let parts = PackedParts(packing: &c.contactSet, bodies: bodies, shapes: shapes, scratch: scratch) else { return self }
        c.packedParts = parts
        c.bodies = []
        c.shapes = []
        return c
    }

    /// The same checkpoint unpacked (itself when it is not packed); nil when its bytes do not
    /// unpack.
    func unpacked() -> WorldCheckpoint? {
        let u = unpacking()
        while !u.isDone { guard u.runNext() else { return nil } }
        return u.result()
    }

    /// Unpacking in pieces, each a part or a chunk of the contacts (PackedParts.unpacking).
    func unpacking() -> Piecework<WorldCheckpoint> {
        guard let parts = packedParts else { return Piecework(finished: self) }
        return parts.unpacking().map { arrays in
            var c = self
            c.packedParts = nil
            c.contactSet.replaceContacts(arrays.contacts)
            guard c.contactSet.unpackPairs(arrays.pairs) else { return nil }
            c.bodies = arrays.bodies
            c.shapes = arrays.shapes
            return c
        }
    }
}

extension World {
    /// The world's state now.
    func checkpoint() -> WorldCheckpoint {
        WorldCheckpoint(settings: settings, bodies: bodies, freeBodies: freeBodies, shapes: shapes,
                        freeShapes: freeShapes, vertices: vertices, normals: normals,
                        worldVertices: worldVertices, worldNormals: worldNormals, joints: joints,
                        freeJoints: freeJoints, broadPhase: broadPhase.forCheckpoint(), contactSet: contactSet,
                        stepper: stepper.forCheckpoint(), fieldLoads: fieldLoads, sleeper: sleeper, packedParts: nil)
    }

    /// Puts back the state of `c`, whole; false, changing nothing, when its packed contacts do
    /// not unpack.
    func restore(_ packed: WorldCheckpoint) -> Bool {
        guard let c = packed.unpacked() else { return false }
        settings = c.settings
        bodies = c.bodies
        freeBodies = c.freeBodies
        shapes = c.shapes
        freeShapes = c.freeShapes
        vertices = c.vertices
        normals = c.normals
        worldVertices = c.worldVertices
        worldNormals = c.worldNormals
        joints = c.joints
        freeJoints = c.freeJoints
        broadPhase = c.broadPhase
        contactSet = c.contactSet
        stepper = c.stepper
        fieldLoads = c.fieldLoads
        sleeper = c.sleeper
        return true
    }
}
