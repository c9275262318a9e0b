// SceneGestures+Tuning: a gesture entry's tuning keys (GestureTuning) applied to its recognizer,
// once every entry's recognizer exists, since `requireToFail` and `simultaneous` name others.
//
// Thresholds replace the scene's defaults (a long press's 0.5 s, the one-cell movement a scene's
// taps and long presses allow). `requireToFail` is UIKit's require(toFail:), added after the
// single-tap-waits-for-double-tap idiom, so an entry can ask for more. `simultaneous` becomes the
// recognizer's shouldRecognizeSimultaneously (UIKit's delegate method): nil for `true`, no for
// `false`, yes for the listed entries' recognizers.
import Gestures
import SceneFormat

extension SceneGestures {
    static func tune(_ made: [(GestureDescription, GestureRecognizer)]) {
        var byID: [String: GestureRecognizer] = [:]
        for (entry, recognizer) in made { if let id = entry.tuning.id { byID[id] = recognizer } }
        for (entry, recognizer) in made {
            let t = entry.tuning
            if let press = recognizer as? LongPressGestureRecognizer {
                if let v = t.minimumPressDuration { press.minimumPressDuration = v }
                if let v = t.allowableMovement { press.allowableMovement = v }
            }
            if let tap = recognizer as? TapGestureRecognizer, let v = t.allowableMovement { tap.allowableMovement = v }
            for id in t.requireToFail {
                if let other = byID[id], other !== recognizer { recognizer.require(toFail: other) }
            }
            switch t.simultaneous {
            case .always:
                recognizer.shouldRecognizeSimultaneously = nil
            case .never:
                recognizer.shouldRecognizeSimultaneously = { _ in false }
            case .only(let ids):
                // By identity, so recognizers naming each other do not keep each other alive.
                let partners = Set(ids.compactMap { byID[$0].map(ObjectIdentifier.init) })
                recognizer.shouldRecognizeSimultaneously = { partners.contains(ObjectIdentifier($0)) }
            }
        }
    }
}
