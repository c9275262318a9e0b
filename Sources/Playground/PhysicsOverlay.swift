// PhysicsOverlay: what the engine sees, drawn over the scene: contact points and their normals,
// velocity arrows, joints with their anchors, or bounding boxes with the sleeping items tinted.
//
// `d` cycles the overlays one at a time (off → contacts → velocities → joints → bounds & sleeping
// → off), since each one alone is readable and all of them at once are not. The overlay is drawn
// on the scene's canvas after the scene, in the renderer's coordinates (through the Viewport), so
// it lands exactly on what it describes and is blended like every other line; everything it shows
// comes from the animator's read-only queries (DynamicAnimator+Inspection), asked once per drawn
// frame, so the simulation steps the same with an overlay or without.
// - Contacts: a small square mark at each contact point and a short line along its normal.
// - Velocities: an arrow from each moving item's center to where it would be 0.1 s later at its
//   present velocity, with a two-stroke head, one and a half hairlines thick so it stands out
//   from rods.
// - Joints: a line between each attachment's two points and a ring at each.
// - Bounds: each item's bounding box as an outline; a sleeping item is tinted blue and its box
//   drawn in blue instead.
// Colors are chosen apart from the scenes' usual ones: yellow contacts, magenta arrows, cyan
// joints, green boxes.
import Dynamics
import Geometry
import Scenes
import TerminalUI

struct PhysicsOverlay {
    /// The overlay on show; `d` moves to the next.
    enum Mode: CaseIterable, Equatable {
        case off, contacts, velocities, joints, bounds

        /// The mode `d` moves to: the next, after the last `off` again.
        var next: Mode {
            let all = Mode.allCases
            return all[(all.firstIndex(of: self)! + 1) % all.count]
        }

        /// How the status line names it.
        var name: String {
            switch self {
            case .off: "off"
            case .contacts: "contacts"
            case .velocities: "velocities"
            case .joints: "joints"
            case .bounds: "bounds & sleeping"
            }
        }
    }

    var mode: Mode
    /// Seconds of travel a velocity arrow shows.
    static let arrowSeconds = 0.1
    /// A contact's normal line, in screen points.
    static let normalLength = 12.0
    static let contactColor = Color.yellow
    static let velocityColor = Color.magenta
    static let jointColor = Color.cyan
    static let boundsColor = Color.green
    static let sleepingColor = Color(red: 80, green: 140, blue: 255)

    /// Draws the overlay of `mode` for `scene`, whose contact points are `contacts`, over `canvas`.
    func draw(_ scene: Scene, contacts: [ContactPoint], on canvas: inout Canvas, viewport: Viewport, renderer: SceneRenderer) {
        let animator = scene.animator
        let line = canvas.hairline
        switch mode {
        case .off:
            return
        case .contacts:
            let mark = line * 2.5
            for contact in contacts where contact.point.isFinite && contact.normal.isFinite {
                let p = viewport.screenPoint(contact.point)
                canvas.fill(.segment(from: p, to: p + contact.normal * Self.normalLength, thickness: line, dotted: false),
                            color: Self.contactColor)
                canvas.fill(.rectangle(center: p, size: Size(mark, mark), angle: 0), color: Self.contactColor)
            }
        case .velocities:
            // An item of a group moves at the group's velocity at its center.
            for item in scene.items where scene.isDynamic(item) {
                let v = scene.linearVelocity(of: item) * Self.arrowSeconds * viewport.scale
                guard v.isFinite, v.length >= 1, item.center.isFinite else { continue }
                let from = viewport.screenPoint(item.center)
                drawArrow(from: from, to: from + v, thickness: line * 1.5, into: &canvas)
            }
        case .joints:
            for case let attachment as AttachmentBehavior in SceneRenderer.flattened(animator.behaviors) {
                let (a, b) = attachment.attachmentPoints
                guard a.isFinite, b.isFinite else { continue }
                let p = viewport.screenPoint(a), q = viewport.screenPoint(b)
                if p.distance(to: q) > 0.5 {
                    canvas.fill(.segment(from: p, to: q, thickness: line, dotted: false), color: Self.jointColor)
                }
                renderer.drawPivot(at: p, color: Self.jointColor, alpha: 1, into: &canvas)
                renderer.drawPivot(at: q, color: Self.jointColor, alpha: 1, into: &canvas)
            }
        case .bounds:
            for item in scene.items {
                // An item of a group shows its group's box (the one body the engine has).
                let body = scene.dynamicItem(for: item)
                guard let box = animator.boundingBox(for: body), box.origin.isFinite, box.size.width.isFinite,
                      box.size.height.isFinite else { continue }
                let sleeping = animator.isSleeping(body)
                if sleeping, let shape = renderer.shape(of: item, viewport: viewport) {
                    canvas.fill(shape, color: Self.sleepingColor, alpha: 0.5)
                }
                let a = viewport.screenPoint(box.origin)
                let b = viewport.screenPoint(Point(box.maxX, box.maxY))
                let corners = [a, Point(b.x, a.y), b, Point(a.x, b.y), a]
                for (p, q) in zip(corners, corners.dropFirst()) {
                    canvas.fill(.segment(from: p, to: q, thickness: line, dotted: false),
                                color: sleeping ? Self.sleepingColor : Self.boundsColor)
                }
            }
        }
    }

    /// An arrow from `from` to `to` with a head of two strokes 25° off the shaft.
    func drawArrow(from: Point, to: Point, thickness: Double, into canvas: inout Canvas) {
        let length = from.distance(to: to)
        guard length > 0 else { return }
        canvas.fill(.segment(from: from, to: to, thickness: thickness, dotted: false), color: Self.velocityColor)
        let back = (from - to) / length
        let head = min(max(length * 0.35, 4 * thickness), 14)
        for turn in [0.44, -0.44] {
            canvas.fill(.segment(from: to, to: to + back.rotated(by: turn) * head, thickness: thickness, dotted: false),
                        color: Self.velocityColor)
        }
    }
}
