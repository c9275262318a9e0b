// ModuleDependenciesTests: Package.swift declares for each target exactly the modules its files
// import, and the layers its header comment draws hold: no module imports one on its own line
// or above. A dependency declared and never imported, or imported through another target's
// declaration, would let the layering drift without anyone noticing.
import Foundation
import Testing

@Suite struct ModuleDependenciesTests {
    static let root = TmuxSession.packageRoot

    /// The modules the package's targets may name without building them from sources here.
    static let external: Set<String> = ["Foundation", "Glibc", "Darwin", "Testing"]

    /// Each target's declared dependencies, read from Package.swift (`.target`, `.testTarget`,
    /// `.executableTarget`; a `.product(name:)` counts as its module's name).
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(?:target|testTarget|executableTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let name = try Regex(#"(?:name:\s*)?"(\w+)""#)
        var result: [String: Set<String>] = [:]
        for match in manifest.matches(of: target) {
            let targetName = String(match.output[1].substring!)
            let list = match.output[2].substring.map(String.init) ?? ""
            let names = list.matches(of: name).map { String($0.output[1].substring!) }
            // A .product(name: "X", package: "y") names X; skip the package's name.
            let packages = list.matches(of: try Regex(#"package:\s*"(\w+)""#)).map { String($0.output[1].substring!) }
            result[targetName] = Set(names).subtracting(packages)
        }
        return result
    }

    /// The modules the Swift files of `folder` import.
    static func imported(in folder: URL) throws -> Set<String> {
        let statement = try Regex(#"(?m)^\s*(?:@testable\s+)?import\s+(\w+)"#)
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: statement) { modules.insert(String(match.output[1].substring!)) }
        }
        return modules.subtracting(external)
    }

    @Test func everyTargetDeclaresExactlyWhatItImports() throws {
        let targets = try Self.declared()
        #expect(targets.count >= 25, "read \(targets.count) targets from Package.swift")
        for (name, dependencies) in targets {
            let isTest = name.hasSuffix("Tests")
            let folder = Self.root.appendingPathComponent(isTest ? "Tests" : "Sources").appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            let imports = try Self.imported(in: folder)
            #expect(imports.subtracting(dependencies).isEmpty, "\(name) imports \(imports.subtracting(dependencies).sorted()) undeclared")
            #expect(dependencies.subtracting(imports).isEmpty, "\(name) declares \(dependencies.subtracting(imports).sorted()) and never imports it")
        }
    }

    @Test func noModuleImportsOneOnItsOwnLayerOrAbove() throws {
        // The layers of Package.swift's header comment, top first.
        let layers: [[String]] = [
            ["nudge"],
            ["Snapshots", "Benchmarks"],
            ["Playground", "CursesTerminal"],
            ["Scenes", "SceneTestSupport"],
            ["SceneFormat"],
            ["Dynamics", "Gestures", "Animation", "TerminalUI", "Images", "TerminalTestSupport"],
            ["Geometry"],
        ]
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for layer in layers {
            #expect(manifest.contains("//   " + layer.joined(separator: "  ")), "the header comment draws \(layer)")
        }
        let level = Dictionary(uniqueKeysWithValues: layers.enumerated().flatMap { i, names in names.map { ($0, i) } })
        for (name, dependencies) in try Self.declared() where !name.hasSuffix("Tests") {
            let isCWrapper = name.count > 1 && name.first == "C" && name.dropFirst().first!.isUppercase
            guard let own = level[name] else {
                #expect(isCWrapper, "\(name) is on no layer of the header comment")
                continue
            }
            for dependency in dependencies {
                guard let theirs = level[dependency] else { continue }  // C wrappers and Yams
                #expect(theirs > own, "\(name) (layer \(own)) depends on \(dependency) (layer \(theirs))")
            }
        }
    }
}
