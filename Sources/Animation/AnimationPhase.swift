// AnimationPhase: where one animation of a runner is, as much as it takes to go on from there.
//
// An animation's motion is a function of the time since its start: the leg (which repeat, and on
// an autoreversing one which way) is floor(elapsed / duration), the point within the leg is the
// rest, and the curve's progress there, a spring's speed included, follows from that point
// alone (both curves are closed forms of time, with no state carried from step to step). The
// one other thing a running animation holds is what it started from, read from the item at its
// start; and which properties it still drives, since a newer animation of the same item may
// have taken some over. So those three values are the whole phase: an animation added again
// with `AnimationRunner.add(_:to:resumingAt:from:)` at that elapsed time, from those values and
// with targets for the driven properties only, moves exactly as the original goes on moving.
/// Where an animation is: still waiting out its delay, or running.
public enum AnimationPhase: Hashable, Sendable {
    /// Not started: `delayLeft` seconds until it starts.
    case waiting(delayLeft: Double)
    /// Started `elapsed` seconds ago from the values `from`, driving the properties `driven`.
    case running(elapsed: Double, from: AnimatableProperties, driven: Set<AnimatableProperty>)
}
