// Collision: `type: collision`, CollisionBehavior in a scene file.
//
// Items collide only with items of the same collision behavior; `boundaries: reference` turns
// the reference bounds into walls (moved by `insets`), and named `segments` and `paths` add
// boundaries of their own. An animator tells at most 64 collision behaviors apart (one bit each
// in an item's collision mask), so the 65th in a file is an error where it stands.
import Geometry
import Yams

extension BehaviorDescription {
    public struct Collision: BehaviorKind, ListingItems {
        public enum Mode: String, CaseIterable, Sendable { case items, boundaries, everything }
        public enum Boundaries: String, CaseIterable, Sendable { case reference, none }
        public var id: String?
        public var items: [String]?
        public var mode: Mode = .everything
        public var boundaries: Boundaries = .none
        /// Top, left, bottom, right, applied to the reference-bounds walls.
        public var insets: EdgeInsets = .zero
        /// Named straight boundaries, in file order.
        public var segments: [NamedPath] = []
        /// Named polyline boundaries, in file order.
        public var paths: [NamedPath] = []
        public init(id: String? = nil, items: [String]? = nil) { self.id = id; self.items = items }

        public static func example(naming items: [String]) -> Self { Self(items: items) }

        public static let type = "collision"

        /// One line for the generated list of kinds in the README.

        public static let summary = "items collide with each other and with boundaries (`CollisionBehavior`)"
        public static let keys = ["items", "mode", "boundaries", "insets", "segments", "paths"]
        static let maximumCount = 64

        public static let documentation = """
            | key | type | default | |
            |---|---|---|---|
            | `items` | list of ids | every item | items collide only with items of the same collision behavior |
            | `mode` | `items` \\| `boundaries` \\| `everything` | `everything` | |
            | `boundaries` | `reference` \\| `none` | `none` | `reference` turns the reference bounds into walls |
            | `insets` | `[top, left, bottom, right]` numbers | `[0, 0, 0, 0]` | moves the walls inward (negative: outward); needs `boundaries: reference` |
            | `segments` | mapping name → `[position, position]` | none | straight boundaries, e.g. `{floor: [[0, "95%"], ["100%", "95%"]]}` |
            | `paths` | mapping name → list of ≥ 2 positions | none | polyline boundaries |
            """

        public static func parse(_ m: MappingReader, id: String?, context: ParsingContext) -> Self? {
            let count = context.countEntry(ofType: type)
            if count == maximumCount + 1 {
                m.reader.error("a scene has at most \(maximumCount) collision behaviors and this is number "
                               + "\(count); list more items in one behavior instead")
            }
            var b = Self(id: id, items: context.itemList(m["items"]))
            b.mode = m["mode"]?.choice(Mode.self) ?? .everything
            b.boundaries = m["boundaries"]?.choice(Boundaries.self) ?? .none
            if let insets = m["insets"] {
                if let parts = insets.list(count: 4, what: "insets [top, left, bottom, right]") {
                    let values = parts.map { $0.number() }
                    if let t = values[0], let l = values[1], let bo = values[2], let ri = values[3] {
                        b.insets = EdgeInsets(top: t, left: l, bottom: bo, right: ri)
                    }
                }
                if b.boundaries == .none && m["boundaries"] != nil {
                    m.forbid("insets", "'insets' apply to the reference-bounds walls; set boundaries: reference")
                }
            }
            b.readBoundaries(m)
            return b
        }

        private mutating func readBoundaries(_ m: MappingReader) {
            var names: Set<String> = []
            for (key, count, what) in [("segments", 2...2, "a segment [[x, y], [x, y]]"),
                                       ("paths", 2...1000, "a path [[x, y], [x, y], ...] of at least 2 points")] {
                guard let node = m[key], let entries = Self.namedEntries(node) else { continue }
                for (nameReader, name, value) in entries {
                    if !names.insert(name).inserted {
                        nameReader.error("duplicate boundary name '\(name)'")
                    }
                    guard let points = value.list() else { continue }
                    guard count.contains(points.count) else {
                        value.error("expected \(what), found a list of \(points.count)")
                        continue
                    }
                    let positions = points.compactMap { $0.position() }
                    guard positions.count == points.count else { continue }
                    let path = NamedPath(name: name, points: positions)
                    if key == "segments" { segments.append(path) } else { paths.append(path) }
                }
            }
        }

        /// A mapping whose keys are names chosen by the author (boundary names).
        private static func namedEntries(_ r: NodeReader) -> [(NodeReader, String, NodeReader)]? {
            guard case .mapping(let mapping) = r.node else {
                r.error("expected a mapping of names to points, e.g. {floor: [[0, 380], [640, 380]]}, found \(r.found)")
                return nil
            }
            var result: [(NodeReader, String, NodeReader)] = []
            for (keyNode, valueNode) in mapping {
                let keyReader = NodeReader(node: keyNode, path: r.path, errors: r.errors)
                guard case .scalar(let scalar) = keyNode else { keyReader.error("a boundary name must be a plain name"); continue }
                let name = scalar.string
                let nameReader = NodeReader(node: keyNode, path: r.path + "." + name, errors: r.errors)
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(NodeReader.isIdentifierScalar) else {
                    nameReader.error("'\(name)' is not a valid name; use letters, digits, '-' and '_'")
                    continue
                }
                result.append((nameReader, name, r.child(valueNode, key: name)))
            }
            return result
        }

        public func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.add("items", items.map(Node.ids))
            w.add("mode", mode == .everything ? nil : Node(mode.rawValue))
            w.add("boundaries", boundaries == .none ? nil : Node(boundaries.rawValue))
            w.add("insets", insets == .zero ? nil : .list([insets.top, insets.left, insets.bottom, insets.right].map(Node.number)))
            func named(_ list: [NamedPath]) -> Node? {
                list.isEmpty ? nil : .flowMapping(list.map { ($0.name, .list($0.points.map(Node.position))) })
            }
            w.add("segments", named(segments))
            w.add("paths", named(paths))
            return w.pairs
        }
    }

    /// A named boundary of a collision behavior: a segment (two points) or a path.
    public struct NamedPath: Hashable, Sendable {
        public var name: String
        public var points: [Position]
        public init(name: String, points: [Position]) { self.name = name; self.points = points }
    }
}
