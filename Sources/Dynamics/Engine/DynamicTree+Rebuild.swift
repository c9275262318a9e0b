// DynamicTree+Rebuild: leaves grown in place, and the tree above them built again by area.
//
// Taking a moved leaf out and putting it back (`move`) costs a descent and a walk up with
// rotations for every moved body, and the place it finds is the best one for that leaf alone at
// that moment: a step that moves thousands of leaves leaves a tree whose nodes overlap widely.
// Box2D v3 does otherwise, and so does this: a moved leaf takes its new box where it stands, and
// each ancestor grows to hold it and is marked (`enlarge`); once the step's moves are done,
// `rebuild` takes the marked nodes out, keeps every unmarked subtree whole (a resting pile's, the
// walls'), and builds the nodes above those subtrees top down, splitting each set where the
// surface-area heuristic says: the sum of the two halves' perimeters, each times its count, at
// the lowest of the planes between sixteen bins along the longer axis of the subtrees' centers.
//
// Every step of it is a pure function of the tree: the same tree gives the same tree, and so the
// same order of pairs, with one worker or two and after a checkpoint. The marked nodes are the
// ones reused, so no node is allocated: k kept subtrees take exactly the k − 1 nodes the marked
// part held, the node joining the two sides of a split at position p of the kept list taking the
// p-th of them (each of the k − 1 positions between neighbours is split at exactly once), so the
// two halves of the first split can be built by two workers at once and give the same nodes. A
// split falls back to halving the list where every center is the same or the tree has grown 48
// levels deep, so a query's stack (256) always holds the walk.
import Geometry

extension DynamicTree {
    /// Gives leaf `proxy` the (already fattened) box `aabb` in place and grows its ancestors to
    /// hold it, marking them for the next `rebuild`.
    mutating func enlarge(_ proxy: Int32, to aabb: AABB) {
        nodes.withUnsafeMutableBufferPointer { n in
            n[Int(proxy)].aabb = aabb
            var index = n[Int(proxy)].parent
            while index != Self.null {
                let grown = n[Int(index)].aabb.union(aabb)
                let changed = !n[Int(index)].aabb.contains(grown)
                // An ancestor already marked and already holding the box: every node above it is
                // marked and holds it too.
                if !changed && n[Int(index)].isEnlarged { return }
                n[Int(index)].aabb = grown
                n[Int(index)].isEnlarged = true
                index = n[Int(index)].parent
            }
        }
    }

    /// The fewest kept subtrees a rebuild needs before two workers share it.
    static let sharedRebuild = 2_048

    /// Builds the marked part of the tree again over the subtrees it holds; with two `workers`
    /// and many subtrees, the two sides of the first split at once.
    mutating func rebuild(workers: SolverWorkers? = nil) {
        guard root != Self.null, nodes[Int(root)].isEnlarged else { return }
        var kept: [Int32] = [], spare: [Int32] = []
        nodes.withUnsafeBufferPointer { n in
            var stack: [Int32] = [root]
            while let index = stack.popLast() {
                let node = n[Int(index)]
                if node.isLeaf || !node.isEnlarged {
                    kept.append(index)
                } else {
                    spare.append(index)
                    stack.append(node.child2)
                    stack.append(node.child1)
                }
            }
        }
        let count = kept.count
        let shared = workers.flatMap { $0.count > 1 && count >= Self.sharedRebuild ? $0 : nil }
        withUnsafeTemporaryAllocation(of: AABB.self, capacity: count) { boxes in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { centers in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { bins in
        kept.withUnsafeMutableBufferPointer { k in
        spare.withUnsafeBufferPointer { sp in
        nodes.withUnsafeMutableBufferPointer { n in
            for i in 0..<count {
                let box = n[Int(k[i])].aabb
                boxes[i] = box
                centers[2 * i] = (box.lower.x + box.upper.x) / 2
                centers[2 * i + 1] = (box.lower.y + box.upper.y) / 2
            }
            let builder = Builder(nodes: n, kept: k, boxes: boxes, centers: centers, bins: bins, spare: sp)
            if let shared {
                let split = builder.split(0..<count, halving: false)
                root = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2) { roots in
                    var halves = BuildHalves(builder: builder, split: split, count: count, roots: roots.baseAddress!)
                    withUnsafeMutablePointer(to: &halves) { shared.run(2, minimumChunk: 1, buildHalves, UnsafeMutableRawPointer($0)) }
                    return builder.join(roots[0], roots[1], at: split)
                }
            } else {
                root = builder.build(0..<count, depth: 0)
            }
            n[Int(root)].parent = Self.null
        }}}}}}
    }

    /// The top-down build over the kept subtrees (`kept`, with their boxes and centers, x and y
    /// in turn, reordered together), joining each split with a node of `spare`.
    fileprivate struct Builder {
        static let binCount = 16
        static let deepest = 48
        let nodes: UnsafeMutableBufferPointer<Node>
        let kept: UnsafeMutableBufferPointer<Int32>
        let boxes: UnsafeMutableBufferPointer<AABB>
        let centers: UnsafeMutableBufferPointer<Double>
        /// Scratch: each kept subtree's bin in the split at hand.
        let bins: UnsafeMutableBufferPointer<UInt8>
        let spare: UnsafeBufferPointer<Int32>

        /// The root of a tree over `kept[range]`.
        func build(_ range: Range<Int>, depth: Int) -> Int32 {
            if range.count == 1 { return kept[range.lowerBound] }
            let split = self.split(range, halving: depth >= Self.deepest)
            let child1 = build(range.lowerBound..<split, depth: depth + 1)
            let child2 = build(split..<range.upperBound, depth: depth + 1)
            return join(child1, child2, at: split)
        }

        /// The node over `child1` and `child2`, the sides of the split at `split`.
        func join(_ child1: Int32, _ child2: Int32, at split: Int) -> Int32 {
            let parent = spare[split - 1]
            let n = nodes
            n[Int(parent)].child1 = child1
            n[Int(parent)].child2 = child2
            n[Int(parent)].aabb = n[Int(child1)].aabb.union(n[Int(child2)].aabb)
            n[Int(parent)].height = 1 + max(n[Int(child1)].height, n[Int(child2)].height)
            n[Int(parent)].hasWall = n[Int(child1)].hasWall || n[Int(child2)].hasWall
            n[Int(parent)].isEnlarged = false
            n[Int(child1)].parent = parent
            n[Int(child2)].parent = parent
            return parent
        }

        /// Reorders `kept[range]` into two nonempty parts by the surface-area heuristic over
        /// binned centers; returns where the second starts.
        func split(_ range: Range<Int>, halving: Bool) -> Int {
            let middle = range.lowerBound + range.count / 2
            if halving || range.count == 2 { return middle }
            var lowX = Double.infinity, lowY = Double.infinity, highX = -Double.infinity, highY = -Double.infinity
            for i in range {
                let x = centers[2 * i], y = centers[2 * i + 1]
                lowX = min(lowX, x); highX = max(highX, x)
                lowY = min(lowY, y); highY = max(highY, y)
            }
            let axis = highX - lowX >= highY - lowY ? 0 : 1
            let origin = axis == 0 ? lowX : lowY, extent = axis == 0 ? highX - lowX : highY - lowY
            if !(extent > 0) { return middle }
            let binCount = Self.binCount, scale = Double(binCount) / extent
            return withUnsafeTemporaryAllocation(of: AABB.self, capacity: binCount) { binBoxes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: binCount) { counts in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: binCount) { leftCost in
                for b in 0..<binCount { counts[b] = 0 }
                for i in range {
                    let b = min(binCount - 1, Int((centers[2 * i + axis] - origin) * scale))
                    bins[i] = UInt8(b)
                    binBoxes[b] = counts[b] == 0 ? boxes[i] : binBoxes[b].union(boxes[i])
                    counts[b] += 1
                }
                // Left of plane p (between bins p and p + 1): its box's perimeter times its count.
                // The first bin holds the lowest center and the last the highest, so every plane
                // has a center on each side.
                var box = binBoxes[0], count = counts[0]
                leftCost[0] = box.perimeter * Double(count)
                for b in 1..<(binCount - 1) {
                    if counts[b] > 0 { box = box.union(binBoxes[b]); count += counts[b] }
                    leftCost[b] = box.perimeter * Double(count)
                }
                var best = binCount - 2, bestCost = Double.infinity
                box = binBoxes[binCount - 1]; count = counts[binCount - 1]
                for b in stride(from: binCount - 1, to: 0, by: -1) {
                    if b < binCount - 1 && counts[b] > 0 { box = box.union(binBoxes[b]); count += counts[b] }
                    let cost = leftCost[b - 1] + box.perimeter * Double(count)
                    if cost < bestCost { bestCost = cost; best = b - 1 }
                }
                // The subtrees in bins up to `best` first, in place, the lists kept in step.
                var i = range.lowerBound, j = range.upperBound - 1
                while i <= j {
                    if Int(bins[i]) <= best {
                        i += 1
                    } else {
                        kept.swapAt(i, j)
                        boxes.swapAt(i, j)
                        bins.swapAt(i, j)
                        centers.swapAt(2 * i, 2 * j)
                        centers.swapAt(2 * i + 1, 2 * j + 1)
                        j -= 1
                    }
                }
                return i
            }}}
        }
    }
}

/// The two sides of a rebuild's first split, one per worker: each reads and writes only its own
/// part of the lists and the nodes its splits join.
private struct BuildHalves {
    let builder: DynamicTree.Builder
    let split: Int
    let count: Int
    /// Where each side's root goes: two words, each written by one thread.
    let roots: UnsafeMutablePointer<Int32>
}

/// Builds side `lo..<hi` (0, 1 or both) of the first split.
private func buildHalves(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let h = raw.assumingMemoryBound(to: BuildHalves.self)
    for side in lo..<hi {
        if side == 0 {
            h.pointee.roots[0] = h.pointee.builder.build(0..<h.pointee.split, depth: 1)
        } else {
            h.pointee.roots[1] = h.pointee.builder.build(h.pointee.split..<h.pointee.count, depth: 1)
        }
    }
}
