// JointGroups: joints that share moving bodies, solved together, exactly.
//
// The solver visits constraints one at a time (Gauss-Seidel). That converges fast when
// neighbouring constraints are weakly coupled and hardly at all when they are not, and the worst
// case is a light item between two joints: say a small item pinned to a heavy one and hanging a
// second item on a rod. Each joint's impulse moves mostly the light item, the other joint's undoes
// it, and one pass per substep leaves most of the error. Warm starting then reapplies the last
// substep's large, cancelling impulses along directions the light item has turned away from, and
// the error grows from substep to substep until the values overflow. Neither stiffness nor more
// substeps cure it (8, 16 and 32 substeps all reached NaN on such a scene); an exact solve does.
//
// So the awake joints are grouped by the moving bodies they share, and each group of two or more
// joints is solved as one system: every row of every joint in it (rods, springs, ropes, pins'
// points, friction and limits, welds, sliders) with K = J·M⁻¹·Jᵀ,
//
//     (K + Γ)·λ = −(J·v + bias) − Γ·λ₀,    Γᵢᵢ = (impulseScaleᵢ / massScaleᵢ)·Kᵢᵢ,
//
// which for a single row is exactly the soft step's λ = −massScale·(J·v + bias)/K −
// impulseScale·λ₀, so each row keeps its own softness (a spring its frequency, a joint the
// joint stiffness, a relax pass none). One-sided rows (limits, ropes) and bounded ones (friction
// torque) are handled by clamping: rows whose accumulated impulse would leave its bounds are held
// at the bound and the rest solved again. The system is factored as LDLᵀ; a row that depends on
// the others (a second weld between the same items) has a zero pivot and is left out, so an
// over-constrained group stays solvable.
//
// The contacts of jointed items join the groups: a contact whose moving items are all held by
// joints (ConstraintGraph sends it to the scalar overflow) brings one normal row per point,
// one-sided, with the contact solver's bias and softness, and a contact between two jointed items
// joins their groups as a joint would; its friction stays in the contact solver. One at a time,
// the floor's contact sees only its light item's mass and the joint only the joint's: a 0.0003
// mass item welded under a 1.8 mass item was pushed through the floor by it. A joint with such a
// contact is grouped even alone.
//
// A joint alone in its group keeps its own solve, the same answer with the same arithmetic as
// before groups existed, unless it has one-sided rows beside its rigid ones (a pin with limits or
// friction, a slider with limits): their lever arms couple them as two joints would be. Mouse
// joints (snaps, the grab) stay outside groups: their force cap bounds the length of a vector,
// not each row. Groups are found once per step.
//
// A group of more than `maxRows` rows costs too much to factor densely each pass. When none of
// its rows is bounded (plain pins, rods, springs, welds, sliders without limits) and it has no
// contacts, its joints are put in breadth-first order, so that each row meets only rows close
// before it, and it is solved exactly by an envelope factorization (EnvelopeLinearSystem) while
// that costs no more than `maxEnvelopeWork`: a hanging chain of any length (its work grows
// linearly) and a small net. Any other large group (a large net, a chain with limits or
// touching items) is solved one joint at a time: Box2D v3's soft step, Gauss-Seidel passes
// with warm starting (`iterativeJoints` get further passes per substep: a ball's pins, coupled
// through its turn, need them; WorldSettings.iterativeJointPasses). That pass is stable only
// while the joints are soft enough for it. The joints' stiffness is twice the contacts' (Box2D's
// rule), and Nudge raised the contacts' to 60 Hz for tall pyramids, which put the joints at
// 120 Hz, half the substep rate: there one pass leaves enough of a chain's error that the
// position bias feeds it back larger each substep (a hanging chain of 15 pins at rest reached
// 480,000 pt/s in 4 s; a model of the same pass explodes at 100 Hz too and settles at 60).
// Joints solved one at a time beside others of their group (`isIterative`) therefore use Box2D
// v3's own joint stiffness, a quarter of the substep rate (60 Hz at 240 Hz substeps), where the
// pass contracts; an exact group and a joint alone, which solve their rows exactly, keep the
// stiffer one.
import Geometry

/// One row of a group: J·v = linA·vA + angA·ωA + linB·vB + angB·ωB.
struct JointRow {
    /// The joint's index, or for a contact point's row the contact constraint's (in the overflow).
    var owner: Int32
    /// Which of the joint's (or the contact's) accumulated impulses the row adds to.
    var slot: Slot
    var bodyA: Int32, bodyB: Int32
    var mA: Double, iA: Double, mB: Double, iB: Double
    var linA: Vector, angA: Double
    var linB: Vector, angB: Double
    /// The velocity the row steers by (bias rate times position error, or C/h for a limit not
    /// yet reached).
    var bias: Double
    /// impulseScale / massScale of the row's softness: 0 for a rigid row. The row's Γ is this
    /// times its diagonal K, or, for a spring (`isSpring`), this times the bodies' inverse
    /// masses alone (see JointSolver's spring).
    var compliance: Double
    var isSpring = false
    /// Bounds on the accumulated impulse.
    var lower: Double, upper: Double

    enum Slot: UInt8 { case impulse, linearX, linearY, angular, lower, upper, motor, contactPoint1, contactPoint2 }
}

struct JointGroups {
    /// Rows of a group beyond which it is solved one joint at a time (factoring 64 rows takes
    /// about 44,000 multiply-adds).
    static let maxRows = 64
    /// Multiply-adds beyond which a larger group of unbounded rows is not factored exactly but
    /// solved one joint at a time (a net of up to about 11×11 balls and a chain of thousands are
    /// within it).
    static let maxEnvelopeWork = 1 << 18
    /// Rows beyond which a group is not even ordered for the envelope factorization.
    static let maxEnvelopeRows = 8192

    /// Whether each joint is solved in a group (indexed like the world's joints).
    private(set) var isGrouped: [Bool] = []
    /// Whether each joint is solved one at a time beside other joints of a group too large to
    /// solve exactly, with the iterative pass's softness (see the top of the file).
    private(set) var isIterative: [Bool] = []
    /// The joints with `isIterative` set, in the awake order: the further passes run over them.
    private(set) var iterativeJoints: [Int32] = []
    /// Grouped joints, group after group; group g is `members[groupStarts[g]..<groupStarts[g + 1]]`.
    private(set) var members: [Int32] = []
    private(set) var groupStarts: [Int] = [0]
    var count: Int { groupStarts.count - 1 }
    /// Whether each overflow contact's normal rows are solved in a group (its friction is not).
    private(set) var isContactGrouped: [Bool] = []
    /// Grouped contacts (overflow indices), group after group, as `members`.
    private(set) var contactMembers: [Int32] = []
    private(set) var contactStarts: [Int] = [0]

    /// Whether each group is solved by the envelope factorization (its joints in breadth-first order).
    private(set) var isEnvelope: [Bool] = []

    private var parent: [Int32] = []
    private var rows: [JointRow] = []
    private var system = BoundedLinearSystem()
    private var envelope = EnvelopeLinearSystem()
    // Scratch by body index for the breadth-first order and the rows' envelopes: -1 or 0 between uses.
    private var bodyFirstRow: [Int32] = []
    private var bodyJointCount: [Int32] = []
    private var bodyJointStart: [Int32] = []
    private var bodyJoints: [Int32] = []
    private var ordered: [Int32] = []
    private var rowFirst: [Int] = []

    // MARK: Finding the groups

    /// The rows a joint brings to a group (`makeRows`): a plain pin two, a rod one.
    static func rowCount(_ j: Joint) -> Int {
        switch j.kind {
        case .distance:
            if j.minLength >= j.maxLength { return 1 }
            return (j.hertz > 0 ? 1 : 0) + (j.minLength > 0 ? 1 : 0) + (j.maxLength < .infinity ? 1 : 0)
        case .revolute: return 2 + (j.maxMotorTorque > 0 ? 1 : 0) + (j.enableLimit ? 2 : 0)
        case .prismatic: return 2 + (j.enableLimit ? 2 : 0)
        case .weld: return 3
        case .mouse: return 0
        }
    }

    /// A pin with limits or friction, or a slider with limits: one-sided rows beside rigid ones,
    /// with the same lever arms, which one at a time undo each other as two joints would.
    static func couplesItsOwnRows(_ j: Joint) -> Bool {
        switch j.kind {
        case .revolute: return j.enableLimit || j.maxMotorTorque > 0
        case .prismatic: return j.enableLimit
        case .distance, .weld, .mouse: return false
        }
    }

    private mutating func root(_ b: Int32) -> Int32 {
        var r = b
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var c = b
        while parent[Int(c)] != r { let next = parent[Int(c)]; parent[Int(c)] = r; c = next }
        return r
    }

    /// Groups the awake joints by the moving bodies they share, with the contacts (`contacts`,
    /// the overflow) whose moving bodies are all `jointed`.
    mutating func build(awake: UnsafeBufferPointer<Int32>, joints: UnsafeBufferPointer<Joint>,
                        contacts: UnsafeBufferPointer<ContactConstraint>, jointed: UnsafeBufferPointer<Bool>, bodyCount: Int) {
        if isGrouped.count != joints.count {
            isGrouped = [Bool](repeating: false, count: joints.count)
            isIterative = isGrouped
        }
        for id in awake { isGrouped[Int(id)] = false; isIterative[Int(id)] = false }
        iterativeJoints.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        groupStarts.removeAll(keepingCapacity: true)
        groupStarts.append(0)
        contactMembers.removeAll(keepingCapacity: true)
        contactStarts.removeAll(keepingCapacity: true)
        contactStarts.append(0)
        isEnvelope.removeAll(keepingCapacity: true)
        isContactGrouped.removeAll(keepingCapacity: true)
        isContactGrouped.append(contentsOf: repeatElement(false, count: contacts.count))
        if awake.isEmpty { return }
        if parent.count != bodyCount {
            parent = [Int32](repeating: 0, count: bodyCount)
            bodyFirstRow = [Int32](repeating: -1, count: bodyCount)
            bodyJointCount = [Int32](repeating: 0, count: bodyCount)
            bodyJointStart = bodyJointCount
        }
        @inline(__always) func moves(_ m: Double, _ i: Double) -> Bool { m > 0 || i > 0 }
        for id in awake {
            let j = joints[Int(id)]
            parent[Int(j.bodyA)] = j.bodyA; parent[Int(j.bodyB)] = j.bodyB
        }
        for id in awake {
            let j = joints[Int(id)]
            guard JointSolver.isGroupable(j), moves(j.mA, j.iA), moves(j.mB, j.iB) else { continue }
            let a = root(j.bodyA), b = root(j.bodyB)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        /// The jointed body a contact belongs with, or -1 when a moving body of it is not jointed.
        func contactBody(_ c: ContactConstraint) -> Int32 {
            if jointed.isEmpty { return -1 }
            let movesA = moves(c.mA, c.iA), movesB = moves(c.mB, c.iB)
            if movesA && !jointed[Int(c.bodyA)] || movesB && !jointed[Int(c.bodyB)] { return -1 }
            return movesB ? c.bodyB : (movesA ? c.bodyA : -1)
        }
        // A contact between two jointed bodies joins their groups, as a joint would.
        for c in contacts where contactBody(c) >= 0 && moves(c.mA, c.iA) && moves(c.mB, c.iB) {
            let a = root(c.bodyA), b = root(c.bodyB)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        // Each joint belongs to the group of a moving body it holds. Groups are listed in the
        // order of their first joint and joints in the awake order, so the same world always
        // solves in the same order (the dictionary is only looked up, never iterated).
        var groupOfRoot: [Int32: Int] = [:]
        var groups: [[Int32]] = []
        for id in awake {
            let j = joints[Int(id)]
            guard JointSolver.isGroupable(j) else { continue }
            let body = moves(j.mB, j.iB) ? j.bodyB : (moves(j.mA, j.iA) ? j.bodyA : -1)
            guard body >= 0 else { continue }
            let key = root(body)
            if let g = groupOfRoot[key] { groups[g].append(id) } else { groupOfRoot[key] = groups.count; groups.append([id]) }
        }
        var groupContacts = [[Int32]](repeating: [], count: groups.count)
        for (k, c) in contacts.enumerated() {
            let body = contactBody(c)
            guard body >= 0, let g = groupOfRoot[root(body)] else { continue }
            groupContacts[g].append(Int32(k))
        }
        for (g, group) in groups.enumerated()
        where group.count >= 2 || !groupContacts[g].isEmpty || Self.couplesItsOwnRows(joints[Int(group[0])]) {
            let n = group.reduce(0) { $0 + Self.rowCount(joints[Int($1)]) }
                + groupContacts[g].reduce(0) { $0 + contacts[Int($1)].count }
            var envelope = false
            if n > Self.maxRows {
                guard groupContacts[g].isEmpty, n <= Self.maxEnvelopeRows,
                      group.allSatisfy({ Self.hasOnlyUnboundedRows(joints[Int($0)]) }),
                      orderForEnvelope(group, joints) else {
                    for id in group { isIterative[Int(id)] = true }
                    iterativeJoints.append(contentsOf: group)
                    continue
                }
                envelope = true
            }
            for id in (envelope ? ordered : group) { isGrouped[Int(id)] = true; members.append(id) }
            groupStarts.append(members.count)
            isEnvelope.append(envelope)
            for k in groupContacts[g] { isContactGrouped[Int(k)] = true; contactMembers.append(k) }
            contactStarts.append(contactMembers.count)
        }
    }

    /// Whether every row the joint brings is unbounded (no limit, motor, friction or rope).
    static func hasOnlyUnboundedRows(_ j: Joint) -> Bool {
        switch j.kind {
        case .distance: return j.minLength >= j.maxLength || (j.minLength <= 0 && j.maxLength == .infinity)
        case .revolute: return !j.enableLimit && j.maxMotorTorque <= 0
        case .prismatic: return !j.enableLimit
        case .weld: return true
        case .mouse: return false
        }
    }

    /// Puts `group`'s joints in `ordered` breadth first through the moving bodies they share,
    /// from a joint with the fewest neighbours (a chain's end), and tells whether the envelope
    /// factorization of its rows in that order takes at most `maxEnvelopeWork`.
    private mutating func orderForEnvelope(_ group: [Int32], _ joints: UnsafeBufferPointer<Joint>) -> Bool {
        @inline(__always) func movingBodies(_ j: Joint) -> (Int32, Int32) {
            (j.mA > 0 || j.iA > 0 ? j.bodyA : -1, j.mB > 0 || j.iB > 0 ? j.bodyB : -1)
        }
        // The joints of each moving body, as lists in one array.
        for id in group {
            let (a, b) = movingBodies(joints[Int(id)])
            if a >= 0 { bodyJointCount[Int(a)] += 1 }
            if b >= 0 { bodyJointCount[Int(b)] += 1 }
        }
        var total: Int32 = 0
        for id in group {
            let (a, b) = movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 && bodyJointStart[Int(body)] == 0 && bodyJointCount[Int(body)] > 0 {
                total += bodyJointCount[Int(body)]
                bodyJointStart[Int(body)] = total   // the end of its list; filled downwards below
            }
        }
        bodyJoints.removeAll(keepingCapacity: true)
        bodyJoints.append(contentsOf: repeatElement(-1, count: Int(total)))
        for id in group {
            let (a, b) = movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 {
                bodyJointStart[Int(body)] -= 1
                bodyJoints[Int(bodyJointStart[Int(body)])] = id
            }
        }
        // Breadth first from the joint with the fewest neighbours; a part reached only through
        // a contact (none here) or a static body starts again from its first joint.
        func neighbours(_ id: Int32) -> Int32 {
            let (a, b) = movingBodies(joints[Int(id)])
            return (a >= 0 ? bodyJointCount[Int(a)] : 0) + (b >= 0 ? bodyJointCount[Int(b)] : 0)
        }
        var startIndex = 0
        for (k, id) in group.enumerated() where neighbours(id) < neighbours(group[startIndex]) { startIndex = k }
        ordered.removeAll(keepingCapacity: true)
        var seen = Set<Int32>()
        seen.reserveCapacity(group.count)
        var queueStart = 0
        for k in 0..<group.count {
            let seed = group[(startIndex + k) % group.count]
            if seen.contains(seed) { continue }
            seen.insert(seed); ordered.append(seed)
            while queueStart < ordered.count {
                let id = ordered[queueStart]; queueStart += 1
                let (a, b) = movingBodies(joints[Int(id)])
                for body in [a, b] where body >= 0 {
                    let s = Int(bodyJointStart[Int(body)])
                    for m in s..<(s + Int(bodyJointCount[Int(body)])) where !seen.contains(bodyJoints[m]) {
                        seen.insert(bodyJoints[m]); ordered.append(bodyJoints[m])
                    }
                }
            }
        }
        for id in group {
            let (a, b) = movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 { bodyJointCount[Int(body)] = 0; bodyJointStart[Int(body)] = 0 }
        }
        // The work of the factorization: each joint's rows reach back to the first row of a
        // joint sharing a moving body with it.
        var work = 0, row = 0
        for id in ordered {
            let j = joints[Int(id)]
            let (a, b) = movingBodies(j)
            var first = row
            for body in [a, b] where body >= 0 {
                if bodyFirstRow[Int(body)] < 0 { bodyFirstRow[Int(body)] = Int32(row) }
                first = min(first, Int(bodyFirstRow[Int(body)]))
            }
            let count = Self.rowCount(j)
            for r in row..<(row + count) { work += (r - first + 1) * (r - first + 1) / 2 }
            row += count
        }
        for id in ordered {
            let (a, b) = movingBodies(joints[Int(id)])
            for body in [a, b] where body >= 0 { bodyFirstRow[Int(body)] = -1 }
        }
        return work <= Self.maxEnvelopeWork
    }

    // MARK: Solving a group

    /// The group's rows as the bodies stand now (anchors turned by each body's rotation so far).
    private mutating func makeRows(_ g: Int, _ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                                   _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings, _ soft: Softness, _ useBias: Bool) {
        rows.removeAll(keepingCapacity: true)
        for k in groupStarts[g]..<groupStarts[g + 1] {
            let id = members[k]
            let j = joints[Int(id)]
            let ia = Int(j.bodyA), ib = Int(j.bodyB)
            let rA = s[ia].dq.rotate(j.rA), rB = s[ib].dq.rotate(j.rB)
            let d = (s[ib].dp - s[ia].dp) + j.deltaCenter + rB - rA
            /// A row pulling B along `dir` at rB and A the other way at `armA`.
            func row(_ slot: JointRow.Slot, _ dir: Vector, _ angA: Double, _ angB: Double,
                     _ terms: (Double, Double, Double), lower: Double = -.infinity, upper: Double = .infinity) -> JointRow {
                let (bias, ms, isc) = terms
                return JointRow(owner: id, slot: slot, bodyA: j.bodyA, bodyB: j.bodyB, mA: j.mA, iA: j.iA, mB: j.mB, iB: j.iB,
                                linA: -dir, angA: angA, linB: dir, angB: angB, bias: bias,
                                compliance: ms > 0 ? isc / ms : 0, lower: lower, upper: upper)
            }
            let angle = j.deltaAngle + JointSolver.relativeAngle(s[ib].dq, s[ia].dq)
            switch j.kind {
            case .distance:
                let length = d.length
                let axis = length > 1e-12 ? d / length : Vector(1, 0)
                let crA = rA.cross(axis), crB = rB.cross(axis)
                if j.minLength < j.maxLength {
                    // A spring is a force applied before the constraints (SpringForce.swift): no row.
                    if j.minLength > 0 {
                        rows.append(row(.lower, axis, -crA, crB, JointSolver.limitTerms(length - j.minLength, set, soft, useBias), lower: 0))
                    }
                    if j.maxLength < .infinity {
                        rows.append(row(.upper, -axis, crA, -crB, JointSolver.limitTerms(j.maxLength - length, set, soft, useBias), lower: 0))
                    }
                } else {
                    rows.append(row(.impulse, axis, -crA, crB, JointSolver.rigidTerms(length - j.length, soft, useBias)))
                }
            case .revolute, .weld:
                if j.kind == .revolute {
                    if j.maxMotorTorque > 0 {
                        let most = set.h * j.maxMotorTorque
                        // J·v − motorSpeed: the motor drives ωB − ωA toward its speed (0: friction).
                        rows.append(row(.motor, .zero, -1, 1, (-j.motorSpeed, 1, 0), lower: -most, upper: most))
                    }
                    if j.enableLimit {
                        rows.append(row(.lower, .zero, -1, 1, JointSolver.limitTerms(angle - j.lower, set, soft, useBias), lower: 0))
                        rows.append(row(.upper, .zero, 1, -1, JointSolver.limitTerms(j.upper - angle, set, soft, useBias), lower: 0))
                    }
                }
                let x = Vector(1, 0), y = Vector(0, 1)
                rows.append(row(.linearX, x, -rA.cross(x), rB.cross(x), JointSolver.rigidTerms(d.x, soft, useBias)))
                rows.append(row(.linearY, y, -rA.cross(y), rB.cross(y), JointSolver.rigidTerms(d.y, soft, useBias)))
                if j.kind == .weld {
                    rows.append(row(.angular, .zero, -1, 1, JointSolver.rigidTerms(angle, soft, useBias)))
                }
            case .prismatic:
                let axis = s[ia].dq.rotate(j.axisA)
                if j.enableLimit {
                    let translation = axis.dot(d)
                    let a1 = (d + rA).cross(axis), a2 = rB.cross(axis)
                    rows.append(row(.lower, axis, -a1, a2, JointSolver.limitTerms(translation - j.lower, set, soft, useBias), lower: 0))
                    rows.append(row(.upper, -axis, a1, -a2, JointSolver.limitTerms(j.upper - translation, set, soft, useBias), lower: 0))
                }
                let perp = axis.perpendicular
                rows.append(row(.impulse, perp, -(d + rA).cross(perp), rB.cross(perp), JointSolver.rigidTerms(perp.dot(d), soft, useBias)))
                rows.append(row(.angular, .zero, -1, 1, JointSolver.rigidTerms(angle, soft, useBias)))
            case .mouse:
                break
            }
        }
        // Each contact point's normal row, with the contact solver's bias: a gap closes at most
        // by its width in a substep (rigid), an overlap is pushed out softly, no faster than the
        // push-out cap, and only in the biased pass.
        for k in contactStarts[g]..<contactStarts[g + 1] {
            let id = contactMembers[k]
            let c = overflow[Int(id)]
            let ia = Int(c.bodyA), ib = Int(c.bodyB)
            let n = c.normal
            func point(_ slot: JointRow.Slot, _ p: ContactConstraintPoint) {
                let sep = ((s[ib].dp - s[ia].dp) + (s[ib].dq.rotate(p.rB) - s[ia].dq.rotate(p.rA))).dot(n) + p.adjustedSeparation
                var bias = 0.0, ms = 1.0, isc = 0.0
                if sep > 0 {
                    bias = sep * set.invH
                } else if useBias {
                    bias = max(c.softness.biasRate * sep, -set.maxBiasVelocity)
                    ms = c.softness.massScale; isc = c.softness.impulseScale
                }
                rows.append(JointRow(owner: id, slot: slot, bodyA: c.bodyA, bodyB: c.bodyB, mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB,
                                     linA: -n, angA: -p.rA.cross(n), linB: n, angB: p.rB.cross(n), bias: bias,
                                     compliance: ms > 0 ? isc / ms : 0, lower: 0, upper: .infinity))
            }
            point(.contactPoint1, c.p1)
            if c.count > 1 { point(.contactPoint2, c.p2) }
        }
    }

    @inline(__always)
    private static func accumulated(_ row: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                                    _ overflow: UnsafeMutableBufferPointer<ContactConstraint>) -> Double {
        let j = joints[Int(row.owner)]
        switch row.slot {
        case .impulse: return j.impulse
        case .linearX: return j.linearImpulse.x
        case .linearY: return j.linearImpulse.y
        case .angular: return j.angularImpulse
        case .lower: return j.lowerImpulse
        case .upper: return j.upperImpulse
        case .motor: return j.motorImpulse
        case .contactPoint1: return overflow[Int(row.owner)].p1.normalImpulse
        case .contactPoint2: return overflow[Int(row.owner)].p2.normalImpulse
        }
    }

    @inline(__always)
    private static func add(_ lambda: Double, _ row: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                            _ overflow: UnsafeMutableBufferPointer<ContactConstraint>) {
        let id = Int(row.owner)
        switch row.slot {
        case .impulse: joints[id].impulse += lambda
        case .linearX: joints[id].linearImpulse.x += lambda
        case .linearY: joints[id].linearImpulse.y += lambda
        case .angular: joints[id].angularImpulse += lambda
        case .lower: joints[id].lowerImpulse += lambda
        case .upper: joints[id].upperImpulse += lambda
        case .motor: joints[id].motorImpulse += lambda
        case .contactPoint1:
            overflow[id].p1.normalImpulse += lambda
            overflow[id].p1.maxNormalImpulse = max(overflow[id].p1.maxNormalImpulse, lambda)
        case .contactPoint2:
            overflow[id].p2.normalImpulse += lambda
            overflow[id].p2.maxNormalImpulse = max(overflow[id].p2.maxNormalImpulse, lambda)
        }
    }

    /// K = J·M⁻¹·Jᵀ between two rows: they meet where they share a body.
    @inline(__always)
    private static func coupling(_ p: JointRow, _ q: JointRow) -> Double {
        var sum = 0.0
        if p.bodyA == q.bodyA { sum += p.mA * p.linA.dot(q.linA) + p.iA * p.angA * q.angA }
        if p.bodyA == q.bodyB { sum += p.mA * p.linA.dot(q.linB) + p.iA * p.angA * q.angB }
        if p.bodyB == q.bodyA { sum += p.mB * p.linB.dot(q.linA) + p.iB * p.angB * q.angA }
        if p.bodyB == q.bodyB { sum += p.mB * p.linB.dot(q.linB) + p.iB * p.angB * q.angB }
        return sum
    }

    /// One pass over group `g`: all its rows at once.
    mutating func solve(_ g: Int, _ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                        _ s: UnsafeMutablePointer<BodyState>, _ set: SolverSettings, soft: Softness, useBias: Bool) {
        makeRows(g, joints, overflow, s, set, soft, useBias)
        if isEnvelope[g] { solveEnvelope(joints, overflow, s); return }
        let n = rows.count
        system.reset(size: n)
        for a in 0..<n {
            let p = rows[a]
            for b in 0...a {
                system.setMatrix(a, b, Self.coupling(p, rows[b]))
            }
            let ia = Int(p.bodyA), ib = Int(p.bodyB)
            let jv = p.linA.dot(s[ia].v) + p.angA * s[ia].w + p.linB.dot(s[ib].v) + p.angB * s[ib].w
            let gamma = p.compliance * (p.isSpring ? p.mA + p.mB : system.matrix(a, a))
            let total = Self.accumulated(p, joints, overflow)
            system.addToDiagonal(a, gamma)
            system.setRight(a, -(jv + p.bias) - gamma * total)
            system.setBounds(a, lower: p.lower - total, upper: p.upper - total)
        }
        system.solve()
        for a in 0..<n { apply(system.solution(a), rows[a], joints, overflow, s) }
    }

    @inline(__always)
    private func apply(_ lambda: Double, _ p: JointRow, _ joints: UnsafeMutablePointer<Joint>,
                       _ overflow: UnsafeMutableBufferPointer<ContactConstraint>, _ s: UnsafeMutablePointer<BodyState>) {
        if lambda == 0 { return }
        Self.add(lambda, p, joints, overflow)
        let ia = Int(p.bodyA), ib = Int(p.bodyB)
        s[ia].v += p.linA * (p.mA * lambda); s[ia].w += p.iA * p.angA * lambda
        s[ib].v += p.linB * (p.mB * lambda); s[ib].w += p.iB * p.angB * lambda
    }

    /// The rows of an envelope group (unbounded, in breadth-first order), solved exactly: each
    /// row's envelope starts at the first row of a moving body it pulls.
    private mutating func solveEnvelope(_ joints: UnsafeMutablePointer<Joint>, _ overflow: UnsafeMutableBufferPointer<ContactConstraint>,
                                        _ s: UnsafeMutablePointer<BodyState>) {
        let n = rows.count
        rowFirst.removeAll(keepingCapacity: true)
        for (a, p) in rows.enumerated() {
            var first = a
            if p.mA > 0 || p.iA > 0 {
                if bodyFirstRow[Int(p.bodyA)] < 0 { bodyFirstRow[Int(p.bodyA)] = Int32(a) }
                first = min(first, Int(bodyFirstRow[Int(p.bodyA)]))
            }
            if p.mB > 0 || p.iB > 0 {
                if bodyFirstRow[Int(p.bodyB)] < 0 { bodyFirstRow[Int(p.bodyB)] = Int32(a) }
                first = min(first, Int(bodyFirstRow[Int(p.bodyB)]))
            }
            rowFirst.append(first)
        }
        for p in rows { bodyFirstRow[Int(p.bodyA)] = -1; bodyFirstRow[Int(p.bodyB)] = -1 }
        envelope.reset(size: n) { rowFirst[$0] }
        for a in 0..<n {
            let p = rows[a]
            for b in rowFirst[a]...a { envelope.setMatrix(a, b, Self.coupling(p, rows[b])) }
            let ia = Int(p.bodyA), ib = Int(p.bodyB)
            let jv = p.linA.dot(s[ia].v) + p.angA * s[ia].w + p.linB.dot(s[ib].v) + p.angB * s[ib].w
            let gamma = p.compliance * (p.isSpring ? p.mA + p.mB : envelope.matrix(a, a))
            let total = Self.accumulated(p, joints, overflow)
            envelope.addToDiagonal(a, gamma)
            envelope.setRight(a, -(jv + p.bias) - gamma * total)
        }
        envelope.solve()
        for a in 0..<n { apply(envelope.solution(a), rows[a], joints, overflow, s) }
    }
}
