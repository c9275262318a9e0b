// IslandSleeper: the parts of a scene that have come to rest stop costing solver time, while the
// rest keeps moving (Box2D v3's sleeping islands: a settled pyramid beside a swinging pendulum).
//
// Design:
// - Every awake dynamic body has a rest timer (`Body.sleepTime`). After each step it grows by dt
//   while the body is slower than `sleepThreshold`, and resets otherwise. Speed here is
//   |v| + |ω|·extent, or half the step's displacement per second if that is larger: soft contacts
//   move an overlapping body in the solve pass and the relax pass takes that velocity away again,
//   so only the displacement shows a body still being pushed. The Stepper advances the timers
//   in its write-back loop, which visits every moving body anyway.
// - When some body's timer has reached `timeToSleep`, islands are found by a union-find over the
//   awake dynamic bodies: a contact with manifold points, or an active joint, between two dynamic
//   bodies joins them. Fixed, anchored and ground bodies join nothing (otherwise everything on the
//   floor would be one island). A pin whose motor turns (motorSpeed ≠ 0) keeps its bodies'
//   islands awake: a slow or still-accelerating motor is driving them, not resting. An island whose every body is ready goes to sleep: velocities are
//   zeroed and each body takes the island's id (`Body.island`). With no ready body there is no
//   union-find, so a busy scene pays one comparison per body.
// - Islands are not kept between steps, as Box2D does (persistent islands, split when contacts
//   end); they are found only when something may sleep. That costs O(bodies + contacts) only in
//   steps where some body rests while its island still moves, and needs no bookkeeping in the
//   contact code. Only sleeping islands are remembered, as lists of their bodies.
// - A sleeping body is not integrated, has no constraints (contacts or joints) in the solver and
//   does not move in the broad phase. Its contacts with other sleeping or static bodies keep
//   their manifolds and impulses (warm starting when it wakes) and are not collided again, so
//   their touching flags stay as they were: falling asleep sends no began or ended events.
// - An island wakes as a whole (every body with its id, timers reset) when: an awake dynamic body,
//   or an anchored body that moves (velocity, or moved by its owner), has a contact with points
//   against one of its bodies (checked in the narrow phase, before the solver, so the solver never
//   sees an awake–asleep pair); the owner moves a body (setTransform); a body's velocity, pending
//   impulse, mass, kind or pose is changed (World.withBody compares its BodyDefinition); the acceleration, force or torque
//   the behaviors give a body differs from the one it had when it fell asleep (gravity turned or
//   switched off, a push, a field; a body resting under constant gravity stays asleep, and fields
//   that depend on velocity see the velocity it had before it slept, so an unchanged drag field
//   keeps it asleep); a joint on it is created, destroyed or changed, or holds it to a moving
//   anchored body; a shape it touches is destroyed or refiltered, or the materials of a contact
//   change.
// - The animator sees sleeping bodies at rest (zero velocity), and their poses do not change.
import Geometry

struct IslandSleeper {
    /// What the behaviors applied to a body in its last awake step.
    struct Load: Equatable {
        var acceleration: Vector
        var force: Vector
        var torque: Double
        /// The velocity the step started from, which velocity-dependent fields saw.
        var velocity: Vector
    }

    /// The bodies of each sleeping island, by island id; an empty list is a free id.
    private var members: [[Int32]] = []
    private var freeIslands: [Int32] = []
    private(set) var sleepingIslands = 0
    /// The load of each body that was ready to sleep in its last awake step.
    private var loads: [Load] = []
    /// Bodies moved by their owner (setTransform) since the last step.
    private var moved: [Int32] = []
    /// Whether some awake body became ready to sleep during this step.
    private var hasCandidates = false
    /// Between the load check at the start of a step and its end: the forces of the sleeping
    /// bodies have been cleared, and equal their remembered loads.
    private var isStepping = false
    // Union-find scratch, indexed by body.
    private var parent: [Int32] = []
    private var rootReady: [Bool] = []
    private var rootIsland: [Int32] = []

    var hasSleepers: Bool { sleepingIslands > 0 }

    /// Whether the timer says the body may sleep (the sum of 1/60 s steps rounds below 0.5 s).
    @inline(__always) static func isReady(_ b: Body, _ timeToSleep: Double) -> Bool {
        b.sleepTime >= timeToSleep - 1e-9
    }

    /// Whether the body takes part in the narrow phase and wakes the sleeping bodies it touches:
    /// an awake dynamic body, or an anchored one that moves.
    @inline(__always) static func isActive(_ b: Body) -> Bool {
        switch b.kind {
        case .dynamic: return b.island < 0
        case .anchored: return b.velocity != .zero || b.angularVelocity != 0 || b.isMovedByOwner
        case .fixed: return false
        }
    }

    // MARK: The step

    /// Start of a step, after the behaviors applied their forces: wakes islands whose load
    /// changed or that a joint ties to a moving anchored body; the others' forces are cleared,
    /// since no write-back will clear them.
    mutating func beginStep(_ bodies: inout [Body], joints: [Joint], enabled: Bool) {
        hasCandidates = false
        guard sleepingIslands > 0 else { return }
        if !enabled {
            for k in members.indices where !members[k].isEmpty { wake(island: Int32(k), &bodies) }
            return
        }
        for j in joints where j.isActive {
            let a = bodies[Int(j.bodyA)], b = bodies[Int(j.bodyB)]
            if a.island >= 0 && b.kind == .anchored && Self.isActive(b) { wake(island: a.island, &bodies) }
            if b.island >= 0 && a.kind == .anchored && Self.isActive(a) { wake(island: b.island, &bodies) }
        }
        for k in members.indices where !members[k].isEmpty {
            var changed = false
            for i in members[k] where bodies[Int(i)].island == Int32(k) {
                let b = bodies[Int(i)]
                let load = loads[Int(i)]
                if b.acceleration != load.acceleration || b.force != load.force || b.torque != load.torque
                    || b.pendingImpulse != .zero || b.pendingAngularImpulse != 0 {
                    changed = true
                    break
                }
            }
            if changed {
                wake(island: Int32(k), &bodies)
            } else {
                for i in members[k] { bodies[Int(i)].force = .zero; bodies[Int(i)].torque = 0 }
            }
        }
        isStepping = true
    }

    /// Sizes the per-body table before the write-back loop calls `advance`.
    mutating func reserve(bodyCount: Int) {
        if loads.count < bodyCount {
            loads.append(contentsOf: repeatElement(Load(acceleration: .zero, force: .zero, torque: 0, velocity: .zero),
                                                   count: bodyCount - loads.count))
        }
    }

    /// Advances an awake dynamic body's rest timer from its solver state at the end of a step,
    /// before the body takes the state's velocity; a body that is ready to sleep has its load
    /// remembered.
    @inline(__always)
    mutating func advance(_ b: inout Body, _ index: Int32, _ st: BodyState, dt: Double, threshold: Double, timeToSleep: Double) {
        let w = Double(abs(st.angular))
        let speed = (Double(st.vx) * Double(st.vx) + Double(st.vy) * Double(st.vy)).squareRoot() + w * b.extent
        let shift = (Double(st.dpx) * Double(st.dpx) + Double(st.dpy) * Double(st.dpy)).squareRoot() + Double(abs(st.qs)) * b.extent
        if max(speed, 0.5 * shift / dt) > threshold {
            b.sleepTime = 0
            return
        }
        b.sleepTime += dt
        if Self.isReady(b, timeToSleep) {
            loads[Int(index)] = Load(acceleration: b.acceleration, force: b.force, torque: b.torque, velocity: b.velocity)
            hasCandidates = true
        }
    }

    /// End of a step: puts every island whose bodies are all ready to sleep, and forgets which
    /// bodies their owner moved.
    mutating func endStep(_ bodies: inout [Body], movers: [Int32], contacts: [Contact], active: ActiveContacts,
                          shapes: [Shape], joints: [Joint], timeToSleep: Double) {
        isStepping = false
        for i in moved { bodies[Int(i)].isMovedByOwner = false }
        moved.removeAll(keepingCapacity: true)
        guard hasCandidates else { return }
        hasCandidates = false
        let n = bodies.count
        // The scratch arrays are moved out of self while the closures below use them.
        var parent: [Int32] = [], ready: [Bool] = [], island: [Int32] = []
        swap(&parent, &self.parent); swap(&ready, &rootReady); swap(&island, &rootIsland)
        defer { swap(&parent, &self.parent); swap(&ready, &rootReady); swap(&island, &rootIsland) }
        if parent.count < n {
            parent.append(contentsOf: repeatElement(-1, count: n - parent.count))
            ready.append(contentsOf: repeatElement(false, count: n - ready.count))
            island.append(contentsOf: repeatElement(-1, count: n - island.count))
        }
        bodies.withUnsafeMutableBufferPointer { bp in
        parent.withUnsafeMutableBufferPointer { parent in
            sleepReadyIslands(bp, BodyUnionFind(parent: parent), &ready, &island, movers: movers, contacts: contacts,
                              active: active, shapes: shapes, joints: joints, timeToSleep: timeToSleep)
        }}
    }

    /// Joins the awake dynamic bodies that touch (contacts with points) or are jointed into
    /// islands, and puts to sleep every island whose bodies are all ready and that no turning
    /// motor drives. `ready` and `island` are scratch, by root body.
    private mutating func sleepReadyIslands(_ bp: UnsafeMutableBufferPointer<Body>, _ sets: BodyUnionFind,
                                            _ ready: inout [Bool], _ island: inout [Int32], movers: [Int32],
                                            contacts: [Contact], active: ActiveContacts, shapes: [Shape], joints: [Joint],
                                            timeToSleep: Double) {
        @inline(__always) func joins(_ i: Int32) -> Bool {
            bp[Int(i)].kind == .dynamic && bp[Int(i)].island < 0 && bp[Int(i)].isActive
        }
        for i in movers where joins(i) {
            sets.parent[Int(i)] = i
            ready[Int(i)] = true
            island[Int(i)] = -1
        }
        // Only contacts with an active body can join two awake bodies (ActiveContacts.swift).
        active.forEach(count: contacts.count) { ci in
            let c = contacts[ci]
            guard c.manifold.count > 0 else { return }
            let a = shapes[Int(c.shapeA)].body, b = shapes[Int(c.shapeB)].body
            if joins(a) && joins(b) { sets.union(a, b) }
        }
        for j in joints where j.isActive && joins(j.bodyA) && joins(j.bodyB) { sets.union(j.bodyA, j.bodyB) }
        for i in movers where joins(i) && !Self.isReady(bp[Int(i)], timeToSleep) { ready[Int(sets.find(i))] = false }
        // A pin's motor that turns (motorSpeed ≠ 0) drives its bodies, however slowly they move yet.
        for j in joints where j.isActive && j.kind == .revolute && j.maxMotorTorque > 0 && j.motorSpeed != 0 {
            if joins(j.bodyA) { ready[Int(sets.find(j.bodyA))] = false }
            if joins(j.bodyB) { ready[Int(sets.find(j.bodyB))] = false }
        }
        for i in movers where joins(i) {
            let r = Int(sets.find(i))
            guard ready[r] else { continue }
            if island[r] < 0 { island[r] = newIsland() }
            let k = island[r]
            bp[Int(i)].island = k
            bp[Int(i)].velocity = .zero
            bp[Int(i)].angularVelocity = 0
            members[Int(k)].append(i)
        }
    }

    private mutating func newIsland() -> Int32 {
        sleepingIslands += 1
        if let k = freeIslands.popLast() { return k }
        members.append([])
        return Int32(members.count - 1)
    }

    /// The velocity a sleeping body had at the start of its last awake step.
    func velocityBeforeSleep(of id: Int32) -> Vector { loads[Int(id)].velocity }

    // MARK: Waking

    /// Wakes every body of island `k` (a negative id is an awake body: nothing to do).
    mutating func wake(island k: Int32, _ bodies: inout [Body]) {
        guard k >= 0, !members[Int(k)].isEmpty else { return }
        for i in members[Int(k)] where bodies[Int(i)].island == k {
            bodies[Int(i)].island = -1
            bodies[Int(i)].sleepTime = 0
            if isStepping {
                // Its force was cleared at the start of this step, when it equaled the load.
                bodies[Int(i)].force = loads[Int(i)].force
                bodies[Int(i)].torque = loads[Int(i)].torque
            }
        }
        members[Int(k)].removeAll(keepingCapacity: true)
        freeIslands.append(k)
        sleepingIslands -= 1
    }

    /// The owner moved a body: it wakes, and for this step an anchored body collides like a
    /// moving one, waking what it now touches.
    mutating func noteMovedByOwner(_ id: Int32, _ bodies: inout [Body]) {
        wake(island: bodies[Int(id)].island, &bodies)
        if !bodies[Int(id)].isMovedByOwner {
            bodies[Int(id)].isMovedByOwner = true
            moved.append(id)
        }
    }

    /// After the narrow phase woke the islands in `touched`: wakes, until none is left, every
    /// sleeping island that now has a contact with points against an active body, so the solver
    /// never sees a pair of an awake and a sleeping body.
    mutating func wake(touched: [Int32], _ bodies: inout [Body], contacts: [Contact], shapes: [Shape]) {
        for k in touched { wake(island: k, &bodies) }
        var again = true
        while again && sleepingIslands > 0 {
            again = false
            for c in contacts where c.manifold.count > 0 {
                let a = bodies[Int(shapes[Int(c.shapeA)].body)], b = bodies[Int(shapes[Int(c.shapeB)].body)]
                if a.island >= 0 && Self.isActive(b) { wake(island: a.island, &bodies); again = true }
                if b.island >= 0 && Self.isActive(a) { wake(island: b.island, &bodies); again = true }
            }
        }
    }
}
