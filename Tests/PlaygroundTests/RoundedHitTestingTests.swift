// RoundedHitTestingTests: a click hits a capsule or a rounded rectangle where it is drawn: inside
// the rounded corners, not in the bounds' corners they cut off (worked out from the corner
// circles), turned with the item.
import Geometry
import Testing
@testable import Playground
import SceneFormat
import Scenes

@Suite struct RoundedHitTestingTests {
    static let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    /// An 80 × 20 capsule at (100, 100): its end circles (radius 10) are centered at (70, 100) and
    /// (130, 100).
    @Test func capsuleIsHitInsideItsRoundEndsOnly() {
        let item = SceneItem(ItemDescription(id: "pill", shape: .capsule, size: Size(80, 20), center: Position(Point(100, 100))),
                             in: Self.bounds)
        #expect(item.contains(Point(61, 100)))
        #expect(item.contains(Point(100, 109.5)))
        // The bounds' corner, and a point 10.6 pt from the end circle's center.
        #expect(!item.contains(Point(61, 91)))
        #expect(!item.contains(Point(62.5, 92.5)))
        #expect(item.contains(Point(63.5, 93.5)))
    }

    /// A 60 × 40 rectangle with corner radius 10 at (200, 150), turned 90°: its corner circles
    /// are centered 10 pt in from each side of the bounds, which now stand 40 wide and 60 tall.
    @Test func roundedRectangleIsHitInsideItsCornersTurnedWithIt() {
        let item = SceneItem(ItemDescription(id: "tile", size: Size(60, 40), center: Position(Point(200, 150)),
                                             angle: Double.pi / 2, cornerRadius: 10), in: Self.bounds)
        #expect(item.contains(Point(181, 150)) && item.contains(Point(200, 121)))
        // Top-left corner circle at (190, 130): (181.5, 121.5) is 12 pt away, (183.5, 123.5) 9.2.
        #expect(!item.contains(Point(181.5, 121.5)))
        #expect(item.contains(Point(183.5, 123.5)))
        // Without the radius the same corner point is inside.
        let sharp = SceneItem(ItemDescription(id: "box", size: Size(60, 40), center: Position(Point(200, 150)),
                                              angle: Double.pi / 2), in: Self.bounds)
        #expect(sharp.contains(Point(181.5, 121.5)))
    }
}
