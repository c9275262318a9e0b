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
        let idxA = WideIndex(7, 3, 19, 0, 12, 0, 11, 2), idxB = WideIndex(0, 5, 6, 0, 8, 9, 0, 13)
        func lanes(_ idx: WideIndex) -> WideBody {
            var vx = Wide(), vy = Wide(), w = Wide()
            for lane in 0..<wideLanes {
                let i = Float(idx[lane])
                vx[lane] = 100 + i; vy[lane] = 200 + i; w[lane] = 300 + i
            }
            return WideBody(vx: vx, vy: vy, w: w)
        }
        st.withUnsafeMutableBufferPointer { sp in
            WideBody.scatter(lanes(idxA), lanes(idxB), sp.baseAddress!, idxA, idxB)
        }
        let written = Set((0..<wideLanes).flatMap { [Int(idxA[$0]), Int(idxB[$0])] })
        for (i, s) in st.enumerated() {
            let f = Float(i)
            if written.contains(i) {
                #expect(s.vx == 100 + f && s.vy == 200 + f && s.angular == 300 + f)
            } else {
                #expect(s.vx == f + 0.25 && s.vy == -f && s.angular == 10 * f)
            }
            #expect(s.dpx == f / 2 && s.dpy == f / 4 && s.qc == 1 && s.qs == 0)
        }
    }

    /// Constraints are written into batches by row and lane (WideContact.write), so every field
    /// must sit at the row the writer uses: 32 bytes per row, in declaration order.
    @Test func batchRowsAreWhereTheWriterPutsThem() {
        typealias R = WideContact.Row
        let rowBytes = MemoryLayout<Wide>.stride
        #expect(rowBytes == 32)
        #expect(MemoryLayout<WideContact>.size == R.count * rowBytes)
        let rows: [(PartialKeyPath<WideContact>, Int)] = [
            (\.bodyA, R.bodyA), (\.bodyB, R.bodyB), (\.source, R.source), (\.nx, R.nx), (\.ny, R.ny),
            (\.friction, R.friction), (\.mA, R.mA), (\.iA, R.iA), (\.mB, R.mB), (\.iB, R.iB),
            (\.biasRate, R.biasRate), (\.massScale, R.massScale), (\.impulseScale, R.impulseScale),
            (\.blocks, R.blocks),
            (\.p1, R.p1), (\.p2, R.p2), (\.biasedFriction, R.biasedFriction),
            (\.radiusA, R.radiusA), (\.radiusB, R.radiusB), (\.frameA, R.frameA), (\.frameB, R.frameB),
            (\.p2.baseSeparation, R.p2 + R.baseSeparation), (\.p2.normalMass, R.p2 + R.normalMass),
            (\.p2.tangentMass, R.p2 + R.tangentMass),
            (\.p2.normalImpulse, R.p2 + R.normalImpulse), (\.p2.tangentImpulse, R.p2 + R.tangentImpulse),
            (\.p2.maxNormalImpulse, R.p2 + R.maxNormalImpulse),
            (\.p1.rnA, R.p1 + R.rnA), (\.p1.rnB, R.p1 + R.rnB), (\.p2.rtA, R.p2 + R.rtA), (\.p2.rtB, R.p2 + R.rtB),
            (\.p1.separation, R.p1 + R.separation), (\.p2.separation, R.p2 + R.separation),
        ]
        for (path, row) in rows {
            #expect(MemoryLayout<WideContact>.offset(of: path) == row * rowBytes, "\(path)")
        }
    }

    /// A lane written in place reads back as the same constraint, and its neighbors are untouched.
    @Test func writtenLaneReadsBack() {
        var batch = WideContact()
        var lane = LaneContact.empty
        lane.bodyA = 4; lane.bodyB = 9; lane.contact = 17; lane.nx = 0.6; lane.ny = -0.8; lane.friction = 0.5
        lane.p1.rnA = 3; lane.p1.normalK = 4; lane.p2.tangentK = 0.25; lane.p2.normalImpulse = 7
        withUnsafeMutablePointer(to: &batch) { WideContact.write(lane, into: $0, lane: 5) }
        batch.finish()
        #expect(batch.bodyA[5] == 4 && batch.bodyB[5] == 9 && batch.source[5] == 17)
        #expect(batch.nx[5] == 0.6 && batch.ny[5] == -0.8 && batch.friction[5] == 0.5)
        #expect(batch.p1.rnA[5] == 3 && batch.p1.normalMass[5] == 0.25 && batch.p2.tangentMass[5] == 4)
        #expect(batch.p2.normalImpulse[5] == 7 && batch.p2.normalMass[5] == 0)
        for other in 0..<wideLanes where other != 5 {
            #expect(batch.source[other] == -1 && batch.bodyA[other] == 0 && batch.p1.normalMass[other] == 0)
        }
    }
}
