// AABB: the axis-aligned boxes the broad phase works with.
import Geometry

struct AABB: Sendable {
    var lower: Vector
    var upper: Vector

    @inline(__always) func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inline(__always) func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inline(__always) func union(_ b: AABB) -> AABB {
        AABB(lower: Vector(min(lower.x, b.lower.x), min(lower.y, b.lower.y)),
             upper: Vector(max(upper.x, b.upper.x), max(upper.y, b.upper.y)))
    }
    /// How far apart the boxes are along x or y, whichever is more; negative where they overlap
    /// on both axes. The distance between any two shapes inside them is at least this.
    @inline(__always) func gap(to b: AABB) -> Double {
        max(max(lower.x - b.upper.x, b.lower.x - upper.x), max(lower.y - b.upper.y, b.lower.y - upper.y))
    }
    @inline(__always) var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inline(__always) func enlarged(by m: Double) -> AABB {
        AABB(lower: Vector(lower.x - m, lower.y - m), upper: Vector(upper.x + m, upper.y + m))
    }
}
