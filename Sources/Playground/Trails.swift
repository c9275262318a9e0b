// Trails: a fading line behind the items that have one, the last two seconds of where they were.
//
// The owner records after every step (`record`), and also for stretches of steps skipped while
// the scene rests (`record(_:steps:)`), so a trail is always the last `length` steps of simulated
// time: an item that stops has its trail drawn in behind it and gone after two seconds, as a
// trail of a moving thing does. Trails are kept by item id, a value that survives the item's
// behaviors changing, and cost nothing for items without one. A trip through time refills them
// from the history's recorded frames (`refill`): at a step gone back to they show the two
// seconds before it, as they did when play passed there.
//
// Drawing goes beneath the items and their joints (SceneUnderlay), one segment per step from
// each position to the next, in the item's color blended toward the background by age: a point
// `k` steps old is drawn at opacity 0.8 × (1 − k / length), so the newest part is nearly the
// item's color and the oldest has faded to the background. Opacity rather than a darker color
// lets the trail fade into whatever it crosses, not only a black background. A slow item's
// segments are shorter than the line is thick and overlap many times over, so they are painted
// together (`Canvas.fill(_:color:)` with one opacity each), each sample once at the strongest
// opacity covering it; painted one by one they would pile up to an opaque line that never fades.
import Geometry
import Scenes
import TerminalUI

/// Fading trails behind chosen items: their last positions, one per step, drawn beneath the items.
public struct Trails: Sendable, SceneUnderlay {
    /// Positions kept per trail by default: 2 s at 60 steps a second.
    public static let defaultLength = 120
    /// The most opaque a trail gets (its newest point).
    static let newestAlpha = 0.8

    /// Positions kept per trail (steps of history).
    public let length: Int
    /// Item ids with a trail, in the order their trails were turned on (the order they are drawn in).
    public private(set) var itemIDs: [String] = []
    private var history: [String: [Point]] = [:]

    /// Trails keeping `length` positions each (at least 2).
    public init(length: Int = Trails.defaultLength) { self.length = max(length, 2) }

    /// Whether the item has a trail.
    public func hasTrail(_ itemID: String) -> Bool { history[itemID] != nil }

    /// The item's recorded positions in points, oldest first (empty when it has no trail).
    public func positions(of itemID: String) -> [Point] { history[itemID] ?? [] }

    /// Turns the item's trail on (empty, filling from the next step) or off (forgotten).
    /// Returns whether it is on now.
    @discardableResult
    public mutating func toggle(_ itemID: String) -> Bool {
        if history[itemID] != nil {
            history[itemID] = nil
            itemIDs.removeAll { $0 == itemID }
            return false
        }
        history[itemID] = []
        itemIDs.append(itemID)
        return true
    }

    /// Every trail kept on but emptied, filling again from the next step (the scene on screen
    /// was replaced by its own past, so the positions recorded belong to another timeline).
    public mutating func restart() {
        for id in itemIDs { history[id] = [] }
    }

    /// Every trail refilled with `positions(id)` (its last `length` at most): the scene on screen
    /// moved to another step of its history, and the trails show where the items were in the
    /// steps before that one (SessionHistory.centers), as they did when play was there.
    public mutating func refill(_ positions: (String) -> [Point]) {
        for id in itemIDs { history[id] = Array(positions(id).suffix(length)) }
    }

    /// Every trail off.
    public mutating func removeAll() {
        history = [:]
        itemIDs = []
    }

    /// Records where each item with a trail is after a step (or after `steps` steps at rest, in
    /// which it stayed put). An item no longer in the scene loses its trail.
    public mutating func record(_ scene: Scene, steps: Int = 1) {
        guard steps > 0, !itemIDs.isEmpty else { return }
        for id in itemIDs {
            guard let item = scene.item(withID: id) else {
                history[id] = nil
                continue
            }
            guard item.center.isFinite else { continue }
            var points = history[id] ?? []
            points.append(contentsOf: repeatElement(item.center, count: min(steps, length)))
            if points.count > length { points.removeFirst(points.count - length) }
            history[id] = points
        }
        itemIDs.removeAll { history[$0] == nil }
    }

    /// The opacity a point drawn `age` steps ago has.
    func alpha(age: Int) -> Double {
        Self.newestAlpha * max(0, 1 - Double(age) / Double(length))
    }

    /// Draws each trail as segments from position to position, fading with age.
    public func draw(_ scene: Scene, into canvas: inout Canvas, viewport: Viewport) {
        let thickness = canvas.hairline
        for id in itemIDs {
            guard let item = scene.item(withID: id), let points = history[id], points.count >= 2 else { continue }
            var pieces: [(shape: Shape, alpha: Double)] = []
            for k in 0..<(points.count - 1) {
                let a = viewport.screenPoint(points[k]), b = viewport.screenPoint(points[k + 1])
                guard a != b else { continue }
                pieces.append((.segment(from: a, to: b, thickness: thickness, dotted: false), alpha(age: points.count - 1 - k)))
            }
            canvas.fill(pieces, color: Color(item.color))
        }
    }
}
