// PolygonTests: the answers of plane geometry for polygons whose area, centroid, convexity and
// insides are known by hand.
import Testing
@testable import Geometry

@Suite struct PolygonTests {
    /// A 4 × 3 rectangle, wound positively (each turn's cross product is positive).
    let rectangle = Polygon([Point(0, 0), Point(4, 0), Point(4, 3), Point(0, 3)])

    @Test func rectangleAreaIsWidthTimesHeight() {
        #expect(rectangle.signedArea == 12)
        #expect(rectangle.area == 12)
    }

    @Test func reversedWindingNegatesTheSignedAreaOnly() {
        let reversed = Polygon(rectangle.vertices.reversed())
        #expect(reversed.signedArea == -12)
        #expect(reversed.area == 12)
        #expect(reversed.orientation == -1)
        // Wound positively again, starting at the vertex it started at.
        #expect(reversed.positivelyWound.vertices == [Point(0, 3), Point(0, 0), Point(4, 0), Point(4, 3)])
        #expect(reversed.positivelyWound.signedArea == 12)
    }

    @Test func rightTriangleAreaIsHalfTheLegsProduct() {
        // Legs 6 and 8 (hypotenuse 10): area 24.
        #expect(Polygon([Point(0, 0), Point(6, 0), Point(0, 8)]).area == 24)
    }

    @Test func regularHexagonArea() {
        // Circumradius r: area 3√3/2 · r².
        let r = 10.0
        let hexagon = Polygon((0..<6).map { Point(angle: Double($0) * .pi / 3) * r })
        #expect(abs(hexagon.area - 3 * 3.0.squareRoot() / 2 * r * r) < 1e-9)
    }

    @Test func triangleCentroidIsTheMeanOfItsCorners() throws {
        let c = try #require(Polygon([Point(0, 0), Point(6, 0), Point(0, 9)]).centroid)
        #expect(abs(c.x - 2) < 1e-12 && abs(c.y - 3) < 1e-12)
    }

    @Test func lShapeCentroidWeighsItsTwoRectangles() throws {
        // A 2×1 rectangle (centroid (1, 0.5)) over a 1×1 square (centroid (0.5, 1.5)):
        // (2·(1, 0.5) + 1·(0.5, 1.5)) / 3 = (5/6, 5/6).
        let l = Polygon([Point(0, 0), Point(2, 0), Point(2, 1), Point(1, 1), Point(1, 2), Point(0, 2)])
        let c = try #require(l.centroid)
        #expect(abs(c.x - 5.0 / 6) < 1e-12 && abs(c.y - 5.0 / 6) < 1e-12)
        #expect(l.area == 3)
    }

    @Test func collinearPointsHaveNoCentroid() {
        #expect(Polygon([Point(0, 0), Point(1, 1), Point(2, 2)]).centroid == nil)
    }

    @Test func squareSecondMomentAboutItsCenter() {
        // A square of side s centered on the origin: J = s⁴/6.
        let square = Polygon([Point(-1, -1), Point(1, -1), Point(1, 1), Point(-1, 1)])
        #expect(abs(square.secondMomentOfArea - 16.0 / 6) < 1e-12)
    }

    @Test func convexPolygonsInEitherWindingAreConvex() {
        #expect(rectangle.isConvex)
        #expect(Polygon(rectangle.vertices.reversed()).isConvex)
        #expect(rectangle.firstNonConvexVertex == nil)
    }

    @Test func concaveQuadIsDetectedAtItsReflexVertex() {
        // An arrowhead: vertex 2 at (1, 1) points back into the quad.
        let dart = Polygon([Point(0, 0), Point(4, 0), Point(1, 1), Point(0, 4)])
        #expect(!dart.isConvex)
        #expect(dart.firstNonConvexVertex == 2)
        #expect(dart.turn(at: 2) * dart.orientation < 0)
    }

    @Test func vertexOnAStraightEdgeIsNotStrictlyConvex() {
        let square = Polygon([Point(0, 0), Point(1, 0), Point(2, 0), Point(2, 2), Point(0, 2)])
        #expect(square.firstNonConvexVertex == 1)
        #expect(square.turn(at: 1) == 0)
        #expect(!square.isConvex)
    }

    @Test func fewerThanThreeVerticesOrNoAreaIsNotConvex() {
        #expect(!Polygon([Point(0, 0), Point(1, 0)]).isConvex)
        #expect(!Polygon([Point(0, 0), Point(1, 1), Point(2, 2)]).isConvex)
    }

    @Test("points inside, on the boundary and outside", arguments: [
        (Point(2, 1.5), true),    // center
        (Point(0, 0), true),      // corner
        (Point(4, 1), true),      // on the right edge
        (Point(2, 3), true),      // on the bottom edge
        (Point(4.001, 1), false), // just right of it
        (Point(-1, 1), false),
        (Point(2, -0.5), false),
        (Point(5, 5), false),
    ])
    func containsPoints(point: Point, inside: Bool) {
        #expect(rectangle.contains(point) == inside)
        #expect(Polygon(rectangle.vertices.reversed()).contains(point) == inside)
    }

    @Test func toleranceIsADistanceOutsideEdgesAtLeastOneLong() {
        // The right edge is 3 long: a point d outside it gives a cross product of 3d, which a
        // tolerance t allows up to t × 3, so d up to t.
        #expect(!rectangle.contains(Point(4.0005, 1)))
        #expect(rectangle.contains(Point(4.0005, 1), tolerance: 1e-3))
        #expect(!rectangle.contains(Point(4.002, 1), tolerance: 1e-3))
    }

    @Test func triangleContainsItsCentroidButNotThePointsPastAnEdge() throws {
        let triangle = Polygon([Point(0, -40), Point(40, 30), Point(-40, 30)])
        #expect(triangle.contains(try #require(triangle.centroid)))
        #expect(!triangle.contains(Point(30, 0)))  // right of the edge (0,-40)–(40,30): x = 4/7·(y+40) = 22.9 at y = 0
        #expect(triangle.contains(Point(22, 0)))
    }

    @Test func aPolygonWithNoAreaContainsNothing() {
        #expect(!Polygon([Point(0, 0), Point(1, 1), Point(2, 2)]).contains(Point(1, 1)))
    }

    @Test func bowTieCrossesItself() throws {
        let bowTie = Polygon([Point(0, 0), Point(2, 2), Point(2, 0), Point(0, 2)])
        let crossing = try #require(bowTie.firstSelfIntersection)
        #expect(crossing == (0, 2))
        #expect(rectangle.firstSelfIntersection == nil)
    }
}
