// SceneSession+CurrentDescription: the scene as it is now, animations in flight included, for `w`
// and `W`.
//
// The scene writes its items, behaviors and gestures itself (Scene.currentDescription); where an
// animation is, only the session's runner knows: the time since it started and the values it
// started from, which the item no longer shows once it has moved. So each `animations:` entry
// is written from its runner's phase (AnimationPhase):
// - ended (or replaced by a newer animation of the same item, or its item gone): left out; its
//   end values are in the item;
// - waiting: the same entry with the rest of its delay;
// - running: the same entry (duration, curve, repeat, autoreverse unchanged) with `elapsed`, the
//   seconds since it started, and `from`, its start values, for the properties it still drives
//   (`to` keeps only those: a newer animation took the others over, and would take them again).
// Played, such an entry goes on from the same leg, direction and point of its curve, a spring
// moving at the same speed, so the saved scene continues the live one (docs/scene-format.md,
// "Animations saved while running").
import Animation
import Geometry
import SceneFormat
import Scenes

extension SceneSession {
    /// The scene as it is now; played, it goes on from here, animations in flight included.
    public func currentDescription() -> SceneDescription {
        var d = scene.currentDescription(time: time)
        let entries = scene.animations
        guard animationIDs.count == entries.count else { return d }
        let itemIDs = Set(d.items.map(\.id))
        d.animations = zip(entries, animationIDs).compactMap { entry, id in
            guard let id, itemIDs.contains(entry.item), let phase = animations.phase(of: id) else { return nil }
            return Self.entry(entry, at: phase)
        }
        return d
    }

    /// `entry` written at `phase`.
    static func entry(_ entry: AnimationDescription, at phase: AnimationPhase) -> AnimationDescription {
        var a = entry
        switch phase {
        case .waiting(let delayLeft):
            a.delay = delayLeft
            a.elapsed = nil
            a.from = nil
        case .running(let elapsed, let from, let driven):
            a.delay = 0
            a.elapsed = elapsed
            a.to = kept(entry.to, driven)
            a.from = kept(AnimationDescription.Target(center: Position(from.center), size: from.size, alpha: from.alpha,
                                                      scale: from.scale, angle: from.angle), driven)
        }
        return a
    }

    /// `target` with only the values of `properties`.
    static func kept(_ target: AnimationDescription.Target, _ properties: Set<AnimatableProperty>) -> AnimationDescription.Target {
        AnimationDescription.Target(center: properties.contains(.center) ? target.center : nil,
                                    size: properties.contains(.size) ? target.size : nil,
                                    alpha: properties.contains(.alpha) ? target.alpha : nil,
                                    scale: properties.contains(.scale) ? target.scale : nil,
                                    angle: properties.contains(.angle) ? target.angle : nil)
    }
}
