// Position: a point given per axis in points or in percent of the reference bounds.
//
// Scenes must fit any terminal, so a description keeps "50%" as a percentage and only the live
// scene, which knows its reference bounds, turns it into points (`resolve(in:)`). Percentages
// are measured from the bounds' origin along their width (x) or height (y).
import Geometry

public struct Position: Hashable, Sendable, CustomStringConvertible {
    public enum Coordinate: Hashable, Sendable, CustomStringConvertible {
        case points(Double)
        case percent(Double)

        /// The coordinate in points along an axis that starts at `origin` and is `length` long.
        public func resolve(origin: Double, length: Double) -> Double {
            switch self {
            case .points(let v): return v
            case .percent(let p): return origin + p / 100 * length
            }
        }

        public var description: String {
            switch self {
            case .points(let v): return NodeReader.format(v)
            case .percent(let p): return NodeReader.format(p) + "%"
            }
        }
    }

    public var x: Coordinate
    public var y: Coordinate

    public init(x: Coordinate, y: Coordinate) { self.x = x; self.y = y }

    /// A position in points.
    public init(_ point: Point) { self.init(x: .points(point.x), y: .points(point.y)) }

    /// The center of the reference bounds.
    public static let center = Position(x: .percent(50), y: .percent(50))

    public func resolve(in bounds: Rect) -> Point {
        Point(x.resolve(origin: bounds.minX, length: bounds.width),
              y.resolve(origin: bounds.minY, length: bounds.height))
    }

    /// Whether either axis is a percentage, so the point moves when the bounds change.
    public var followsBounds: Bool {
        if case .percent = x { return true }
        if case .percent = y { return true }
        return false
    }

    public var description: String { "[\(x), \(y)]" }
}
