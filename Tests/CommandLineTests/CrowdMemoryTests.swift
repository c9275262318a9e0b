// 3,000 items made at one point: every pair overlaps, and a contact per pair would be 4.5 million
// contacts (3.8 GB). A shape keeps at most WorldSettings.maxContactsPerShape contacts with other
// items, so the whole run stays far under a gigabyte. Measured from outside: the peak resident
// size of `nudge simulate` as the kernel accounts it for the finished child.
import Foundation
import Glibc
import Testing

@Suite("3,000 items at one point")
struct CrowdMemoryTests {
    @Test("simulating 3,000 balls made at one point peaks under 1 GB of memory")
    func crowdStaysUnderAGigabyte() throws {
        var yaml = "name: Crowd\nitems:\n"
        for i in 0..<3000 {
            let a = Double(i) * 2.4, r = 0.01 * Double(i).squareRoot()
            yaml += "  - {id: b\(i), shape: ellipse, size: [16, 16], center: [\(320 + r * cos(a)), \(184 + r * sin(a))]}\n"
        }
        yaml += "behaviors:\n  - {type: gravity}\n  - {type: collision, boundaries: reference}\n"
        let scene = try CommandLineTests.temporaryScene(yaml)
        defer { try? FileManager.default.removeItem(at: scene) }
        let r = try CommandLineTests.run(["simulate", scene.path, "--steps", "5", "--every", "5"])
        #expect(r.status == 0, "\(r.errors)")
        // The largest finished child of this process so far (ru_maxrss in kilobytes): this run,
        // unless another test's child was larger, which would only make the bound harder to meet.
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let peakBytes = Double(usage.ru_maxrss) * 1024
        #expect(peakBytes < 1e9, "peak \(peakBytes / 1e6) MB")
        #expect(!r.output.contains("null") && !r.output.contains("nan"))
    }
}
