// MotionSampler: velocity from recent samples, for pan, rotation and pinch.
//
// UIKit reports a gesture's velocity from the last few touch samples. Terminals report motion
// only when the pointer crosses into a new cell, so samples are sparse and irregular; the
// estimate here is the displacement over the last `window` seconds (0.1 s) divided by the time
// it spans, measured up to "now" rather than up to the last sample. A pointer that stopped
// moving therefore reads zero velocity once `window` has passed, even though no event said so,
// and a constant-speed drag reads its exact speed however it was sampled. Scalars (an angle, a
// scale) ride in the x component.

import Geometry

struct MotionSampler {
    /// How far back the estimate looks, in seconds.
    var window: Double = 0.1
    private var samples: [(time: Double, value: Vector)] = []

    /// Starts over from one known sample; velocity reads zero until it moves.
    mutating func reset(time: Double, value: Vector) {
        samples.removeAll(keepingCapacity: true)
        samples.append((time, value))
    }

    mutating func add(time: Double, value: Vector) {
        if let last = samples.last, time < last.time { return }
        samples.append((time, value))
        // Keep exactly one sample at or before (newest − window): the reference a later "now" needs.
        while samples.count > 2 && samples[1].time <= time - window {
            samples.removeFirst()
        }
    }

    /// The velocity (value per second) at time `now`, which is at or after the last sample.
    func velocity(at now: Double) -> Vector {
        guard let current = samples.last else { return .zero }
        let cutoff = now - window
        var reference = samples[0]
        for s in samples where s.time <= cutoff { reference = s }
        let dt = now - reference.time
        guard dt > 0 else { return .zero }
        return (current.value - reference.value) / dt
    }
}
