import Testing
import Geometry
@testable import Dynamics

/// The broad phase's walls: the wall guard's query (`queryWalls`) hands over exactly the shapes of
/// bodies that are not dynamic, through shapes added and destroyed and bodies anchored and let go,
/// and in the order the full query visits them (so ties between walls resolve as before).
@Suite struct BroadPhaseWallsTests {
    static let everywhere = AABB(lower: Vector(-1e6, -1e6), upper: Vector(1e6, 1e6))
    static let square = [Vector(-10, -10), Vector(10, -10), Vector(10, 10), Vector(-10, 10)]

    /// The ground's four sides of a 300 pt square, one anchored box in the middle and 16 dynamic
    /// boxes on a 40 pt grid about it, flung outward so the tree is rebuilt as they move.
    static func room() -> (World, anchored: BodyID, boxes: [BodyID]) {
        let world = World()
        let corners = [Vector(-150, -150), Vector(150, -150), Vector(150, 150), Vector(-150, 150)]
        for k in 0..<4 {
            let side = world.addPolygon(body: world.ground, vertices: [corners[k], corners[(k + 1) % 4]])
            world.setFilter(side, itemMask: 0, boundaryMask: 0)
        }
        var a = Body()
        a.kind = .anchored
        let anchored = world.createBody(a.definition)
        world.setFilter(world.addPolygon(body: anchored, vertices: square), itemMask: 1, boundaryMask: 0)
        var boxes: [BodyID] = []
        for row in 0..<4 {
            for col in 0..<4 {
                var b = Body()
                b.position = Vector(Double(col) * 40 - 60, Double(row) * 40 - 60)
                b.velocity = b.position * 2
                b.setMass(1, inertia: 1.0 / 6 * 20 * 20)
                let id = world.createBody(b.definition)
                world.setFilter(world.addPolygon(body: id, vertices: square), itemMask: 1, boundaryMask: 0)
                boxes.append(id)
            }
        }
        return (world, anchored, boxes)
    }

    /// The walls' shapes as the query finds them, after checking they come in the full query's order.
    static func walls(_ world: World) -> Set<Int32> {
        var found: [Int32] = [], inOrder: [Int32] = []
        world.broadPhase.queryWalls(everywhere) { found.append($0) }
        world.broadPhase.query(everywhere) { id in
            if world.bodies[Int(world.shapes[Int(id)].body)].kind != .dynamic { inOrder.append(id) }
        }
        #expect(found == inOrder)
        return Set(found)
    }

    /// The active shapes whose bodies are not dynamic.
    static func expected(_ world: World) -> Set<Int32> {
        Set(world.shapes.indices.filter {
            world.shapes[$0].isActive && world.bodies[Int(world.shapes[$0].body)].kind != .dynamic
        }.map { Int32($0) })
    }

    @Test("the walls' query finds exactly the shapes of bodies that are not dynamic")
    func wallsFollowKindsAndShapes() {
        let (world, anchored, boxes) = Self.room()
        // Four sides and the anchored box.
        #expect(Self.walls(world).count == 5)
        for _ in 0..<10 { world.step(dt: 1.0 / 60) }
        #expect(Self.walls(world).count == 5)
        #expect(Self.walls(world) == Self.expected(world))

        // Three boxes anchored by their owner: walls from the next step on.
        for id in boxes[0..<3] {
            world.withBody(id) { $0.kind = .anchored; $0.velocity = .zero; $0.angularVelocity = 0 }
        }
        world.step(dt: 1.0 / 60)
        #expect(Self.walls(world).count == 8)
        #expect(Self.walls(world) == Self.expected(world))

        // The anchored box let go, and a second shape on an anchored box.
        world.withBody(anchored) { $0.kind = .dynamic }
        world.setFilter(world.addCircle(body: boxes[0], radius: 5, center: Vector(15, 0)), itemMask: 1, boundaryMask: 0)
        world.step(dt: 1.0 / 60)
        #expect(Self.walls(world).count == 8)
        #expect(Self.walls(world) == Self.expected(world))

        // One side of the room and an anchored box's body destroyed, and a dynamic box's.
        world.destroyShape(ShapeID(0))
        world.destroyBody(boxes[1])
        world.destroyBody(boxes[5])
        #expect(Self.walls(world).count == 6)
        for _ in 0..<10 { world.step(dt: 1.0 / 60) }
        #expect(Self.walls(world).count == 6)
        #expect(Self.walls(world) == Self.expected(world))

        // A shape made in a freed slot takes its body's kind: an anchored box's square is a wall.
        world.setFilter(world.addPolygon(body: boxes[2], vertices: Self.square), itemMask: 1, boundaryMask: 0)
        #expect(Self.walls(world).count == 7)
        #expect(Self.walls(world) == Self.expected(world))
    }

    @Test("every node of the tree knows whether a wall lies below it, through moves, removals and marks")
    func treeMarksFollowTheLeaves() {
        var tree = DynamicTree()
        var proxies: [Int32: Int32] = [:], walls = Set<Int32>()
        // 240 boxes of 8 pt on a 10 pt grid, every third a wall.
        for item in Int32(0)..<240 {
            let p = Vector(Double(item % 16) * 10, Double(item / 16) * 10)
            let box = AABB(lower: p, upper: p + Vector(8, 8))
            proxies[item] = tree.insert(box, item: item, isWall: item % 3 == 0)
            if item % 3 == 0 { walls.insert(item) }
        }
        // Every fifth moved across the grid, every seventh removed, every eleventh's mark flipped.
        for item in Int32(0)..<240 where item % 5 == 0 {
            let p = Vector(Double((item * 7) % 160), Double((item * 13) % 150))
            tree.move(proxies[item]!, to: AABB(lower: p, upper: p + Vector(8, 8)))
        }
        for item in Int32(0)..<240 where item % 7 == 0 {
            tree.remove(proxies.removeValue(forKey: item)!)
            walls.remove(item)
        }
        for (item, proxy) in proxies where item % 11 == 0 {
            let wall = !walls.contains(item)
            tree.setWall(proxy, wall)
            if wall { walls.insert(item) } else { walls.remove(item) }
        }
        // 80 walls at first (0, 3, … 237); 12 of them removed (multiples of 21); of the 18 multiples
        // of 11 left (22 minus 0, 77, 154, 231), the 6 that were walls (multiples of 33) are no longer
        // and the 12 others are.
        #expect(walls.count == 80 - 12 - 6 + 12)
        for node in tree.nodes where node.height > 0 {
            #expect(node.hasWall == (tree.nodes[Int(node.child1)].hasWall || tree.nodes[Int(node.child2)].hasWall))
        }
        var found: [Int32] = [], inOrder: [Int32] = []
        tree.queryWalls(Self.everywhere) { found.append($0) }
        tree.query(Self.everywhere) { if walls.contains($0) { inOrder.append($0) } }
        #expect(found == inOrder)
        #expect(Set(found) == walls)
    }
}
