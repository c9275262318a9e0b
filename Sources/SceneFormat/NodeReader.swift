// NodeReader: a small typed reader over Yams' Node tree that keeps positions.
//
// Codable decoding would lose where a value came from and stop at the first problem. Scene files
// need the opposite: every error located (line, column, key path) and all of them reported at
// once. So each accessor here either returns a value or records an error in the shared
// `ErrorCollector` and returns nil; the caller keeps going with whatever else is readable. The
// reader never traps: anything a YAML file can contain ends up as a value or an error.
// The types are public so that `BehaviorKind.parse` can name them; their members stay internal,
// so only the format module itself reads files with them.
import Foundation
import Geometry
import Yams

/// Gathers the errors of one file while it is read.
public final class ErrorCollector {
    let file: String
    private(set) var errors: [SceneError] = []

    init(file: String) { self.file = file }

    func report(line: Int, column: Int, keyPath: String, _ message: String) {
        errors.append(SceneError(file: file, line: line, column: column, keyPath: keyPath, message: message))
    }
}

public struct NodeReader {
    let node: Node
    let path: String
    let errors: ErrorCollector

    var line: Int { node.mark?.line ?? 0 }
    /// The node's resolved tag (str, int, float, bool, null...).
    var tagName: Tag.Name { Tag.Name(rawValue: node.tag.rawValue) }
    var column: Int { node.mark?.column ?? 0 }

    /// Records a problem at this node.
    func error(_ message: String) {
        errors.report(line: line, column: column, keyPath: path, message)
    }

    func child(_ node: Node, key: String) -> NodeReader {
        NodeReader(node: node, path: path.isEmpty ? key : path + "." + key, errors: errors)
    }

    func child(_ node: Node, index: Int) -> NodeReader {
        NodeReader(node: node, path: path + "[\(index)]", errors: errors)
    }

    // MARK: Structure

    /// This node as a mapping whose keys must all be in `allowed`; unknown keys are reported
    /// (with a suggestion when one is close) and skipped.
    func mapping(allowed: [String]) -> MappingReader? {
        guard case .mapping(let mapping) = node else {
            error("expected a mapping (key: value lines), found \(found)")
            return nil
        }
        var entries: [MappingReader.Entry] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                NodeReader(node: keyNode, path: path, errors: errors).error("a key must be a plain name")
                continue
            }
            let key = scalar.string
            let value = child(valueNode, key: key)
            guard allowed.contains(key) else {
                let keyReader = NodeReader(node: keyNode, path: value.path, errors: errors)
                if let guess = Suggestion.closest(to: key, in: allowed) {
                    keyReader.error("unknown key '\(key)'; did you mean '\(guess)'?")
                } else {
                    keyReader.error("unknown key '\(key)'; expected one of: \(allowed.joined(separator: ", "))")
                }
                continue
            }
            entries.append(MappingReader.Entry(key: key, keyNode: keyNode, value: value))
        }
        return MappingReader(reader: self, entries: entries)
    }

    /// This node as a list; `nil` (after an error) when it is anything else.
    func list() -> [NodeReader]? {
        guard case .sequence(let sequence) = node else {
            error("expected a list, found \(found)")
            return nil
        }
        return sequence.enumerated().map { child($0.element, index: $0.offset) }
    }

    /// A list of exactly `count` entries.
    func list(count: Int, what: String) -> [NodeReader]? {
        guard case .sequence(let sequence) = node, sequence.count == count else {
            error("expected \(what), found \(found)")
            return nil
        }
        return sequence.enumerated().map { child($0.element, index: $0.offset) }
    }

    // MARK: Scalars

    var isNull: Bool {
        if case .scalar(let s) = node { return tagName == .null && s.style == .plain }
        return false
    }

    /// Any scalar as its text (YAML users write `text: 42` and mean "42"); null is an error.
    func string() -> String? {
        guard case .scalar(let scalar) = node, !isNull else {
            error("expected a string, found \(found)")
            return nil
        }
        return scalar.string
    }

    /// A finite number.
    func number() -> Double? {
        guard case .scalar(let scalar) = node else {
            error("expected a number, found \(found)")
            return nil
        }
        let value: Double?
        switch tagName {
        case .int:
            value = Int.construct(from: scalar).map(Double.init)
                ?? Double(scalar.string.replacingOccurrences(of: "_", with: ""))
        case .float:
            value = Double.construct(from: scalar)
        default:
            value = nil
        }
        guard let value else {
            error("expected a number, found \(found)")
            return nil
        }
        guard value.isFinite else {
            error("expected a finite number, found \(scalar.string)")
            return nil
        }
        guard abs(value) <= Self.largestNumber else {
            error("expected a number between -1000000 and 1000000 (scene numbers are bounded so the simulation stays finite), found \(scalar.string)")
            return nil
        }
        return value
    }

    /// The largest magnitude a scene number may have.
    public static let largestNumber = 1e6
    /// The largest magnitude of a percentage.
    static let largestPercent = 10_000.0

    /// A finite number inside `range`; `what` describes the range for the message.
    func number(in range: ClosedRange<Double>) -> Double? {
        guard let value = number() else { return nil }
        guard range.contains(value) else {
            error("expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), found \(Self.format(value))")
            return nil
        }
        return value
    }

    /// A finite number greater than zero; with `minimum`, also at least that.
    func positiveNumber(atLeast minimum: Double? = nil) -> Double? {
        guard let value = number() else { return nil }
        guard value > 0 else {
            error("expected a number greater than 0, found \(Self.format(value))")
            return nil
        }
        if let minimum, value < minimum {
            error("expected a number of at least \(Self.format(minimum)), found \(Self.format(value))")
            return nil
        }
        return value
    }

    /// A finite number of at least zero.
    func nonNegativeNumber() -> Double? {
        guard let value = number() else { return nil }
        guard value >= 0 else {
            error("expected a number of at least 0, found \(Self.format(value))")
            return nil
        }
        return value
    }

    /// A whole number of at least `minimum`.
    func integer(minimum: Int) -> Int? {
        guard let value = number() else { return nil }
        guard value == value.rounded(), value >= Double(minimum), value < 1e9 else {
            error("expected a whole number of at least \(minimum), found \(Self.format(value))")
            return nil
        }
        return Int(value)
    }

    func bool() -> Bool? {
        guard case .scalar(let scalar) = node, tagName == .bool, let value = Bool.construct(from: scalar) else {
            error("expected true or false, found \(found)")
            return nil
        }
        return value
    }

    /// One of an enumeration's raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> E? where E.RawValue == String {
        choice(among: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:))
    }

    /// One of `names`, as written.
    func choice(among names: [String]) -> String? {
        guard case .scalar(let scalar) = node, !isNull else {
            error("expected one of \(names.joined(separator: " | ")), found \(found)")
            return nil
        }
        if names.contains(scalar.string) { return scalar.string }
        if let guess = Suggestion.closest(to: scalar.string, in: names) {
            error("unknown value '\(scalar.string)'; did you mean '\(guess)'? (expected one of \(names.joined(separator: " | ")))")
        } else {
            error("unknown value '\(scalar.string)'; expected one of \(names.joined(separator: " | "))")
        }
        return nil
    }

    /// An id: letters, digits, '-' and '_', not empty.
    func identifier() -> String? {
        guard let text = string() else { return nil }
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(Self.isIdentifierScalar) else {
            error("'\(text)' is not a valid id; use letters, digits, '-' and '_'")
            return nil
        }
        return text
    }

    static func isIdentifierScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_"
    }

    /// A list of ids (item or behavior references), checked for shape only here.
    func identifierList() -> [Reference]? {
        guard let entries = list() else { return nil }
        var ids: [Reference] = []
        for entry in entries {
            if let id = entry.identifier() { ids.append(Reference(id: id, at: entry)) }
        }
        return ids
    }

    // MARK: Geometry

    /// `[x, y]` in points.
    func vector() -> Vector? {
        guard let parts = list(count: 2, what: "a pair of numbers [x, y]") else { return nil }
        let x = parts[0].number(), y = parts[1].number()
        guard let x, let y else { return nil }
        return Vector(x, y)
    }

    /// `[width, height]`, both greater than zero (and at least 0.1 pt, so masses stay representable).
    func size() -> Size? {
        guard let parts = list(count: 2, what: "a size [width, height]") else { return nil }
        let w = parts[0].positiveNumber(atLeast: 0.1), h = parts[1].positiveNumber(atLeast: 0.1)
        guard let w, let h else { return nil }
        return Size(w, h)
    }

    /// `[x, y]`, each a number of points or a percentage of the reference bounds ("50%").
    func position() -> Position? {
        guard let parts = list(count: 2, what: "a position [x, y] (points or \"N%\")") else { return nil }
        let x = parts[0].coordinate(), y = parts[1].coordinate()
        guard let x, let y else { return nil }
        return Position(x: x, y: y)
    }

    func coordinate() -> Position.Coordinate? {
        guard case .scalar(let scalar) = node else {
            error("expected a number of points or a percentage like \"50%\", found \(found)")
            return nil
        }
        if tagName == .int || tagName == .float {
            return number().map(Position.Coordinate.points)
        }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%"), let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)) {
            guard value.isFinite, abs(value) <= Self.largestPercent else {
                error("expected a finite percentage between -10000% and 10000%, found \"\(scalar.string)\"")
                return nil
            }
            return .percent(value)
        }
        error("expected a number of points or a percentage like \"50%\", found \(found)")
        return nil
    }

    func color() -> SceneColor? {
        if isNull, case .scalar(let s) = node, s.string.isEmpty {
            // `color: #00ff00` unquoted: YAML reads everything from the # on as a comment.
            error("expected a color, found nothing: in YAML a # starts a comment, so a hex color must be quoted, "
                  + "e.g. color: \"#00ff00\"")
            return nil
        }
        guard let text = string() else { return nil }
        if let color = SceneColor(parsing: text) { return color }
        if text.hasPrefix("#") {
            error("'\(text)' is not a color; expected \"#rrggbb\" with six hexadecimal digits")
        } else if let guess = Suggestion.closest(to: text, in: SceneColor.names) {
            error("unknown color '\(text)'; did you mean '\(guess)'? (or use \"#rrggbb\")")
        } else {
            error("unknown color '\(text)'; expected a color name (\(SceneColor.names.joined(separator: ", "))) or \"#rrggbb\"")
        }
        return nil
    }

    // MARK: Describing what was found

    /// A short description of this node for "found ..." messages.
    var found: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence(let s): return "a list of \(s.count)"
        case .alias: return "an alias"
        case .scalar(let s):
            switch tagName {
            case .null where s.style == .plain: return s.string.isEmpty ? "nothing" : "null"
            case .str: return "the string \"\(s.string)\""
            default: return s.string
            }
        }
    }

    /// Integral values without ".0", others as Swift prints them (shortest round trip).
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}

/// The entries of a mapping, read by key.
public struct MappingReader {
    struct Entry {
        let key: String
        let keyNode: Node
        let value: NodeReader
    }

    let reader: NodeReader
    let entries: [Entry]

    subscript(key: String) -> NodeReader? {
        entries.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// The value of a key that must be present; reports its absence at the mapping.
    func required(_ key: String, _ what: String) -> NodeReader? {
        if let value = self[key] { return value }
        reader.error("missing '\(key)' (\(what))")
        return nil
    }

    /// Reports a key that does not apply in this context (e.g. `text` on a rectangle).
    func forbid(_ key: String, _ reason: String) {
        guard let entry = entries.first(where: { $0.key == key }) else { return }
        NodeReader(node: entry.keyNode, path: entry.value.path, errors: reader.errors).error(reason)
    }

    /// The key's position, for errors that concern the key itself.
    func keyReader(_ key: String) -> NodeReader? {
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        return NodeReader(node: entry.keyNode, path: entry.value.path, errors: reader.errors)
    }
}

/// A reference to an id, remembered with its position so it can be checked once every id is known.
public struct Reference {
    let id: String
    let at: NodeReader
}
