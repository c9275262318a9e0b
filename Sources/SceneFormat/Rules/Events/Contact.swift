// Contact: what a contactBegan or contactEnded event listens to, shared by the two kinds.
//
// UICollisionBehaviorDelegate's four callbacks: began and ended contact between two items, or
// between an item and a boundary by its identifier. `with: ID` names the other item, `boundary:
// NAME` a boundary of a collision behavior (`segments`/`paths` names, or `reference` for the
// reference-bounds walls, which UIKit reports with a nil identifier); neither means any contact
// of the items. The event's point is where the contact began (ended contacts have none: the
// first item's center stands in).
import Yams

extension EventDescription {
    public struct Contact: Hashable, Sendable {
        /// The boundary name that means the reference-bounds walls.
        public static let referenceBoundary = "reference"
        public static let keys = ["item", "items", "with", "boundary"]
        /// nil: every item.
        public var items: [String]?
        /// The other item, if the event names one.
        public var with: String?
        /// The boundary, if the event names one.
        public var boundary: String?

        public init(items: [String]? = nil, with: String? = nil, boundary: String? = nil) {
            self.items = items; self.with = with; self.boundary = boundary
        }

        public var namedItems: [String] { (items ?? []) + (with.map { [$0] } ?? []) }

        static func parse(_ m: MappingReader, context: ParsingContext) -> Self {
            var c = Self(items: m.eventItems(context))
            if m.has("with") && m.has("boundary") { m.forbid("boundary", "give either 'with' (an item) or 'boundary', not both") }
            c.with = context.itemReference(m["with"])
            if let reader = m["boundary"], let name = reader.identifier() {
                if name != referenceBoundary { context.boundaryReference(Reference(id: name, at: reader)) }
                c.boundary = name
            }
            return c
        }

        func write() -> [(key: String, value: Node)] {
            var w = EntryWriter()
            w.addEventItems(items)
            w.add("with", with.map(Node.string))
            w.add("boundary", boundary.map(Node.string))
            return w.pairs
        }
    }

    /// Two items, or an item and a boundary, began touching.
    public struct ContactBegan: EventKind {
        public var contact: Contact
        public init(_ contact: Contact) { self.contact = contact }
        public static let name = "contactBegan"
        public static let summary = "two items, or an item and a boundary, begin touching (`collisionBehavior(_:beganContactFor:...)`)"
        public static let keys = Contact.keys
        public var namedItems: [String] { contact.namedItems }
        public static func example(naming items: [String]) -> Self { Self(Contact(items: [items[0]], with: items[1])) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(Contact.parse(m, context: context)) }
        public func write() -> [(key: String, value: Node)] { contact.write() }
    }

    /// Two items, or an item and a boundary, stopped touching.
    public struct ContactEnded: EventKind {
        public var contact: Contact
        public init(_ contact: Contact) { self.contact = contact }
        public static let name = "contactEnded"
        public static let summary = "two items, or an item and a boundary, stop touching (`collisionBehavior(_:endedContactFor:...)`)"
        public static let keys = Contact.keys
        public var namedItems: [String] { contact.namedItems }
        public static func example(naming items: [String]) -> Self { Self(Contact(items: [items[0]], boundary: Contact.referenceBoundary)) }
        public static func parse(_ m: MappingReader, context: ParsingContext) -> Self? { Self(Contact.parse(m, context: context)) }
        public func write() -> [(key: String, value: Node)] { contact.write() }
    }
}
