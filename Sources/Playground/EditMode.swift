// EditMode: making and changing a scene with the mouse, and undoing it.
//
// `e` turns it on; then the scene's own gestures are off and the mouse drives the chosen tool
// (EditTool). Every change is a SceneEdit applied through `SceneSession.apply`, which returns
// its inverse; the inverses form the undo stack, as far back as the scene has been played, and
// `u` applies the top one. So the tools never change the scene any other way, and whatever
// else wants to see or replay the edits (a saved file, a time line) hears each one through
// `didApply`, in order, with nothing else to know.
//
// The state here belongs to one scene: loading another (or reloading) calls `reset`, which
// drops the undo stack, the selection and any gesture half done; edit mode itself stays on or
// off. `hasUnsavedEdits` says whether the scene changed since it was loaded or last saved
// (`markSaved()`); the app asks it before leaving a scene.
//
// Each undo entry keeps the step its edit was made at. Going back in time and then resuming,
// or editing there, drops the future (SessionHistory), the edits made in it included: they are
// gone from the scene, so they leave the undo stack too (`forgetEdits(after:)`; `make` does it
// itself for an edit in the past), and a scene whose only edits were dropped has nothing unsaved.
// `u` while the screen shows a moment before the last edit was made undoes nothing and says
// so: that edit is not in the scene on screen, and undoing an earlier one under it would be
// a surprise. `U` redoes what `u` undid, last undone first (the inverse of an undo is the edit
// again, so redo is an edit like any other); a new edit, going back before an undone edit's
// moment and resuming, or another scene drops what there was to redo. The mouse arrives as press, drag and
// release in scene points with the session's time (EditMode+Tools.swift); what a tool draws
// while it works, and the selection, is EditMode+Drawing.swift.
import Geometry
import SceneFormat
import Scenes

/// Edit mode: the tool, the selection, the undo stack and the unsaved-edits flag of the scene
/// being played.
public final class EditMode {
    /// Whether edit mode is on (the mouse drives the tools, not the scene's gestures).
    public private(set) var isOn = false
    /// The chosen tool.
    public private(set) var tool: EditTool = .select
    /// The selected item or joint, for drawing and for an inspector.
    public internal(set) var selection: Selection?
    /// The inverses of the edits made, the last on top.
    public var undoStack: [SceneEdit] { undos.map(\.inverse) }
    /// Each edit made: its inverse and the session's step when it was made, the last on top.
    private var undos: [(inverse: SceneEdit, step: Int)] = []
    /// What `u` undid, to redo: each undo's inverse and the step it was undone at, the last on top.
    private var redos: [(edit: SceneEdit, step: Int)] = []
    /// Told of every edit applied (undos included: they are edits too), after it was applied.
    public var didApply: ((SceneEdit) -> Void)?
    /// Turns the trail behind an item on or off and says whether it is on now (the trail tool;
    /// trails are the app's drawing, not part of the scene).
    public var toggleTrail: ((String) -> Bool)?

    /// The undo depth at the last save (or load); nil once undo went below it.
    private var savedDepth: Int? = 0

    // The gesture in progress.
    /// Where the press was, in scene points.
    var pressPoint: Point?
    /// Where the pointer is while pressed.
    var currentPoint: Point?
    /// The polygon's clicked vertices so far.
    var polygonPoints: [Point] = []
    /// The last click (point, time), for a double click.
    var lastClick: (point: Point, time: Double)?
    /// The item being moved, where it was when the press began, and the press's offset from its center.
    var moving: (id: String, from: ItemPlacement, grip: Vector)?

    /// Most angular speed a motor's + and - reach, rad/s.
    static let maximumMotorSpeed = 50.0
    /// How much + and - change a motor's speed, rad/s.
    public static let motorSpeedStep = 1.0
    /// The speed a new motor turns at, rad/s (clockwise on screen).
    public static let newMotorSpeed = 1.0
    /// A new motor's torque, mass·pt²/s²: turns a 100×100 pt block (inertia ≈ 1,667) at full
    /// speed within a step.
    public static let newMotorTorque = 1_000_000.0

    /// Edit mode, off, with the select tool.
    public init() {}

    /// Whether the scene changed since it was loaded or last saved.
    public var hasUnsavedEdits: Bool { savedDepth != undos.count }

    /// Says the scene as it is now has been saved.
    public func markSaved() { savedDepth = undos.count }

    /// Forgets the scene's edits, selection and gesture (another scene, or a fresh copy).
    public func reset() {
        undos = []
        redos = []
        savedDepth = 0
        selection = nil
        cancelGesture()
    }

    /// Turns edit mode on or off; either way a gesture half done is dropped.
    public func toggle() {
        isOn.toggle()
        cancelGesture()
    }

    /// Leaves edit mode.
    public func leave() {
        isOn = false
        cancelGesture()
    }

    /// Chooses `tool`.
    public func choose(_ tool: EditTool) {
        self.tool = tool
        cancelGesture()
    }

    func cancelGesture() {
        pressPoint = nil
        currentPoint = nil
        polygonPoints = []
        lastClick = nil
        moving = nil
    }

    /// "edit: box" for the status line.
    public var statusText: String { "edit: \(tool.rawValue)" }

    // MARK: Edits

    /// Applies `edit` to `session` and keeps its inverse for undo; posts `refusal` and returns
    /// false when the scene does not take it. Made at a moment before earlier edits (after going
    /// back in time), it drops them: they were in the future it replaces.
    @discardableResult
    public func make(_ edit: SceneEdit, in session: SceneSession, refusal: String = "that edit does not fit the scene") -> Bool {
        guard let inverse = session.apply(edit) else {
            session.post(refusal.prefix(1).uppercased() + refusal.dropFirst() + ".")
            return false
        }
        forgetEdits(after: session.stepCount)
        redos = []
        undos.append((inverse, session.stepCount))
        didApply?(edit)
        return true
    }

    /// Forgets the edits made after `step`: the future they were in was dropped (the scene
    /// resumed from an earlier moment), so they are not in the scene any more. The scene counts
    /// as unsaved when the last save had any of them.
    public func forgetEdits(after step: Int) {
        redos.removeAll { $0.step > step }
        guard let first = undos.firstIndex(where: { $0.step > step }) else { return }
        if let saved = savedDepth, saved > first { savedDepth = nil }
        undos.removeAll { $0.step > step }
    }

    /// Undoes the last edit, or says there is none.
    public func undo(in session: SceneSession) {
        cancelGesture()
        guard let (inverse, step) = undos.last else {
            session.post("Nothing to undo.")
            return
        }
        guard step <= session.stepCount else {
            let when = String(format: "%.2f", Double(step) * SceneSession.stepDuration)
            session.post("The last edit was made at \(when) s, later than this: go forward to undo it, or resume here to drop it.")
            return
        }
        guard let redo = session.apply(inverse) else {
            session.post("The last edit cannot be undone in the scene as it is now.")
            return
        }
        undos.removeLast()
        redos.append((redo, session.stepCount))
        if let saved = savedDepth, undos.count < saved { savedDepth = nil }
        if let selection, !Self.names(selection, in: session.scene, after: inverse) { self.selection = nil }
        didApply?(inverse)
        session.post("Undone (\(undos.count) more to undo).")
    }

    /// Redoes the last edit undone, or says there is none.
    public func redo(in session: SceneSession) {
        cancelGesture()
        guard let (edit, step) = redos.last else {
            session.post("Nothing to redo.")
            return
        }
        guard step <= session.stepCount else {
            let when = String(format: "%.2f", Double(step) * SceneSession.stepDuration)
            session.post("The last undo was made at \(when) s, later than this: go forward to redo it.")
            return
        }
        guard let inverse = session.apply(edit) else {
            session.post("The last undone edit cannot be redone in the scene as it is now.")
            return
        }
        redos.removeLast()
        undos.append((inverse, session.stepCount))
        if let selection, !Self.names(selection, in: session.scene, after: edit) { self.selection = nil }
        didApply?(edit)
        session.post("Redone (\(redos.count) more to redo).")
    }

    /// Whether `selection` still names what it named before `edit` was applied: an item by its
    /// id while it is in the scene; a joint by its index while no behavior was added or removed
    /// (an undone tune or move keeps the inspector on what it shows).
    static func names(_ selection: Selection, in scene: Scene, after edit: SceneEdit) -> Bool {
        switch selection {
        case .item(let id): return scene.item(withID: id) != nil
        case .joint(let index): return !movesBehaviors(edit) && scene.attachmentDescription(at: index) != nil
        }
    }

    private static func movesBehaviors(_ edit: SceneEdit) -> Bool {
        switch edit {
        case .insertBehavior, .removeBehavior: true
        case .batch(let edits): edits.contains { movesBehaviors($0) }
        default: false
        }
    }

    /// Acts on an edit-mode key; false when the key is not edit mode's.
    public func handle(_ action: KeyBinding.Action, in session: SceneSession) -> Bool {
        if let tool = EditTool(action) {
            choose(tool)
            session.post("\(tool.rawValue.prefix(1).uppercased() + tool.rawValue.dropFirst()): \(tool.hint).")
            return true
        }
        switch action {
        case .undo: undo(in: session)
        case .redo: redo(in: session)
        case .leaveEditMode: leave()
        case .closePolygon: closePolygon(in: session)
        case .motorFaster: changeMotor(by: Self.motorSpeedStep, in: session)
        case .motorSlower: changeMotor(by: -Self.motorSpeedStep, in: session)
        default: return false
        }
        return true
    }
}
