// Handles: the typed names of a body, a shape and a joint at the World's surface.
//
// Inside the engine everything is an index into a contiguous array (Int32, so the solver's hot
// loops index plain arrays with no wrapping); at the World's API, where the animator and the
// behaviors create, change and ask about them, a handle says which array it indexes, so a shape
// cannot be passed where a body is meant. "No such thing" is an optional handle, never a
// sentinel index. The World converts at its edge (`index`), and only there.

/// A body in a World.
struct BodyID: Hashable, Sendable, Comparable {
    /// The body's index in the World's body array.
    let index: Int32
    init(_ index: Int32) { self.index = index }
    static func < (a: BodyID, b: BodyID) -> Bool { a.index < b.index }
}

/// A shape in a World.
struct ShapeID: Hashable, Sendable, Comparable {
    /// The shape's index in the World's shape array.
    let index: Int32
    init(_ index: Int32) { self.index = index }
    static func < (a: ShapeID, b: ShapeID) -> Bool { a.index < b.index }
}

/// A joint in a World.
struct JointID: Hashable, Sendable {
    /// The joint's index in the World's joint array.
    let index: Int32
    init(_ index: Int32) { self.index = index }
}
