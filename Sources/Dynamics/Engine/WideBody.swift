// WideBody: the body states of a batch's eight lanes, gathered from and scattered back to the
// solver's BodyState array.
//
// A gather reads each lane's pair of adjacent floats as one 64-bit load and splits the pairs
// into two vectors with shuffles; a scatter transposes the lanes back into rows of four floats
// and stores each body's first sixteen bytes at once. WideDelta gathers the displacement and
// turn since the step began the same way.
import Geometry
import CLaneShuffles

/// Velocities of the A (or B) bodies of a batch, one lane each.
struct WideBody {
    var vx = Wide(), vy = Wide(), w = Wide()

    @inline(__always) init(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        (vx, vy) = wideGather2(s, idx, offset: 0)
        // The angular velocity with the unused float after it (the second vector goes unused).
        w = wideGather2(s, idx, offset: 8).0
    }

    @inline(__always) init(vx: Wide, vy: Wide, w: Wide) {
        self.vx = vx; self.vy = vy; self.w = w
    }

    /// Writes both sides of a batch back to their bodies: each body's first sixteen bytes
    /// (velocity, angular velocity and the unused fourth float, which takes the angular velocity
    /// too) in one store, after transposing lanes into rows. Out of line on purpose: when LLVM
    /// sees every lane of a result extracted, it turns the vector arithmetic that produced it
    /// back into eight scalar copies; a call boundary keeps that arithmetic in vectors.
    @inline(never)
    static func scatter(_ a: WideBody, _ b: WideBody, _ s: UnsafeMutablePointer<BodyState>,
                        _ idxA: WideIndex, _ idxB: WideIndex) {
        scatterRows(a.vx, a.vy, a.w, s, idxA)
        scatterRows(b.vx, b.vy, b.w, s, idxB)
    }

    @inline(__always)
    static func scatterRows(_ vx: Wide, _ vy: Wide, _ w: Wide, _ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        let t0 = interleaveLow(vx, vy), t1 = interleaveHigh(vx, vy)
        let u0 = interleaveLow(w, w), u1 = interleaveHigh(w, w)
        let base = UnsafeMutableRawPointer(s)
        @inline(__always) func put(_ r: Wide, _ lane: Int) {
            (base + Int(idx[lane]) &* MemoryLayout<BodyState>.stride).storeBytes(of: r.lowHalf, as: SIMD4<Float>.self)
            (base + Int(idx[lane + 4]) &* MemoryLayout<BodyState>.stride).storeBytes(of: r.highHalf, as: SIMD4<Float>.self)
        }
        put(pairsLow(t0, u0), 0); put(pairsHigh(t0, u0), 1); put(pairsLow(t1, u1), 2); put(pairsHigh(t1, u1), 3)
    }
}

// The shuffles of a transpose between lanes and rows of four floats, each within the two
// four-lane halves of a vector (CLaneShuffles states each as one shuffle).
@inline(__always) func interleaveLow(_ a: Wide, _ b: Wide) -> Wide { nudge_interleave_low(a, b) }
@inline(__always) func interleaveHigh(_ a: Wide, _ b: Wide) -> Wide { nudge_interleave_high(a, b) }
@inline(__always) func pairsLow(_ a: Wide, _ b: Wide) -> Wide { nudge_pairs_low(a, b) }
@inline(__always) func pairsHigh(_ a: Wide, _ b: Wide) -> Wide { nudge_pairs_high(a, b) }

/// The displacement of the A (or B) bodies since the step began.
struct WideDelta {
    var dpx = Wide(), dpy = Wide(), c = Wide(), s = Wide()

    @inline(__always) init(_ st: UnsafeMutablePointer<BodyState>, _ idx: WideIndex) {
        (dpx, dpy) = wideGather2(st, idx, offset: 16)
        (c, s) = wideGather2(st, idx, offset: 24)
    }
}

// A gather reads each lane's pair of adjacent floats as one 64-bit load and splits the pairs
// into two vectors with shuffles: a third fewer micro-operations than filling the lanes one float
// at a time, and, inlined, LLVM keeps it as loads and shuffles (the one-float-at-a-time version
// was out of line, since inlined LLVM rebuilt its lanes with broadcasts and blends). The split is
// CLaneShuffles' even and odd lanes: the standard library's SIMD8<UInt32>(truncatingIfNeeded:)
// of the pairs stayed a call, two shuffles behind a call and the spills around it, 2 % of a
// step of many pyramids.

/// Two adjacent floats at byte `offset` of each lane's body state.
@inline(__always)
func wideGather2(_ s: UnsafeMutablePointer<BodyState>, _ idx: WideIndex, offset: Int) -> (Wide, Wide) {
    let base = UnsafeRawPointer(s) + offset
    var low = SIMD4<UInt64>(), high = SIMD4<UInt64>()
    for lane in 0..<4 {
        low[lane] = (base + Int(idx[lane]) &* MemoryLayout<BodyState>.stride).loadUnaligned(as: UInt64.self)
        high[lane] = (base + Int(idx[lane + 4]) &* MemoryLayout<BodyState>.stride).loadUnaligned(as: UInt64.self)
    }
    // Little-endian: a pair's first float is its low 32 bits, the even lane of the floats.
    let a = unsafeBitCast(low, to: Wide.self), b = unsafeBitCast(high, to: Wide.self)
    return (nudge_evens(a, b), nudge_odds(a, b))
}
