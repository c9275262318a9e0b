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
// A checkpoint kept for long is packed (`packed()`): its contacts, two thirds of a crowd's
// checkpoint, and the pair table that indexes them, another eighth, are moved into PackedArrays
// (shuffled by byte and deflated), and unpacked when it is restored, to the same bits; the rest
// stays as it is.
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
    /// The contacts and the pair table's arrays, when packed (then `contactSet` holds none).
    fileprivate var packedContacts: PackedArray<Contact>?
    fileprivate var packedPairs: PairTable.Packed?

    /// Bytes the checkpoint's arrays hold (RetainedBytes.swift), counted as if it shared none
    /// with the live world or other checkpoints: an upper bound. Packed contacts count as
    /// their deflated bytes.
    var retainedBytes: Int { RetainedBytes.of(self) }

    /// Whether the contacts are packed.
    var isPacked: Bool { packedContacts != nil }

    /// The same checkpoint with its contacts and pair table packed (itself when they are, or
    /// cannot be), through `scratch`'s buffers.
    func packed(scratch: PackingScratch) -> WorldCheckpoint {
        guard packedContacts == nil, let p = PackedArray(contactSet.contacts, scratch: scratch) else { return self }
        var c = self
        guard let pairs = c.contactSet.packPairs(scratch: scratch) else { return self }
        c.packedPairs = pairs
        c.packedContacts = p
        c.contactSet.replaceContacts([])
        return c
    }
}

extension World {
    /// The world's state now.
    func checkpoint() -> WorldCheckpoint {
        WorldCheckpoint(settings: settings, bodies: bodies, freeBodies: freeBodies, shapes: shapes,
                        freeShapes: freeShapes, vertices: vertices, normals: normals,
                        worldVertices: worldVertices, worldNormals: worldNormals, joints: joints,
                        freeJoints: freeJoints, broadPhase: broadPhase, contactSet: contactSet,
                        stepper: stepper, fieldLoads: fieldLoads, sleeper: sleeper, packedContacts: nil, packedPairs: nil)
    }

    /// Puts back the state of `c`, whole; false, changing nothing, when its packed contacts do
    /// not unpack.
    func restore(_ c: WorldCheckpoint) -> Bool {
        var contactSet = c.contactSet
        if let packed = c.packedContacts, let pairs = c.packedPairs {
            guard let contacts = packed.unpacked(), contactSet.unpackPairs(pairs) else { return false }
            contactSet.replaceContacts(contacts)
        }
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
        self.contactSet = contactSet
        stepper = c.stepper
        fieldLoads = c.fieldLoads
        sleeper = c.sleeper
        return true
    }
}
