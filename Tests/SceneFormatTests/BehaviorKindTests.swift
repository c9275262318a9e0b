// Each behavior kind reads back what it writes, and its documentation table is the one in
// docs/scene-format.md; the registry names every `type:` once.
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Behavior kinds: write, read back, documentation")
struct BehaviorKindTests {
    static let header = """
        items:
          - {id: a, size: [10, 10]}
          - {id: b, size: [20, 10]}
        behaviors:

        """

    /// The behavior of a scene holding `entry` (flow style) as its only behavior.
    static func parse(entry: String, sourceLocation: SourceLocation = #_sourceLocation) -> BehaviorDescription? {
        Fixture.scene(header + "  - " + entry, sourceLocation: sourceLocation)?.behaviors.first
    }

    /// parse → write → parse gives an equal description, and writing again gives the same text.
    static func expectRoundTrip(_ entry: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let first = try #require(parse(entry: entry, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        let text = try first.writeYAML()
        let lines = text.split(separator: "\n").enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }
        let again = try #require(Fixture.scene(header + lines.joined(separator: "\n") + "\n", sourceLocation: sourceLocation),
                                 sourceLocation: sourceLocation).behaviors.first
        #expect(again == first, "written as:\n\(text)", sourceLocation: sourceLocation)
        #expect(try again?.writeYAML() == text, sourceLocation: sourceLocation)
    }

    @Test("collision", arguments: [
        "{type: collision}",
        "{type: collision, id: walls, items: [a, b], mode: boundaries, boundaries: reference, insets: [1, 2.5, -3, 4]}",
        "{type: collision, mode: items, segments: {floor: [[0, \"95%\"], [\"100%\", 380]]}, paths: {ramp: [[0, 1], [2.25, 3], [\"-10%\", 5]]}}",
        "{type: collision, insets: [1, 2, 3, 4]}",
    ])
    func collision(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("push", arguments: [
        "{type: push}",
        "{type: push, id: p, items: [a], mode: instantaneous, angle: 1.25, magnitude: 0, active: false, offset: [5, -0.5]}",
        "{type: push, direction: [1e-3, -200]}",
    ])
    func push(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("gravity", arguments: [
        "{type: gravity}",
        "{type: gravity, items: [b], magnitude: 0.5, angle: 3.141592653589793}",
        "{type: gravity, id: g, direction: [0, -1]}",
    ])
    func gravity(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("snap", arguments: [
        "{type: snap, item: a, point: [\"25%\", 75]}",
        "{type: snap, id: s, item: b, point: [0.1, -3], damping: 0}",
        "{type: snap, item: a, point: [1, 2], damping: 0.5}",
    ])
    func snap(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("attachment", arguments: [
        "{type: attachment, item: a, anchor: [300, 0], offset: [0, -20], length: 150, frequency: 2, damping: 0.7}",
        "{type: attachment, item: a, to: b, toOffset: [10, 0]}",
        "{type: attachment, kind: pin, item: a, to: b, anchor: [\"50%\", 40], frictionTorque: 0.5, range: [-1, 1.5]}",
        "{type: attachment, kind: sliding, item: a, anchor: [0, 0], axis: [1, 0], range: [0, 100]}",
        "{type: attachment, kind: limit, item: a, to: b, length: 50}",
        "{type: attachment, kind: fixed, id: weld, item: a, to: b, anchor: [\"50%\", \"50%\"]}",
    ])
    func attachment(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("dynamicItem", arguments: [
        "{type: dynamicItem}",
        """
        {type: dynamicItem, items: [a, b], elasticity: 1, friction: 0.4, density: 0.001, resistance: 0.1, angularResistance: 0.2,
         allowsRotation: false, anchored: true, charge: -1, velocity: [100, 0], angularVelocity: 3}
        """,
    ])
    func dynamicItem(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("field", arguments: [
        "{type: field, kind: radialGravity, position: [\"50%\", \"50%\"], strength: 2, falloff: 1, minimumRadius: 10, region: {radius: 200}}",
        "{type: field, kind: linearGravity, direction: [0, 1], region: {size: [100, 50.5]}}",
        "{type: field, kind: noise, smoothness: 0.25, animationSpeed: 1, items: [b]}",
        "{type: field, id: f, kind: magnetic}",
    ])
    func field(_ entry: String) throws { try Self.expectRoundTrip(entry) }

    @Test("the registry names each type once, and no kind lists type, id or a key twice")
    func registry() {
        #expect(Set(BehaviorKinds.names).count == BehaviorKinds.names.count)
        for kind in BehaviorKinds.all {
            #expect(Set(kind.keys).count == kind.keys.count, "\(kind.type) lists a key twice")
            #expect(!kind.keys.contains("type") && !kind.keys.contains("id"))
        }
    }

    @Test("each kind's documentation table is in docs/scene-format.md under its heading, one row per key")
    func documentation() throws {
        let docs = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        for kind in BehaviorKinds.all {
            let heading = "### `type: \(kind.type)`"
            let section = try #require(docs.range(of: heading), "no section for \(kind.type)")
            let rest = docs[section.upperBound...]
            let sectionEnd = rest.range(of: "\n#")?.lowerBound ?? rest.endIndex
            #expect(rest[..<sectionEnd].contains(kind.documentation), "the docs' table for \(kind.type) differs from its kind's")
            let rows = kind.documentation.split(separator: "\n").dropFirst(2)
            let documented = rows.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
            #expect(documented.count == kind.keys.count && Set(documented) == Set(kind.keys),
                    "\(kind.type): documented \(documented), keys \(kind.keys)")
        }
    }
}

@Suite("Pin motors in the scene format")
struct PinMotorFormatTests {
    static let items = "items:\n  - {id: a, size: [10, 10]}\n  - {id: b, size: [10, 10]}\nbehaviors:\n"

    @Test("motorSpeed and motorTorque read as written and round-trip", arguments: [
        "{type: attachment, kind: pin, item: a, anchor: [0, 0], motorSpeed: -2.5, motorTorque: 300}",
        "{type: attachment, kind: pin, item: a, to: b, anchor: [\"50%\", 0], motorTorque: 10}",
    ])
    func roundTrip(_ entry: String) throws {
        try BehaviorKindTests.expectRoundTrip(entry)
        let pin = try #require(BehaviorKindTests.parse(entry: entry)?.as(BehaviorDescription.Attachment.self))
        #expect(pin.motorTorque != nil && (pin.motorSpeed == nil) == !entry.contains("motorSpeed"))
    }

    @Test("a motor on another kind is an error at its key")
    func onlyPin() {
        let yaml = Self.items + "  - {type: attachment, item: a, to: b, motorSpeed: 1, motorTorque: 5}\n"
        let errors = Fixture.errors(yaml)
        #expect(errors.map(\.keyPath) == ["behaviors[0].motorSpeed", "behaviors[0].motorTorque"])
        #expect(errors.first?.message == "'motorSpeed' applies only to kind: pin")
        let (line, column) = Fixture.locate("motorSpeed", in: yaml)
        #expect(errors.first?.line == line && errors.first?.column == column)
    }

    @Test("motorSpeed without motorTorque, and a motor beside frictionTorque, are errors")
    func needsTorque() {
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], motorSpeed: 1}\n",
                          at: "motorSpeed", keyPath: "behaviors[0].motorSpeed", containing: ["needs 'motorTorque'"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], frictionTorque: 1, motorTorque: 5}\n",
                          at: "frictionTorque", keyPath: "behaviors[0].frictionTorque", containing: ["not both"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], motorTorque: -5}\n",
                          at: "-5", keyPath: "behaviors[0].motorTorque", containing: ["at least 0"])
    }
}

/// A pin's angular spring in the file: `angularFrequency`, `angularDamping`, `restAngle`.
@Suite("Pin angular spring keys")
struct PinSpringFormatTests {
    static let items = PinMotorFormatTests.items

    @Test("the angular spring's keys read as written and round-trip", arguments: [
        "{type: attachment, kind: pin, item: a, anchor: [0, 0], angularFrequency: 5, angularDamping: 0.5}",
        "{type: attachment, kind: pin, item: a, to: b, anchor: [5, 5], angularFrequency: 0.5, restAngle: -0.25, frictionTorque: 2}",
    ])
    func roundTrip(_ entry: String) throws {
        try BehaviorKindTests.expectRoundTrip(entry)
        let pin = try #require(BehaviorKindTests.parse(entry: entry)?.as(BehaviorDescription.Attachment.self))
        #expect(pin.angularFrequency == (entry.contains("angularFrequency: 5") ? 5 : 0.5))
        #expect(pin.angularDamping == (entry.contains("angularDamping") ? 0.5 : nil))
        #expect(pin.restAngle == (entry.contains("restAngle") ? -0.25 : nil))
    }

    @Test("an angular spring on another kind is an error at its key")
    func onlyPin() {
        expectSingleError(Self.items + "  - {type: attachment, item: a, to: b, angularFrequency: 5}\n",
                          at: "angularFrequency", keyPath: "behaviors[0].angularFrequency", containing: ["applies only to kind: pin"])
    }

    @Test("damping or a rest angle without angularFrequency, and bad values, are errors at their place")
    func needsFrequency() {
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], angularDamping: 0.5}\n",
                          at: "angularDamping", keyPath: "behaviors[0].angularDamping", containing: ["needs 'angularFrequency'"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], restAngle: 1}\n",
                          at: "restAngle", keyPath: "behaviors[0].restAngle", containing: ["needs 'angularFrequency'"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], angularFrequency: -1}\n",
                          at: "-1", keyPath: "behaviors[0].angularFrequency", containing: ["at least 0"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], angularFrequency: 0.0001}\n",
                          at: "0.0001", keyPath: "behaviors[0].angularFrequency", containing: ["at least 0.001"])
        expectSingleError(Self.items + "  - {type: attachment, kind: pin, item: a, anchor: [0, 0], angularFrequency: 2, angularDamping: 3}\n",
                          at: "3", keyPath: "behaviors[0].angularDamping", containing: ["from 0 to 1"])
    }
}
