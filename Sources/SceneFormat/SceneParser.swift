// SceneParser: YAML text → a validated SceneDescription, or every error in the file.
//
// Yams composes the text into a Node tree that keeps each value's line and column; NodeReader
// walks it and records problems instead of stopping. The parser substitutes a default for a bad
// value and goes on, so one pass finds every independent error. Ids are checked last, once every
// item and behavior is known, so a reference may point forward in the file. Nothing in a file can
// trap: every failure path is an error value. A behavior entry's `type` picks its kind from
// BehaviorKinds and the kind reads the rest (Behaviors/, one file per kind); gestures and
// animations are read in GestureReading.swift.
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
            return make(mark, withContext(problem, context) + Self.unquotedHexHint(yaml, upToLine: mark.line))
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
struct Reading {
    let errors: ErrorCollector
    let defaultName: String
    /// Where image files are read from; nil: images are not read.
    let imageFolder: String?
    /// Each image file decoded at most once per scene, by resolved path.
    var images: [String: Result<Bitmap, ImageError>] = [:]
    let limits: SceneLimits
    /// The references to check at the end, shared with the behavior kinds.
    let context = ParsingContext()

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
    static let itemKeys = ["id", "shape", "size", "center", "angle", "color", "alpha", "text", "vertices", "image", "scale",
                           "velocity", "angularVelocity"]
    /// Keys only a placed item has: a gesture's template takes its place and motion from the gesture.
    static let placedItemKeys: Set<String> = ["center", "velocity", "angularVelocity"]

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
        var behaviorTypes: [String: (NodeReader, String)] = [:]
        for entry in limited(m["behaviors"]?.list() ?? [], "behaviors", to: limits.entries) {
            guard let behavior = behavior(entry) else { continue }
            if let id = behavior.id {
                if let (first, _) = behaviorTypes[id] {
                    idReader(entry).error("duplicate behavior id '\(id)' (first used at line \(first.line), column \(first.column))")
                } else {
                    behaviorTypes[id] = (idReader(entry), behavior.type)
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
        for reference in context.itemReferences where itemIDs[reference.id] == nil {
            if let guess = Suggestion.closest(to: reference.id, in: knownItems) {
                reference.at.error("unknown item id '\(reference.id)'; did you mean '\(guess)'?")
            } else {
                reference.at.error("unknown item id '\(reference.id)'" + (knownItems.isEmpty ? "; the scene has no items"
                    : "; the items are: \(knownItems.joined(separator: ", "))"))
            }
        }
        for (reference, type) in context.behaviorReferences {
            guard let (_, found) = behaviorTypes[reference.id] else {
                let known = behaviorTypes.keys.sorted()
                if let guess = Suggestion.closest(to: reference.id, in: known) {
                    reference.at.error("unknown behavior id '\(reference.id)'; did you mean '\(guess)'?")
                } else {
                    reference.at.error("unknown behavior id '\(reference.id)'" + (known.isEmpty ? "; no behavior has an id"
                        : "; the behavior ids are: \(known.joined(separator: ", "))"))
                }
                continue
            }
            if let type, type != found {
                reference.at.error("behavior '\(reference.id)' is a \(found) behavior; expected a \(type) behavior")
            }
        }
        return scene
    }

    /// The reader of an entry's `id` value (or the entry itself), for id errors.
    private func idReader(_ entry: NodeReader) -> NodeReader {
        if case .mapping(let mapping) = entry.node, let id = mapping["id"] { return entry.child(id, key: "id") }
        return entry
    }

    func itemReference(_ r: NodeReader?) -> String? { context.itemReference(r) }

    // MARK: Items

    /// An item; with `spawned`, a gesture's template (id optional, no center).
    mutating func item(_ r: NodeReader, spawned: Bool) -> ItemDescription? {
        guard let m = r.mapping(allowed: spawned ? Self.itemKeys.filter { !Self.placedItemKeys.contains($0) } : Self.itemKeys) else { return nil }
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
        let scale = m["scale"]?.positiveNumber() ?? 1
        let velocity = m["velocity"]?.vector() ?? .zero
        let angularVelocity = m["angularVelocity"]?.number() ?? 0
        // A bad size has been reported; a stand-in keeps the id known so references to it check.
        guard let id else { return nil }
        return ItemDescription(id: id, shape: shape, size: size ?? Size(1, 1), center: center, angle: angle, color: color,
                               alpha: alpha, text: text, vertices: vertices, image: image, bitmap: bitmap, scale: scale,
                               velocity: velocity, angularVelocity: angularVelocity)
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

    /// One behavior entry: its `type` picks the kind (BehaviorKinds), which reads the rest.
    mutating func behavior(_ r: NodeReader) -> BehaviorDescription? {
        guard case .mapping(let mapping) = r.node else {
            r.error("expected a behavior (a mapping with 'type'), found \(r.found)")
            return nil
        }
        guard let typeNode = mapping["type"] else {
            r.error("missing 'type' (one of \(BehaviorKinds.names.joined(separator: " | ")))")
            return nil
        }
        guard let type = r.child(typeNode, key: "type").choice(among: BehaviorKinds.names),
              let kind = BehaviorKinds.kind(named: type),
              let m = r.mapping(allowed: ["type", "id"] + kind.keys) else { return nil }
        return Self.read(kind, m, id: m["id"]?.identifier(), context: context)
    }

    private static func read<K: BehaviorKind>(_ kind: K.Type, _ m: MappingReader, id: String?,
                                              context: ParsingContext) -> BehaviorDescription? {
        K.parse(m, id: id, context: context).map(BehaviorDescription.init)
    }
}
