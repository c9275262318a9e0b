// Reading+Item: one item entry (or a gesture's template for a spawned item), checked key by key.
//
// The keys a shape needs are required and the ones it cannot use are errors (`text` for labels,
// `vertices` for polygons, `image` for images); an item without `size` takes it from its text,
// vertices or PNG (1 pt per pixel), and a bad value is reported and replaced by a stand-in so
// the item's id stays known and references to it check. An image's PNG is decoded once per scene.
import Foundation
import Geometry
import Images
import Yams

extension Reading {
    static let itemKeys = ["id", "shape", "size", "center", "angle", "color", "alpha", "text", "vertices", "image", "scale",
                           "velocity", "angularVelocity", "asleep", "cornerRadius",
                           "category", "collidesWith", "collisionGroup"]
    /// Keys only a placed item has: a gesture's template takes its place and motion from the gesture.
    static let placedItemKeys: Set<String> = ["center", "velocity", "angularVelocity", "asleep"]

    /// An item; with `spawned`, a gesture's template (id optional, no center).
    mutating func item(_ r: NodeReader, spawned: Bool) -> ItemDescription? {
        guard let m = r.mapping(allowed: spawned ? Self.itemKeys.filter { !Self.placedItemKeys.contains($0) } : Self.itemKeys) else { return nil }
        let id: String? = spawned ? (m["id"]?.identifier() ?? "spawned") : m.required("id", "a unique id: letters, digits, '-' and '_'")?.identifier()
        let shape = m["shape"]?.choice(ItemShape.self) ?? .rectangle

        let (text, vertices, image, bitmap) = shapeKeys(shape, m)
        let size = m["size"]?.size() ?? (m["size"] == nil ? defaultSize(shape, r, text: text, vertices: vertices, bitmap: bitmap) : nil)
        let center = spawned ? .center : (m["center"]?.position() ?? .center)
        let angle = m["angle"]?.number() ?? 0
        let color = m["color"]?.color() ?? .white
        let alpha = m["alpha"]?.number(in: 0...1) ?? 1
        let scale = m["scale"]?.positiveNumber() ?? 1
        let velocity = m["velocity"]?.vector() ?? .zero
        let angularVelocity = m["angularVelocity"]?.number() ?? 0
        let asleep = m["asleep"]?.bool() ?? false
        let cornerRadius = readCornerRadius(shape, size, m)
        // A bad size has been reported; a stand-in keeps the id known so references to it check.
        guard let id else { return nil }
        var item = ItemDescription(id: id, shape: shape, size: size ?? Size(1, 1), center: center, angle: angle, color: color,
                                   alpha: alpha, text: text, vertices: vertices, image: image, bitmap: bitmap, scale: scale,
                                   velocity: velocity, angularVelocity: angularVelocity, cornerRadius: cornerRadius)
        item.asleep = asleep
        readCollisionFilter(m, into: &item)
        return item
    }

    /// A rectangle's `cornerRadius`: from 0 to half its short side (where it becomes a capsule);
    /// an error on any other shape, or out of that range.
    private func readCornerRadius(_ shape: ItemShape, _ size: Size?, _ m: MappingReader) -> Double {
        guard shape == .rectangle else {
            m.forbid("cornerRadius", "'cornerRadius' applies only to shape: rectangle (a capsule's ends are round already)")
            return 0
        }
        guard let key = m["cornerRadius"], let radius = key.number() else { return 0 }
        let half = size.map { min($0.width, $0.height) / 2 } ?? .infinity
        if radius < 0 || radius > half {
            let largest = half.isFinite ? NodeReader.format(half) : "half the short side"
            key.error("expected a corner radius from 0 to \(largest) (half the item's short side), found \(NodeReader.format(radius))")
            return min(max(radius, 0), half.isFinite ? half : 0)
        }
        return radius
    }

    /// The keys only some shapes have: a label's `text`, a polygon's `vertices`, an image's
    /// `image` (decoded when the scene is read from a file); each is an error on another shape.
    private mutating func shapeKeys(_ shape: ItemShape, _ m: MappingReader)
        -> (text: String?, vertices: [Point]?, image: String?, bitmap: Bitmap?) {
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

        return (text, vertices, image, bitmap)
    }

    /// The size of an item whose file leaves `size` out: from its text, vertices or PNG; nil
    /// (reported) for shapes that need one.
    private func defaultSize(_ shape: ItemShape, _ r: NodeReader, text: String?, vertices: [Point]?, bitmap: Bitmap?) -> Size? {
        switch shape {
        case .label:
            return ItemDescription.labelSize(for: text ?? "")
        case .polygon:
            guard let vertices else { return nil }
            let w = vertices.map { abs($0.x) }.max() ?? 0, h = vertices.map { abs($0.y) }.max() ?? 0
            return Size(2 * w, 2 * h)
        case .image:
            // 1 pt per pixel. Without the image (not read, or broken and reported) there is no size.
            if let bitmap { return Size(Double(bitmap.width), Double(bitmap.height)) }
            if imageFolder == nil {
                r.error("missing 'size' (an image item takes its PNG's size only when the scene is read from a file)")
            }
            return nil
        default:
            r.error("missing 'size' (the item's [width, height] in points)")
            return nil
        }
    }

    /// The decoded image, or nil after reporting why not at the item's `image` key.
    mutating func bitmap(_ image: String, at m: MappingReader) -> Bitmap? {
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
}
