// DisplayFrame: what the screen shows of a scene at one step, and nothing else, as values.
//
// Time travel shows recorded frames instead of re-simulating (DisplayFrameStore), so a frame
// holds everything drawing reads of a live scene that changes from step to step: each item's
// center, angle, alpha, drawn scale, color and size (the animator and animations write them),
// each attachment's two drawn ends (an active joint's ends come from the engine, not from the
// items), each snap behavior's point, and the status line's scoreboard (rules' counters). What
// never changes between steps of one layout (shapes, texts, images, boundaries) is read from
// the scene on screen, so a frame only fits a scene of the same layout: the same items in the
// same order, the same numbers of attachments and snaps (`layout`).
//
// As numbers a frame is a row of integers (`quantized`), each value on a fixed grid: 1/16 pt
// for lengths (within 0.032 pt of the value), 1/1024 rad for angles (within 0.0005 rad), 1/4096
// for alpha and scale, a color's 24 bits as they are. A value that is not finite, or beyond the
// integers' range, becomes a mark that reads back as not finite (drawing leaves such an item
// out, as it does a live one).
import Dynamics
import Geometry
import SceneFormat
import Scenes

/// What drawing reads of one item.
public struct ItemPose: Equatable, Sendable {
    public var center: Point
    public var angle: Double
    public var alpha: Double
    public var scale: Double
    public var color: SceneColor
    public var size: Size

    public init(_ item: SceneItem) {
        center = item.center; angle = item.angle; alpha = item.alpha
        scale = item.scale; color = item.color; size = item.size
    }

    init(center: Point, angle: Double, alpha: Double, scale: Double, color: SceneColor, size: Size) {
        self.center = center; self.angle = angle; self.alpha = alpha
        self.scale = scale; self.color = color; self.size = size
    }
}

public struct DisplayFrame: Sendable {
    public var items: [ItemPose]
    /// Each attachment's drawn ends (item end, other end), in the renderer's order.
    public var jointEnds: [(Point, Point)]
    /// Each snap behavior's point, in the renderer's order.
    public var snapPoints: [Point]
    /// The status line's scoreboard.
    public var scoreboard: String?
    /// The layout the frame fits (`DisplayFrame.layout(of:)`).
    public var layout: Int

    /// The frame `scene` shows now, with `scoreboard`.
    public init(_ scene: Scene, scoreboard: String?) {
        items = scene.items.map(ItemPose.init)
        let behaviors = SceneRenderer.flattened(scene.animator.behaviors)
        jointEnds = behaviors.compactMap { ($0 as? AttachmentBehavior)?.attachmentPoints }
        snapPoints = behaviors.compactMap { ($0 as? SnapBehavior)?.snapPoint }
        self.scoreboard = scoreboard
        layout = Self.layout(of: scene, joints: jointEnds.count, snaps: snapPoints.count)
    }

    init(items: [ItemPose], jointEnds: [(Point, Point)], snapPoints: [Point], scoreboard: String?, layout: Int) {
        self.items = items; self.jointEnds = jointEnds; self.snapPoints = snapPoints
        self.scoreboard = scoreboard; self.layout = layout
    }

    /// A number that differs, but for hash collisions, between scenes whose frames do not fit
    /// each other: the items' ids in order and the numbers of attachments and snaps.
    public static func layout(of scene: Scene) -> Int {
        let behaviors = SceneRenderer.flattened(scene.animator.behaviors)
        return layout(of: scene, joints: behaviors.count(where: { $0 is AttachmentBehavior }),
                      snaps: behaviors.count(where: { $0 is SnapBehavior }))
    }

    private static func layout(of scene: Scene, joints: Int, snaps: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(joints)
        hasher.combine(snaps)
        for item in scene.items { hasher.combine(item.id) }
        return hasher.finalize()
    }

    /// Whether the frame fits `scene` on screen.
    public func fits(_ scene: Scene) -> Bool {
        items.count == scene.items.count && layout == Self.layout(of: scene)
    }

    // MARK: Quantizing

    /// Integers per item, per attachment, per snap, and for the scoreboard.
    static let perItem = 8, perJoint = 4, perSnap = 2, trailing = 1
    /// Grid steps: lengths, angles, alpha and scale.
    static let lengthUnit = 1.0 / 16, angleUnit = 1.0 / 1024, fractionUnit = 1.0 / 4096
    /// The mark of a value that is not finite or out of range.
    static let notFinite = Int32.min

    /// The number of integers of a frame with these counts.
    static func width(items: Int, joints: Int, snaps: Int) -> Int {
        items * perItem + joints * perJoint + snaps * perSnap + trailing
    }

    static func quantize(_ value: Double, _ unit: Double) -> Int32 {
        let q = (value / unit).rounded()
        guard q.isFinite, q > Double(Int32.min), q <= Double(Int32.max) else { return notFinite }
        return Int32(q)
    }

    static func value(_ q: Int32, _ unit: Double) -> Double { q == notFinite ? .nan : Double(q) * unit }
}
