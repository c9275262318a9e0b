// SwipeGestureRecognizer: UIKit's discrete swipe, for a left drag.
//
// UIKit documents only the shape of the rule: a swipe in one of the permitted directions, fast
// and short or slow and precise, that fails when it takes too long. Our exact thresholds (also
// in docs/gestures.md), judged on the displacement from the press at every move and at release:
// - Fast (recent speed ≥ `fastSpeed`, 400 pt/s): recognized once it has gone
//   `fastMinimumDistance` (30 pt) within `fastAngleTolerance` (30°) of a permitted direction.
// - Slow: it must go `slowMinimumDistance` (60 pt) within `slowAngleTolerance` (15°).
// - It fails when, beyond `allowableMovement` (10 pt), it heads more than the fast tolerance
//   away from every permitted direction; when it is released before being recognized; and when
//   `maximumDuration` (0.5 s) passes after the press.
// Speed is the pointer's velocity over the last 0.1 s, not the average since the press, so a
// press that rests and then flicks still counts as fast. Recognition happens mid-drag, as in
// UIKit; the rest of that drag is ignored. `recognizedDirection` says which way it went (UIKit
// leaves that to one recognizer per direction; the scenes want "Swiped {direction}.").

import Geometry

/// A discrete swipe in one of the permitted directions, recognized mid-drag.
/// UIKit: `UISwipeGestureRecognizer`.
///
/// A fast swipe (≥ ``fastSpeed`` pt/s) needs ``fastMinimumDistance`` points within
/// ``fastAngleTolerance``; a slow one ``slowMinimumDistance`` within ``slowAngleTolerance``;
/// either must happen within ``maximumDuration`` seconds of the press.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// A set of directions, with UIKit's raw values.
    public struct Direction: OptionSet, Sendable, Hashable, CustomStringConvertible {
        /// The bits of the set: 1 right, 2 left, 4 up, 8 down.
        public let rawValue: Int
        /// The set whose bits are `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Toward increasing x.
        public static let right = Direction(rawValue: 1)
        /// Toward decreasing x.
        public static let left = Direction(rawValue: 2)
        /// Toward the top of the screen (decreasing y).
        public static let up = Direction(rawValue: 4)
        /// Toward the bottom of the screen (increasing y).
        public static let down = Direction(rawValue: 8)
        /// All four directions.
        public static let all: Direction = [.right, .left, .up, .down]

        /// The unit vector of a single direction, on screen (y down).
        var unitVector: Vector {
            switch self {
            case .right: Vector(1, 0)
            case .left: Vector(-1, 0)
            case .up: Vector(0, -1)
            case .down: Vector(0, 1)
            default: preconditionFailure("unitVector of a non-single direction \(rawValue)")
            }
        }

        /// "right", "left", "up", "down", or the members joined by "|".
        public var description: String {
            let names: [(Direction, String)] = [(.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            let parts = names.filter { contains($0.0) }.map(\.1)
            return parts.isEmpty ? "none" : parts.joined(separator: "|")
        }
    }

    /// The permitted directions. Default `.right`, as in UIKit.
    public var direction: Direction = .right
    /// Simultaneous touches; a mouse provides exactly one.
    public var numberOfTouchesRequired: Int = 1
    /// Seconds from the press within which the swipe must be recognized.
    public var maximumDuration: Double = 0.5
    /// Recent speed (pt/s) at or above which the lenient "fast" rule applies.
    public var fastSpeed: Double = 400
    /// Points a fast swipe must travel. Default 30.
    public var fastMinimumDistance: Double = 30
    /// Radians a fast swipe may stray from a permitted direction. Default π/6 (30°).
    public var fastAngleTolerance: Double = Double.pi / 6
    /// Points a slow swipe must travel. Default 60.
    public var slowMinimumDistance: Double = 60
    /// Radians a slow swipe may stray from a permitted direction. Default π/12 (15°).
    public var slowAngleTolerance: Double = Double.pi / 12
    /// Points the pointer may move in any direction before its heading is judged.
    public var allowableMovement: Double = 10

    /// The single direction of the last recognized swipe; nil until one is recognized, cleared
    /// by the next press.
    public private(set) var recognizedDirection: Direction?

    private var pressTime: Double = 0
    private var sampler = MotionSampler()

    /// A swipe in `direction` (any of them when it holds several), for left presses without
    /// Ctrl or Shift.
    public init(direction: Direction = .right) {
        self.direction = direction
        super.init(acceptsPress: isPlainLeftPress)
    }

    override func pointerDown(_ event: PointerEvent) {
        guard numberOfTouchesRequired == 1 else { fail(); return }
        recognizedDirection = nil
        pressTime = event.time
        sampler.reset(time: event.time, value: event.location)
    }

    override func pointerMoved(_ event: PointerEvent) {
        sampler.add(time: event.time, value: event.location)
        judge(event, released: false)
    }

    override func pointerUp(_ event: PointerEvent) {
        sampler.add(time: event.time, value: event.location)
        judge(event, released: true)
    }

    override func timeAdvanced(to time: Double) {
        if isTracking && time - pressTime > maximumDuration { fail() }
    }

    override var gestureDeadline: Double? {
        isTracking ? pressTime + maximumDuration : nil
    }

    private func judge(_ event: PointerEvent, released: Bool) {
        let displacement = event.location - startLocation
        let distance = displacement.length
        let fast = sampler.velocity(at: event.time).length >= fastSpeed
        let minimumDistance = fast ? fastMinimumDistance : slowMinimumDistance
        let tolerance = fast ? fastAngleTolerance : slowAngleTolerance

        var best: (direction: Direction, angle: Double)?
        if distance > 0 {
            for candidate in [Direction.right, .left, .up, .down] where direction.contains(candidate) {
                let cosine = Swift.min(1, Swift.max(-1, displacement.dot(candidate.unitVector) / distance))
                let angle = acos(cosine)
                if best == nil || angle < best!.angle { best = (candidate, angle) }
            }
        }

        if let best, distance >= minimumDistance, best.angle <= tolerance {
            recognizedDirection = best.direction
            end()
        } else if released {
            fail()
        } else if distance > allowableMovement, (best?.angle ?? .infinity) > fastAngleTolerance {
            fail()
        }
    }
}
