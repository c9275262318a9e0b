// SceneRenderer: draws a live Scene into a TerminalUI Canvas, in points.
//
// Painter's order: the still background first (named segment and path boundaries, faint snap
// points), then attachment rods and ropes, then the items in scene order, then anchor markers on
// top. Everything that does not move is drawn the same way every frame, so between two frames
// only the cells of moving items change and the terminal is sent little (docs/playground.md).
// Items use their color, alpha (blended toward what is beneath), drawn scale and angle; labels
// go through `Canvas.drawLabel` with the item's angle; image items go through `drawImage`, which
// draws the item's rectangle until decoded bitmaps reach the scene.
import Dynamics
import Geometry
import Scenes
import TerminalUI
import Images

public struct SceneRenderer: Sendable {
    public var background: Color
    /// Segment and path boundaries.
    public var boundaryColor: Color
    /// Attachment rods and ropes.
    public var rodColor: Color
    /// Anchor markers and snap points.
    public var anchorColor: Color

    public init(background: Color = .black, boundaryColor: Color = .gray, rodColor: Color = .lightGray,
                anchorColor: Color = .white) {
        self.background = background; self.boundaryColor = boundaryColor
        self.rodColor = rodColor; self.anchorColor = anchorColor
    }

    /// A canvas of `columns` × `rows` cells with `scene` drawn on it.
    public func render(_ scene: Scene, columns: Int, rows: Int, cellSize: CellSize) -> Canvas {
        var canvas = Canvas(columns: max(columns, 0), rows: max(rows, 0), cellSize: cellSize, background: background)
        draw(scene, into: &canvas)
        return canvas
    }

    /// Draws `scene` over what `canvas` holds.
    public func draw(_ scene: Scene, into canvas: inout Canvas) {
        let behaviors = Self.flattened(scene.animator.behaviors)
        // 1. Still background: boundaries, snap points.
        for behavior in behaviors {
            if let collision = behavior as? CollisionBehavior {
                for id in collision.boundaryIdentifiers {
                    guard let path = collision.boundary(withIdentifier: id), path.count >= 2 else { continue }
                    for (a, b) in zip(path, path.dropFirst()) {
                        canvas.fill(.segment(from: a, to: b, thickness: 1, dotted: false), color: boundaryColor)
                    }
                }
            } else if let snap = behavior as? SnapBehavior {
                canvas.fill(.anchor(snap.snapPoint), color: boundaryColor, alpha: 0.35)
            }
        }
        // 2. Rods (solid) and ropes (dotted).
        var anchors: [Point] = []
        for case let attachment as AttachmentBehavior in behaviors {
            let (a, b) = attachment.attachmentPoints
            guard a.isFinite, b.isFinite else { continue }
            if attachment.kind == .limit {
                drawRope(from: a, to: b, color: rodColor, into: &canvas)
            } else if a != b {
                canvas.fill(.segment(from: a, to: b, thickness: 1, dotted: false), color: rodColor)
            }
            if attachment.attachedBehaviorType == .anchor { anchors.append(b) }
        }
        // 3. Items.
        for item in scene.items { drawItem(item, into: &canvas) }
        // 4. Anchors on top.
        for p in anchors { canvas.fill(.anchor(p), color: anchorColor) }
    }

    /// A rope: one sub-pixel dot every two sub-pixels along the line. (TerminalUI's own dotted
    /// segment alternates 8 pt on / 8 pt off, which fills solid when its phase straddles 8 pt
    /// sub-pixels, so ropes place their dots themselves.)
    func drawRope(from a: Point, to b: Point, color: Color, into canvas: inout Canvas) {
        let length = a.distance(to: b)
        guard length.isFinite else { return }
        let spacing = 2 * min(canvas.cellSize.subPixelWidth, canvas.cellSize.subPixelHeight)
        let count = min(Int(length / spacing), 4096)
        for k in 0...count {
            let p = length > 0 ? a + (b - a) * (Double(k) * spacing / length) : a
            canvas.fill(.segment(from: p, to: p, thickness: 0, dotted: false), color: color)
        }
    }

    /// Draws one item: its shape in its color at its alpha, scale and angle.
    public func drawItem(_ item: SceneItem, into canvas: inout Canvas) {
        guard item.alpha > 0, item.center.isFinite else { return }
        let color = Color(item.color)
        let alpha = min(max(item.alpha, 0), 1)
        let scale = item.scale.isFinite && item.scale > 0 ? item.scale : 1
        let size = Size(item.size.width * scale, item.size.height * scale)
        let angle = item.angle.isFinite ? item.angle : 0
        switch item.shape {
        case .rectangle:
            canvas.fill(.rectangle(center: item.center, size: size, angle: angle), color: color, alpha: alpha)
        case .ellipse:
            canvas.fill(.ellipse(center: item.center, size: size, angle: angle), color: color, alpha: alpha)
        case .polygon:
            let points = (item.vertices ?? []).map { item.center + ($0 * scale).rotated(by: angle) }
            canvas.fill(.polygon(points), color: color, alpha: alpha)
        case .label:
            let lines = (item.text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            let normal = Vector(angle: angle + Double.pi / 2)
            let mid = Double(lines.count - 1) / 2
            for (k, line) in lines.enumerated() {
                let center = item.center + normal * ((Double(k) - mid) * canvas.cellSize.height)
                canvas.drawLabel(String(line), center: center, angle: angle, color: color, alpha: alpha)
            }
        case .image:
            drawImage(item, size: size, angle: angle, alpha: alpha, into: &canvas)
        }
    }

    /// An image item: its decoded picture scaled to the item's (scaled) size, nearest pixel per
    /// half-block sub-pixel; an image with no bitmap (a scene parsed without its folder) falls
    /// back to its rectangle in its color.
    public func drawImage(_ item: SceneItem, size: Size, angle: Double, alpha: Double, into canvas: inout Canvas) {
        guard let bitmap = item.bitmap else {
            canvas.fill(.rectangle(center: item.center, size: size, angle: angle), color: Color(item.color), alpha: alpha)
            return
        }
        canvas.fillImage(center: item.center, size: size, angle: angle, alpha: alpha) { u, v in
            let p = bitmap.sample(u: u, v: v)
            if p.alpha == 0 { return nil }
            return (Color(red: p.red, green: p.green, blue: p.blue), Double(p.alpha) / 255)
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
