// SceneParser: YAML text → a validated SceneDescription, or every error in the file.
//
// Yams composes the text into a Node tree that keeps each value's line and column; NodeReader
// walks it and records problems instead of stopping. The parser substitutes a default for a bad
// value and goes on, so one pass finds every independent error. Ids are checked last, once every
// item and behavior is known, so a reference may point forward in the file. Nothing in a file can
// trap: every failure path is an error value.
//
// Image items: `parse(yaml:file:)` reads text only and leaves `image` a file name; given an
// image folder (as `load(contentsOf:)` gives the scene file's own folder) the parser also
// decodes each PNG once, reports a missing or broken one at its `image` key, attaches the
// Bitmap to the item and sizes an image item without `size` at 1 pt per pixel.
import Foundation
import Geometry
import Images
import Yams

public struct SceneParser: Sendable {
    /// How large a scene may be.
    public var limits: SceneLimits

    public init(limits: SceneLimits) { self.limits = limits }
    public init() { self.init(limits: .standard) }

    /// Reads and validates the scene file at `path`; errors name `path`. Image items' files are
    /// read relative to the scene file's folder and decoded (`ItemDescription.bitmap`).
    public func load(contentsOf path: String) throws -> SceneDescription {
        if let bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, bytes > limits.fileBytes {
            throw SceneErrors([SceneError(file: path, line: 0, column: 0, keyPath: "",
                                          message: "the file is \(SceneLimits.describe(bytes: bytes)); a scene file may be at most "
                                              + "\(SceneLimits.describe(bytes: limits.fileBytes)) (split it, or generate fewer items)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneErrors([SceneError(file: path, line: 0, column: 0, keyPath: "",
                                          message: "cannot read the file (missing or not readable)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let (line, column, byte) = Self.firstInvalidUTF8(in: data)
            throw SceneErrors([SceneError(file: path, line: line, column: column, keyPath: "",
                                          message: "the file is not UTF-8 text: byte 0x\(String(byte, radix: 16, uppercase: true)) "
                                              + "here does not begin or continue a UTF-8 character (a scene file is YAML text)")])
        }
        return try parse(yaml: text, file: path, imageFolder: Self.folder(of: path))
    }

    /// Validates `yaml`; errors name `file`. Throws `SceneErrors` holding every problem found.
    /// Image files are not read: image items keep their file name, no bitmap, and need a `size`.
    public func parse(yaml: String, file: String) throws -> SceneDescription {
        try parse(yaml: yaml, file: file, imageFolder: nil)
    }

    /// Validates `yaml` and decodes its image items' PNG files, relative paths resolved against
    /// `imageFolder` (pass the scene file's folder; `nil` reads no images).
    public func parse(yaml: String, file: String, imageFolder: String?) throws -> SceneDescription {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw SceneErrors([Self.sceneError(from: error, yaml: yaml, file: file)])
        }
        let errors = ErrorCollector(file: file)
        guard let root else {
            errors.report(line: 1, column: 1, keyPath: "", "the file is empty; expected a scene (name, items, behaviors...)")
            throw SceneErrors(errors.errors)
        }
        var reading = Reading(errors: errors, defaultName: Self.stem(of: file), imageFolder: imageFolder, limits: limits)
        let scene = reading.scene(NodeReader(node: root, path: "", errors: errors))
        guard errors.errors.isEmpty, let scene else {
            let sorted = errors.errors.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }.map(\.element)
            throw SceneErrors(sorted.isEmpty ? [SceneError(file: file, line: 1, column: 1, keyPath: "", message: "not a scene")] : sorted)
        }
        return scene
    }

    /// Where the first byte that is not valid UTF-8 stands: its 1-based line, its column counted
    /// in characters before it, and the byte.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int, byte: UInt8) {
        let bytes = [UInt8](data)
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, column, b)
            }
            guard i + length <= bytes.count else { return (line, column, b) }
            let slice = bytes[i..<(i + length)]
            guard String(bytes: slice, encoding: .utf8) != nil else { return (line, column, b) }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return (line, column, bytes.last ?? 0)
    }

    /// The folder part of a path as written ("scenes" for "scenes/a.yaml", "." for "a.yaml"),
    /// so that resolved image paths in messages stay as short as the scene's own path.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `image` as written in a scene, resolved against `folder` unless it is absolute.
    public static func resolve(image: String, in folder: String) -> String {
        if image.hasPrefix("/") || folder == "." { return image }
        return folder.hasSuffix("/") ? folder + image : folder + "/" + image
    }

    static func stem(of file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }

    /// libyaml's problem text in the scene's own terms: its nesting limit names the C function
    /// that sets it (and an unmatched parenthesis), which means nothing to a scene's author.
    static func plainProblem(_ problem: String) -> String {
        if problem.hasPrefix("Maximum nesting level reached") {
            return "lists and mappings are nested too deeply (more than libyaml's limit of 1,000 levels)"
        }
        return problem
    }

    /// Yams' syntax errors, in the same shape as every other scene error.
    static func sceneError(from error: Error, yaml: String, file: String) -> SceneError {
        func make(_ mark: Mark?, _ message: String) -> SceneError {
            SceneError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, keyPath: "", message: message)
        }
        func make(line: Int, column: Int, _ message: String) -> SceneError {
            SceneError(file: file, line: line, column: column, keyPath: "", message: message)
        }
        func withContext(_ problem: String, _ context: YamlError.Context?) -> String {
            let problem = Self.plainProblem(problem)
            guard let context else { return "YAML syntax error: \(problem)" }
            return "YAML syntax error: \(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
        }
        guard let yamlError = error as? YamlError else { return make(nil, "cannot parse: \(error)") }
        switch yamlError {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            return make(mark, withContext(problem, context))
        case let .reader(problem, offset, _, _):
            var line = 0, column = 0
            if let offset {
                let prefix = yaml.utf8.prefix(max(0, offset))
                line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { prefix.index(after: $0) } ?? prefix.startIndex
                column = (String(decoding: prefix[lineStart...], as: UTF8.self).unicodeScalars.count) + 1
            }
            return make(line: line, column: column, "cannot read the text: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return make(context.mark, "duplicate key \(names) in one mapping")
        default:
            return make(nil, "cannot parse: \(yamlError)")
        }
    }
}

/// One pass over one document: the values read so far and the references to check at the end.
private struct Reading {
    let errors: ErrorCollector
    let defaultName: String
    /// Where image files are read from; nil: images are not read.
    let imageFolder: String?
    /// Each image file decoded at most once per scene, by resolved path.
    var images: [String: Result<Bitmap, ImageError>] = [:]
    /// Item references to check once all item ids are known.
    var itemReferences: [Reference] = []
    let limits: SceneLimits
    /// Collision behaviors read so far: an animator tells at most 64 apart (one bit each in an
    /// item's collision mask), so the 65th is an error where it stands.
    var collisionBehaviors = 0
    static let maximumCollisionBehaviors = 64
    /// Behavior references and the kind each must have (nil: any kind).
    var behaviorReferences: [(Reference, BehaviorDescription.Kind?)] = []

    init(errors: ErrorCollector, defaultName: String, imageFolder: String?, limits: SceneLimits) {
        self.errors = errors; self.defaultName = defaultName; self.imageFolder = imageFolder; self.limits = limits
    }

    /// The decoded image, or nil after reporting why not at the item's `image` key.
    private mutating func bitmap(_ image: String, at m: MappingReader) -> Bitmap? {
        guard let imageFolder else { return nil }
        let path = SceneParser.resolve(image: image, in: imageFolder)
        let result: Result<Bitmap, ImageError>
        if let cached = images[path] {
            result = cached
        } else {
            result = Result { try PNGDecoder().decode(contentsOf: path) }.mapError { error in
                error as? ImageError ?? ImageError(file: path, message: "\(error)")
            }
            images[path] = result
        }
        switch result {
        case .success(let bitmap):
            return bitmap
        case .failure(let error):
            let shown = path == image ? "'\(image)'" : "'\(image)' (\(path))"
            m.keyReader("image")?.error("cannot load image \(shown): \(error.message)")
            return nil
        }
    }

    static let sceneKeys = ["name", "summary", "size", "items", "behaviors", "gestures", "animations"]
    static let itemKeys = ["id", "shape", "size", "center", "angle", "color", "alpha", "text", "vertices", "image"]

    mutating func scene(_ r: NodeReader) -> SceneDescription? {
        guard let m = r.mapping(allowed: Self.sceneKeys) else { return nil }
        var scene = SceneDescription(name: m["name"]?.string() ?? defaultName)
        scene.summary = m["summary"]?.string() ?? ""
        scene.size = m["size"]?.size()

        // Items, and their ids.
        var itemIDs: [String: NodeReader] = [:]
        if let entries = m.required("items", "a list of items")?.list() {
            for entry in limited(entries, "items", to: limits.entries) {
                guard let item = item(entry, spawned: false) else { continue }
                if let first = itemIDs[item.id] {
                    idReader(entry).error("duplicate item id '\(item.id)' (first used at line \(first.line), column \(first.column))")
                } else {
                    itemIDs[item.id] = idReader(entry)
                }
                scene.items.append(item)
            }
        }

        // Behaviors, and their ids.
        var behaviorKinds: [String: (NodeReader, BehaviorDescription.Kind)] = [:]
        for entry in limited(m["behaviors"]?.list() ?? [], "behaviors", to: limits.entries) {
            guard let behavior = behavior(entry) else { continue }
            if let id = behavior.id {
                if let (first, _) = behaviorKinds[id] {
                    idReader(entry).error("duplicate behavior id '\(id)' (first used at line \(first.line), column \(first.column))")
                } else {
                    behaviorKinds[id] = (idReader(entry), behavior.kind)
                }
            }
            scene.behaviors.append(behavior)
        }

        for entry in limited(m["gestures"]?.list() ?? [], "gestures", to: limits.gestures) {
            if let gesture = gesture(entry) { scene.gestures.append(gesture) }
        }
        for entry in limited(m["animations"]?.list() ?? [], "animations", to: limits.entries) {
            if let animation = animation(entry) { scene.animations.append(animation) }
        }

        // References, now that every id is known.
        let knownItems = scene.items.map(\.id)
        for reference in itemReferences where itemIDs[reference.id] == nil {
            if let guess = Suggestion.closest(to: reference.id, in: knownItems) {
                reference.at.error("unknown item id '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown item id '\(reference.id)'" + (knownItems.isEmpty ? "; the scene has no items"
                    : "; the items are: \(knownItems.joined(separator: ", "))"))
            }
        }
        for (reference, kind) in behaviorReferences {
            guard let (_, found) = behaviorKinds[reference.id] else {
                let known = behaviorKinds.keys.sorted()
                if let guess = Suggestion.closest(to: reference.id, in: known) {
                    reference.at.error("unknown behavior id '\(reference.id)'; did you mean '\(guess)'?")
                } else {
                    reference.at.error("unknown behavior id '\(reference.id)'" + (known.isEmpty ? "; no behavior has an id"
                        : "; the behavior ids are: \(known.joined(separator: ", "))"))
                }
                continue
            }
            if let kind, kind != found {
                reference.at.error("behavior '\(reference.id)' is a \(found.rawValue) behavior; expected a \(kind.rawValue) behavior")
            }
        }
        return scene
    }

    /// The reader of an entry's `id` value (or the entry itself), for id errors.
    private func idReader(_ entry: NodeReader) -> NodeReader {
        if case .mapping(let mapping) = entry.node, let id = mapping["id"] { return entry.child(id, key: "id") }
        return entry
    }

    private mutating func itemReference(_ r: NodeReader?) -> String? {
        guard let r, let id = r.identifier() else { return nil }
        itemReferences.append(Reference(id: id, at: r))
        return id
    }

    private mutating func itemList(_ r: NodeReader?) -> [String]? {
        guard let r, let references = r.identifierList() else { return nil }
        if references.isEmpty { r.error("expected at least one item id (leave 'items' out to mean every item)") }
        itemReferences.append(contentsOf: references)
        return references.map(\.id)
    }

    // MARK: Items

    /// An item; with `spawned`, a gesture's template (id optional, no center).
    mutating func item(_ r: NodeReader, spawned: Bool) -> ItemDescription? {
        guard let m = r.mapping(allowed: spawned ? Self.itemKeys.filter { $0 != "center" } : Self.itemKeys) else { return nil }
        let id: String? = spawned ? (m["id"]?.identifier() ?? "spawned") : m.required("id", "a unique id: letters, digits, '-' and '_'")?.identifier()
        let shape = m["shape"]?.choice(ItemShape.self) ?? .rectangle

        var text: String?
        if shape == .label {
            text = m.required("text", "a label's text")?.string()
        } else {
            m.forbid("text", "'text' applies only to shape: label")
        }
        var vertices: [Point]?
        if shape == .polygon {
            if let list = m.required("vertices", "a polygon's vertices [[x, y], ...] around its center")?.list() {
                let points = list.compactMap { $0.vector() }
                if points.count == list.count {
                    if let problem = ConvexPolygon.problem(with: points) {
                        m["vertices"]?.error(problem)
                    } else {
                        vertices = ConvexPolygon.normalized(points)
                    }
                }
            }
        } else {
            m.forbid("vertices", "'vertices' applies only to shape: polygon")
        }
        var image: String?
        var bitmap: Bitmap?
        if shape == .image {
            image = m.required("image", "a PNG file, relative to the scene file's folder, e.g. image: images/picture.png")?.string()
            if image?.isEmpty == true {
                m["image"]?.error("expected a file name, found an empty string")
            } else if let image {
                bitmap = self.bitmap(image, at: m)
            }
        } else {
            m.forbid("image", "'image' applies only to shape: image")
        }

        var size = m["size"]?.size()
        if m["size"] == nil {
            switch shape {
            case .label:
                size = ItemDescription.labelSize(for: text ?? "")
            case .polygon:
                if let vertices {
                    let w = vertices.map { abs($0.x) }.max() ?? 0, h = vertices.map { abs($0.y) }.max() ?? 0
                    size = Size(2 * w, 2 * h)
                }
            case .image:
                // 1 pt per pixel. Without the image (not read, or broken and reported) there is no size.
                if let bitmap {
                    size = Size(Double(bitmap.width), Double(bitmap.height))
                } else if imageFolder == nil {
                    r.error("missing 'size' (an image item takes its PNG's size only when the scene is read from a file)")
                }
            default:
                r.error("missing 'size' (the item's [width, height] in points)")
            }
        }
        let center = spawned ? .center : (m["center"]?.position() ?? .center)
        let angle = m["angle"]?.number() ?? 0
        let color = m["color"]?.color() ?? .white
        let alpha = m["alpha"]?.number(in: 0...1) ?? 1
        // A bad size has been reported; a stand-in keeps the id known so references to it check.
        guard let id else { return nil }
        return ItemDescription(id: id, shape: shape, size: size ?? Size(1, 1), center: center, angle: angle, color: color,
                               alpha: alpha, text: text, vertices: vertices, image: image, bitmap: bitmap)
    }

    /// The first `limit` entries of a list; past that, one error at the first entry left out.
    func limited(_ entries: [NodeReader], _ name: String, to limit: Int) -> ArraySlice<NodeReader> {
        if entries.count > limit {
            entries[limit].error("a scene has at most \(limit.formatted()) \(name) and this list has "
                                 + "\(entries.count.formatted()); the rest are not read")
        }
        return entries.prefix(limit)
    }

    // MARK: Behaviors

    static let behaviorKeys: [BehaviorDescription.Kind: [String]] = [
        .collision: ["items", "mode", "boundaries", "insets", "segments", "paths"],
        .push: ["items", "mode", "angle", "magnitude", "direction", "active", "offset"],
        .gravity: ["items", "magnitude", "angle", "direction"],
        .snap: ["item", "point", "damping"],
        .attachment: ["item", "to", "anchor", "offset", "toOffset", "length", "frequency", "damping", "kind",
                      "axis", "frictionTorque", "range"],
        .dynamicItem: ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                       "allowsRotation", "anchored", "charge", "velocity", "angularVelocity"],
        .field: ["kind", "items", "position", "strength", "falloff", "minimumRadius", "direction", "region",
                 "smoothness", "animationSpeed"],
    ]

    mutating func behavior(_ r: NodeReader) -> BehaviorDescription? {
        guard case .mapping(let mapping) = r.node else {
            r.error("expected a behavior (a mapping with 'type'), found \(r.found)")
            return nil
        }
        guard let typeNode = mapping["type"] else {
            r.error("missing 'type' (one of \(BehaviorDescription.Kind.allCases.map(\.rawValue).joined(separator: " | ")))")
            return nil
        }
        guard let kind = r.child(typeNode, key: "type").choice(BehaviorDescription.Kind.self),
              let m = r.mapping(allowed: ["type", "id"] + Self.behaviorKeys[kind]!) else { return nil }
        let id = m["id"]?.identifier()
        switch kind {
        case .collision:
            collisionBehaviors += 1
            if collisionBehaviors == Self.maximumCollisionBehaviors + 1 {
                r.error("a scene has at most \(Self.maximumCollisionBehaviors) collision behaviors and this is number "
                        + "\(collisionBehaviors); list more items in one behavior instead")
            }
            return collision(m, id: id).map(BehaviorDescription.collision)
        case .push: return .push(push(m, id: id))
        case .gravity: return .gravity(gravity(m, id: id))
        case .snap: return snap(m, id: id).map(BehaviorDescription.snap)
        case .attachment: return attachment(m, id: id).map(BehaviorDescription.attachment)
        case .dynamicItem: return .dynamicItem(dynamicItem(m, id: id))
        case .field: return field(m, id: id).map(BehaviorDescription.field)
        }
    }

    private mutating func collision(_ m: MappingReader, id: String?) -> BehaviorDescription.Collision? {
        var b = BehaviorDescription.Collision(id: id, items: itemList(m["items"]))
        b.mode = m["mode"]?.choice(BehaviorDescription.Collision.Mode.self) ?? .everything
        b.boundaries = m["boundaries"]?.choice(BehaviorDescription.Collision.Boundaries.self) ?? .none
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
        var names: Set<String> = []
        for (key, count, what) in [("segments", 2...2, "a segment [[x, y], [x, y]]"), ("paths", 2...1000, "a path [[x, y], [x, y], ...] of at least 2 points")] {
            guard let node = m[key], let entries = namedEntries(node) else { continue }
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
                let path = BehaviorDescription.NamedPath(name: name, points: positions)
                if key == "segments" { b.segments.append(path) } else { b.paths.append(path) }
            }
        }
        return b
    }

    /// A mapping whose keys are names chosen by the author (boundary names).
    private func namedEntries(_ r: NodeReader) -> [(NodeReader, String, NodeReader)]? {
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

    /// Reports `direction` given together with `angle` or `magnitude`.
    private func exclusiveDirection(_ m: MappingReader) {
        if m.has("direction") && (m.has("angle") || m.has("magnitude")) {
            m.forbid("direction", "give either 'direction' or 'angle'/'magnitude', not both")
        }
    }

    private mutating func push(_ m: MappingReader, id: String?) -> BehaviorDescription.Push {
        var b = BehaviorDescription.Push(id: id, items: itemList(m["items"]))
        b.mode = m["mode"]?.choice(BehaviorDescription.Push.Mode.self) ?? .continuous
        exclusiveDirection(m)
        b.angle = m["angle"]?.number()
        b.magnitude = m["magnitude"]?.number()
        b.direction = m["direction"]?.vector()
        b.active = m["active"]?.bool() ?? true
        b.offset = m["offset"]?.vector()
        return b
    }

    private mutating func gravity(_ m: MappingReader, id: String?) -> BehaviorDescription.Gravity {
        var b = BehaviorDescription.Gravity(id: id, items: itemList(m["items"]))
        exclusiveDirection(m)
        b.magnitude = m["magnitude"]?.number()
        b.angle = m["angle"]?.number()
        b.direction = m["direction"]?.vector()
        return b
    }

    private mutating func snap(_ m: MappingReader, id: String?) -> BehaviorDescription.Snap? {
        let item = itemReference(m.required("item", "the id of the item to snap"))
        let point = m.required("point", "the snap point [x, y]")?.position()
        let damping = m["damping"]?.number(in: 0...1) ?? 0.5
        guard let item, let point else { return nil }
        var b = BehaviorDescription.Snap(id: id, item: item, point: point)
        b.damping = damping
        return b
    }

    private mutating func attachment(_ m: MappingReader, id: String?) -> BehaviorDescription.Attachment? {
        let item = itemReference(m.required("item", "the id of the attached item"))
        let kind = m["kind"]?.choice(BehaviorDescription.Attachment.Kind.self) ?? .distance
        let to = itemReference(m["to"])
        let anchor = m["anchor"]?.position()
        switch kind {
        case .distance, .limit:
            if m.has("anchor") == m.has("to") {
                if m.has("anchor") { m.forbid("to", "give either 'anchor' (a point) or 'to' (another item), not both") }
                else { m.reader.error("missing 'anchor' or 'to' (attach to a point [x, y] or to another item)") }
            }
        case .pin:
            _ = m.required("anchor", "the pin's point [x, y]; add 'to' to pin two items together")
        case .fixed:
            _ = m.required("to", "the other item of a fixed attachment")
            _ = m.required("anchor", "the weld point [x, y]")
        case .sliding:
            _ = m.required("anchor", "a point [x, y] on the sliding axis")
            _ = m.required("axis", "the sliding axis [dx, dy]")
        }
        if kind == .pin || kind == .sliding || kind == .fixed {
            m.forbid("offset", "'offset' does not apply to kind: \(kind.rawValue) (the anchor is the shared point)")
            m.forbid("toOffset", "'toOffset' does not apply to kind: \(kind.rawValue) (the anchor is the shared point)")
        }
        if kind != .sliding { m.forbid("axis", "'axis' applies only to kind: sliding") }
        if kind != .pin { m.forbid("frictionTorque", "'frictionTorque' applies only to kind: pin") }
        if kind != .pin && kind != .sliding { m.forbid("range", "'range' applies only to kind: pin (radians) or sliding (points)") }
        if !m.has("to") { m.forbid("toOffset", "'toOffset' needs 'to' (another item)") }
        if let item, let to, item == to { m["to"]?.error("an item cannot be attached to itself") }

        guard let item else { return nil }
        var b = BehaviorDescription.Attachment(id: id, item: item)
        b.kind = kind
        b.to = to
        b.anchor = anchor
        b.offset = m["offset"]?.vector() ?? .zero
        b.toOffset = m["toOffset"]?.vector() ?? .zero
        b.length = m["length"]?.nonNegativeNumber()
        b.frequency = m["frequency"]?.nonNegativeNumber()
        b.damping = m["damping"]?.number(in: 0...1)
        if let axisReader = m["axis"], let axis = axisReader.vector() {
            if axis.length == 0 { axisReader.error("the axis must not be [0, 0]") } else { b.axis = axis }
        }
        b.frictionTorque = m["frictionTorque"]?.nonNegativeNumber()
        if let rangeReader = m["range"], let parts = rangeReader.list(count: 2, what: "a range [min, max] (radians for pin, points for sliding)") {
            if let lo = parts[0].number(), let hi = parts[1].number() {
                if lo <= hi { b.range = lo...hi } else { rangeReader.error("expected [min, max] with min ≤ max, found [\(NodeReader.format(lo)), \(NodeReader.format(hi))]") }
            }
        }
        return b
    }

    private mutating func dynamicItem(_ m: MappingReader, id: String?) -> BehaviorDescription.DynamicItemProperties {
        var b = BehaviorDescription.DynamicItemProperties(id: id, items: itemList(m["items"]))
        b.elasticity = m["elasticity"]?.number(in: 0...1)
        b.friction = m["friction"]?.nonNegativeNumber()
        b.density = m["density"]?.positiveNumber(atLeast: 0.001)
        b.resistance = m["resistance"]?.nonNegativeNumber()
        b.angularResistance = m["angularResistance"]?.nonNegativeNumber()
        b.allowsRotation = m["allowsRotation"]?.bool()
        b.anchored = m["anchored"]?.bool()
        b.charge = m["charge"]?.number()
        b.velocity = m["velocity"]?.vector()
        b.angularVelocity = m["angularVelocity"]?.number()
        return b
    }

    private mutating func field(_ m: MappingReader, id: String?) -> BehaviorDescription.Field? {
        guard let kind = m.required("kind", "the field's kind")?.choice(BehaviorDescription.Field.Kind.self) else { return nil }
        var b = BehaviorDescription.Field(id: id, kind: kind, items: itemList(m["items"]))
        b.position = m["position"]?.position()
        b.strength = m["strength"]?.number()
        b.falloff = m["falloff"]?.nonNegativeNumber()
        b.minimumRadius = m["minimumRadius"]?.nonNegativeNumber()
        if kind == .linearGravity || kind == .velocity {
            b.direction = m["direction"]?.vector()
        } else {
            m.forbid("direction", "'direction' applies only to kind: linearGravity or velocity")
        }
        if kind == .noise || kind == .turbulence {
            b.smoothness = m["smoothness"]?.number(in: 0...1)
            b.animationSpeed = m["animationSpeed"]?.nonNegativeNumber()
        } else {
            m.forbid("smoothness", "'smoothness' applies only to kind: noise or turbulence")
            m.forbid("animationSpeed", "'animationSpeed' applies only to kind: noise or turbulence")
        }
        if let regionReader = m["region"], let region = regionReader.mapping(allowed: ["radius", "size"]) {
            if region.has("radius") == region.has("size") {
                regionReader.error("expected a region {radius: r} or {size: [width, height]}")
            } else if let radius = region["radius"]?.positiveNumber() {
                b.region = .circle(radius: radius)
            } else if let size = region["size"]?.size() {
                b.region = .rect(size: size)
            }
        }
        return b
    }

    // MARK: Gestures

    static let gestureKeys = ["recognizer", "action", "item", "on", "push", "divisor", "damping", "directions",
                              "text", "taps", "template", "behaviors"]

    mutating func gesture(_ r: NodeReader) -> GestureDescription? {
        guard let m = r.mapping(allowed: Self.gestureKeys) else { return nil }
        let recognizer = m.required("recognizer", "one of \(GestureDescription.Recognizer.allCases.map(\.rawValue).joined(separator: " | "))")?
            .choice(GestureDescription.Recognizer.self)
        let action = m.required("action", "one of \(GestureDescription.Action.allCases.map(\.rawValue).joined(separator: " | "))")?
            .choice(GestureDescription.Action.self)
        let item = itemReference(m["item"])
        let on = itemReference(m["on"])
        var pushID: String?
        if let pushReader = m["push"], let id = pushReader.identifier() {
            behaviorReferences.append((Reference(id: id, at: pushReader), .push))
            pushID = id
        }
        guard let recognizer, let action else { return nil }
        var g = GestureDescription(recognizer: recognizer, action: action)
        g.item = item
        g.on = on

        // What each action needs, and the recognizers it makes sense with.
        let needs: [GestureDescription.Action: [GestureDescription.Recognizer]] = [
            .dragPush: [.pan], .grab: [.pan, .longPress], .rotate: [.rotation], .scale: [.pinch],
        ]
        if let allowed = needs[action], !allowed.contains(recognizer) {
            m.keyReader("action")?.error("action \(action.rawValue) needs recognizer \(allowed.map(\.rawValue).joined(separator: " or ")), found \(recognizer.rawValue)")
        }
        switch action {
        case .pushToward:
            _ = m.required("item", "the item to push")
            _ = m.required("push", "the id of a push behavior on the item")
        case .snapTo:
            _ = m.required("item", "the item to snap")
        case .dragPush, .rotate, .scale:
            if !m.has("item") && !m.has("on") { m.reader.error("missing 'on' or 'item' (the item to \(action == .dragPush ? "push" : action.rawValue))") }
        case .message:
            _ = m.required("text", "the message to show")
        case .spawn:
            _ = m.required("template", "the item to add, e.g. {shape: ellipse, size: [40, 40], color: orange}")
        case .grab:
            break
        }
        if action != .pushToward { m.forbid("push", "'push' applies only to action: pushToward") }
        if action != .pushToward && action != .dragPush { m.forbid("divisor", "'divisor' applies only to action: pushToward or dragPush") }
        if action != .snapTo { m.forbid("damping", "'damping' applies only to action: snapTo") }
        if action != .message { m.forbid("text", "'text' applies only to action: message") }
        if action != .spawn {
            m.forbid("template", "'template' applies only to action: spawn")
            m.forbid("behaviors", "'behaviors' applies only to action: spawn")
        }
        if recognizer != .swipe { m.forbid("directions", "'directions' applies only to recognizer: swipe") }
        if recognizer != .tap && recognizer != .doubleTap { m.forbid("taps", "'taps' applies only to recognizer: tap or doubleTap") }

        g.push = pushID
        g.divisor = m["divisor"]?.positiveNumber()
        g.damping = m["damping"]?.number(in: 0...1)
        if let list = m["directions"]?.list() {
            let directions = list.compactMap { $0.choice(GestureDescription.Direction.self) }
            if list.isEmpty { m["directions"]?.error("expected at least one of right | left | up | down") }
            if directions.count == list.count { g.directions = directions }
        }
        g.text = m["text"]?.string()
        g.taps = m["taps"]?.integer(minimum: 1)
        if let template = m["template"] { g.template = self.item(template, spawned: true) }
        if let list = m["behaviors"]?.identifierList() {
            for reference in list { behaviorReferences.append((reference, nil)) }
            g.behaviors = list.map(\.id)
        }
        return g
    }

    // MARK: Animations

    static let animationKeys = ["item", "delay", "duration", "curve", "dampingRatio", "velocity", "repeat",
                                "autoreverse", "to", "then"]

    mutating func animation(_ r: NodeReader) -> AnimationDescription? {
        guard let m = r.mapping(allowed: Self.animationKeys) else { return nil }
        let item = itemReference(m.required("item", "the id of the animated item"))
        var target: AnimationDescription.Target?
        if let toReader = m.required("to", "the values to animate to, e.g. {center: [500, 300], alpha: 0}"),
           let to = toReader.mapping(allowed: ["center", "size", "alpha", "scale", "angle"]) {
            if to.entries.isEmpty { toReader.error("expected at least one of center, size, alpha, scale, angle") }
            target = AnimationDescription.Target(center: to["center"]?.position(), size: to["size"]?.size(),
                                                 alpha: to["alpha"]?.number(in: 0...1), scale: to["scale"]?.positiveNumber(),
                                                 angle: to["angle"]?.number())
        }
        let curve = m["curve"]?.choice(AnimationDescription.Curve.self) ?? .easeInOut
        if curve != .spring {
            m.forbid("dampingRatio", "'dampingRatio' applies only to curve: spring")
            m.forbid("velocity", "'velocity' applies only to curve: spring")
        }
        let delay = m["delay"]?.nonNegativeNumber()
        let duration = m["duration"]?.number()
        var dampingRatio: Double?
        if let reader = m["dampingRatio"], let value = reader.number() {
            if value > 0 && value <= 1 { dampingRatio = value }
            else { reader.error("expected a damping ratio greater than 0 and at most 1, found \(NodeReader.format(value))") }
        }
        let velocity = m["velocity"]?.number()
        let repeatCount = m["repeat"]?.nonNegativeNumber()
        let autoreverses = m["autoreverse"]?.bool()
        let then = m["then"]?.choice(AnimationDescription.Completion.self)
        guard let item, let target else { return nil }
        var a = AnimationDescription(item: item, to: target)
        a.curve = curve
        if let delay { a.delay = delay }
        if let duration { a.duration = duration }
        if let dampingRatio { a.dampingRatio = dampingRatio }
        if let velocity { a.velocity = velocity }
        if let repeatCount { a.repeatCount = repeatCount }
        if let autoreverses { a.autoreverses = autoreverses }
        if let then { a.then = then }
        return a
    }
}
