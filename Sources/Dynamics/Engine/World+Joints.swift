// World+Joints: creating, changing and destroying the world's joints.
//
// A joint lives in the world's joint array; a destroyed one is marked inactive and its slot is
// reused by the next joint created, so JointIDs stay small and stable. Every change that alters
// what a joint asks of its bodies wakes them, as a sleeping island would otherwise never see it.

extension World {
    /// A new joint as `definition` describes it.
    func createJoint(_ definition: JointDefinition) -> JointID {
        let joint = Joint(definition)
        wake(joint.bodyA)
        wake(joint.bodyB)
        if let id = freeJoints.popLast() {
            joints[Int(id)] = joint
            return JointID(id)
        }
        joints.append(joint)
        return JointID(Int32(joints.count - 1))
    }

    func destroyJoint(_ joint: JointID) {
        let id = joint.index
        wake(joints[Int(id)].bodyA)
        wake(joints[Int(id)].bodyB)
        joints[Int(id)].definition.isActive = false
        freeJoints.append(id)
    }

    func joint(_ id: JointID) -> Joint { joints[Int(id.index)] }

    /// Changes a joint; a changed definition wakes the bodies it holds.
    func withJoint(_ joint: JointID, _ change: (inout Joint) -> Void) {
        let id = joint.index
        let before = joints[Int(id)]
        change(&joints[Int(id)])
        if before.definition != joints[Int(id)].definition {
            wake(before.bodyA); wake(before.bodyB)
            wake(joints[Int(id)].bodyA); wake(joints[Int(id)].bodyB)
        }
    }
}
