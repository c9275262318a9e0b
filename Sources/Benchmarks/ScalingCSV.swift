// ScalingCSV: the scaling run as a CSV file, the columns benchmarks/results/scaling.csv has always
// had (peers.py wrote it before `nudge bench scaling` did), so plots and notebooks made from
// older files still read new ones. Empty cells for what a left-out run did not measure; booleans
// as true/false; numbers in Swift's shortest round-trip form. Pure: rows in, text out.
public enum ScalingCSV {
    /// The header, in order.
    public static let columns = ["family", "scene", "engine", "steps", "bodies", "contacts",
                                 "medianMs", "minMs", "maxMs", "stands", "note"]

    /// The header line and one line per row, each ending in a newline.
    public static func text(rows: [ScalingRow]) -> String {
        var out = columns.joined(separator: ",") + "\n"
        for row in rows {
            let cells: [String] = [
                row.family, row.scene, row.engine.rawValue,
                row.steps.map(String.init) ?? "", row.bodies.map(String.init) ?? "",
                row.contacts.map(String.init) ?? "",
                row.medianMs.map { "\($0)" } ?? "", row.minMs.map { "\($0)" } ?? "", row.maxMs.map { "\($0)" } ?? "",
                row.stands.map { $0 ? "true" : "false" } ?? "", row.note,
            ]
            out += cells.map(quoted).joined(separator: ",") + "\n"
        }
        return out
    }

    /// A cell as RFC 4180 wants it: in double quotes (inner quotes doubled) when it holds a comma,
    /// a quote or a line break, as is otherwise.
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
    }
}
