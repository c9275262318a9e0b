// ScalingPlot: the scaling run drawn as an SVG a browser or a README shows as it is: two log-log
// panels side by side (pyramids, rains), median ms per step against bodies, one polyline with
// dots per engine, a legend, and the notes (engines not run, runs left out) under it. Both panels
// share one pair of axes, each running from the power of ten at or below the smallest value to
// the one at or above the largest, so a line's slope reads as the exponent of the growth (1 =
// linear) and the panels compare at a glance. Pure: rows in, text out; no files, no clock.
import Foundation

/// A logarithmic axis between two powers of ten.
public struct LogAxis: Equatable, Sendable {
    /// The powers of ten at the axis' ends (lower < upper).
    public let lower: Double
    public let upper: Double

    /// The smallest span of whole decades holding every positive value; nil when there is none.
    public init?(covering values: [Double]) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let smallest = positive.min(), let largest = positive.max() else { return nil }
        // The slack keeps exact powers of ten (log10 of 0.1 may round either side of −1) on their decade.
        let lo = (log10(smallest) + 1e-9).rounded(.down)
        var hi = (log10(largest) - 1e-9).rounded(.up)
        if hi <= lo { hi = lo + 1 }
        lower = pow(10, lo)
        upper = pow(10, hi)
    }

    /// Where `value` sits along the axis: 0 at `lower`, 1 at `upper`, by its logarithm.
    public func fraction(of value: Double) -> Double {
        (log10(value) - log10(lower)) / (log10(upper) - log10(lower))
    }

    /// The powers of ten from lower to upper.
    public var decades: [Double] {
        let count = Int((log10(upper) - log10(lower)).rounded())
        return (0...count).map { lower * pow(10, Double($0)) }
    }

    /// The grid lines: every 1…9 × decade up to upper.
    var gridValues: [(value: Double, isDecade: Bool)] {
        decades.flatMap { d in (1...9).map { (value: d * Double($0), isDecade: $0 == 1) } }
            .filter { $0.value <= upper * 1.0001 }
    }
}

public struct ScalingPlot {
    /// The panels, left to right, with their titles.
    public static let families = [("pyramid", "Box pyramids (large_pyramid layout)"), ("rain", "Rain of mixed shapes")]
    /// Panel geometry in SVG units: the first panel's left edge, the panels' top edge, their size
    /// and the gap between them.
    public static let left = 90.0, top = 60.0, panelWidth = 380.0, panelHeight = 300.0, gap = 90.0
    public static let width = 980.0
    static let colors: [ScalingEngine: String] = [.nudge: "#d62728", .box2d: "#1f77b4", .chipmunk: "#2ca02c"]

    public let rows: [ScalingRow]
    public let engines: [ScalingEngine]
    public let notes: [String]
    /// Bodies, shared by both panels.
    public let x: LogAxis
    /// Median ms per step, shared by both panels.
    public let y: LogAxis

    /// A plot of the measured rows (left-out rows carry no figures and draw nothing); nil when no
    /// row has a positive body count and time.
    public init?(rows: [ScalingRow], engines: [ScalingEngine] = ScalingEngine.allCases, notes: [String] = []) {
        let measured = rows.filter { ($0.bodies ?? 0) > 0 && ($0.medianMs ?? 0) > 0 }
        guard let x = LogAxis(covering: measured.compactMap { $0.bodies.map(Double.init) }),
              let y = LogAxis(covering: measured.compactMap(\.medianMs)) else { return nil }
        self.rows = measured; self.engines = engines; self.notes = notes; self.x = x; self.y = y
    }

    /// The left edge of panel k (0: pyramids, 1: rains).
    public static func panelLeft(_ k: Int) -> Double { left + Double(k) * (panelWidth + gap) }

    /// The SVG x of a body count in panel k.
    public func xPosition(bodies: Double, panel k: Int) -> Double {
        Self.panelLeft(k) + Self.panelWidth * x.fraction(of: bodies)
    }

    /// The SVG y of a time (y grows downward, so the larger time is higher up).
    public func yPosition(ms: Double) -> Double {
        Self.top + Self.panelHeight * (1 - y.fraction(of: ms))
    }

    /// The points of one engine's line in panel k, by growing body count.
    public func points(engine: ScalingEngine, panel k: Int) -> [(x: Double, y: Double)] {
        let family = Self.families[k].0
        return rows.filter { $0.family == family && $0.engine == engine }
            .compactMap { row in row.bodies.flatMap { b in row.medianMs.map { (Double(b), $0) } } }
            .sorted { $0.0 < $1.0 }
            .map { (x: xPosition(bodies: $0.0, panel: k), y: yPosition(ms: $0.1)) }
    }

    public var svg: String {
        let (left, top, w, h) = (Self.left, Self.top, Self.panelWidth, Self.panelHeight)
        let height = 440 + 16 * notes.count
        var s = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(Self.width))\" height=\"\(height)\" font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"\(n(Self.width))\" height=\"\(height)\" fill=\"white\"/>",
            "<text x=\"\(n(Self.width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">Median ms per 1/60 s step "
                + "against body count (log-log, one thread, sleeping off)</text>",
        ]
        for (k, (_, title)) in Self.families.enumerated() {
            let pl = Self.panelLeft(k)
            s.append("<text x=\"\(n(pl + w / 2))\" y=\"\(n(top - 12))\" text-anchor=\"middle\" font-size=\"14\">\(escaped(title))</text>")
            s.append("<rect x=\"\(n(pl))\" y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"none\" stroke=\"#444\"/>")
            for grid in x.gridValues {
                let gx = f(xPosition(bodies: grid.value, panel: k))
                s.append("<line x1=\"\(gx)\" y1=\"\(n(top))\" x2=\"\(gx)\" y2=\"\(n(top + h))\" stroke=\"\(grid.isDecade ? "#ccc" : "#eee")\"/>")
            }
            for d in x.decades {
                s.append("<text x=\"\(f(xPosition(bodies: d, panel: k)))\" y=\"\(n(top + h + 16))\" text-anchor=\"middle\">\(label(d))</text>")
            }
            for grid in y.gridValues {
                let gy = f(yPosition(ms: grid.value))
                s.append("<line x1=\"\(n(pl))\" y1=\"\(gy)\" x2=\"\(n(pl + w))\" y2=\"\(gy)\" stroke=\"\(grid.isDecade ? "#ccc" : "#eee")\"/>")
            }
            for d in y.decades {
                s.append("<text x=\"\(n(pl - 6))\" y=\"\(f(yPosition(ms: d) + 4))\" text-anchor=\"end\">\(label(d))</text>")
            }
            s.append("<text x=\"\(n(pl + w / 2))\" y=\"\(n(top + h + 36))\" text-anchor=\"middle\">bodies</text>")
            s.append("<text transform=\"translate(\(n(pl - 50)),\(n(top + h / 2))) rotate(-90)\" text-anchor=\"middle\">ms per step</text>")
            for engine in engines {
                let pts = points(engine: engine, panel: k)
                if pts.isEmpty { continue }
                let color = Self.colors[engine] ?? "#000"
                s.append("<polyline points=\"\(pts.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))\" "
                         + "fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
                for p in pts { s.append("<circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"3\" fill=\"\(color)\"/>") }
            }
        }
        // The legend, then the notes.
        var lx = left
        for engine in engines {
            let color = Self.colors[engine] ?? "#000"
            s.append("<line x1=\"\(n(lx))\" y1=\"\(n(top + h + 64))\" x2=\"\(n(lx + 24))\" y2=\"\(n(top + h + 64))\" stroke=\"\(color)\" stroke-width=\"3\"/>")
            s.append("<text x=\"\(n(lx + 30))\" y=\"\(n(top + h + 68))\">\(escaped(engine.displayName))</text>")
            lx += 150
        }
        for (i, note) in notes.enumerated() {
            s.append("<text x=\"\(n(left))\" y=\"\(n(top + h + 90 + 16 * Double(i)))\" fill=\"#555\">\(escaped(note))</text>")
        }
        s.append("</svg>")
        return s.joined(separator: "\n") + "\n"
    }

    /// A coordinate with one decimal.
    private func f(_ v: Double) -> String { String(format: "%.1f", v) }
    /// A whole coordinate without decimals.
    private func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : f(v) }

    /// An axis label: 0.01, 0.1, 1, 10, 100, 1000, then 10,000 and up with thousands separators.
    static func label(_ v: Double) -> String {
        if v >= 10_000 {
            var digits = String(Int(v.rounded()))
            var groups: [Substring] = []
            while digits.count > 3 {
                groups.insert(Substring(digits.suffix(3)), at: 0)
                digits.removeLast(3)
            }
            groups.insert(Substring(digits), at: 0)
            return groups.joined(separator: ",")
        }
        if v >= 1 { return String(Int(v.rounded())) }
        return String(format: "%g", v)
    }
    private func label(_ v: Double) -> String { Self.label(v) }

    /// Text made safe inside an SVG element.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
