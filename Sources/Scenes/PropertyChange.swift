// PropertyChange: one property of an item or a joint going from one value to another, as a value.
//
// The inspector makes these, and an undo history keeps them: `apply(to:)` sets the new value
// through Scene+Tuning (the one way a property changes, live and in the description together),
// and `inverse` is the same change the other way round. Old and new values carry what the file
// writes as well as the number in effect (TunedValue), so applying the inverse gives back the
// description exactly as it was, a key the file left out left out again.
import SceneFormat

/// One property of an item or a joint changed from `oldValue` to `newValue`: reversible.
public struct PropertyChange: Hashable, Sendable {
    /// Which property.
    public enum Property: Hashable, Sendable {
        /// A material property of an item (its own `dynamicItem` entry).
        case material(ItemMaterial)
        /// An item's color.
        case color
        /// A numeric property of an attachment.
        case joint(JointProperty)
    }

    /// A property's value.
    public enum Value: Hashable, Sendable {
        /// A number, in effect and as written.
        case number(TunedValue)
        /// A color.
        case color(SceneColor)
    }

    /// The item or joint changed.
    public var target: Selection
    /// The property changed.
    public var property: Property
    /// The value before.
    public var oldValue: Value
    /// The value after.
    public var newValue: Value

    /// A change of `property` of `target` from `oldValue` to `newValue`.
    public init(target: Selection, property: Property, from oldValue: Value, to newValue: Value) {
        self.target = target; self.property = property; self.oldValue = oldValue; self.newValue = newValue
    }

    /// The change that undoes this one.
    public var inverse: PropertyChange {
        PropertyChange(target: target, property: property, from: newValue, to: oldValue)
    }

    /// Sets `newValue` in the live scene and its description. False, and nothing changed, when the
    /// target or property is not in `scene` (an item since removed) or the value does not fit it.
    @discardableResult
    public func apply(to scene: Scene) -> Bool {
        // A change made while time stands still shows at once (the animator commits it).
        defer { scene.animator.commitChanges() }
        switch (target, property, newValue) {
        case (.item(let id), .material(let material), .number(let value)):
            return scene.setMaterial(material, to: value, of: id)
        case (.item(let id), .color, .color(let color)):
            return scene.setColor(color, of: id)
        case (.joint(let index), .joint(let property), .number(let value)):
            return scene.setJointValue(property, to: value, ofBehaviorAt: index)
        default:
            return false
        }
    }
}
