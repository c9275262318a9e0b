// swift-tools-version:6.0
//
// Nudge: UIKit Dynamics, gesture recognizers and UIView animations in a terminal.
//
// The modules in layers; each imports only modules on lines below its own (the C wrappers
// CLaneShuffles, CLibPNG, CZlib, CNCursesW and CFreeType, and Yams, left out), and each target
// below declares exactly the modules its files import (a test in EndToEndTests checks both):
//   nudge                                      the command line (ArgumentParser)
//   Snapshots  Benchmarks                      pictures of the screen; timings
//   Playground  CursesTerminal                 the app, on any terminal; the ncurses terminal
//   Scenes  SceneTestSupport                   scenes built into items and behaviors (the runtime);
//                                              inline scene YAML for tests (only test targets use it)
//   SceneFormat                                the YAML scene format, read and written; no engine
//   Dynamics  Gestures  Animation  TerminalUI  Images  TerminalTestSupport
//                                              (the last: a pty pair and child processes with deadlines
//                                              for tests; only test targets use it)
//   Geometry
// See DECISIONS.md for why each seam sits where it does.
import PackageDescription
import Foundation

// Release builds of the engine use AVX2 and FMA (the wide contact solver runs eight lanes at
// once) when the machine building them has both, as -march=native would; elsewhere, or with
// NUDGE_PORTABLE=1, they stay on the baseline x86-64 instruction set. See DECISIONS.md.
let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
let buildMachineHasAVX2 = cpuInfo.contains(" avx2") && cpuInfo.contains(" fma")
let portable = ProcessInfo.processInfo.environment["NUDGE_PORTABLE"] != nil
let cpuFlags: [String] = buildMachineHasAVX2 && !portable ? ["-target-cpu", "haswell"] : []

let optimize: [SwiftSetting] = [
    // The solver's hot loops index plain arrays; exclusivity checks cost more than they catch there.
    .unsafeFlags(["-enforce-exclusivity=unchecked"] + cpuFlags, .when(configuration: .release)),
]

let package = Package(
    name: "Nudge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nudge", targets: ["nudge"]),
        // The UIKit-style modules as libraries another package can depend on (README, "Using the
        // libraries"). Each product is one module; Dynamics, Gestures and Animation bring Geometry.
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Animation", targets: ["Animation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation --target Dynamics` (a command plugin: it is
        // built only when that command runs, never by `swift build` or `swift test`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Geometry"),
        .target(name: "CLaneShuffles"),
        .target(name: "Dynamics", dependencies: ["Geometry", "CLaneShuffles", "CZlib"], swiftSettings: optimize),
        .target(name: "Gestures", dependencies: ["Geometry"]),
        .target(name: "Animation", dependencies: ["Geometry"]),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "Images", dependencies: ["CLibPNG"]),
        // The scene format (parse and write YAML, no engine) apart from the runtime that builds
        // an animator from it, so the format builds and is tested without Dynamics.
        .target(name: "SceneFormat", dependencies: ["Geometry", "Images", "Yams"]),
        .target(name: "Scenes", dependencies: ["SceneFormat", "Geometry", "Dynamics", "Animation", "Images"]),
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "TerminalUI", dependencies: ["Geometry", "CZlib"]),
        // No pkgConfig: ncursesw's pkg-config flags are -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600,
        // which SwiftPM prohibits (and warned about on every build); its headers are in the
        // default include path, and the module map links ncursesw and tinfo itself.
        .systemLibrary(
            name: "CNCursesW",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CursesTerminal", dependencies: ["CNCursesW", "TerminalUI"]),
        // What tests need to drive the terminal code (a pty pair) and the programs they start
        // (child processes, every wait with a deadline); only test targets depend on it.
        .target(name: "TerminalTestSupport", dependencies: ["CNCursesW"]),
        // What the scene-format, scenes and command-line tests share (inline YAML, error places).
        .target(name: "SceneTestSupport", dependencies: ["SceneFormat"]),
        .target(name: "Playground", dependencies: ["Scenes", "SceneFormat", "TerminalUI", "Gestures", "Animation", "Dynamics", "Images", "Geometry", "CZlib"]),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .target(name: "Snapshots", dependencies: ["Playground", "Scenes", "SceneFormat", "TerminalUI", "Images", "CFreeType"]),
        .target(name: "Benchmarks", dependencies: ["Dynamics", "Scenes", "SceneFormat", "TerminalUI", "Playground", "Gestures", "Geometry"], swiftSettings: optimize),
        .executableTarget(
            name: "nudge",
            dependencies: [
                "Geometry", "Images", "Scenes", "SceneFormat", "Playground", "CursesTerminal", "TerminalUI", "Benchmarks", "Snapshots",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "Geometry", "SceneTestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "SceneFormat", "Dynamics", "Geometry", "Benchmarks", "SceneTestSupport"]),
        // The `nudge` binary run for real: its commands, their help against docs/command-line.md.
        .testTarget(name: "CommandLineTests", dependencies: ["Scenes", "SceneFormat", "Geometry", "Images", "TerminalUI", "SceneTestSupport", "TerminalTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Geometry", "Images", "CZlib"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "TerminalUI", "TerminalTestSupport"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "TerminalUI", "Scenes", "SceneFormat", "Images", "Gestures", "Dynamics", "Geometry"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "Dynamics", "Geometry", "Scenes", "SceneFormat"]),
        .testTarget(name: "SnapshotsTests", dependencies: ["Snapshots", "TerminalUI", "Images"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TerminalUI", "Images", "TerminalTestSupport"]),
        // Uses the four library modules as another package would: plain imports (no @testable),
        // so only their public API is visible. Examples/LibraryClient depends on the products.
        .testTarget(name: "LibraryClientTests", dependencies: ["Geometry", "Dynamics", "Gestures", "Animation"]),
        // Reads the library modules' sources: every public declaration carries `///`.
        .testTarget(name: "DocumentationTests"),
    ]
)
