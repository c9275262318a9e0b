// CollisionFilterTests: an item's category filter, by Box2D's rule. A 40 pt box dropped onto
// another one that stands on an anchored ledge either rests on it (its center 40 pt above the
// lower box's) or, filtered out, falls through it to the ledge (both centers at the same height,
// 20 pt above the ledge's top), while both keep colliding with the ledge.
import Geometry
import Testing
@testable import Dynamics

@Suite struct CollisionFilterTests {
    /// The ledge's top is at y = 290, so a 40 pt box resting on it has its center at 270.
    static let restingOnLedge = 270.0

    /// Drops `upper` from y = 200 onto `lower` (from y = 250), both over an anchored ledge with
    /// the default filter, for 2 s of gravity; returns their centers' heights.
    func drop(upper: CollisionFilter, lower: CollisionFilter) -> (upper: Double, lower: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let ledge = Box(Point(320, 300), Size(200, 20))
        let a = Box(Point(320, 200), Size(40, 40)), b = Box(Point(320, 250), Size(40, 40))
        a.collisionFilter = upper
        b.collisionFilter = lower
        animator.addBehavior(CollisionBehavior(items: [ledge, a, b]))
        animator.addBehavior(GravityBehavior(items: [a, b]))
        let anchored = DynamicItemBehavior(items: [ledge])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        run(animator, steps: 120)
        return (a.center.y, b.center.y)
    }

    @Test func theDefaultFilterStacksTheBoxes() {
        let (upper, lower) = drop(upper: .default, lower: .default)
        #expect(abs(lower - Self.restingOnLedge) < 1.5)
        #expect(abs(upper - (Self.restingOnLedge - 40)) < 1.5)
    }

    @Test func twoItemsOfTheSameNegativeGroupPassThroughEachOtherButNotTheLedge() {
        let group = CollisionFilter(group: -1)
        let (upper, lower) = drop(upper: group, lower: group)
        #expect(abs(upper - Self.restingOnLedge) < 1.5)
        #expect(abs(lower - Self.restingOnLedge) < 1.5)
    }

    @Test func differentNegativeGroupsCollide() {
        let (upper, lower) = drop(upper: CollisionFilter(group: -1), lower: CollisionFilter(group: -2))
        #expect(abs(upper - (Self.restingOnLedge - 40)) < 1.5)
        #expect(abs(lower - Self.restingOnLedge) < 1.5)
    }

    @Test func aSharedPositiveGroupCollidesWhateverTheMasksSay() {
        let (upper, lower) = drop(upper: CollisionFilter(categories: 2, collidesWith: 1, group: 3),
                                  lower: CollisionFilter(categories: 4, collidesWith: 1, group: 3))
        #expect(abs(upper - (Self.restingOnLedge - 40)) < 1.5)
    }

    /// Box2D's rule: both must accept. The upper box (category 2) collides with everything, the
    /// lower one (category 1) only with category 1, so the pair is refused; when the lower one
    /// also accepts category 2 they collide.
    @Test func bothItemsMustAcceptTheOthersCategory() {
        let upper = CollisionFilter(categories: 2, collidesWith: .max)
        let refused = drop(upper: upper, lower: CollisionFilter(categories: 1, collidesWith: 1))
        #expect(abs(refused.upper - Self.restingOnLedge) < 1.5)
        #expect(abs(refused.lower - Self.restingOnLedge) < 1.5)
        let accepted = drop(upper: upper, lower: CollisionFilter(categories: 1, collidesWith: 1 | 2))
        #expect(abs(accepted.upper - (Self.restingOnLedge - 40)) < 1.5)
        // And from the other side: the upper box refusing the lower one's category (4) is enough,
        // while it still accepts the ledge's (1).
        let refusing = drop(upper: CollisionFilter(categories: 2, collidesWith: 1), lower: CollisionFilter(categories: 4))
        #expect(abs(refusing.upper - Self.restingOnLedge) < 1.5)
    }

    /// An item group's shapes take their own items' filters: a group of two boxes side by side
    /// falls onto an anchored post (category 4) under its right part, which collides with the
    /// ledge's category (1) only, so
    /// the group passes the post and lands level on the ledge (it would rest on the post, 60 pt
    /// higher, if the right part had the default filter).
    @Test func aGroupsPartsKeepTheirOwnFilters() {
        let animator = DynamicAnimator(referenceBounds: bounds640)
        let ledge = Box(Point(320, 300), Size(300, 20))
        let left = Box(Point(300, 200), Size(20, 20)), right = Box(Point(340, 200), Size(20, 20))
        right.collisionFilter = CollisionFilter(categories: 2, collidesWith: 1)
        let group = DynamicItemGroup(items: [left, right])
        // A post under the right part only, 60 pt tall: the right part passes through it.
        let post = Box(Point(340, 260), Size(20, 60))
        post.collisionFilter = CollisionFilter(categories: 4)
        animator.addBehavior(CollisionBehavior(items: [ledge, group, post]))
        animator.addBehavior(GravityBehavior(items: [group]))
        let anchored = DynamicItemBehavior(items: [ledge, post])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        run(animator, steps: 120)
        // Both parts rest on the ledge (top at 290): centers at 280, level.
        #expect(abs(left.center.y - 280) < 1.5)
        #expect(abs(right.center.y - 280) < 1.5)
    }
}
