import Testing
@testable import Dynamics

/// The wide solver moves body states between rows (one body's 32 bytes) and lanes (one field of
/// eight bodies) with shuffles; a lane that lands in the wrong body or field corrupts the
/// simulation only subtly, so the mapping is checked directly.
@Suite struct WideBodyTests {
    /// Body `i` gets velocity (i + 0.25, −i, 10·i) and displacement (i/2, i/4), turn (1, 0).
    func states(_ count: Int) -> [BodyState] {
        (0..<count).map { i in
            var s = BodyState()
            s.vx = Float(i) + 0.25; s.vy = -Float(i); s.angular = 10 * Float(i)
            s.dpx = Float(i) / 2; s.dpy = Float(i) / 4
            return s
        }
    }

    @Test func gatherPutsEachBodyInItsLane() {
        var st = states(20)
        let idx = WideIndex(7, 3, 19, 0, 12, 5, 11, 2)
        st.withUnsafeMutableBufferPointer { sp in
            let v = WideBody(sp.baseAddress!, idx)
            let d = WideDelta(sp.baseAddress!, idx)
            for lane in 0..<wideLanes {
                let i = Float(idx[lane])
                #expect(v.vx[lane] == i + 0.25)
                #expect(v.vy[lane] == -i)
                #expect(v.w[lane] == 10 * i)
                #expect(d.dpx[lane] == i / 2)
                #expect(d.dpy[lane] == i / 4)
                #expect(d.c[lane] == 1 && d.s[lane] == 0)
            }
        }
    }

    /// Scattering writes each lane's velocity into its own body and nothing else: the
    /// displacements stay, and bodies in no lane are untouched. A body in several lanes (the
    /// ground, which has no mass) receives the same value from each.
    @Test func scatterWritesEachLaneToItsBody() {
        var st = states(20)
        let idx = WideIndex(7, 3, 19, 0, 12, 0, 11, 2)
        var vx = Wide(), vy = Wide(), w = Wide()
        for lane in 0..<wideLanes {
            let i = Float(idx[lane])
            vx[lane] = 100 + i; vy[lane] = 200 + i; w[lane] = 300 + i
        }
        st.withUnsafeMutableBufferPointer { sp in
            WideBody.scatter(vx, vy, w, sp.baseAddress!, idx)
        }
        let lanes = Set((0..<wideLanes).map { Int(idx[$0]) })
        for (i, s) in st.enumerated() {
            let f = Float(i)
            if lanes.contains(i) {
                #expect(s.vx == 100 + f && s.vy == 200 + f && s.angular == 300 + f)
            } else {
                #expect(s.vx == f + 0.25 && s.vy == -f && s.angular == 10 * f)
            }
            #expect(s.dpx == f / 2 && s.dpy == f / 4 && s.qc == 1 && s.qs == 0)
        }
    }
}
