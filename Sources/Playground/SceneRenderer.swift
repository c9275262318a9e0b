// SceneRenderer: draws a live Scene into a TerminalUI Canvas, through a viewport.
//
// Painter's order: the still background first (named segment and path boundaries, faint snap
// points), then the underlays the caller passes (trails, SceneUnderlay), then attachments (rods, springs, ropes), then the items in scene order, then the
// pivot marks of attachments to fixed points on top. Everything that does not move is drawn the
// same way every frame, so between two frames only the cells of moving items change and the
// terminal is sent little (docs/playground.md).
// - Rods and boundaries are one hairline thick: the canvas's thinnest clear line (one sub-pixel
//   of its glyph set; two pixels in pixel mode), so they are thin in fine glyph sets and their
//   edges are blended like every other shape's.
// - A spring (an attachment with a frequency) is a zigzag of a fixed number of turns between its
//   ends, so it stretches and squeezes with them; a rope (`limit`) is a row of dots that hangs in
//   a parabola with the sag of its slack length when its ends are closer than its length.
// - A pivot mark (a small ring) sits on the fixed point an item hangs from, never on the item.
// Items use their color, alpha (blended toward what is beneath), drawn scale and angle; labels
// go through `Canvas.drawLabel` with the item's angle; image items go through `drawImage`.
// A recorded frame (DisplayFrame, time travel) passed as `shown` replaces what changes from step
// to step (items' poses and colors, attachments' ends, snap points); the rest is the scene's.
// The viewport (see Viewport) scales a scene with its own size to fit the play area; line
// widths, dots and letters keep their screen size.
import Dynamics
import Geometry
import SceneFormat
import Scenes
import TerminalUI
import Images

public struct SceneRenderer: Sendable {
    public var background: Color
    /// Segment and path boundaries.
    public var boundaryColor: Color
    /// Attachment rods, springs and ropes.
    public var rodColor: Color
    /// Pivot marks and snap points.
    public var anchorColor: Color

    /// Turns a spring's zigzag makes between its ends.
    public static let springTurns = 8

    public init(background: Color = .black, boundaryColor: Color = .gray, rodColor: Color = .lightGray,
                anchorColor: Color = .white) {
        self.background = background; self.boundaryColor = boundaryColor
        self.rodColor = rodColor; self.anchorColor = anchorColor
    }

    /// A canvas of `columns` × `rows` cells in `glyphs` with `scene` drawn on it.
    public func render(_ scene: Scene, columns: Int, rows: Int, cellSize: CellSize, glyphs: GlyphSet = .half,
                       viewport: Viewport = .identity, beneathItems underlays: [any SceneUnderlay] = []) -> Canvas {
        var canvas = Canvas(columns: max(columns, 0), rows: max(rows, 0), cellSize: cellSize, glyphs: glyphs, background: background)
        draw(scene, into: &canvas, viewport: viewport, beneathItems: underlays)
        return canvas
    }

    /// Draws `scene` on `canvas` anew, reusing its storage (only the cells drawn last time are
    /// cleared, so a frame of a few moving items costs little whatever the glyph set).
    public func redraw(_ scene: Scene, on canvas: inout Canvas, viewport: Viewport = .identity,
                       beneathItems underlays: [any SceneUnderlay] = [], shown: DisplayFrame? = nil) {
        canvas.clear()
        draw(scene, into: &canvas, viewport: viewport, beneathItems: underlays, shown: shown)
    }

    /// Draws `scene` over what `canvas` holds; `underlays` (trails) go over the still background
    /// and beneath the joints and items.
    public func draw(_ scene: Scene, into canvas: inout Canvas, viewport: Viewport = .identity,
                     beneathItems underlays: [any SceneUnderlay] = [], shown: DisplayFrame? = nil) {
        let behaviors = Self.flattened(scene.animator.behaviors)
        let shown = shown?.fits(scene) == true ? shown : nil
        var snaps = shown?.snapPoints[...] ?? [], joints = shown?.jointEnds[...] ?? []
        let line = canvas.hairline
        // 1. Still background: boundaries, snap points.
        for behavior in behaviors {
            if let collision = behavior as? CollisionBehavior {
                for id in collision.boundaryIdentifiers {
                    guard let path = collision.boundary(withIdentifier: id), path.count >= 2 else { continue }
                    for (a, b) in zip(path, path.dropFirst()) {
                        canvas.fill(.segment(from: viewport.screenPoint(a), to: viewport.screenPoint(b), thickness: line, dotted: false),
                                    color: boundaryColor)
                    }
                }
            } else if let snap = behavior as? SnapBehavior {
                let point = snaps.popFirst() ?? snap.snapPoint
                drawPivot(at: viewport.screenPoint(point), color: boundaryColor, alpha: 0.5, into: &canvas)
            }
        }
        for underlay in underlays { underlay.draw(scene, into: &canvas, viewport: viewport) }
        // 2. Rods, springs and ropes.
        var pivots: [Point] = []
        for case let attachment as AttachmentBehavior in behaviors {
            let (itemEnd, otherEnd) = joints.popFirst() ?? attachment.attachmentPoints
            guard itemEnd.isFinite, otherEnd.isFinite else { continue }
            let a = viewport.screenPoint(itemEnd), b = viewport.screenPoint(otherEnd)
            switch attachment.kind {
            case .limit:
                drawRope(from: a, to: b, length: attachment.length * viewport.scale, color: rodColor, into: &canvas)
            case .distance where attachment.frequency > 0:
                drawSpring(from: a, to: b, color: rodColor, into: &canvas)
            default:
                if a.distance(to: b) > 0.5 {
                    canvas.fill(.segment(from: a, to: b, thickness: line, dotted: false), color: rodColor)
                }
            }
            if attachment.attachedBehaviorType == .anchor { pivots.append(b) }
        }
        // 3. Items.
        for (k, item) in scene.items.enumerated() {
            drawItem(item, pose: shown?.items[k] ?? ItemPose(item), into: &canvas, viewport: viewport)
        }
        // 4. Pivot marks on top.
        for p in pivots { drawPivot(at: p, color: anchorColor, alpha: 1, into: &canvas) }
    }

    /// A pivot mark: a ring around `p` with a dark center, about two sub-pixels across.
    func drawPivot(at p: Point, color: Color, alpha: Double, into canvas: inout Canvas) {
        let size = canvas.hairline * 2.5
        canvas.fill(.ellipse(center: p, size: Size(size, size), angle: 0), color: color, alpha: alpha)
        canvas.fill(.ellipse(center: p, size: Size(size * 0.45, size * 0.45), angle: 0), color: background, alpha: alpha)
    }

    /// A spring: `springTurns` zigzag turns from `a` to `b`, with straight leads at both ends.
    func drawSpring(from a: Point, to b: Point, color: Color, into canvas: inout Canvas) {
        let length = a.distance(to: b)
        let line = canvas.hairline
        guard length.isFinite, length > 0.5 else { return }
        let dir = (b - a) / length, normal = Vector(-dir.y, dir.x)
        let lead = min(length * 0.15, 2 * line)
        let width = max(3 * line, 6)
        var points = [a, a + dir * lead]
        let coil = length - 2 * lead
        let zigs = 2 * Self.springTurns
        for k in 0..<zigs {
            let along = lead + coil * (Double(k) + 0.5) / Double(zigs)
            points.append(a + dir * along + normal * (k % 2 == 0 ? width : -width) / 2)
        }
        points.append(b - dir * lead)
        points.append(b)
        for (p, q) in zip(points, points.dropFirst()) {
            canvas.fill(.segment(from: p, to: q, thickness: line * 0.75, dotted: false), color: color)
        }
    }

    /// A rope: dots two hairlines apart along the rope, hanging in a parabola whose arc is the
    /// rope's `length` when its ends are closer than that (sag h with L ≈ d + 8h²/3d).
    func drawRope(from a: Point, to b: Point, length: Double, color: Color, into canvas: inout Canvas) {
        let d = a.distance(to: b)
        guard d.isFinite, length.isFinite else { return }
        let slack = max(0, length - d)
        let sag = d > 0 ? min((3 * d * slack / 8).squareRoot(), length / 2) : length / 2
        let spacing = 2 * canvas.hairline
        let count = min(Int(max(length, d) / spacing), 4096)
        guard count > 0 else { return }
        for k in 0...count {
            let t = Double(k) / Double(count)
            // Straight line plus a downward parabola (4h·t(1−t)); screen y grows downward.
            let p = a + (b - a) * t + Vector(0, 4 * sag * t * (1 - t))
            canvas.fill(.ellipse(center: p, size: Size(canvas.hairline, canvas.hairline), angle: 0), color: color)
        }
    }

    /// The item's outline on the screen (scale and angle applied, through `viewport`) for the
    /// filled shapes; nil for labels, pictures and items not placed (the overlays tint with it).
    func shape(of item: SceneItem, viewport: Viewport) -> Shape? {
        guard item.center.isFinite else { return nil }
        let scale = (item.scale.isFinite && item.scale > 0 ? item.scale : 1) * viewport.scale
        let size = Size(item.size.width * scale, item.size.height * scale)
        let center = viewport.screenPoint(item.center)
        let angle = item.angle.isFinite ? item.angle : 0
        let rounding = item.roundedCornerRadius * scale
        switch item.shape {
        case .rectangle where rounding > 0, .capsule:
            return .roundedRectangle(center: center, size: size, angle: angle, cornerRadius: rounding)
        case .rectangle, .image: return .rectangle(center: center, size: size, angle: angle)
        case .ellipse: return .ellipse(center: center, size: size, angle: angle)
        case .polygon: return .polygon((item.vertices ?? []).map { center + ($0 * scale).rotated(by: angle) })
        case .label: return nil
        }
    }

    /// Draws one item: its shape in its color at its alpha, scale and angle.
    public func drawItem(_ item: SceneItem, into canvas: inout Canvas, viewport: Viewport = .identity) {
        drawItem(item, pose: ItemPose(item), into: &canvas, viewport: viewport)
    }

    /// Draws one item's shape at `pose` (its own, or a recorded frame's).
    func drawItem(_ item: SceneItem, pose: ItemPose, into canvas: inout Canvas, viewport: Viewport) {
        guard pose.alpha > 0, pose.center.isFinite else { return }
        let color = Color(pose.color)
        let alpha = min(max(pose.alpha, 0), 1)
        let scale = (pose.scale.isFinite && pose.scale > 0 ? pose.scale : 1) * viewport.scale
        let size = Size(pose.size.width * scale, pose.size.height * scale)
        let center = viewport.screenPoint(pose.center)
        let angle = pose.angle.isFinite ? pose.angle : 0
        let rounding = Self.cornerRadius(of: item, size: pose.size) * scale
        switch item.shape {
        case .rectangle where rounding > 0, .capsule:
            canvas.fill(.roundedRectangle(center: center, size: size, angle: angle, cornerRadius: rounding),
                        color: color, alpha: alpha)
        case .rectangle:
            canvas.fill(.rectangle(center: center, size: size, angle: angle), color: color, alpha: alpha)
        case .ellipse:
            canvas.fill(.ellipse(center: center, size: size, angle: angle), color: color, alpha: alpha)
        case .polygon:
            let points = (item.vertices ?? []).map { center + ($0 * scale).rotated(by: angle) }
            canvas.fill(.polygon(points), color: color, alpha: alpha)
        case .label:
            let lines = (item.text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            let normal = Vector(angle: angle + Double.pi / 2)
            let mid = Double(lines.count - 1) / 2
            for (k, line) in lines.enumerated() {
                let lineCenter = center + normal * ((Double(k) - mid) * canvas.cellSize.height)
                canvas.drawLabel(String(line).escapingControlCharacters, center: lineCenter, angle: angle, color: color, alpha: alpha)
            }
        case .image:
            drawImage(item, center: center, size: size, angle: angle, alpha: alpha, into: &canvas)
        }
    }

    /// An image item: its decoded picture scaled to the item's (scaled) size, nearest pixel per
    /// canvas sample; an image with no bitmap (a scene parsed without its folder) falls
    /// back to its rectangle in its color.
    public func drawImage(_ item: SceneItem, center: Point, size: Size, angle: Double, alpha: Double, into canvas: inout Canvas) {
        guard let bitmap = item.bitmap else {
            canvas.fill(.rectangle(center: center, size: size, angle: angle), color: Color(item.color), alpha: alpha)
            return
        }
        canvas.fillImage(center: center, size: size, angle: angle, alpha: alpha) { u, v in
            let p = bitmap.sample(u: u, v: v)
            if p.alpha == 0 { return nil }
            return (Color(red: p.red, green: p.green, blue: p.blue), Double(p.alpha) / 255)
        }
    }

    /// The corner radius drawing uses at `size` (SceneItem.roundedCornerRadius, for a size an
    /// animation may have changed since).
    static func cornerRadius(of item: SceneItem, size: Size) -> Double {
        let half = min(size.width, size.height) / 2
        switch item.shape {
        case .capsule: return half
        case .rectangle: return item.cornerRadius.isFinite ? min(max(item.cornerRadius, 0), half) : 0
        default: return 0
        }
    }

    static func flattened(_ behaviors: [DynamicBehavior]) -> [DynamicBehavior] {
        var all: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) { all.append(b); b.childBehaviors.forEach(visit) }
        behaviors.forEach(visit)
        return all
    }
}

extension Color {
    /// A scene color as a terminal color (both 8-bit sRGB).
    public init(_ c: SceneColor) { self.init(red: c.red, green: c.green, blue: c.blue) }
}
