// BoxTwinBuilders: the pieces several twins of Box2D v3's benchmarks build alike, stated once.
//
// v3 makes a grid of boxes in three scenes (the drums' load, smash's wall) and a floor with two
// walls of boxes in two (junkyard, compounds). Each twin keeps its own arithmetic for the
// centres (a closure gives them), because a centre computed another way can differ in the last
// bit and change the run; what is shared is the loop, its order and the items it makes.
import Geometry
import Dynamics

extension BoxTwins {
    /// A `columns` × `rows` grid of square boxes of half extent `half` m at the centres `at(column,
    /// row)` gives (m), all rows of a column before the next column when `byColumns`, else all
    /// columns of a row before the next row (the order v3 creates them in, which the run follows).
    static func boxGrid(columns: Int, rows: Int, half: Double, byColumns: Bool,
                        at center: (Int, Int) -> (Double, Double)) -> [BenchItem] {
        var boxes: [BenchItem] = []
        boxes.reserveCapacity(columns * rows)
        for outer in 0..<(byColumns ? columns : rows) {
            for inner in 0..<(byColumns ? rows : columns) {
                let (x, y) = byColumns ? center(outer, inner) : center(inner, outer)
                boxes.append(BenchItem(center: point(x, y), size: size(halfWidth: half, halfHeight: half)))
            }
        }
        return boxes
    }

    /// v3's ground of boxes with a wall at each end, as boundary outlines of their unions: a floor
    /// of boxes of half extents `floorHalf` centred at x = `floorCenters` (1 m apart), y = 0, and
    /// at x = ±`wallX` a column of `wallBoxes` boxes of half extents `wallHalf` at y = 1, 2, ….
    static func addWalledFloor(_ collision: CollisionBehavior, floorCenters: ClosedRange<Int>, floorHalf: (Double, Double),
                               wallX: Double, wallBoxes: Int, wallHalf: (Double, Double)) {
        let first = Double(floorCenters.lowerBound), last = Double(floorCenters.upperBound)
        addStaticBox(collision, id: "floor", center: ((first + last) / 2, 0),
                     halfWidth: (last - first) / 2 + floorHalf.0, halfHeight: floorHalf.1)
        for (id, x) in [("left", -wallX), ("right", wallX)] {
            addStaticBox(collision, id: id, center: (x, (1 + Double(wallBoxes)) / 2), halfWidth: wallHalf.0,
                         halfHeight: Double(wallBoxes - 1) / 2 + wallHalf.1)
        }
    }
}
