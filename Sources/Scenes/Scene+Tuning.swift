// Scene+Tuning: one property of an item or a joint changed in the live scene and in its
// description at once.
//
// The description is what saving writes, so a change that reached only the live behaviors would
// be lost on save, and one that reached only the description would not show. Every setter here
// writes both, and reads come from the live behaviors, so a panel shows what the simulation uses.
//
// A value is a `TunedValue`: the number in effect and what the file says (nil when the file
// leaves the key out, so a default or an earlier entry decides). Keeping both is what lets a
// change be undone exactly: setting back the old pair restores the old description, key left
// out included, not merely an equal number.
//
// Per-item material: the format puts density, friction and the rest on `dynamicItem` entries
// that may list many items, and a change to one item must leave the others alone. An item's
// own entry is the last `dynamicItem` entry naming it, when that entry lists it alone; a change
// goes there, and when there is none a new entry `{type: dynamicItem, items: [id]}` is appended
// to the behaviors. Later entries override earlier ones key by key, in the file as in the
// animator (DynamicItemBehavior takes each property from the last behavior that set it), so the
// new entry changes that key of that item and nothing else. An entry tuning appended is removed
// again when it comes to set nothing (an undo), so undoing leaves the file as it was. Material
// applies only to items a behavior moves: a `dynamicItem` entry would make a still marker
// (say a pendulum's pivot) a body of the simulation.
import Dynamics
import Geometry
import SceneFormat

/// A material property of an item, as a `type: dynamicItem` entry sets it.
public enum ItemMaterial: String, CaseIterable, Hashable, Sendable {
    /// Mass per area (mass = density × w/100 × h/100).
    case density
    /// Coulomb friction of sliding contacts.
    case friction
    /// Restitution of collisions, 0…1.
    case elasticity
    /// Linear damping, 1/s.
    case resistance
    /// Angular damping, 1/s.
    case angularResistance

    /// The values the scene format allows (docs/scene-format.md, `type: dynamicItem`).
    public var range: ClosedRange<Double> {
        switch self {
        case .density: return 0.001...NodeReader.largestNumber
        case .elasticity: return 0...1
        case .friction, .resistance, .angularResistance: return 0...NodeReader.largestNumber
        }
    }

    var written: WritableKeyPath<BehaviorDescription.DynamicItemProperties, Double?> {
        switch self {
        case .density: return \.density
        case .friction: return \.friction
        case .elasticity: return \.elasticity
        case .resistance: return \.resistance
        case .angularResistance: return \.angularResistance
        }
    }

    var live: ReferenceWritableKeyPath<DynamicItemBehavior, Double> {
        switch self {
        case .density: return \.density
        case .friction: return \.friction
        case .elasticity: return \.elasticity
        case .resistance: return \.resistance
        case .angularResistance: return \.angularResistance
        }
    }
}

/// A numeric property of an attachment.
public enum JointProperty: String, CaseIterable, Hashable, Sendable {
    /// The distance kept (a rod or spring) or the most allowed (a rope), points.
    case length
    /// A spring's frequency, Hz (0: a rigid rod).
    case frequency
    /// A spring's damping ratio, 0…1.
    case damping
    /// A pin motor's target speed, rad/s.
    case motorSpeed
    /// The most torque a pin motor applies, mass·pt²/s² (`motorTorque`; `maxMotorTorque` live).
    case motorTorque

    /// The values the scene format allows (docs/scene-format.md, `type: attachment`).
    public var range: ClosedRange<Double> {
        switch self {
        case .damping: return 0...1
        case .motorSpeed: return -NodeReader.largestNumber...NodeReader.largestNumber
        case .length, .frequency, .motorTorque: return 0...NodeReader.largestNumber
        }
    }

    /// Whether the property means anything for an attachment of `kind` (a rope has a length but
    /// no spring; only a pin has a motor).
    public func applies(to kind: BehaviorDescription.Attachment.Kind) -> Bool {
        switch self {
        case .length: return kind == .distance || kind == .limit
        case .frequency, .damping: return kind == .distance
        case .motorSpeed, .motorTorque: return kind == .pin
        }
    }

    /// Why `value` would break the format's rule for an attachment of `kind` (a limit's length
    /// above 0, a spring's frequency 0 or at least the least one), or nil.
    public func problem(_ value: Double, kind: BehaviorDescription.Attachment.Kind) -> String? {
        switch self {
        case .length: return BehaviorDescription.Attachment.problem(length: value, kind: kind)
        case .frequency: return BehaviorDescription.Attachment.problem(frequency: value)
        case .damping, .motorSpeed, .motorTorque: return nil
        }
    }

    var written: WritableKeyPath<BehaviorDescription.Attachment, Double?> {
        switch self {
        case .length: return \.length
        case .frequency: return \.frequency
        case .damping: return \.damping
        case .motorSpeed: return \.motorSpeed
        case .motorTorque: return \.motorTorque
        }
    }

    var live: ReferenceWritableKeyPath<AttachmentBehavior, Double> {
        switch self {
        case .length: return \.length
        case .frequency: return \.frequency
        case .damping: return \.damping
        case .motorSpeed: return \.motorSpeed
        case .motorTorque: return \.maxMotorTorque
        }
    }
}

/// A number in effect in the live scene, and what the scene's description says of it.
public struct TunedValue: Hashable, Sendable {
    /// The value the simulation uses.
    public var value: Double
    /// The value the description holds; nil when it leaves the key out.
    public var written: Double?

    /// A value in effect and as written.
    public init(_ value: Double, written: Double?) { self.value = value; self.written = written }

    /// A value written out explicitly (what a change in a panel makes).
    public init(explicit value: Double) { self.init(value, written: value) }
}

extension Scene {
    // MARK: Items

    /// The item's `property` in effect and as its own `dynamicItem` entry writes it; nil when
    /// there is no such item or no behavior moves it.
    public func material(_ property: ItemMaterial, of itemID: String) -> TunedValue? {
        guard let item = item(withID: itemID), isDynamic(item), behaviorsMatchDescription else { return nil }
        var value = DynamicItemBehavior(items: [])[keyPath: property.live]   // the class's default
        for (i, behavior) in fileBehaviors.enumerated() {
            guard let live = behavior as? DynamicItemBehavior, live.items.contains(where: { $0 === dynamicItem(for: item) }),
                  sceneDescription.behaviors[i].as(BehaviorDescription.DynamicItemProperties.self)?[keyPath: property.written] != nil
            else { continue }
            value = live[keyPath: property.live]
        }
        let written = ownEntryIndex(of: item).flatMap {
            sceneDescription.behaviors[$0].as(BehaviorDescription.DynamicItemProperties.self)?[keyPath: property.written]
        }
        return TunedValue(value, written: written)
    }

    /// Sets the item's `property` in its own `dynamicItem` entry (appended when it has none) and in
    /// the live behavior of that entry. Values are clamped to the format's range. False, and
    /// nothing changed, when there is no such item, no behavior moves it, or the value is not finite.
    @discardableResult
    public func setMaterial(_ property: ItemMaterial, to new: TunedValue, of itemID: String) -> Bool {
        guard let item = item(withID: itemID), isDynamic(item), behaviorsMatchDescription,
              new.value.isFinite, new.written?.isFinite ?? true else { return false }
        let value = new.value.clamped(to: property.range)
        let written = new.written.map { $0.clamped(to: property.range) }
        if let i = ownEntryIndex(of: item), let live = fileBehaviors[i] as? DynamicItemBehavior,
           var entry = sceneDescription.behaviors[i].as(BehaviorDescription.DynamicItemProperties.self) {
            entry[keyPath: property.written] = written
            sceneDescription.behaviors[i] = BehaviorDescription(entry)
            live[keyPath: property.live] = value
            if tuningEntries.contains(ObjectIdentifier(live)) && entry == .init(id: entry.id, items: entry.items) {
                removeFileBehavior(at: i)
                tuningEntries.remove(ObjectIdentifier(live))
            }
        } else if let written {
            var entry = BehaviorDescription.DynamicItemProperties(items: [item.id])
            entry[keyPath: property.written] = written
            let live = DynamicItemBehavior(items: [dynamicItem(for: item)])
            live[keyPath: property.live] = value
            sceneDescription.behaviors.append(BehaviorDescription(entry))
            fileBehaviors.append(live)
            tuningEntries.insert(ObjectIdentifier(live))
            animator.addBehavior(live)
        }
        // No own entry and nothing to write: the value in effect already comes from the shared entries.
        return true
    }

    /// The item's color; nil when there is no such item.
    public func color(of itemID: String) -> SceneColor? { item(withID: itemID)?.color }

    /// Sets the item's color, live and in its description. False when there is no such item.
    @discardableResult
    public func setColor(_ color: SceneColor, of itemID: String) -> Bool {
        guard let item = item(withID: itemID) else { return false }
        item.color = color
        if let i = sceneDescription.items.firstIndex(where: { $0.id == itemID }) {
            sceneDescription.items[i].color = color
        }
        return true
    }

    // MARK: Joints

    /// The attachment at `index` of the behaviors, as its description says; nil for another kind
    /// of behavior or an index out of range.
    public func attachmentDescription(at index: Int) -> BehaviorDescription.Attachment? {
        guard behaviorsMatchDescription, sceneDescription.behaviors.indices.contains(index),
              fileBehaviors[index] is AttachmentBehavior else { return nil }
        return sceneDescription.behaviors[index].as(BehaviorDescription.Attachment.self)
    }

    /// The attachment's `property` in effect and as written; nil when the behavior at `index` is
    /// not an attachment or the property does not apply to its kind.
    public func jointValue(_ property: JointProperty, ofBehaviorAt index: Int) -> TunedValue? {
        guard let entry = attachmentDescription(at: index), property.applies(to: entry.kind),
              let live = fileBehaviors[index] as? AttachmentBehavior else { return nil }
        return TunedValue(live[keyPath: property.live], written: entry[keyPath: property.written])
    }

    /// Sets the attachment's `property`, live and in its description, clamped to the format's
    /// range. False, and nothing changed, when the behavior is not an attachment, the property
    /// does not apply to its kind, the value is not finite, or the entry would break a rule of
    /// the format (a motor on a pin that has `frictionTorque`; a `motorSpeed` without `motorTorque`;
    /// a value `JointProperty.problem` names, such as a limit's length of 0).
    @discardableResult
    public func setJointValue(_ property: JointProperty, to new: TunedValue, ofBehaviorAt index: Int) -> Bool {
        guard var entry = attachmentDescription(at: index), property.applies(to: entry.kind),
              let live = fileBehaviors[index] as? AttachmentBehavior,
              new.value.isFinite, new.written?.isFinite ?? true else { return false }
        let written = new.written.map { $0.clamped(to: property.range) }
        if property.problem(new.value.clamped(to: property.range), kind: entry.kind) != nil { return false }
        switch property {
        case .motorTorque where written != nil && entry.frictionTorque != nil: return false
        case .motorSpeed where written != nil && entry.motorTorque == nil: return false
        default: break
        }
        entry[keyPath: property.written] = written
        sceneDescription.behaviors[index] = BehaviorDescription(entry)
        live[keyPath: property.live] = new.value.clamped(to: property.range)
        return true
    }

    // MARK: Helpers

    /// Live behaviors and description entries correspond one to one (the rule the setters keep).
    var behaviorsMatchDescription: Bool { fileBehaviors.count == sceneDescription.behaviors.count }

    /// The index of the item's own `dynamicItem` entry: the last entry naming it, if it names it alone.
    func ownEntryIndex(of item: SceneItem) -> Int? {
        guard let last = fileBehaviors.lastIndex(where: { behavior in
            (behavior as? DynamicItemBehavior)?.items.contains { $0 === dynamicItem(for: item) } ?? false
        }) else { return nil }
        let entry = sceneDescription.behaviors[last].as(BehaviorDescription.DynamicItemProperties.self)
        return entry?.items == [item.id] ? last : nil
    }

    /// Takes the behavior at `index` out of the animator, the file's behaviors and the description.
    func removeFileBehavior(at index: Int) {
        animator.removeBehavior(fileBehaviors[index])
        fileBehaviors.remove(at: index)
        sceneDescription.behaviors.remove(at: index)
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
