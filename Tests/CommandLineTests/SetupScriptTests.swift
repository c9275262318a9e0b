// scripts/setup.sh, which the README's two commands (scripts/play, scripts/test) run first, on
// the machines it meets: without Swift or with one too old it says which Swift and where to get
// it; as root it installs what is missing with apt-get, saying what; as another user through
// sudo, saying so; without sudo it names the command to run as root; with everything present it
// does nothing. The system is stood in for by a folder of small programs that is the whole PATH:
// `swift --version` prints a chosen version, `id -u` a chosen user, `dpkg-query` knows a chosen
// list of installed packages, and `apt-get` and `sudo` only write down how they were called; the
// text tools the script uses are the real ones. The packages checked are the ones a build of the
// playground needs headers of (ncursesw, libpng, FreeType) and the ones the tests drive (tmux, a
// virtual display, xterm).
import Foundation
import Testing
import SceneTestSupport
import TerminalTestSupport

@Suite("scripts/setup.sh on machines with and without what Nudge needs")
struct SetupScriptTests {
    static let playgroundHeaders = ["libncurses-dev", "libpng-dev", "libfreetype-dev"]
    static let testTools = ["tmux", "xvfb", "xterm"]

    /// A PATH of its own: stubs for the system, links to the real text tools.
    final class FakeSystem {
        let folder: URL
        var log: URL { folder.appendingPathComponent("calls.log") }

        init(swift: String?, user: Int, sudo: Bool, installed: [String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-setup-\(UUID().uuidString)")
            let bin = folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for tool in ["bash", "sed", "sort", "head", "grep", "cat", "dirname", "mktemp", "rm"] {
                let real = try #require(ChildProcess.executable(named: tool), "\(tool) is not installed")
                try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(tool).path, withDestinationPath: real)
            }
            try installed.joined(separator: "\n").appending("\n").write(to: folder.appendingPathComponent("installed"), atomically: true, encoding: .utf8)
            var stubs = [
                "id": "[ \"$1\" = -u ] && echo \(user)",
                "dpkg": "exit 0",
                "dpkg-query": "for p; do :; done; grep -qx \"$p\" '\(folder.path)/installed' && printf 'install ok installed'",
                "apt-get": "echo \"apt-get $*\" >> '\(log.path)'",
            ]
            // swift: its version; for a build, the call written down; the bin path a folder whose
            // nudge writes down its arguments.
            if let swift {
                stubs["swift"] = """
                    case "$*" in
                      --version) echo 'Swift version \(swift) (swift-\(swift)-RELEASE)' ;;
                      *--show-bin-path*) echo '\(folder.path)/release' ;;
                      *) echo "swift $*" >> '\(log.path)' ;;
                    esac
                    """
            }
            if sudo { stubs["sudo"] = "echo \"sudo $*\" >> '\(log.path)'; exec \"$@\"" }
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("release"), withIntermediateDirectories: true)
            stubs["../release/nudge"] = "echo \"nudge $*\" >> '\(log.path)'"
            for (name, body) in stubs {
                let file = bin.appendingPathComponent(name)
                try "#!/bin/sh\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// `bash scripts/setup.sh PART` with this PATH: status, standard error, the calls made.
        func run(_ part: String) throws -> (status: Int32, errors: String, calls: [String]) {
            try run(script: "scripts/setup.sh", [part])
        }

        /// `bash SCRIPT ARGUMENTS` (a path in the package) with this PATH.
        func run(script: String, _ arguments: [String]) throws -> (status: Int32, errors: String, calls: [String]) {
            let bash = try #require(ChildProcess.executable(named: "bash"), "bash is not installed")
            let path = Fixture.packageRoot.appendingPathComponent(script).path
            let ending = try ChildProcess.run([bash, path] + arguments, environment: ["PATH": folder.appendingPathComponent("bin").path],
                                              within: 30)
            let calls = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return (ending.status, ending.errors, calls)
        }
    }

    @Test("no swift on PATH: exit 1, naming Swift 6.0 and swift.org/install, nothing installed")
    func noSwift() throws {
        let result = try FakeSystem(swift: nil, user: 0, sudo: false, installed: []).run("playground")
        #expect(result.status == 1)
        #expect(result.errors.contains("Swift 6.0 or later") && result.errors.contains("https://www.swift.org/install/linux/"), "\(result.errors)")
        #expect(result.calls.isEmpty, "\(result.calls)")
    }

    @Test("Swift 5.10 on PATH: exit 1, naming the version found and the one needed")
    func oldSwift() throws {
        let result = try FakeSystem(swift: "5.10", user: 0, sudo: false, installed: []).run("playground")
        #expect(result.status == 1)
        #expect(result.errors.contains("Swift 6.0 or later") && result.errors.contains("is 5.10"), "\(result.errors)")
        #expect(result.calls.isEmpty, "\(result.calls)")
    }

    @Test("root on a bare machine: says what it installs, and apt-get installs the playground's headers")
    func rootInstalls() throws {
        let result = try FakeSystem(swift: "6.3.1", user: 0, sudo: false, installed: []).run("playground")
        #expect(result.status == 0, "\(result.errors)")
        let install = try #require(result.calls.first { $0.hasPrefix("apt-get install") }, "\(result.calls)")
        let packages = install.split(separator: " ").map(String.init)
        for name in Self.playgroundHeaders {
            #expect(packages.contains(name), "\(install)")
            #expect(result.errors.contains(name), "not said: \(name) in \(result.errors)")
        }
        #expect(!packages.contains("tmux"), "the playground does not need the tests' tools: \(install)")
        #expect(result.calls.first == "apt-get update -qq" && !result.calls.contains { $0.hasPrefix("sudo") }, "\(result.calls)")
    }

    @Test("another user with sudo: says it uses sudo, and apt-get runs through it")
    func userWithSudo() throws {
        let result = try FakeSystem(swift: "6.3.1", user: 1000, sudo: true, installed: []).run("playground")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("with sudo apt-get"), "\(result.errors)")
        #expect(result.calls.contains { $0.hasPrefix("sudo apt-get install") }, "\(result.calls)")
        #expect(result.calls.contains { $0.hasPrefix("apt-get install") && $0.contains("libncurses-dev") }, "\(result.calls)")
    }

    @Test("another user without sudo: exit 1, naming the apt-get command to run as root, nothing run")
    func userWithoutSudo() throws {
        let result = try FakeSystem(swift: "6.3.1", user: 1000, sudo: false, installed: []).run("playground")
        #expect(result.status == 1)
        #expect(result.errors.contains("install them as root: apt-get install libncurses-dev"), "\(result.errors)")
        #expect(result.calls.isEmpty, "\(result.calls)")
    }

    @Test("tests on a machine with the playground's packages: installs only what the tests add, tmux, xvfb and xterm among them")
    func testsAddTheirTools() throws {
        let setup = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        let line = try #require(setup.split(separator: "\n").first { $0.hasPrefix("playground_packages=(") })
        let playground = line.dropFirst("playground_packages=(".count).dropLast().split(separator: " ").map(String.init)
        let result = try FakeSystem(swift: "6.3.1", user: 0, sudo: false, installed: playground).run("tests")
        #expect(result.status == 0, "\(result.errors)")
        let install = try #require(result.calls.first { $0.hasPrefix("apt-get install") }, "\(result.calls)")
        let packages = Set(install.split(separator: " ").map(String.init))
        for name in Self.testTools { #expect(packages.contains(name), "\(install)") }
        #expect(packages.isDisjoint(with: playground), "\(install)")
    }

    @Test("everything present: nothing said, nothing installed, exit 0", arguments: ["playground", "tests"])
    func nothingToDo(part: String) throws {
        let all = try Self.allPackages()
        #expect(all.count > 10)
        let result = try FakeSystem(swift: "6.3.1", user: 1000, sudo: true, installed: all).run(part)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        #expect(result.calls.isEmpty, "\(result.calls)")
    }

    /// Every package setup.sh knows, both lists.
    static func allPackages() throws -> [String] {
        let setup = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        return setup.split(separator: "\n").filter { $0.hasPrefix("playground_packages=(") || $0.hasPrefix("test_packages=(") }
            .flatMap { $0.drop { $0 != "(" }.dropFirst().dropLast().split(separator: " ").map(String.init) }
    }

    @Test("scripts/play (the README's first command): set-up, an optimized build of nudge, then that build with the arguments")
    func playBuildsOptimized() throws {
        let system = try FakeSystem(swift: "6.3.1", user: 0, sudo: false, installed: [])
        let result = try system.run(script: "scripts/play", ["scenes/004-cradle.yaml"])
        #expect(result.status == 0, "\(result.errors)")
        let install = try #require(result.calls.firstIndex { $0.hasPrefix("apt-get install") }, "\(result.calls)")
        let build = try #require(result.calls.firstIndex(of: "swift build -c release --product nudge"), "\(result.calls)")
        #expect(install < build && result.calls.last == "nudge scenes/004-cradle.yaml", "\(result.calls)")
        #expect(!result.calls.contains { $0.hasPrefix("swift run") || $0 == "swift build" }, "\(result.calls)")
    }

    @Test("scripts/test (the README's second command, and CI's): set-up for the tests, then swift test with the arguments")
    func testRunsTheSuite() throws {
        let system = try FakeSystem(swift: "6.3.1", user: 0, sudo: false, installed: [])
        let result = try system.run(script: "scripts/test", ["--filter", "CradleTests"])
        #expect(result.status == 0, "\(result.errors)")
        let install = try #require(result.calls.first { $0.hasPrefix("apt-get install") }, "\(result.calls)")
        for name in Self.testTools { #expect(install.split(separator: " ").contains(Substring(name)), "\(install)") }
        #expect(result.calls.last == "swift test --filter CradleTests", "\(result.calls)")
        let ci = try String(contentsOf: Fixture.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains { $0.hasPrefix("bash scripts/test") }, "CI does not run scripts/test")
    }
}
