// DynamicTree: the broad phase, a bounding-volume hierarchy of "fat" boxes.
//
// Each shape sits in the tree with its box enlarged by a margin. A shape is re-inserted only when
// its tight box leaves its fat box, so a resting pile costs nothing here, and a query visits
// O(log n) nodes. Insertion picks the sibling by the surface-area heuristic and rebalances with
// AVL-style rotations on the way up. Nodes live in one array with a free list: no objects, no
// reference counting, and the same sequence of operations always builds the same tree, which
// keeps pair order, and so the whole simulation, deterministic.
//
// Each node also knows whether a wall (a shape of a body that is not dynamic: the ground's, an
// anchored item's) lies at or below it, as Box2D v3's nodes carry the union of their leaves'
// category bits. The wall guard's query (`queryWalls`) skips every subtree without one, so a
// fast body's sweep is not handed the hundreds of moving shapes beside its path; it visits the
// walls in the order the full query would have, so ties between walls resolve as they did.
//
// A leaf that moves as a body moves is grown in place (`enlarge`), its ancestors with it, and the
// part of the tree above the grown leaves is built again once the step's moves are done
// (`rebuild`, DynamicTree+Rebuild.swift), as Box2D v3 does: a leaf taken out and put back one at a
// time finds its place by a greedy descent and keeps the tree balanced by height, not by area,
// and a step that moves a third of a smashed wall's boxes left a tree whose queries visited ten
// nodes for every leaf they found.

import CLaneShuffles

struct DynamicTree {
    static let null: Int32 = -1

    struct Node {
        var aabb: AABB
        var parent: Int32      // doubles as the next free index while on the free list
        var child1: Int32
        var child2: Int32
        var height: Int32      // leaf = 0, free = -1
        var item: Int32        // the shape index, for leaves
        var hasWall: Bool      // a wall's leaf at or below (in the padding: still 56 bytes)
        var isEnlarged = false // grown in place since the last rebuild (DynamicTree+Rebuild.swift;
                               // in the padding too)
        @inline(__always) var isLeaf: Bool { child1 == DynamicTree.null }
    }

    /// The nodes and the root, read and rebuilt in place by DynamicTree+Rebuild.swift.
    var nodes: [Node] = []
    var root: Int32 = null
    private var freeList: Int32 = null

    private mutating func allocate() -> Int32 {
        if freeList == Self.null {
            nodes.append(Node(aabb: AABB(lower: .zero, upper: .zero), parent: Self.null, child1: Self.null,
                              child2: Self.null, height: 0, item: -1, hasWall: false))
            return Int32(nodes.count - 1)
        }
        let id = freeList
        freeList = nodes[Int(id)].parent
        nodes[Int(id)] = Node(aabb: AABB(lower: .zero, upper: .zero), parent: Self.null, child1: Self.null,
                              child2: Self.null, height: 0, item: -1, hasWall: false)
        return id
    }

    private mutating func free(_ id: Int32) {
        nodes[Int(id)].parent = freeList
        nodes[Int(id)].height = -1
        freeList = id
    }

    /// Adds a leaf holding `item` with the (already fattened) box, a wall's or not; returns the
    /// proxy id.
    mutating func insert(_ aabb: AABB, item: Int32, isWall: Bool) -> Int32 {
        let leaf = allocate()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].item = item
        nodes[Int(leaf)].hasWall = isWall
        insertLeaf(leaf)
        return leaf
    }

    mutating func remove(_ proxy: Int32) {
        removeLeaf(proxy)
        free(proxy)
    }

    /// Moves a proxy to a new fat box.
    mutating func move(_ proxy: Int32, to aabb: AABB) {
        removeLeaf(proxy)
        nodes[Int(proxy)].aabb = aabb
        insertLeaf(proxy)
    }

    @inline(__always) func fatAABB(_ proxy: Int32) -> AABB { nodes[Int(proxy)].aabb }

    /// Marks a leaf a wall's or not, and its ancestors up to the first that already agrees.
    mutating func setWall(_ proxy: Int32, _ isWall: Bool) {
        nodes[Int(proxy)].hasWall = isWall
        var index = nodes[Int(proxy)].parent
        while index != Self.null {
            let node = nodes[Int(index)]
            let hasWall = nodes[Int(node.child1)].hasWall || nodes[Int(node.child2)].hasWall
            if node.hasWall == hasWall { return }
            nodes[Int(index)].hasWall = hasWall
            index = node.parent
        }
    }

    /// Calls `visit` with the item of every leaf whose box overlaps `aabb`. The traversal stack
    /// lives on the machine stack (a balanced tree of a million leaves is about 30 deep; 256
    /// covers any tree this one builds), so a query allocates nothing.
    func query(_ aabb: AABB, _ visit: (Int32) -> Void) { traverse(aabb, wallsOnly: false, visit) }

    /// `query` for the walls' leaves alone, in the same order: a subtree without a wall is skipped.
    func queryWalls(_ aabb: AABB, _ visit: (Int32) -> Void) { traverse(aabb, wallsOnly: true, visit) }

    @inline(__always)
    private func traverse(_ aabb: AABB, wallsOnly: Bool, _ visit: (Int32) -> Void) {
        if root == Self.null { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { stack in
            var top = 0
            stack[0] = root
            top = 1
            nodes.withUnsafeBufferPointer { n in
                while top > 0 {
                    top -= 1
                    let node = n[Int(stack[top])]
                    if wallsOnly && !node.hasWall { continue }
                    if !node.aabb.overlaps(aabb) { continue }
                    if node.isLeaf {
                        visit(node.item)
                    } else if top + 2 <= stack.count {
                        stack[top] = node.child1
                        stack[top + 1] = node.child2
                        top += 2
                        // Both children are read soon (the second next): their nodes are asked
                        // for now, so the wait for one overlaps the work on the other (memory_hints.h).
                        nudge_prefetch(n.baseAddress! + Int(node.child1))
                        nudge_prefetch(n.baseAddress! + Int(node.child2))
                    }
                }
            }
        }
    }

    private mutating func insertLeaf(_ leaf: Int32) {
        if root == Self.null {
            root = leaf
            nodes[Int(root)].parent = Self.null
            return
        }
        let leafBox = nodes[Int(leaf)].aabb
        // Descend toward the cheapest sibling (surface-area heuristic).
        var index = root
        while !nodes[Int(index)].isLeaf {
            let node = nodes[Int(index)]
            let area = node.aabb.perimeter
            let combinedArea = node.aabb.union(leafBox).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func childCost(_ c: Int32) -> Double {
                let box = leafBox.union(nodes[Int(c)].aabb)
                if nodes[Int(c)].isLeaf { return box.perimeter + inheritance }
                return box.perimeter - nodes[Int(c)].aabb.perimeter + inheritance
            }
            let cost1 = childCost(node.child1)
            let cost2 = childCost(node.child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocate()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafBox.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].hasWall = nodes[Int(leaf)].hasWall || nodes[Int(sibling)].hasWall
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent != Self.null {
            if nodes[Int(oldParent)].child1 == sibling {
                nodes[Int(oldParent)].child1 = newParent
            } else {
                nodes[Int(oldParent)].child2 = newParent
            }
        } else {
            root = newParent
        }
        refit(from: nodes[Int(leaf)].parent)
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root { root = Self.null; return }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grandParent != Self.null {
            if nodes[Int(grandParent)].child1 == parent {
                nodes[Int(grandParent)].child1 = sibling
            } else {
                nodes[Int(grandParent)].child2 = sibling
            }
            nodes[Int(sibling)].parent = grandParent
            free(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = Self.null
            free(parent)
        }
    }

    /// Walks up from `start`, rebalancing and refitting boxes and heights.
    private mutating func refit(from start: Int32) {
        var index = start
        while index != Self.null {
            index = balance(index)
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
            nodes[Int(index)].hasWall = nodes[Int(c1)].hasWall || nodes[Int(c2)].hasWall
            index = nodes[Int(index)].parent
        }
    }

    /// One AVL rotation at `a` if its children's heights differ by more than one; returns the
    /// index now standing where `a` stood.
    private mutating func balance(_ a: Int32) -> Int32 {
        if nodes[Int(a)].isLeaf || nodes[Int(a)].height < 2 { return a }
        let b = nodes[Int(a)].child1, c = nodes[Int(a)].child2
        let skew = nodes[Int(c)].height - nodes[Int(b)].height
        if skew > 1 { return rotateUp(c, under: a, other: b, isChild2: true) }
        if skew < -1 { return rotateUp(b, under: a, other: c, isChild2: false) }
        return a
    }

    /// Lifts `up` (a child of `a`) into `a`'s place; `a` keeps `other` and the shorter grandchild.
    private mutating func rotateUp(_ up: Int32, under a: Int32, other: Int32, isChild2: Bool) -> Int32 {
        let f = nodes[Int(up)].child1, g = nodes[Int(up)].child2
        nodes[Int(up)].child1 = a
        nodes[Int(up)].parent = nodes[Int(a)].parent
        nodes[Int(a)].parent = up
        let upParent = nodes[Int(up)].parent
        if upParent != Self.null {
            if nodes[Int(upParent)].child1 == a { nodes[Int(upParent)].child1 = up } else { nodes[Int(upParent)].child2 = up }
        } else {
            root = up
        }
        let (keep, give) = nodes[Int(f)].height > nodes[Int(g)].height ? (f, g) : (g, f)
        nodes[Int(up)].child2 = keep
        if isChild2 { nodes[Int(a)].child2 = give } else { nodes[Int(a)].child1 = give }
        nodes[Int(give)].parent = a
        nodes[Int(a)].aabb = nodes[Int(other)].aabb.union(nodes[Int(give)].aabb)
        nodes[Int(up)].aabb = nodes[Int(a)].aabb.union(nodes[Int(keep)].aabb)
        nodes[Int(a)].height = 1 + max(nodes[Int(other)].height, nodes[Int(give)].height)
        nodes[Int(up)].height = 1 + max(nodes[Int(a)].height, nodes[Int(keep)].height)
        nodes[Int(a)].hasWall = nodes[Int(other)].hasWall || nodes[Int(give)].hasWall
        nodes[Int(up)].hasWall = nodes[Int(a)].hasWall || nodes[Int(keep)].hasWall
        return up
    }
}
