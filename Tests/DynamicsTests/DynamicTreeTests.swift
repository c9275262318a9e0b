// DynamicTreeTests: the tree answers every query with exactly the leaves whose boxes overlap it,
// and stays a well-formed tree (each node's box its children's union, heights and parents
// consistent), through insertions, moves and removals that restructure it. A row of boxes that
// keeps growing in one direction, the case that deepens a tree most, is answered in full too:
// a query's traversal stack is bounded, and a tree deeper than it would drop leaves silently.
// Leaves grown in place and the tree rebuilt above them (DynamicTree+Rebuild.swift) answer the
// same, with the walls' marks right, and a cloud of boxes all moved at once makes a tree whose
// nodes' summed perimeters (what a query's chance of entering them goes by) are well under those
// of the same moves made one leaf at a time.
import Testing
import Foundation
import Geometry
@testable import Dynamics

@Suite struct DynamicTreeTests {
    static func box(_ rng: inout SeededLcg, spread: Double) -> AABB {
        let p = Vector(rng.unit() * spread, rng.unit() * spread)
        return AABB(lower: p, upper: p + Vector(2 + rng.unit() * 30, 2 + rng.unit() * 30))
    }

    /// Every internal node's box is its children's union, its height one more than the taller
    /// child's, and each child names it as parent; a query of everything reaches every live leaf
    /// once.
    static func checkShape(_ tree: DynamicTree, items: Set<Int32>) {
        for (i, node) in tree.nodes.enumerated() where node.height > 0 {
            let a = tree.nodes[Int(node.child1)], b = tree.nodes[Int(node.child2)]
            let union = a.aabb.union(b.aabb)
            #expect(node.aabb.lower == union.lower && node.aabb.upper == union.upper, "node \(i)'s box")
            #expect(node.height == 1 + max(a.height, b.height), "node \(i)'s height")
            #expect(a.parent == Int32(i) && b.parent == Int32(i), "node \(i)'s children's parent")
        }
        var all: [Int32] = []
        tree.query(AABB(lower: Vector(-1e9, -1e9), upper: Vector(1e9, 1e9))) { all.append($0) }
        #expect(all.count == items.count && Set(all) == items)
    }

    /// Queries of random boxes against the brute-force answer over the live leaves.
    static func checkQueries(_ tree: DynamicTree, _ boxes: [Int32: AABB], _ rng: inout SeededLcg, spread: Double) {
        for _ in 0..<50 {
            let q = box(&rng, spread: spread)
            var found: [Int32] = []
            tree.query(q) { found.append($0) }
            let expected = boxes.filter { $0.value.overlaps(q) }.map(\.key).sorted()
            #expect(found.sorted() == expected)
            #expect(Set(found).count == found.count, "a leaf was visited twice")
        }
    }

    @Test("queries find exactly the overlapping leaves through 2,000 insertions, moves and removals")
    func queriesMatchBruteForce() {
        var rng = SeededLcg(state: 7)
        var tree = DynamicTree()
        var proxies: [Int32: Int32] = [:], boxes: [Int32: AABB] = [:]
        let spread = 600.0
        for item in Int32(0)..<600 {
            let b = Self.box(&rng, spread: spread)
            proxies[item] = tree.insert(b, item: item, isWall: item % 5 == 0)
            boxes[item] = b
        }
        Self.checkShape(tree, items: Set(proxies.keys))
        Self.checkQueries(tree, boxes, &rng, spread: spread)
        var next: Int32 = 600
        for round in 0..<2_000 {
            let items = Array(proxies.keys).sorted()
            let item = items[Int(rng.unit() * Double(items.count))]
            switch round % 4 {
            case 0, 1:
                let b = Self.box(&rng, spread: spread)
                tree.move(proxies[item]!, to: b)
                boxes[item] = b
            case 2:
                tree.remove(proxies.removeValue(forKey: item)!)
                boxes.removeValue(forKey: item)
            default:
                let b = Self.box(&rng, spread: spread)
                proxies[next] = tree.insert(b, item: next, isWall: false)
                boxes[next] = b
                next += 1
            }
            if round % 250 == 249 {
                Self.checkShape(tree, items: Set(proxies.keys))
                Self.checkQueries(tree, boxes, &rng, spread: spread)
            }
        }
    }

    /// 3,000 boxes inserted one after another along a line, each to the right of the last:
    /// every query along the row still finds its leaves, however deep the tree has grown.
    @Test("a row that grows in one direction is answered in full")
    func growingRowIsAnsweredInFull() {
        var tree = DynamicTree()
        for item in Int32(0)..<3_000 {
            let x = Double(item) * 10
            _ = tree.insert(AABB(lower: Vector(x, 0), upper: Vector(x + 12, 12)), item: item, isWall: false)
        }
        for start in stride(from: 0, to: 3_000, by: 97) {
            let x = Double(start) * 10
            var found: [Int32] = []
            tree.query(AABB(lower: Vector(x + 1, 1), upper: Vector(x + 1 + 200, 2))) { found.append($0) }
            // Boxes k with 10k ≤ x + 201 and 10k + 12 ≥ x + 1: from start − 1 (when ≥ 0) to start + 20.
            let expected = Array(Int32(max(0, start - 1))...Int32(min(2_999, start + 20)))
            #expect(found.sorted() == expected, "query at \(x)")
        }
    }

    /// The summed perimeters of the internal nodes, over the root's: the surface-area cost of the
    /// tree, proportional to the nodes a query of a random small box expects to enter.
    static func cost(_ tree: DynamicTree) -> Double {
        let inner = tree.nodes.filter { $0.height > 0 }.reduce(0.0) { $0 + $1.aabb.perimeter }
        return inner / tree.nodes[Int(tree.root)].aabb.perimeter
    }

    /// Each node's wall mark is whether a wall's leaf lies at or below it, and none stays marked
    /// grown after a rebuild.
    static func checkMarks(_ tree: DynamicTree, walls: Set<Int32>) {
        func walk(_ index: Int32) -> Bool {
            let node = tree.nodes[Int(index)]
            #expect(!node.isEnlarged, "node \(index) still marked grown")
            var hasWall = walls.contains(node.item)
            if !node.isLeaf {
                let left = walk(node.child1), right = walk(node.child2)
                hasWall = left || right
            }
            #expect(node.hasWall == hasWall, "node \(index)'s wall mark")
            return hasWall
        }
        _ = walk(tree.root)
    }

    @Test("leaves grown in place and rebuilt above answer every query exactly, walls' queries too")
    func rebuiltTreeAnswersExactly() {
        var rng = SeededLcg(state: 11)
        var tree = DynamicTree()
        var proxies: [Int32: Int32] = [:], boxes: [Int32: AABB] = [:]
        var walls: Set<Int32> = []
        let spread = 800.0
        for item in Int32(0)..<800 {
            let b = Self.box(&rng, spread: spread)
            let wall = item % 7 == 0
            proxies[item] = tree.insert(b, item: item, isWall: wall)
            boxes[item] = b
            if wall { walls.insert(item) }
        }
        var next: Int32 = 800
        for round in 0..<40 {
            // A step: a few hundred leaves move (the walls stay), then the tree is rebuilt.
            for item in proxies.keys.sorted() where !walls.contains(item) && rng.unit() < 0.3 {
                let b = Self.box(&rng, spread: spread)
                tree.enlarge(proxies[item]!, to: b)
                boxes[item] = b
            }
            tree.rebuild()
            // Between steps, leaves come and go one at a time.
            if round % 2 == 0 {
                let item = proxies.keys.sorted()[Int(rng.unit() * Double(proxies.count))]
                tree.remove(proxies.removeValue(forKey: item)!)
                boxes.removeValue(forKey: item)
                walls.remove(item)
            } else {
                let b = Self.box(&rng, spread: spread)
                proxies[next] = tree.insert(b, item: next, isWall: false)
                boxes[next] = b
                next += 1
            }
            if round % 8 == 7 {
                Self.checkShape(tree, items: Set(proxies.keys))
                Self.checkMarks(tree, walls: walls)
                Self.checkQueries(tree, boxes, &rng, spread: spread)
                for _ in 0..<20 {
                    let q = Self.box(&rng, spread: spread)
                    var found: [Int32] = []
                    tree.queryWalls(q) { found.append($0) }
                    #expect(found.sorted() == boxes.filter { walls.contains($0.key) && $0.value.overlaps(q) }.map(\.key).sorted())
                }
            }
        }
    }

    @Test("a cloud moved all at once and rebuilt costs well under the same moves made leaf by leaf")
    func rebuiltTreeIsCheaper() {
        var rng = SeededLcg(state: 5)
        var incremental = DynamicTree(), rebuilt = DynamicTree()
        var proxies: [Int32] = []
        for item in Int32(0)..<2_000 {
            let b = Self.box(&rng, spread: 2_000)
            proxies.append(incremental.insert(b, item: item, isWall: false))
            _ = rebuilt.insert(b, item: item, isWall: false)
        }
        for _ in 0..<5 {
            for proxy in proxies {
                let b = Self.box(&rng, spread: 2_000)
                incremental.move(proxy, to: b)
                rebuilt.enlarge(proxy, to: b)
            }
            rebuilt.rebuild()
        }
        Self.checkShape(rebuilt, items: Set(0..<2_000))
        // Same leaves, same root box: only the internal nodes differ.
        #expect(Self.cost(rebuilt) < 0.8 * Self.cost(incremental), "rebuilt \(Self.cost(rebuilt)), leaf by leaf \(Self.cost(incremental))")
    }

    /// Boxes at 1.02^k, spread so that each binned split sets a few dozen of the widest apart
    /// from the rest: the rebuilt tree stays within a query's stack (a build past 48 levels
    /// halves its lists instead) and answers in full.
    @Test("a rebuild over boxes spaced ever wider stays shallow and answers in full")
    func rebuildOverWideningSpacingStaysShallow() {
        var tree = DynamicTree()
        var proxies: [Int32] = []
        for item in Int32(0)..<1_000 {
            let x = pow(1.02, Double(item))
            proxies.append(tree.insert(AABB(lower: Vector(x, 0), upper: Vector(x + 0.01, 1)), item: item, isWall: false))
        }
        for (k, proxy) in proxies.enumerated() {
            let x = pow(1.02, Double(k)) + 0.001
            tree.enlarge(proxy, to: AABB(lower: Vector(x, 0), upper: Vector(x + 0.01, 1)))
        }
        tree.rebuild()
        Self.checkShape(tree, items: Set(0..<1_000))
        #expect(tree.nodes[Int(tree.root)].height <= 48 + 10, "height \(tree.nodes[Int(tree.root)].height)")
    }

    /// The two sides of the first split built by two workers give the tree one worker builds,
    /// node for node: each join takes the node of its split's position, whoever builds it.
    @Test("a rebuild shared by two workers is the one-worker rebuild, node for node")
    func sharedRebuildIsTheSame() {
        var rng = SeededLcg(state: 9)
        var one = DynamicTree(), two = DynamicTree()
        var proxies: [Int32] = []
        for item in Int32(0)..<6_000 {
            let b = Self.box(&rng, spread: 4_000)
            proxies.append(one.insert(b, item: item, isWall: item % 11 == 0))
            _ = two.insert(b, item: item, isWall: item % 11 == 0)
        }
        let workers = SolverWorkers(count: 2)
        for _ in 0..<3 {
            for proxy in proxies where rng.unit() < 0.6 {
                let b = Self.box(&rng, spread: 4_000)
                one.enlarge(proxy, to: b)
                two.enlarge(proxy, to: b)
            }
            one.rebuild()
            two.rebuild(workers: workers)
        }
        #expect(workers.sharedStages > 0, "the rebuild was not shared")
        #expect(one.root == two.root)
        #expect(one.nodes.count == two.nodes.count)
        for (a, b) in zip(one.nodes, two.nodes) {
            #expect(a.aabb.lower == b.aabb.lower && a.aabb.upper == b.aabb.upper && a.parent == b.parent
                    && a.child1 == b.child1 && a.child2 == b.child2 && a.height == b.height && a.hasWall == b.hasWall)
        }
        Self.checkShape(two, items: Set(0..<6_000))
    }
}
