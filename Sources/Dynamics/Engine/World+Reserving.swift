// World+Reserving: the world's arrays sized once for what a commit is about to create.
//
// A scene built in one commit creates all its bodies, shapes and joints one at a time, and an
// array that grows by doubling held, at its peak, the old buffer and a new one of twice the size:
// v3's joint_grid twin (19,800 pins on 10,000 balls) reached 21.7 MB for its 440-byte joints, of
// which 8.7 MB were joints. When the commit knows how many it will create (the items without a
// body, the attachments without a joint), the arrays are given that room first, and grow to
// exactly it when they are short. Later, smaller commits (a scene that adds a column of items at a
// time) grow by doubling as before: a room asked for is never less than twice the old one, so a
// run of small commits does not copy the arrays every time.
extension World {
    /// Makes room for `bodies` more bodies, `shapes` more shapes and `joints` more joints than
    /// the world holds (counting slots freed by destroyed ones as taken).
    func reserve(bodies newBodies: Int, shapes newShapes: Int, joints newJoints: Int) {
        Self.reserve(&bodies, more: newBodies - freeBodies.count)
        Self.reserve(&shapes, more: newShapes - freeShapes.count)
        Self.reserve(&joints, more: newJoints - freeJoints.count)
    }

    private static func reserve<T>(_ array: inout [T], more: Int) {
        guard more > 0 else { return }
        let needed = array.count + more
        if needed > array.capacity { array.reserveCapacity(max(needed, 2 * array.capacity)) }
    }
}
