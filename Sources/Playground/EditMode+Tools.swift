// EditMode+Tools: what each tool does with a press, a drag and a release.
//
// Points are scene points (the app maps cells through the viewport first). Shapes are made on
// release (box, ball) or on closing (polygon); joints on the click (hinge, motor) or on
// release (spring, rope); moving places the item at every drag and keeps one undo step for the
// whole move. A gesture that cannot make anything says why in the status line and changes
// nothing: a box or ball too small to see, a polygon with fewer than three corners or all in
// a line, a spring from an item to itself, a motor on something that is not a hinge.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes

/// A pointer event for edit mode.
public enum EditPointerPhase: Sendable, Equatable { case down, drag, up }

extension EditMode {
    /// Shapes smaller than this (a box's side, a ball's radius), in points, are a slip, not a shape.
    static let smallestSize = 4.0
    /// How near a click must be to a joint's line to pick it, in points.
    static let jointReach = 8.0
    /// Two clicks this close in time (s) and space (pt) are a double click.
    static let doubleClick = (time: 0.4, distance: 12.0)
    /// Colors of drawn items, in turn.
    static let palette: [SceneColor] = ["orange", "cyan", "yellow", "pink", "green", "teal"].compactMap { SceneColor(parsing: $0) }

    /// Feeds one pointer event at `point` (scene points), `time` seconds into the scene.
    public func handle(_ phase: EditPointerPhase, at point: Point, time: Double, in session: SceneSession) {
        guard point.isFinite else { return }
        let scene = session.scene
        switch phase {
        case .down:
            pressPoint = point
            currentPoint = point
            switch tool {
            case .select: beginMove(at: point, scene: scene)
            case .polygon: addPolygonPoint(point, time: time, in: session)
            case .hinge: hinge(at: point, in: session)
            case .motor: motor(at: point, in: session)
            case .fix: fix(at: point, in: session)
            case .delete: delete(at: point, in: session)
            case .trail: trail(at: point, in: session)
            case .box, .ball, .spring, .rope: break
            }
        case .drag:
            guard pressPoint != nil else { return }
            currentPoint = point
            if let moving {
                session.apply(.placeItem(id: moving.id, ItemPlacement(center: point + moving.grip, angle: scene.item(withID: moving.id)?.angle ?? 0)))
            }
        case .up:
            guard let start = pressPoint else { return }
            currentPoint = point
            switch tool {
            case .select: endMove(at: point, in: session)
            case .box: box(from: start, to: point, in: session)
            case .ball: ball(center: start, edge: point, in: session)
            case .spring, .rope: join(from: start, to: point, in: session)
            default: break
            }
            pressPoint = nil
            currentPoint = nil
        }
    }

    // MARK: Select and move

    private func beginMove(at point: Point, scene: Scene) {
        if let item = scene.item(at: point) {
            selection = .item(id: item.id)
            moving = (item.id, ItemPlacement(center: item.center, angle: item.angle), item.center - point)
        } else if let joint = jointIndex(near: point, in: scene) {
            selection = .joint(index: joint)
        } else {
            selection = nil
        }
    }

    private func endMove(at point: Point, in session: SceneSession) {
        guard let moving else { return }
        self.moving = nil
        guard let item = session.scene.item(withID: moving.id), item.center.distance(to: moving.from.center) > 0.5 else { return }
        // One step of undo for the whole move: the edit puts it where it ends, the inverse back.
        let to = ItemPlacement(center: point + moving.grip, angle: item.angle)
        session.apply(.placeItem(id: moving.id, moving.from))
        make(.placeItem(id: moving.id, to), in: session)
    }

    // MARK: Shapes

    private func newItem(_ base: String, shape: ItemShape, size: Size, center: Point, vertices: [Point]? = nil,
                         in session: SceneSession) {
        let scene = session.scene
        if let refusal = session.addRefusal() {
            session.post(refusal.prefix(1).uppercased() + refusal.dropFirst() + " (x deletes one).")
            return
        }
        let id = scene.newItemID(base)
        let color = Self.palette[scene.sceneDescription.items.count % Self.palette.count]
        let item = ItemDescription(id: id, shape: shape, size: size, center: Position(center), color: color, vertices: vertices)
        if make(scene.addingItem(item), in: session) {
            selection = .item(id: id)
            session.post("Made \(id).")
        }
    }

    func box(from a: Point, to b: Point, in session: SceneSession) {
        let size = Size(abs(b.x - a.x), abs(b.y - a.y))
        guard size.width >= Self.smallestSize, size.height >= Self.smallestSize else {
            session.post("A box: drag from one corner to the other (at least \(Int(Self.smallestSize)) pt each way).")
            return
        }
        newItem("box", shape: .rectangle, size: size, center: (a + b) / 2, in: session)
    }

    func ball(center: Point, edge: Point, in session: SceneSession) {
        let radius = center.distance(to: edge)
        guard radius >= Self.smallestSize / 2 else {
            session.post("A ball: press at the center and drag out the radius.")
            return
        }
        newItem("ball", shape: .ellipse, size: Size(2 * radius, 2 * radius), center: center, in: session)
    }

    private func addPolygonPoint(_ point: Point, time: Double, in session: SceneSession) {
        if let last = lastClick, time - last.time <= Self.doubleClick.time,
           point.distance(to: last.point) <= Self.doubleClick.distance, !polygonPoints.isEmpty {
            lastClick = nil
            closePolygon(in: session)
            return
        }
        lastClick = (point, time)
        polygonPoints.append(point)
        session.post("Polygon: \(polygonPoints.count) point\(polygonPoints.count == 1 ? "" : "s"); Enter or a double click closes it.")
    }

    /// Makes the convex hull of the clicked points, or says why not.
    func closePolygon(in session: SceneSession) {
        let points = polygonPoints
        polygonPoints = []
        lastClick = nil
        guard tool == .polygon else { return }
        let hull = Polygon.convexHull(of: points)
        guard points.count >= 3 else {
            session.post("A polygon needs at least 3 points; it had \(points.count).")
            return
        }
        guard hull.count >= 3, abs(Polygon(hull).signedArea) >= Self.smallestSize * Self.smallestSize else {
            session.post("A polygon's points must not lie on one line.")
            return
        }
        guard hull.count <= 16 else {
            session.post("A polygon has at most 16 corners; its hull had \(hull.count).")
            return
        }
        guard let center = Polygon(hull).centroid else { return }
        let vertices = hull.map { $0 - center }
        let xs = vertices.map(\.x), ys = vertices.map(\.y)
        let size = Size(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        newItem("polygon", shape: .polygon, size: size, center: center, vertices: vertices, in: session)
    }

    // MARK: Joints

    /// The attachment (its index among the description's behaviors) whose line passes within
    /// `jointReach` of `point`, the nearest first.
    func jointIndex(near point: Point, in scene: Scene) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, b) in scene.sceneDescription.behaviors.enumerated() where b.type == BehaviorDescription.Attachment.type {
            guard i < scene.fileBehaviors.count, let a = scene.fileBehaviors[i] as? AttachmentBehavior else { continue }
            let (p, q) = a.attachmentPoints
            let d = Self.distance(from: point, toSegment: p, q)
            if d <= Self.jointReach, d < (best?.distance ?? .infinity) { best = (i, d) }
        }
        return best?.index
    }

    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a
        let t = ab.lengthSquared > 0 ? ((p - a).dot(ab) / ab.lengthSquared).clamped(0, 1) : 0
        return p.distance(to: a + ab * t)
    }

    /// The point's offset from the item's center in the item's own (turning) frame.
    private func localOffset(of point: Point, on item: SceneItem) -> Vector {
        (point - item.center).rotated(by: -item.angle)
    }

    /// Whether edits may name `item`: it is in the scene's description (not appeared while playing).
    private func isDescribed(_ item: SceneItem, in session: SceneSession) -> Bool {
        if session.scene.sceneDescription.items.contains(where: { $0.id == item.id }) { return true }
        session.post("\(item.id) appeared while playing and is not in the scene's file; it cannot be joined or changed.")
        return false
    }

    private func hinge(at point: Point, in session: SceneSession) {
        let under = session.scene.items(at: point)
        guard let first = under.first else {
            session.post("A hinge: click on an item to pin it there, or where two items overlap.")
            return
        }
        guard under.prefix(2).allSatisfy({ isDescribed($0, in: session) }) else { return }
        var pin = BehaviorDescription.Attachment(item: first.id)
        pin.kind = .pin
        pin.anchor = Position(point)
        if under.count >= 2 { pin.to = under[1].id }
        if make(session.scene.addingAttachment(pin), in: session) {
            selection = .joint(index: session.scene.sceneDescription.behaviors.count - 1)
            session.post(under.count >= 2 ? "Pinned \(first.id) to \(under[1].id)." : "Pinned \(first.id) to the world.")
        }
    }

    /// A spring (distance, 2 Hz, damping 0.3) or rope (limit) from the press to the release.
    func join(from start: Point, to end: Point, in session: SceneSession) {
        let scene = session.scene
        let what = tool == .rope ? "rope" : "spring"
        let a = scene.item(at: start), b = scene.item(at: end)
        if let a, let b, a === b {
            session.post("A \(what) from \(a.id) to itself does nothing: release on another item or on empty space.")
            return
        }
        guard a != nil || b != nil else {
            session.post("A \(what) needs an item at one end at least: press or release on an item.")
            return
        }
        guard [a, b].compactMap({ $0 }).allSatisfy({ isDescribed($0, in: session) }) else { return }
        var joint: BehaviorDescription.Attachment
        if let a {
            joint = BehaviorDescription.Attachment(item: a.id)
            joint.offset = localOffset(of: start, on: a)
            if let b {
                joint.to = b.id
                joint.toOffset = localOffset(of: end, on: b)
            } else {
                joint.anchor = Position(end)
            }
        } else {
            let b = b!
            joint = BehaviorDescription.Attachment(item: b.id)
            joint.offset = localOffset(of: end, on: b)
            joint.anchor = Position(start)
        }
        guard start.distance(to: end) >= Self.smallestSize else {
            session.post("A \(what): press at one end and release at the other, apart.")
            return
        }
        if tool == .rope {
            joint.kind = .limit
        } else {
            joint.frequency = 2
            joint.damping = 0.3
        }
        if make(scene.addingAttachment(joint), in: session) {
            selection = .joint(index: scene.sceneDescription.behaviors.count - 1)
            session.post("Made a \(what).")
        }
    }

    private func motor(at point: Point, in session: SceneSession) {
        let scene = session.scene
        guard let index = jointIndex(near: point, in: scene),
              let pin = scene.sceneDescription.behaviors[index].as(BehaviorDescription.Attachment.self), pin.kind == .pin else {
            session.post("A motor goes on a hinge: click a hinge (made with h).")
            return
        }
        selection = .joint(index: index)
        if pin.motorTorque != nil {
            session.post("Motor at \(format(pin.motorSpeed ?? 0)) rad/s; + and - change it.")
            return
        }
        if let edit = scene.settingMotor(ofBehavior: index, speed: Self.newMotorSpeed, torque: Self.newMotorTorque),
           make(edit, in: session) {
            session.post("Motor at \(format(Self.newMotorSpeed)) rad/s; + and - change it.")
        }
    }

    /// + and -: the selected motor's speed.
    func changeMotor(by delta: Double, in session: SceneSession) {
        let scene = session.scene
        guard case .joint(let index)? = selection, scene.sceneDescription.behaviors.indices.contains(index),
              let pin = scene.sceneDescription.behaviors[index].as(BehaviorDescription.Attachment.self),
              pin.kind == .pin, pin.motorTorque != nil else {
            session.post("+ and - change a motor's speed: choose m and click a hinge first.")
            return
        }
        let speed = ((pin.motorSpeed ?? 0) + delta).clamped(-Self.maximumMotorSpeed, Self.maximumMotorSpeed)
        if let edit = scene.settingMotor(ofBehavior: index, speed: speed, torque: Self.newMotorTorque), make(edit, in: session) {
            session.post("Motor at \(format(speed)) rad/s.")
        }
    }

    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.2f", v)
    }

    // MARK: Trails

    /// A trail is drawing, not an edit: the scene (and its file) stay as they are, so it is
    /// neither undone nor saved; `toggleTrail` (the app's trails) says whether it is now on.
    private func trail(at point: Point, in session: SceneSession) {
        guard let item = session.scene.item(at: point) else {
            session.post("Trail: click an item.")
            return
        }
        selection = .item(id: item.id)
        guard let on = toggleTrail?(item.id) else { return }
        session.post(on ? "A trail follows \(item.id)." : "No more trail behind \(item.id).")
    }

    // MARK: Fix and delete

    private func fix(at point: Point, in session: SceneSession) {
        let scene = session.scene
        guard let item = scene.item(at: point) else {
            session.post("Fix: click an item to fix it in place, or to free it.")
            return
        }
        guard isDescribed(item, in: session) else { return }
        let anchored = !scene.isAnchored(item.id)
        if make(scene.settingAnchored(item.id, anchored), in: session) {
            selection = .item(id: item.id)
            session.post(anchored ? "Fixed \(item.id)." : "Freed \(item.id).")
        }
    }

    private func delete(at point: Point, in session: SceneSession) {
        let scene = session.scene
        if let index = jointIndex(near: point, in: scene), scene.item(at: point) == nil || isPinPoint(index, point, scene) {
            if make(.removeBehavior(at: index), in: session, refusal: "the scene's gestures use that joint; it cannot be deleted") {
                selection = nil
                session.post("Deleted the joint.")
            }
            return
        }
        guard let item = scene.item(at: point) else {
            session.post("Delete: click an item or a joint.")
            return
        }
        switch scene.removingItem(item.id) {
        case .failure(let refusal):
            session.post(refusal.message.prefix(1).uppercased() + refusal.message.dropFirst() + ".")
        case .success(let edit):
            if make(edit, in: session) {
                selection = nil
                session.post("Deleted \(item.id) and its joints.")
            }
        }
    }

    /// Whether the click is on a hinge's point: over its item, the hinge is meant (a spring or
    /// rope is picked on its line outside the items).
    private func isPinPoint(_ index: Int, _ point: Point, _ scene: Scene) -> Bool {
        guard let a = scene.fileBehaviors[index] as? AttachmentBehavior, a.kind == .pin else { return false }
        let (p, q) = a.attachmentPoints
        return min(p.distance(to: point), q.distance(to: point)) <= Self.jointReach
    }
}
