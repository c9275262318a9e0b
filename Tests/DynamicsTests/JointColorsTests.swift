// JointColors: the iterative joints in colors two workers may share. What sharing a color needs
// is a fact of the graph: no two joints of a color hold the same moving body, every joint is
// solved exactly once a pass, and the order does not depend on anything but the joints (the
// awake order within a color). A body that does not move may be held by every joint of a color.
import Testing
@testable import Dynamics

@Suite struct JointColorsTests {
    /// A pin between bodies `a` and `b`; `still` bodies have no inverse mass or inertia.
    static func pin(_ a: Int32, _ b: Int32, still: Set<Int32> = []) -> Joint {
        var j = Joint(kind: .revolute, bodyA: a, bodyB: b)
        j.mA = still.contains(a) ? 0 : 1; j.iA = j.mA
        j.mB = still.contains(b) ? 0 : 1; j.iB = j.mB
        return j
    }

    static func colors(_ joints: [Joint], bodyCount: Int) -> JointColors {
        var colors = JointColors()
        joints.withUnsafeBufferPointer { js in
            colors.build((0..<Int32(joints.count)).map { $0 }, joints: js, bodyCount: bodyCount)
        }
        return colors
    }

    /// An n×n net of pins (right and down neighbours), its top row pinned to the still body n².
    static func net(_ n: Int) -> [Joint] {
        let anchor = Int32(n * n)
        var joints: [Joint] = []
        for row in 0..<n {
            for col in 0..<n {
                let k = Int32(row * n + col)
                if row == 0 { joints.append(pin(anchor, k, still: [anchor])) }
                if col + 1 < n { joints.append(pin(k, k + 1)) }
                if row + 1 < n { joints.append(pin(k, k + Int32(n))) }
            }
        }
        return joints
    }

    @Test("a 30×30 net: every joint in exactly one color, no moving body twice in a color, awake order within each")
    func netColors() {
        let joints = Self.net(30)
        let colors = Self.colors(joints, bodyCount: 901)
        #expect(!colors.isEmpty && !colors.hasLeftovers)
        #expect(colors.order.sorted() == (0..<Int32(joints.count)).map { $0 })
        // Each ball has at most four pins, so a greedy coloring needs at most 2·4 − 1 = 7 colors.
        let count = colors.starts.count - 1
        #expect((2...7).contains(count), "\(count) colors")
        for c in 0..<count {
            let members = colors.order[colors.starts[c]..<colors.starts[c + 1]]
            #expect(members.elementsEqual(members.sorted()), "color \(c) is out of the awake order")
            var held = Set<Int32>()
            for id in members {
                let j = joints[Int(id)]
                for body in [j.bodyA, j.bodyB] where body != 900 {
                    #expect(held.insert(body).inserted, "body \(body) twice in color \(c)")
                }
            }
        }
    }

    @Test("fewer than 512 iterative joints keep the awake order: no colors")
    func fewJoints() {
        let joints = Self.net(15)  // 15 + 2·15·14 = 435 pins
        #expect(joints.count < JointColors.minimumJoints)
        #expect(Self.colors(joints, bodyCount: 226).isEmpty)
    }

    @Test("a star of 600 pins on one moving hub: one joint per color up to 64, the rest solved after them")
    func leftovers() {
        let joints = (1...600).map { Self.pin(0, Int32($0)) }
        let colors = Self.colors(joints, bodyCount: 601)
        #expect(colors.hasLeftovers)
        #expect(colors.starts.count - 1 == JointColors.maxColors + 1)
        #expect(colors.starts[JointColors.maxColors] == JointColors.maxColors)
        #expect(Array(colors.order[64...]) == (64..<600).map { Int32($0) })
    }
}
