// End to end: `d` in the real `nudge play` on the shipped Newton's cradle, in tmux. The first
// press shows the contact overlay and the HUD (five bodies, five rods, the energies); four more
// go through the other overlays back to off, and the HUD goes with the last.
import Foundation
import Testing

@Suite("physics overlays in tmux", .serialized)
struct PhysicsOverlayEndToEndTests {
    @Test("d on Newton's cradle shows the overlay in the status line and the HUD's lines; five presses turn it off",
          arguments: SeedScenesEndToEndTests.terms)
    func overlayAndHUDOnTheCradle(term: String) throws {
        try SeedScenesEndToEndTests.withScene("003-cradle.yaml", name: "Newton's Cradle", term: term) { s in
            #expect(try !s.text().contains("potential"))
            try s.send(keys: "d")
            let shown = try s.waitUntil { try s.statusLine().contains("overlay: contacts") }
            #expect(shown, "status line: \((try? s.statusLine()) ?? "")")
            let lines = try s.text().split(separator: "\n").map(String.init)
            // Five balls on five rods; hanging still, they have no kinetic energy.
            func words(_ row: Int) -> [Substring] { row < lines.count ? lines[row].split(separator: " ").prefix(2).map { $0 } : [] }
            #expect(words(0) == ["bodies", "5"] && words(2) == ["joints", "5"], "\(lines.prefix(3))")
            #expect(lines.contains { $0.contains("step ") && $0.contains(" ms") })
            #expect(lines.contains { $0.contains("kinetic    0.00") })
            #expect(lines.contains { $0.contains("potential  ") })
            #expect(lines.contains { $0.contains("total      ") })
            for name in ["velocities", "joints", "bounds & sleeping"] {
                try s.send(keys: "d")
                #expect(try s.waitUntil { try s.statusLine().contains("overlay: \(name)") }, "no \(name) overlay")
            }
            try s.send(keys: "d")
            #expect(try s.waitUntil { try !s.statusLine().contains("overlay") && !s.text().contains("potential") })
            try s.send(keys: "q")
            try PlaygroundEndToEndTests.expectCleanExit(s, status: 0)
        }
    }
}
