// EditMode+Drawing: the selection and the shape being drawn, over the scene.
//
// Drawn after the scene, in screen points through the same viewport: the selected item gets a
// yellow frame around its turned bounds (a few points out, so the item's own edge stays
// visible; every item of its group when it is in one), a selected joint a yellow ring at each end; a box or ball being dragged out is a
// half-transparent preview, a polygon its clicked points joined in order, a spring or rope a
// line from the press to the pointer.
import Dynamics
import Geometry
import Scenes
import TerminalUI

extension EditMode {
    static let highlight = Color(red: 255, green: 220, blue: 0)

    /// Draws the selection and the gesture in progress over `canvas`.
    public func draw(on canvas: inout Canvas, scene: Scene, viewport: Viewport) {
        guard isOn else { return }
        let line = canvas.hairline
        func segment(_ a: Point, _ b: Point, dotted: Bool = false) {
            canvas.fill(.segment(from: viewport.screenPoint(a), to: viewport.screenPoint(b), thickness: line, dotted: dotted),
                        color: Self.highlight)
        }
        func ring(_ p: Point) {
            let s = viewport.screenPoint(p), size = line * 4
            canvas.fill(.ellipse(center: s, size: Size(size, size), angle: 0), color: Self.highlight)
            canvas.fill(.ellipse(center: s, size: Size(size / 2, size / 2), angle: 0), color: .black)
        }
        switch selection {
        case .item(let id)?:
            // An item of a group is selected with its group: every item of it is framed.
            guard let selected = scene.item(withID: id) else { break }
            let framed = scene.group(of: selected)?.items.compactMap { $0 as? SceneItem } ?? [selected]
            for item in framed where item.center.isFinite {
                let margin = 3 / viewport.scale
                let w = item.size.width * item.scale / 2 + margin, h = item.size.height * item.scale / 2 + margin
                let corners = [Vector(-w, -h), Vector(w, -h), Vector(w, h), Vector(-w, h)]
                    .map { item.center + $0.rotated(by: item.angle) }
                for k in 0..<4 { segment(corners[k], corners[(k + 1) % 4]) }
            }
        case .joint(let index)?:
            if index < scene.fileBehaviors.count, let a = scene.fileBehaviors[index] as? AttachmentBehavior {
                let (p, q) = a.attachmentPoints
                if p.isFinite && q.isFinite { ring(p); ring(q) }
            }
        case nil: break
        }
        guard let start = pressPoint, let now = currentPoint else {
            for (a, b) in zip(polygonPoints, polygonPoints.dropFirst()) { segment(a, b) }
            for p in polygonPoints { ring(p) }
            return
        }
        switch tool {
        case .box:
            let size = Size(abs(now.x - start.x) * viewport.scale, abs(now.y - start.y) * viewport.scale)
            canvas.fill(.rectangle(center: viewport.screenPoint((start + now) / 2), size: size, angle: 0),
                        color: Self.highlight, alpha: 0.4)
        case .ball:
            let d = 2 * start.distance(to: now) * viewport.scale
            canvas.fill(.ellipse(center: viewport.screenPoint(start), size: Size(d, d), angle: 0), color: Self.highlight, alpha: 0.4)
        case .spring, .rope:
            segment(start, now, dotted: tool == .rope)
        default:
            break
        }
        for (a, b) in zip(polygonPoints, polygonPoints.dropFirst()) { segment(a, b) }
        for p in polygonPoints { ring(p) }
    }
}
