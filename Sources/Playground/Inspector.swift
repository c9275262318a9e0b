// Inspector: the panel that shows and tunes the selected item or joint.
//
// A value holding only what is selected and which field the cursor is on; every figure it shows
// is read from the live scene each time (Scene+Tuning), so the panel can never show a stale
// number, and a change it makes is a PropertyChange applied through the same scene methods an
// undo uses. ↑/↓ move between the fields that can change (read-only ones, id and shape, are shown
// dim and skipped) and stop at the ends rather than wrap, as a list in a settings pane does;
// ←/→ change the field by one step:
// - density ×/÷ 1.25 (mass follows at once: density × w/100 × h/100), to three significant digits;
// - friction and elasticity ±0.05, resistance and angular resistance ±0.1;
// - a joint's length ±5 pt, frequency ±0.25 Hz, damping ±0.05, motor speed ±0.5 rad/s, motor
//   torque ×/÷ 1.25 (from 0 to 100 and back below 100);
// - color to the next or previous of the scene format's named colors.
// Each is clamped to the format's range (docs/scene-format.md), so a tuned scene still passes
// `nudge check`; a step that the bound stops changes nothing, and a step onto a value the format
// refuses (a limit's length of 0) changes nothing and says why in the status line (`refusal`). The cursor remembers its property
// rather than its row, so a field that becomes editable (a motor's speed once it has torque)
// does not move it.
//
// The panel draws into the cell grid over the play area like the help overlay, on the side of
// the screen away from what is selected, so it never hides the thing being tuned.
import Dynamics
import Foundation
import Geometry
import SceneFormat
import Scenes
import TerminalUI

/// The panel for the selected item or joint: its properties, a cursor, and one step of change.
public struct Inspector: Hashable, Sendable {
    /// One row of the panel.
    public struct Field: Hashable, Sendable {
        /// The property's name as shown ("density").
        public var label: String
        /// Its value as shown ("4", "200 pt", "orange").
        public var value: String
        /// The property ←/→ change; nil for a read-only field.
        public var property: PropertyChange.Property?

        /// Whether ←/→ change the field.
        public var isEditable: Bool { property != nil }
    }

    /// What the panel shows.
    public var selection: Selection
    /// The property the cursor is on; nil puts it on the first field that can change.
    public private(set) var chosen: PropertyChange.Property?

    /// A panel for `selection`, its cursor on the first field that can change.
    public init(selection: Selection) { self.selection = selection }

    // MARK: Fields

    /// The panel's rows for `scene`, read from the live scene; empty when the selection is gone.
    public func fields(in scene: Scene) -> [Field] {
        switch selection {
        case .item(let id): return itemFields(id, in: scene)
        case .joint(let index): return jointFields(index, in: scene)
        }
    }

    private func itemFields(_ id: String, in scene: Scene) -> [Field] {
        guard let item = scene.item(withID: id) else { return [] }
        var fields = [Field(label: "id", value: id), Field(label: "shape", value: item.shape.rawValue),
                      Field(label: "size", value: "\(Self.format(item.size.width)) × \(Self.format(item.size.height)) pt")]
        for material in ItemMaterial.allCases {
            if let tuned = scene.material(material, of: id) {
                fields.append(Field(label: Self.label(material), value: Self.format(tuned.value), property: .material(material)))
            } else {
                fields.append(Field(label: Self.label(material), value: "— (no behavior moves it)"))
            }
        }
        fields.append(Field(label: "color", value: Self.name(of: item.color), property: .color))
        return fields
    }

    private func jointFields(_ index: Int, in scene: Scene) -> [Field] {
        guard let entry = scene.attachmentDescription(at: index) else { return [] }
        var fields = [Field(label: "joint", value: "\(entry.kind.rawValue) #\(index)"),
                      Field(label: "items", value: entry.item + " – " + (entry.to ?? "anchor"))]
        for property in JointProperty.allCases {
            guard let tuned = scene.jointValue(property, ofBehaviorAt: index) else { continue }
            let editable: Bool
            switch property {
            case .motorTorque: editable = entry.frictionTorque == nil
            case .motorSpeed: editable = entry.frictionTorque == nil && entry.motorTorque != nil
            default: editable = true
            }
            fields.append(Field(label: Self.label(property), value: Self.format(tuned.value) + Self.unit(property),
                                property: editable ? .joint(property) : nil))
        }
        return fields
    }

    // MARK: Cursor

    /// The row the cursor is on in `fields`, nil when no field can change.
    public func cursorIndex(in fields: [Field]) -> Int? {
        if let chosen, let i = fields.firstIndex(where: { $0.property == chosen }) { return i }
        return fields.firstIndex { $0.isEditable }
    }

    /// Moves the cursor `offset` fields that can change down (negative: up), skipping read-only
    /// ones; it stops at the first and the last.
    public mutating func moveCursor(by offset: Int, in scene: Scene) {
        let fields = fields(in: scene)
        guard var i = cursorIndex(in: fields) else { return }
        for _ in 0..<abs(offset) {
            let direction = offset > 0 ? 1 : -1
            var j = i + direction
            while fields.indices.contains(j) && !fields[j].isEditable { j += direction }
            guard fields.indices.contains(j) else { break }
            i = j
        }
        chosen = fields[i].property
    }

    // MARK: Changing

    /// The change one step right (`direction` > 0) or left would make to the field under the
    /// cursor, not yet applied; nil when there is none (read-only, or stopped by a bound).
    public func change(_ direction: Int, in scene: Scene) -> PropertyChange? {
        guard direction != 0, let i = cursorIndex(in: fields(in: scene)),
              let property = fields(in: scene)[i].property else { return nil }
        let up = direction > 0
        switch (selection, property) {
        case (.item(let id), .color):
            guard let old = scene.color(of: id) else { return nil }
            let names = SceneColor.names
            let current = names.firstIndex { SceneColor(parsing: $0) == old }
            let next = current.map { ($0 + (up ? 1 : names.count - 1)) % names.count } ?? (up ? 0 : names.count - 1)
            guard let new = SceneColor(parsing: names[next]), new != old else { return nil }
            return PropertyChange(target: selection, property: property, from: .color(old), to: .color(new))
        case (.item(let id), .material(let material)):
            guard let old = scene.material(material, of: id) else { return nil }
            let new = Self.stepped(material, old.value, up: up).clamped(material.range.lowerBound, material.range.upperBound)
            guard new != old.value else { return nil }
            return PropertyChange(target: selection, property: property, from: .number(old), to: .number(TunedValue(explicit: new)))
        case (.joint(let index), .joint(let joint)):
            guard let old = scene.jointValue(joint, ofBehaviorAt: index) else { return nil }
            let new = Self.stepped(joint, old.value, up: up).clamped(joint.range.lowerBound, joint.range.upperBound)
            guard new != old.value, refusal(direction, in: scene) == nil else { return nil }
            return PropertyChange(target: selection, property: property, from: .number(old), to: .number(TunedValue(explicit: new)))
        default:
            return nil
        }
    }

    /// Why one step right (`direction` > 0) or left of the joint field under the cursor is
    /// refused, for the status line: the value it would reach breaks a rule of the scene format
    /// (`JointProperty.problem`). Nil when the step is allowed or there is nothing to step.
    public func refusal(_ direction: Int, in scene: Scene) -> String? {
        guard direction != 0, let i = cursorIndex(in: fields(in: scene)),
              case .joint(let index) = selection, case .joint(let joint)? = fields(in: scene)[i].property,
              let entry = scene.attachmentDescription(at: index),
              let old = scene.jointValue(joint, ofBehaviorAt: index) else { return nil }
        let new = Self.stepped(joint, old.value, up: direction > 0).clamped(joint.range.lowerBound, joint.range.upperBound)
        guard new != old.value, let why = joint.problem(new, kind: entry.kind) else { return nil }
        return "\(Self.label(joint)) \(Self.format(new))\(Self.unit(joint)) refused: \(why)"
    }

    /// ↑/↓ move the cursor; ←/→ change the field in `scene` at once. The change made (for undo),
    /// nil for any other key or when nothing changed.
    @discardableResult
    public mutating func handle(_ key: Key, in scene: Scene) -> PropertyChange? {
        switch key {
        case .up: moveCursor(by: -1, in: scene)
        case .down: moveCursor(by: 1, in: scene)
        case .left, .right:
            guard let change = change(key == .right ? 1 : -1, in: scene), change.apply(to: scene) else { return nil }
            return change
        default: break
        }
        return nil
    }

    // MARK: Steps

    static func stepped(_ material: ItemMaterial, _ value: Double, up: Bool) -> Double {
        switch material {
        case .density: return significant(up ? value * 1.25 : value / 1.25)
        case .friction, .elasticity: return hundredths(value + (up ? 0.05 : -0.05))
        case .resistance, .angularResistance: return hundredths(value + (up ? 0.1 : -0.1))
        }
    }

    static func stepped(_ joint: JointProperty, _ value: Double, up: Bool) -> Double {
        switch joint {
        case .length: return hundredths(value + (up ? 5 : -5))
        case .frequency: return hundredths(value + (up ? 0.25 : -0.25))
        case .damping: return hundredths(value + (up ? 0.05 : -0.05))
        case .motorSpeed: return hundredths(value + (up ? 0.5 : -0.5))
        case .motorTorque:
            if up { return value < 100 ? 100 : significant(value * 1.25) }
            return value <= 100 ? 0 : significant(value / 1.25)
        }
    }

    /// Rounded to two decimals, so that steps of 0.05 land on 0.05, 0.1, ... exactly as written.
    static func hundredths(_ x: Double) -> Double { (x * 100).rounded() / 100 }

    /// Rounded to three significant digits, so that ×1.25 then ÷1.25 comes back to where it was.
    static func significant(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x }
        let scale = pow(10, Double(2 - Int(log10(abs(x)).rounded(.down))))
        return (x * scale).rounded() / scale
    }

    // MARK: Text

    static func label(_ material: ItemMaterial) -> String {
        material == .angularResistance ? "angular resistance" : material.rawValue
    }

    static func label(_ joint: JointProperty) -> String {
        switch joint {
        case .motorSpeed: return "motor speed"
        case .motorTorque: return "motor torque"
        default: return joint.rawValue
        }
    }

    static func unit(_ joint: JointProperty) -> String {
        switch joint {
        case .length: return " pt"
        case .frequency: return " Hz"
        case .motorSpeed: return " rad/s"
        case .damping, .motorTorque: return ""
        }
    }

    /// A number with at most three decimals and no trailing zeros ("4", "0.35", "1.563").
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "—" }
        var text = String(format: "%.3f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A color's name in the scene format when it has one, else "#rrggbb".
    static func name(of color: SceneColor) -> String {
        SceneColor.names.first { SceneColor(parsing: $0) == color } ?? color.description
    }

    // MARK: Drawing

    /// The panel's lines: a title, then "label  value" rows.
    public func lines(in scene: Scene) -> [String] {
        let fields = fields(in: scene)
        guard !fields.isEmpty else { return ["Inspector", "  (nothing selected)"] }
        let width = fields.map(\.label.terminalColumns).max() ?? 0
        return ["Inspector"] + fields.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.terminalColumns) + "  " + $0.value }
            + ["  ↑↓ field  ←→ change"]
    }

    /// Where on screen the selection is, for keeping the panel off it.
    func screenPoint(in scene: Scene, viewport: Viewport) -> Point? {
        switch selection {
        case .item(let id):
            return scene.item(withID: id).map { viewport.screenPoint($0.center) }
        case .joint(let index):
            guard scene.fileBehaviors.indices.contains(index),
                  let attachment = scene.fileBehaviors[index] as? AttachmentBehavior else { return nil }
            let (a, b) = attachment.attachmentPoints
            return viewport.screenPoint(a + (b - a) / 2)
        }
    }

    /// Draws the panel over `grid`'s play area (every row but the status line), on the side away
    /// from the selection: the right when it is on the left half of the screen, else the left.
    public func draw(into grid: inout CellGrid, scene: Scene, viewport: Viewport = .identity, cellSize: CellSize = .default) {
        let lines = lines(in: scene)
        let fields = fields(in: scene)
        let cursor = cursorIndex(in: fields)
        let width = min((lines.map(\.terminalColumns).max() ?? 0) + 4, grid.columns)
        let height = min(lines.count + 2, max(grid.rows - 1, 0))
        guard width > 0, height > 0 else { return }
        let selectedColumn = screenPoint(in: scene, viewport: viewport).map { $0.x / cellSize.width } ?? 0
        let onLeft = selectedColumn.isFinite && selectedColumn >= Double(grid.columns) / 2
        let left = onLeft ? min(1, grid.columns - width) : max(grid.columns - width - 1, 0)
        let top = min(1, max(grid.rows - 1 - height, 0))
        let bg = Color.panelBackground, highlight = Color.panelHighlight
        grid.fill(Cell.blank(bg), columns: left..<(left + width), rows: top..<(top + height))
        for (i, line) in lines.prefix(max(height - 2, 0)).enumerated() {
            let row = top + 1 + i
            let field = i >= 1 && i <= fields.count ? fields[i - 1] : nil
            let isCursor = field != nil && cursor == i - 1
            let background = isCursor ? highlight : bg
            if isCursor { grid.fill(Cell.blank(background), columns: left..<(left + width), rows: row..<(row + 1)) }
            var text = line
            if isCursor { text = "▸" + text.dropFirst() }
            let foreground: Color = field.map { $0.isEditable ? .white : .gray } ?? (i == 0 ? .white : .gray)
            grid.write(text.fitted(toColumns: max(width - 4, 0)), column: left + 2, row: row,
                       foreground: foreground, background: background, bold: i == 0 || isCursor)
        }
    }
}
