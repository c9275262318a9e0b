// Shape: the geometric things a scene draws, in points, before they become sub-pixels.
//
// Kept as plain data (an enum of values) so the app can build a frame's display list without
// touching the canvas, and tests can ask the rasterizer which sub-pixels one shape covers.
// Labels are not shapes: they are glyphs, placed by `Canvas.drawLabel`.

import Geometry

public enum Shape: Hashable, Sendable {
    /// A rectangle of `size` centered at `center`, turned by `angle` radians (clockwise on screen).
    case rectangle(center: Point, size: Size, angle: Double)
    /// A rectangle like `.rectangle` whose corners are quarter circles of `cornerRadius`
    /// (clamped to half the short side, where it is a capsule: a bar with round ends).
    case roundedRectangle(center: Point, size: Size, angle: Double, cornerRadius: Double)
    /// An ellipse whose bounding box is `size`, centered at `center`, turned by `angle`.
    case ellipse(center: Point, size: Size, angle: Double)
    /// A convex polygon through `points` (either winding). Fewer than three points, or a
    /// polygon with no area, covers nothing.
    case polygon([Point])
    /// A line from `from` to `to`, `thickness` points wide, never thinner than one sub-pixel
    /// (rods, ropes, segment boundaries). A dotted segment alternates on and off every
    /// `Rasterizer.dotLength` points along its length (ropes).
    case segment(from: Point, to: Point, thickness: Double, dotted: Bool)
    /// A small plus-shaped marker (five sub-pixels) at an attachment's anchor point.
    case anchor(Point)
}
