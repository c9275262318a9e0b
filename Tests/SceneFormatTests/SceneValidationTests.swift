// Each class of bad scene file gives one clear error at the right line, column and key path.
// Positions are found in each test's own YAML text (Fixture.locate), so they are what an editor
// would show, not what the parser happened to print.
import Foundation
import SceneTestSupport
import Testing
@testable import SceneFormat

@Suite("Scene validation errors")
struct SceneValidationTests {
    @Test("an unknown key is reported at the key, with a suggestion")
    func unknownKeyWithSuggestion() {
        let yaml = """
            name: T
            items:
              - id: a
                size: [10, 10]
                colour: red
            """
        expectSingleError(yaml, at: "colour", keyPath: "items[0].colour", containing: ["unknown key 'colour'", "did you mean 'color'"])
    }

    @Test("an unknown key far from every known one lists the expected keys")
    func unknownKeyWithoutSuggestion() {
        let yaml = """
            name: T
            wibble: 3
            items: []
            """
        expectSingleError(yaml, at: "wibble", keyPath: "wibble", containing: ["unknown key 'wibble'", "expected one of", "items"])
    }

    @Test("a string where a number belongs is a wrong type")
    func wrongType() {
        let yaml = """
            items:
              - id: a
                size: [10, "big"]
            """
        expectSingleError(yaml, at: "\"big\"", keyPath: "items[0].size[1]", containing: ["expected a number", "\"big\""])
    }

    @Test("a mapping where a list belongs is a wrong type")
    func wrongTypeMapping() {
        let yaml = """
            items:
              id: a
            """
        expectSingleError(yaml, at: "id", keyPath: "items", containing: ["expected a list", "mapping"])
    }

    @Test(".nan is not a number a scene can use")
    func notANumber() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                angle: .nan
            """
        expectSingleError(yaml, at: ".nan", keyPath: "items[0].angle", containing: ["finite number", ".nan"])
    }

    @Test(".inf is not a finite size")
    func infinity() {
        let yaml = """
            items:
              - id: a
                size: [.inf, 10]
            """
        expectSingleError(yaml, at: ".inf", keyPath: "items[0].size[0]", containing: ["finite number"])
    }

    @Test("numbers beyond ±1,000,000 are rejected, so the simulation stays finite")
    func hugeNumber() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                center: [1e300, 10]
            """
        expectSingleError(yaml, at: "1e300", keyPath: "items[0].center[0]", containing: ["between -1000000 and 1000000"])
    }

    @Test("density 0 is rejected (mass = density × area must be positive)")
    func zeroDensity() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
            behaviors:
              - {type: dynamicItem, density: 0}
            """
        expectSingleError(yaml, at: "0}", keyPath: "behaviors[0].density", containing: ["greater than 0"])
    }

    @Test("a negative width is not a size")
    func negativeSize() {
        let yaml = """
            items:
              - id: a
                size: [-5, 10]
            """
        expectSingleError(yaml, at: "-5", keyPath: "items[0].size[0]", containing: ["greater than 0", "-5"])
    }

    @Test("a zero height is not a size (UIKit: zero size is an invalid dynamic item)")
    func zeroSize() {
        let yaml = """
            items:
              - id: a
                size: [10, 0]
            """
        expectSingleError(yaml, at: "0]", keyPath: "items[0].size[1]", containing: ["greater than 0"])
    }

    @Test("snap damping 1.5 is outside 0...1")
    func dampingOutOfRange() {
        let yaml = """
            items:
              - id: square
                size: [80, 80]
            behaviors:
              - type: snap
                item: square
                point: [100, 100]
                damping: 1.5
            """
        expectSingleError(yaml, at: "1.5", keyPath: "behaviors[0].damping", containing: ["from 0 to 1", "1.5"])
    }

    @Test("alpha 2 is outside 0...1")
    func alphaOutOfRange() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                alpha: 2
            """
        expectSingleError(yaml, at: "2", keyPath: "items[0].alpha", containing: ["from 0 to 1"])
    }

    @Test("elasticity -0.1 is outside 0...1")
    func elasticityOutOfRange() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
            behaviors:
              - type: dynamicItem
                elasticity: -0.1
            """
        expectSingleError(yaml, at: "-0.1", keyPath: "behaviors[0].elasticity", containing: ["from 0 to 1"])
    }

    @Test("a behavior naming a missing item is an unknown id, with a suggestion")
    func unknownItemID() {
        let yaml = """
            items:
              - id: square
                size: [80, 80]
            behaviors:
              - type: gravity
                items: [sqare]
            """
        expectSingleError(yaml, at: "sqare", keyPath: "behaviors[0].items[0]", containing: ["unknown item id 'sqare'", "did you mean 'square'"])
    }

    @Test("a gesture naming a missing item is an unknown id, even when the id comes later in no list")
    func unknownItemInGesture() {
        let yaml = """
            items:
              - id: square
                size: [80, 80]
            gestures:
              - {recognizer: tap, action: snapTo, item: ghost}
            """
        expectSingleError(yaml, at: "ghost", keyPath: "gestures[0].item", containing: ["unknown item id 'ghost'", "square"])
    }

    @Test("a push reference to a non-push behavior is reported")
    func wrongBehaviorKind() {
        let yaml = """
            items:
              - id: square
                size: [80, 80]
            behaviors:
              - type: gravity
                id: fall
            gestures:
              - {recognizer: tap, action: pushToward, item: square, push: fall}
            """
        expectSingleError(yaml, at: "fall}", keyPath: "gestures[0].push", containing: ["gravity", "expected a push behavior"])
    }

    @Test("a second item with the same id is a duplicate")
    func duplicateItemID() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
              - id: a
                size: [20, 20]
            """
        expectSingleError(yaml, at: "a", occurrence: 2, keyPath: "items[1].id", containing: ["duplicate item id 'a'", "line 2"])
    }

    @Test("two behaviors with one id are duplicates")
    func duplicateBehaviorID() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
            behaviors:
              - {type: push, id: p}
              - {type: push, id: p}
            """
        expectSingleError(yaml, at: "p}", occurrence: 2, keyPath: "behaviors[1].id", containing: ["duplicate behavior id 'p'"])
    }

    @Test("an id with a space is not an id")
    func badIDCharacters() {
        let yaml = """
            items:
              - id: my square
                size: [10, 10]
            """
        expectSingleError(yaml, at: "my square", keyPath: "items[0].id", containing: ["not a valid id", "letters, digits"])
    }

    @Test("a dart-shaped polygon is not convex")
    func nonConvexPolygon() {
        let yaml = """
            items:
              - id: dart
                shape: polygon
                vertices: [[0, -40], [40, 40], [0, 10], [-40, 40]]
            """
        expectSingleError(yaml, at: "[[0", keyPath: "items[0].vertices", containing: ["not convex", "vertex 2"])
    }

    @Test("a bow-tie polygon is self-intersecting")
    func selfIntersectingPolygon() {
        let yaml = """
            items:
              - id: bowtie
                shape: polygon
                vertices: [[-20, -20], [20, 20], [20, -20], [-20, 20]]
            """
        expectSingleError(yaml, at: "[[-20", keyPath: "items[0].vertices", containing: ["self-intersecting"])
    }

    @Test("a polygon needs at least 3 and at most 16 vertices")
    func polygonVertexCount() {
        let two = """
            items:
              - id: p
                shape: polygon
                vertices: [[0, -10], [0, 10]]
            """
        expectSingleError(two, at: "[[0", keyPath: "items[0].vertices", containing: ["3 to 16 vertices", "found 2"])
        let seventeen = (0..<17).map { i -> String in
            let a = Double(i) / 17 * 2 * Double.pi
            return "[\(Int((cos(a) * 1000).rounded())), \(Int((sin(a) * 1000).rounded()))]"
        }.joined(separator: ", ")
        let many = """
            items:
              - id: p
                shape: polygon
                vertices: [\(seventeen)]
            """
        expectSingleError(many, at: "[[", keyPath: "items[0].vertices", containing: ["found 17"])
    }

    @Test("a polygon that does not surround its center is rejected")
    func polygonAwayFromCenter() {
        let yaml = """
            items:
              - id: p
                shape: polygon
                vertices: [[100, 100], [140, 100], [120, 140]]
            """
        expectSingleError(yaml, at: "[[100", keyPath: "items[0].vertices", containing: ["surround the item's center"])
    }

    @Test("a misspelt color name is reported with a suggestion")
    func badColorName() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                color: gren
            """
        expectSingleError(yaml, at: "gren", keyPath: "items[0].color", containing: ["unknown color 'gren'", "did you mean 'green'"])
    }

    @Test("a five-digit hex color is reported")
    func badHexColor() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                color: "#12345"
            """
        expectSingleError(yaml, at: "\"#12345\"", keyPath: "items[0].color", containing: ["#rrggbb", "six hexadecimal digits"])
    }

    @Test("\"150x%\" is not a percentage")
    func badPercentage() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                center: ["150x%", 10]
            """
        expectSingleError(yaml, at: "\"150x%\"", keyPath: "items[0].center[0]", containing: ["percentage like \"50%\"", "150x%"])
    }

    @Test("a YAML syntax error is reported with libyaml's position")
    func yamlSyntaxError() {
        // "key: a: b" - a second ':' in a plain scalar value is not allowed in block context;
        // libyaml reports it at that second colon.
        let yaml = """
            name: T
            summary: a: b
            items: []
            """
        let errors = Fixture.errors(yaml)
        #expect(errors.count == 1)
        let (line, column) = Fixture.locate(": b", in: yaml)
        #expect(errors.first?.line == line)
        #expect(errors.first?.column == column)
        #expect(errors.first?.message.contains("YAML syntax error") == true)
        #expect(errors.first?.message.contains("mapping values are not allowed") == true)
    }

    @Test("a repeated key in one mapping is a YAML error at that key")
    func duplicateKey() {
        let yaml = """
            name: T
            items: []
            name: U
            """
        let errors = Fixture.errors(yaml)
        #expect(errors.count == 1)
        #expect(errors.first?.line == 1 || errors.first?.line == 3)
        #expect(errors.first?.message.contains("duplicate key 'name'") == true)
    }

    @Test("an empty file is an error, not a crash")
    func emptyFile() {
        let errors = Fixture.errors("")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 1)
        #expect(errors.first?.message.contains("empty") == true)
    }

    @Test("a missing required key is reported at its mapping")
    func missingKey() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
            behaviors:
              - type: snap
                item: a
            """
        expectSingleError(yaml, at: "type: snap", keyPath: "behaviors[0]", containing: ["missing 'point'"])
    }

    @Test("an unknown behavior type is reported with a suggestion")
    func unknownBehaviorType() {
        let yaml = """
            items: []
            behaviors:
              - type: gravty
            """
        expectSingleError(yaml, at: "gravty", keyPath: "behaviors[0].type", containing: ["did you mean 'gravity'"])
    }

    @Test("a key that belongs to another shape is reported")
    func keyForOtherShape() {
        let yaml = """
            items:
              - id: a
                size: [10, 10]
                text: hi
            """
        expectSingleError(yaml, at: "text", keyPath: "items[0].text", containing: ["only to shape: label"])
    }

    @Test("every error of a file is reported, in document order")
    func multipleErrors() {
        let yaml = """
            name: T
            items:
              - id: a
                size: [0, 10]
                color: gren
              - id: a
                size: [10, 10]
            behaviors:
              - type: snap
                item: bee
                point: [1, 1]
                damping: 2
            """
        let errors = Fixture.errors(yaml)
        let expected: [(String, Int, String)] = [("0,", 1, "items[0].size[0]"), ("gren", 1, "items[0].color"),
                                                  ("a", 3, "items[1].id"), ("bee", 1, "behaviors[0].item"),
                                                  ("2", 1, "behaviors[0].damping")]
        #expect(errors.count == expected.count, "\(errors)")
        for (error, (needle, occurrence, keyPath)) in zip(errors, expected) {
            let (line, column) = Fixture.locate(needle, in: yaml, occurrence: occurrence)
            #expect(error.line == line && error.column == column && error.keyPath == keyPath, "\(error)")
        }
    }

    @Test("the description is gcc style: file:line:column: keyPath: message")
    func errorDescription() {
        let error = SceneError(file: "scenes/x.yaml", line: 4, column: 7, keyPath: "items[2].size[0]",
                               message: "expected a number greater than 0, found -1")
        #expect(error.description == "scenes/x.yaml:4:7: items[2].size[0]: expected a number greater than 0, found -1")
    }
}

@Suite("Scene validation: limits")
struct SceneLimitTests {
    @Test("a 65th collision behavior is an error where it stands, not a trap when the scene runs")
    func sixtyFifthCollisionBehavior() {
        let behaviors = (0..<65).map { _ in "  - {type: collision}" }.joined(separator: "\n")
        let yaml = "name: T\nitems:\n  - {id: a, size: [10, 10]}\nbehaviors:\n" + behaviors + "\n"
        expectSingleError(yaml, at: "{type: collision}", occurrence: 65, keyPath: "behaviors[64]",
                          containing: ["at most 64 collision behaviors", "number 65"])
        // 64 are fine.
        let sixtyFour = (0..<64).map { _ in "  - {type: collision}" }.joined(separator: "\n")
        #expect(Fixture.errors("name: T\nitems:\n  - {id: a, size: [10, 10]}\nbehaviors:\n" + sixtyFour + "\n").isEmpty)
    }
}

@Suite("Scene validation: messages a new user meets")
struct FirstHourMessageTests {
    @Test("an unquoted #rrggbb color says that # starts a YAML comment and to quote it")
    func unquotedHexColor() {
        let yaml = "name: T\nitems:\n  - id: a\n    size: [10, 10]\n    color: #00ff00\n"
        let errors = Fixture.errors(yaml)
        #expect(errors.count == 1)
        let e = errors.first
        #expect(e?.line == 5 && e?.keyPath == "items[0].color")
        #expect(e?.message.contains("# starts a comment") == true && e?.message.contains("\"#00ff00\"") == true, "\(e?.message ?? "")")
    }

    @Test("nesting past libyaml's limit is said in the scene's terms, with no C function name")
    func tooDeep() {
        let yaml = "name: T\nitems:\n  - " + String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200) + "\n"
        let errors = Fixture.errors(yaml)
        #expect(errors.count == 1)
        let message = errors.first?.message ?? ""
        #expect(message.contains("nested too deeply"))
        #expect(!message.contains("yaml_set_max_nest_level") && !message.contains("())"), "\(message)")
    }

    @Test("a file that is not UTF-8 names the line, column and value of its first bad byte")
    func binaryFile() throws {
        // "name: T\nsummary: caf" then 0xE9 (é in Latin-1): line 2, column 13.
        var bytes = Array("name: T\nsummary: caf".utf8)
        bytes.append(0xE9)
        bytes += Array("\n".utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-latin1-\(UUID().uuidString).yaml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try SceneParser().load(contentsOf: url.path)
            Issue.record("a Latin-1 file loaded")
        } catch let errors as SceneErrors {
            let e = try #require(errors.errors.first)
            #expect(e.line == 2 && e.column == 13, "\(e)")
            #expect(e.message.contains("0xE9") && e.message.contains("not UTF-8"))
        }
    }
}

@Suite("Scene validation: size limits")
struct SceneSizeLimitTests {
    @Test("past the item limit, the first item left out is the error, and the rest are not read")
    func itemLimit() {
        let yaml = "name: T\nitems:\n" + (0..<12).map { "  - {id: i\($0), size: [1, 1]}" }.joined(separator: "\n") + "\n"
        do {
            _ = try SceneParser(limits: SceneLimits(entries: 10)).parse(yaml: yaml, file: "t.yaml")
            Issue.record("12 items passed a limit of 10")
        } catch let errors as SceneErrors {
            #expect(errors.errors.count == 1)
            let e = errors.errors[0]
            #expect(e.line == 13 && e.keyPath == "items[10]", "\(e)")
            #expect(e.message.contains("at most 10 items") && e.message.contains("has 12"))
        } catch {
            Issue.record("\(error)")
        }
        #expect((try? SceneParser(limits: SceneLimits(entries: 12)).parse(yaml: yaml, file: "t.yaml")) != nil)
    }

    @Test("a scene of 22,000 items (Box2D v3's many_pyramids) is read with the standard limits, within 4 MiB")
    func manyPyramidsFits() throws {
        let yaml = "name: T\nitems:\n" + (0..<22_000).map { "  - {id: b\($0), size: [10, 10], center: [\($0 % 200 * 10), \($0 / 200 * 10)]}" }
            .joined(separator: "\n") + "\n"
        #expect(yaml.utf8.count < SceneLimits.standard.fileBytes)
        let scene = try SceneParser().parse(yaml: yaml, file: "t.yaml")
        #expect(scene.items.count == 22_000)
    }
}
