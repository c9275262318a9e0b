// YAMLWriting: scene values as the YAML nodes a scene file writes them with.
//
// The inverse of NodeReader's accessors: numbers in their shortest round-trip form (integral
// values without ".0"), positions with percentages as "N%" strings, vectors and sizes as
// two-number lists. A node written here reads back through NodeReader to the same value.
import Geometry
import Yams

extension Node {
    /// A number as NodeReader reads it back exactly.
    static func number(_ value: Double) -> Node {
        Node(NodeReader.format(value), Tag(value == value.rounded() && abs(value) < 1e15 ? .int : .float))
    }

    static func bool(_ value: Bool) -> Node { Node(value ? "true" : "false", Tag(.bool)) }

    /// A string, quoted so YAML never reads it as a number, bool or null.
    static func string(_ value: String) -> Node { Node(value, Tag(.str), .doubleQuoted) }

    static func list(_ nodes: [Node]) -> Node { .sequence(Node.Sequence(nodes, Tag(.seq), .flow)) }

    static func vector(_ v: Vector) -> Node { list([number(v.x), number(v.y)]) }

    static func size(_ s: Size) -> Node { list([number(s.width), number(s.height)]) }

    static func position(_ p: Position) -> Node { list([coordinate(p.x), coordinate(p.y)]) }

    static func coordinate(_ c: Position.Coordinate) -> Node {
        switch c {
        case .points(let v): return number(v)
        case .percent: return string(c.description)
        }
    }

    static func ids(_ ids: [String]) -> Node { list(ids.map(string)) }

    /// A list in block style, one entry a line (`- ...`).
    static func blockList(_ nodes: [Node]) -> Node { .sequence(Node.Sequence(nodes, Tag(.seq), .block)) }

    /// A color by its name when it has one, else as "#rrggbb".
    static func color(_ c: SceneColor) -> Node {
        string(SceneColor.named.first { $0.1 == c }?.0 ?? c.description)
    }

    /// A mapping in the given key order, written in flow style (`{key: value}`).
    static func flowMapping(_ pairs: [(String, Node)]) -> Node {
        .mapping(Node.Mapping(pairs.map { (Node($0.0), $0.1) }, Tag(.map), .flow))
    }
}

/// Builds a kind's `write()` pairs, leaving out values that are nil.
struct EntryWriter {
    private(set) var pairs: [(key: String, value: Node)] = []

    mutating func add(_ key: String, _ node: Node?) {
        if let node { pairs.append((key, node)) }
    }
}
