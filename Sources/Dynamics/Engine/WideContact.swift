// WideContact: eight prepared contact constraints in the lanes of one batch, as
// WideContactSolver solves them.
//
// A batch is laid out as rows of eight lanes, one row per field, so a lane-wise formula reads
// each input as one vector load. Constraints are written into their lane in place, straight from
// the pass over the contacts (LaneContact.swift), and `finish` completes a batch eight lanes at
// a time; the accumulated impulses go back through StoredImpulses, a small array apart from the
// contacts.
import Geometry

struct WidePoint {
    var baseSeparation = Wide()
    var normalMass = Wide(), tangentMass = Wide()
    var normalImpulse = Wide(), tangentImpulse = Wide(), maxNormalImpulse = Wide()
    /// The lever arms (WideContactSolver.Levers): all the solver needs of the anchors.
    var rnA = Wide(), rnB = Wide(), rtA = Wide(), rtB = Wide()
    /// The separation at the bodies' current positions: as prepared for the first substep, then
    /// as the relax pass measures it after each substep's positions move. Positions do not move
    /// again before the next substep's biased pass, so that pass reads it here instead of
    /// gathering the displacements and measuring it again.
    var separation = Wide()
}

struct WideContact {
    var bodyA = WideIndex(repeating: 0)
    var bodyB = WideIndex(repeating: 0)
    /// Index of each lane's scalar constraint, -1 for an empty lane.
    var source = WideIndex(repeating: -1)
    var nx = Wide(), ny = Wide()
    var friction = Wide()
    var mA = Wide(), iA = Wide(), mB = Wide(), iB = Wide()
    var biasRate = Wide(), massScale = Wide(), impulseScale = Wide()
    /// LaneContact.blocks: 1 where the soft pass may solve the lane's two points as a block.
    var blocks = Wide()
    var p1 = WidePoint()
    var p2 = WidePoint()
    /// LaneContact.biasedFriction: 1 where the biased pass solves the lane's friction too.
    var biasedFriction = Wide()
    /// The shapes' rounding radii, for the separation (`rolling`).
    var radiusA = Wide(), radiusB = Wide()
    /// 1 where the normal turns with A's face, with B's (LaneContact.frameA, frameB).
    var frameA = Wide(), frameB = Wide()

    /// A batch is 41 rows of eight lanes, each row one field, in declaration order (a test checks
    /// the layout): the three index rows, the eleven per-constraint rows, each point's eleven
    /// (the last, the current separation, is set by `finish`), then the biased-friction row and
    /// the two radius rows and the two frame rows.
    enum Row {
        static let bodyA = 0, bodyB = 1, source = 2, nx = 3, ny = 4, friction = 5
        static let mA = 6, iA = 7, mB = 8, iB = 9, biasRate = 10, massScale = 11, impulseScale = 12
        static let blocks = 13
        static let p1 = 14, p2 = 25, biasedFriction = 36, radiusA = 37, radiusB = 38, frameA = 39, frameB = 40
        // Within a point.
        static let baseSeparation = 0, normalMass = 1, tangentMass = 2
        static let normalImpulse = 3, tangentImpulse = 4, maxNormalImpulse = 5
        static let rnA = 6, rnB = 7, rtA = 8, rtB = 9, separation = 10
        static let count = 41
    }

    /// Writes one prepared constraint into lane `lane` of a batch in place, straight from the
    /// pass over the contacts, with no staging copy to transpose. The effective masses go in
    /// as K = 1/m; `finish` turns a batch's into masses eight lanes at a time.
    @inline(__always)
    static func write(_ l: LaneContact, into batch: UnsafeMutablePointer<WideContact>, lane: Int) {
        let base = UnsafeMutableRawPointer(batch) + lane &* MemoryLayout<Float>.stride
        @inline(__always) func put(_ row: Int, _ v: Float) {
            (base + row &* MemoryLayout<Wide>.stride).storeBytes(of: v, as: Float.self)
        }
        @inline(__always) func put(_ row: Int, _ v: Int32) {
            (base + row &* MemoryLayout<Wide>.stride).storeBytes(of: v, as: Int32.self)
        }
        @inline(__always) func put(_ point: Int, _ p: LanePoint) {
            put(point + Row.rnA, p.rnA); put(point + Row.rnB, p.rnB)
            put(point + Row.rtA, p.rtA); put(point + Row.rtB, p.rtB)
            put(point + Row.separation, Float(0))
            put(point + Row.baseSeparation, p.baseSeparation)
            put(point + Row.normalMass, p.normalK); put(point + Row.tangentMass, p.tangentK)
            put(point + Row.normalImpulse, p.normalImpulse); put(point + Row.tangentImpulse, p.tangentImpulse)
            put(point + Row.maxNormalImpulse, Float(0))
        }
        put(Row.bodyA, l.bodyA); put(Row.bodyB, l.bodyB); put(Row.source, l.contact)
        put(Row.nx, l.nx); put(Row.ny, l.ny); put(Row.friction, l.friction)
        put(Row.mA, l.mA); put(Row.iA, l.iA); put(Row.mB, l.mB); put(Row.iB, l.iB)
        put(Row.biasRate, l.biasRate); put(Row.massScale, l.massScale); put(Row.impulseScale, l.impulseScale)
        put(Row.blocks, l.blocks); put(Row.biasedFriction, l.biasedFriction)
        put(Row.radiusA, l.radiusA); put(Row.radiusB, l.radiusB)
        put(Row.frameA, l.frameA); put(Row.frameB, l.frameB)
        put(Row.p1, l.p1)
        put(Row.p2, l.p2)
    }

    /// Completes a batch once its lanes are written: turns the K values `write` left in the mass
    /// rows into effective masses (zero where K is zero: an empty lane, or the absent second
    /// point of a one-point manifold), and sets each point's separation at the start of the step
    /// (no displacement, no turn: WideContactSolver.separation with dp = 0, q = (1, 0)).
    @inline(__always)
    mutating func finish() {
        let zero = Wide(repeating: 0), one = Wide(repeating: 1)
        @inline(__always) func invert(_ k: Wide) -> Wide { (one / k).replacing(with: zero, where: k .<= zero) }
        @inline(__always) func complete(_ p: inout WidePoint) {
            p.normalMass = invert(p.normalMass); p.tangentMass = invert(p.tangentMass)
            p.separation = (zero - p.rtB) - (zero - p.rtA) + p.baseSeparation
        }
        complete(&p1)
        complete(&p2)
    }

    /// Copies the accumulated impulses into the lanes' entries of `impulses` (indexed by contact).
    @inline(__always)
    func store(into impulses: UnsafeMutablePointer<StoredImpulses>) {
        for lane in 0..<wideLanes where source[lane] >= 0 {
            impulses[Int(source[lane])] = StoredImpulses(
                p1: SIMD4(p1.normalImpulse[lane], p1.tangentImpulse[lane], p1.maxNormalImpulse[lane], 1),
                p2: SIMD4(p2.normalImpulse[lane], p2.tangentImpulse[lane], p2.maxNormalImpulse[lane], 0))
        }
    }
}

/// A batched contact's impulses at the end of the step, on their way back to its manifold:
/// normal, tangent and largest normal impulse of each point; `p1`'s last float is 1 when the
/// entry is set. Kept apart from the contacts, 32 bytes each, so the batches write into a small
/// array instead of across all the contacts once per color.
struct StoredImpulses {
    var p1: SIMD4<Float>
    var p2: SIMD4<Float>
    static let unset = StoredImpulses(p1: .zero, p2: .zero)
}
