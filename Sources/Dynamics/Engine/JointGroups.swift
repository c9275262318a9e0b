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
// stiffer one. They also take a damping ratio of 30 (`iterativeJointDampingRatio`): a large
// net stretches on its soft pins and bounced on that give for tens of seconds at 2.
//
// A group needs none of this when it has no light item between joints, no anchor its joints
// carry a load to and no long path (a ragdoll): such a group is solved one joint at a time, with
// the same softness and passes (JointGroups+OneAtATime.swift states the rule).
import Geometry

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
    /// The iterative joints in colors, when there are enough of them to share (JointColors.swift).
    private(set) var colors = JointColors()
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

    /// Each group's held rows at its last dense pass in this step (BoundedLinearSystem's start);
    /// forgotten when the groups are found again, so a step's answer depends on that step alone.
    var heldStarts: [[Int8]] = []
    /// Each dense group's elimination order (BoundedLinearSystem), found at its first pass in a
    /// step: the rows that couple are the same in every pass of the step.
    var eliminationOrders: [[Int]] = []

    private var parent: [Int32] = []
    /// By root body, the index of its group while collecting (-1 between uses).
    private var groupOfRoot: [Int32] = []
    /// The rows of the group being solved (JointGroups+Rows.swift).
    var rows: [JointRow] = []
    var system = BoundedLinearSystem()
    var envelope = EnvelopeLinearSystem()
    // Scratch by body index for the breadth-first order and the rows' envelopes: -1 or 0 between
    // uses (JointGroups+EnvelopeOrder.swift).
    var bodyFirstRow: [Int32] = []
    var bodyJointCount: [Int32] = []
    var bodyJointStart: [Int32] = []
    var bodyJoints: [Int32] = []
    var ordered: [Int32] = []
    var rowFirst: [Int] = []
    /// Scratch by body index for a dense group's patterns: the rows on each moving body (0
    /// between uses).
    var bodyRows: [UInt64] = []

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

    @inline(__always) private static func moves(_ m: Double, _ i: Double) -> Bool { m > 0 || i > 0 }

    private mutating func root(_ b: Int32) -> Int32 {
        var r = b
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var c = b
        while parent[Int(c)] != r { let next = parent[Int(c)]; parent[Int(c)] = r; c = next }
        return r
    }

    /// Joins the sets of two bodies (the smaller root becomes the parent).
    @inline(__always) private mutating func join(_ a: Int32, _ b: Int32) {
        let a = root(a), b = root(b)
        if a != b { parent[Int(max(a, b))] = min(a, b) }
    }

    /// Groups the awake joints by the moving bodies they share, with the contacts (`contacts`,
    /// the overflow) whose moving bodies are all `jointed`.
    mutating func build(awake: UnsafeBufferPointer<Int32>, joints: UnsafeBufferPointer<Joint>,
                        contacts: UnsafeBufferPointer<ContactConstraint>, jointed: UnsafeBufferPointer<Bool>, bodyCount: Int) {
        clear(awake: awake, jointCount: joints.count, contactCount: contacts.count)
        defer { colors.build(iterativeJoints, joints: joints, bodyCount: bodyCount) }
        if awake.isEmpty { return }
        if parent.count != bodyCount {
            parent = [Int32](repeating: 0, count: bodyCount)
            bodyFirstRow = [Int32](repeating: -1, count: bodyCount)
            bodyJointCount = [Int32](repeating: 0, count: bodyCount)
            bodyJointStart = bodyJointCount
            bodyRows = [UInt64](repeating: 0, count: bodyCount)
        }
        for id in awake {
            let j = joints[Int(id)]
            parent[Int(j.bodyA)] = j.bodyA; parent[Int(j.bodyB)] = j.bodyB
        }
        for id in awake {
            let j = joints[Int(id)]
            guard JointSolver.isGroupable(j), Self.moves(j.mA, j.iA), Self.moves(j.mB, j.iB) else { continue }
            join(j.bodyA, j.bodyB)
        }
        // A contact between two moving bodies joins their groups, as a joint would (a free heavy
        // item touching a jointed light one joins its group).
        for c in contacts where Self.contactBody(c, jointed) >= 0 && Self.moves(c.mA, c.iA) && Self.moves(c.mB, c.iB) {
            if !jointed[Int(c.bodyA)] { parent[Int(c.bodyA)] = c.bodyA }
            if !jointed[Int(c.bodyB)] { parent[Int(c.bodyB)] = c.bodyB }
        }
        for c in contacts where Self.contactBody(c, jointed) >= 0 && Self.moves(c.mA, c.iA) && Self.moves(c.mB, c.iB) {
            join(c.bodyA, c.bodyB)
        }
        let (groups, groupContacts) = collect(awake: awake, joints: joints, contacts: contacts, jointed: jointed)
        for (g, group) in groups.enumerated()
        where group.count >= 2 || !groupContacts[g].isEmpty || Self.couplesItsOwnRows(joints[Int(group[0])]) {
            list(group, groupContacts[g], joints, contacts)
        }
    }

    /// Forgets the last step's groups.
    private mutating func clear(awake: UnsafeBufferPointer<Int32>, jointCount: Int, contactCount: Int) {
        if isGrouped.count != jointCount {
            isGrouped = [Bool](repeating: false, count: jointCount)
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
        heldStarts.removeAll(keepingCapacity: true)
        eliminationOrders.removeAll(keepingCapacity: true)
        isContactGrouped.removeAll(keepingCapacity: true)
        isContactGrouped.append(contentsOf: repeatElement(false, count: contactCount))
    }

    /// The jointed body a contact belongs with, or -1 when it joins no group (`joinsGroup`).
    private static func contactBody(_ c: ContactConstraint, _ jointed: UnsafeBufferPointer<Bool>) -> Int32 {
        if jointed.isEmpty { return -1 }
        let movesA = moves(c.mA, c.iA), movesB = moves(c.mB, c.iB)
        let jointedA = movesA && jointed[Int(c.bodyA)], jointedB = movesB && jointed[Int(c.bodyB)]
        guard joinsGroup(movesA: movesA, movesB: movesB, jointedA: jointedA, jointedB: jointedB,
                         invMassA: c.mA, invMassB: c.mB) else { return -1 }
        return jointedB ? c.bodyB : (jointedA ? c.bodyA : -1)
    }

    /// How many times heavier than the jointed item it touches a free item must be for their
    /// contact to be solved in the jointed item's group (`joinsGroup`).
    static let heavyToucherRatio = 4.0

    /// Whether a contact is solved in a joint group: every moving body of it is held by joints,
    /// or a free item touches a jointed item at least `heavyToucherRatio` times lighter than
    /// itself. One at a time, such a contact sees mostly the light item's mass and hands the
    /// heavy item the joint's soft push-out, which the relax pass then takes back from the joint's
    /// row only (docs/dynamics.md, "Heavy items against jointed light ones").
    @inline(__always)
    static func joinsGroup(movesA: Bool, movesB: Bool, jointedA: Bool, jointedB: Bool,
                           invMassA: Double, invMassB: Double) -> Bool {
        guard movesA || movesB else { return false }
        if (!movesA || jointedA) && (!movesB || jointedB) { return true }
        guard movesA && movesB && jointedA != jointedB else { return false }
        let free = jointedA ? invMassB : invMassA, held = jointedA ? invMassA : invMassB
        return free > 0 && free * heavyToucherRatio <= held
    }

    /// The joints and contacts of each set of bodies. Each joint belongs to the group of a moving
    /// body it holds. Groups are listed in the order of their first joint and joints in the awake
    /// order, so the same world always solves in the same order.
    private mutating func collect(awake: UnsafeBufferPointer<Int32>, joints: UnsafeBufferPointer<Joint>,
                                  contacts: UnsafeBufferPointer<ContactConstraint>,
                                  jointed: UnsafeBufferPointer<Bool>) -> ([[Int32]], [[Int32]]) {
        if groupOfRoot.count != parent.count { groupOfRoot = [Int32](repeating: -1, count: parent.count) }
        var groups: [[Int32]] = []
        var roots: [Int32] = []
        for id in awake {
            let j = joints[Int(id)]
            guard JointSolver.isGroupable(j) else { continue }
            let body = Self.moves(j.mB, j.iB) ? j.bodyB : (Self.moves(j.mA, j.iA) ? j.bodyA : -1)
            guard body >= 0 else { continue }
            let key = Int(root(body))
            let g = groupOfRoot[key]
            if g >= 0 {
                groups[Int(g)].append(id)
            } else {
                groupOfRoot[key] = Int32(groups.count)
                roots.append(Int32(key))
                groups.append([id])
            }
        }
        var groupContacts = [[Int32]](repeating: [], count: groups.count)
        for (k, c) in contacts.enumerated() {
            let body = Self.contactBody(c, jointed)
            guard body >= 0 else { continue }
            let g = groupOfRoot[Int(root(body))]
            guard g >= 0 else { continue }
            groupContacts[Int(g)].append(Int32(k))
        }
        for r in roots { groupOfRoot[Int(r)] = -1 }
        return (groups, groupContacts)
    }

    /// Lists a group to solve at once (densely, or by the envelope factorization in breadth-first
    /// order), or marks its joints to be solved one at a time when it needs no exact solve
    /// (JointGroups+OneAtATime.swift) or is too large for either.
    private mutating func list(_ group: [Int32], _ groupContacts: [Int32], _ joints: UnsafeBufferPointer<Joint>,
                               _ contacts: UnsafeBufferPointer<ContactConstraint>) {
        if Self.solvesOneAtATime(group, groupContacts, joints, contacts) {
            for id in group { isIterative[Int(id)] = true }
            iterativeJoints.append(contentsOf: group)
            return
        }
        let n = group.reduce(0) { $0 + Self.rowCount(joints[Int($1)]) }
            + groupContacts.reduce(0) { $0 + contacts[Int($1)].count }
        var envelope = false
        if n > Self.maxRows {
            guard groupContacts.isEmpty, n <= Self.maxEnvelopeRows,
                  group.allSatisfy({ Self.hasOnlyUnboundedRows(joints[Int($0)]) }),
                  orderForEnvelope(group, joints) else {
                for id in group { isIterative[Int(id)] = true }
                iterativeJoints.append(contentsOf: group)
                return
            }
            envelope = true
        }
        for id in (envelope ? ordered : group) { isGrouped[Int(id)] = true; members.append(id) }
        groupStarts.append(members.count)
        isEnvelope.append(envelope)
        heldStarts.append([])
        eliminationOrders.append([])
        for k in groupContacts { isContactGrouped[Int(k)] = true; contactMembers.append(k) }
        contactStarts.append(contactMembers.count)
    }
}
