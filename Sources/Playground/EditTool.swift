// EditTool: what the mouse does in edit mode.
//
// One tool at a time, chosen by its key (KeyBinding's edit-mode keys); the status line names it.
// The gestures themselves are EditMode's (EditMode+Tools.swift); this is only the list, its
// names and the hint the status line shows when a tool is chosen.

/// A tool of edit mode.
public enum EditTool: String, CaseIterable, Sendable, Equatable {
    case select, box, ball, polygon, hinge, spring, rope, motor, fix, delete, trail

    /// The tool a key binding's action chooses, if it chooses one.
    init?(_ action: KeyBinding.Action) {
        switch action {
        case .selectTool: self = .select
        case .boxTool: self = .box
        case .ballTool: self = .ball
        case .polygonTool: self = .polygon
        case .hingeTool: self = .hinge
        case .springTool: self = .spring
        case .ropeTool: self = .rope
        case .motorTool: self = .motor
        case .fixTool: self = .fix
        case .deleteTool: self = .delete
        case .trailTool: self = .trail
        default: return nil
        }
    }

    /// What to do with it, for the status line.
    public var hint: String {
        switch self {
        case .select: "click an item to select it, drag to move it"
        case .box: "drag from one corner to the other"
        case .ball: "press at the center, drag out the radius"
        case .polygon: "click the vertices; Enter or a double click closes"
        case .hinge: "click an item to pin it there; where two overlap, to pin them together"
        case .spring: "press on an item (or empty space), release on another"
        case .rope: "press on an item (or empty space), release on another"
        case .motor: "click a hinge; + and - change its speed"
        case .fix: "click an item to fix or free it"
        case .delete: "click an item or a joint to delete it"
        case .trail: "click an item to draw a fading trail behind it, again to stop"
        }
    }
}
