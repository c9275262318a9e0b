// HUD: seven short lines of figures in the top left corner of the play area while an overlay is on:
// how many bodies, contact points and joints the engine holds, the milliseconds a step takes,
// and the kinetic, potential and total energy.
//
// The energies are the ones a user checks against physics (a Newton's cradle keeps its total;
// a dropped ball turns m·g·h into ½·m·v²), so they come straight from the animator
// (DynamicAnimator.kineticEnergy and .potentialEnergy, in mass·pt²/s²) and are printed with four
// significant figures or so, never in a notation that hides a change. The HUD is text, so it
// is written into the CellGrid after the canvas, as the help overlay is, over a dark box that
// keeps it readable whatever is beneath, about 20 columns wide so
// that it leaves most of the play area's top edge in sight; the figures are worked out once per drawn frame.
import Dynamics
import Foundation
import Scenes
import TerminalUI

struct HUD {
    /// The numbers the HUD shows.
    struct Figures: Equatable {
        /// Items the engine simulates.
        var bodies: Int
        /// Contact points where items touch (DynamicAnimator.contactPoints).
        var contacts: Int
        /// Active joints (attachments).
        var joints: Int
        /// The mean time of the last frame's steps, ms.
        var stepMilliseconds: Double
        /// Σ ½mv² + ½Iω², mass·pt²/s².
        var kineticEnergy: Double
        /// Σ m·g·h above the bottom of the reference bounds, mass·pt²/s².
        var potentialEnergy: Double

        var totalEnergy: Double { kineticEnergy + potentialEnergy }

        /// The figures of `scene` now, whose contact points are `contacts` (asked of the animator
        /// once per frame, for the contacts overlay too).
        init(_ scene: Scene, contacts: [ContactPoint], stepMilliseconds: Double) {
            let animator = scene.animator
            let statistics = animator.statistics
            bodies = statistics.bodies
            self.contacts = contacts.count
            joints = statistics.joints
            self.stepMilliseconds = stepMilliseconds
            kineticEnergy = animator.kineticEnergy
            potentialEnergy = animator.potentialEnergy
        }
    }

    var figures: Figures

    /// The HUD's lines.
    var lines: [String] {
        [
            "bodies     \(figures.bodies)",
            "contacts   \(figures.contacts)",
            "joints     \(figures.joints)",
            "step       \(String(format: "%.2f", figures.stepMilliseconds)) ms",
            "kinetic    \(Self.energy(figures.kineticEnergy))",
            "potential  \(Self.energy(figures.potentialEnergy))",
            "total      \(Self.energy(figures.totalEnergy))",
        ]
    }

    /// An energy with about four significant figures: whole numbers from 100 up (to ten million),
    /// two decimals below, and powers of ten past that.
    static func energy(_ e: Double) -> String {
        guard e.isFinite else { return "—" }
        let magnitude = abs(e)
        if magnitude >= 1e7 { return String(format: "%.3e", e) }
        if magnitude >= 100 { return String(format: "%.0f", e) }
        return String(format: "%.2f", e)
    }

    /// Writes the lines over a dark box in the top left corner of `grid`, above its status row;
    /// `opaque` (pixel mode) makes its blanks hide the picture.
    func draw(into grid: inout CellGrid, opaque: Bool = false) {
        let lines = lines
        let width = min((lines.map(\.terminalColumns).max() ?? 0) + 2, grid.columns)
        let height = min(lines.count, max(grid.rows - 1, 0))
        guard width > 0, height > 0 else { return }
        let background = Color.panelBackground
        grid.fill(Cell.blank(background), columns: 0..<width, rows: 0..<height)
        for (row, line) in lines.prefix(height).enumerated() {
            grid.write(line.fitted(toColumns: max(width - 2, 0)), column: 1, row: row, foreground: .white, background: background)
        }
        if opaque { grid.makeOpaque(columns: 0..<width, rows: 0..<height) }
    }
}
