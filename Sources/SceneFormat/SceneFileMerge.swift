// SceneFileMerge: the text of a scene as it is now, laid over the text of its file, so that what
// did not change keeps the file's own words: its comments, its key order, its flow or block style.
//
// SceneWriter writes a scene from scratch, which drops every comment. Saving over the file being
// played (`W`) should not: the person wrote those comments. The merge works on the file's
// top-level keys (name, summary, size, items, groups, behaviors, gestures, animations) and, inside a
// list, on its entries, comparing by meaning (the YAML each piece parses to, keys in any order,
// numbers by value), never by spelling:
// - the header comment, and the file's top-level keys in the file's order, stay;
// - a key whose value means the same keeps its lines; one that changed takes the writer's;
// - in a list, an entry that means the same as one of the file's keeps the file's lines
//   (comments included); a changed entry takes the writer's line, after the comment lines that
//   stood above the file's entry of the same `id`; entries follow the scene's order;
// - keys the file lacked are added after the others, keys the scene no longer has are left out
//   (and `name` is not added when the scene is still called after its file).
// The result is checked by the caller, which parses it again before writing it.
import Foundation
import Yams

public enum SceneFileMerge {
    /// `written` (SceneWriter's text of the scene now, without a comment) laid over `original`
    /// (the file's text); `stem` is the file's name without extension, which a scene without
    /// `name` is called by.
    public static func merge(original: String, written: String, stem: String) -> String {
        let old = Document(original), new = Document(written)
        var out = old.header
        for block in old.blocks {
            guard let key = block.key, let replacement = new.blocks.first(where: { $0.key == key }) else {
                if block.key == nil { out += block.lines }
                continue
            }
            out += merged(block, replacement)
        }
        for block in new.blocks where !old.blocks.contains(where: { $0.key == block.key }) {
            if block.key == "name", !old.blocks.contains(where: { $0.key == "name" }),
               Self.meaning(block.lines) == Self.meaning(["name: \(stem)"]) { continue }
            out += block.lines
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One top-level key: the file's lines where the meaning is the same, else the writer's.
    private static func merged(_ old: Block, _ new: Block) -> [String] {
        if meaning(old.body) == meaning(new.body) { return old.lines }
        guard let oldEntries = old.entries, let newEntries = new.entries else { return old.leading + new.body }
        var used = Set<Int>()
        var out = old.leading + [old.body[0]]
        let indent = oldEntries.first?.indent ?? 2
        for entry in newEntries {
            let m = meaning(entry.dedented)
            if let i = oldEntries.indices.first(where: { !used.contains($0) && meaning(oldEntries[$0].dedented) == m }) {
                used.insert(i)
                out += oldEntries[i].lines
                continue
            }
            let id = identifier(entry.dedented)
            let sameID = oldEntries.indices.first { !used.contains($0) && id != nil && identifier(oldEntries[$0].dedented) == id }
            if let sameID {
                used.insert(sameID)
                out += oldEntries[sameID].comments
            }
            out += entry.body.map { line in String(repeating: " ", count: indent) + String(line.dropFirst(entry.indent)) }
        }
        return out
    }

    /// What `lines` mean as YAML, in one canonical string (nil when they do not parse).
    static func meaning(_ lines: [String]) -> String? {
        guard let node = try? Yams.compose(yaml: lines.joined(separator: "\n")) else { return nil }
        return canonical(node)
    }

    private static func canonical(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if let number = Double(scalar.string) { return "n\(number)" }
            return "s" + scalar.string
        case .sequence(let sequence):
            return "[" + sequence.map(canonical).joined(separator: ",") + "]"
        case .mapping(let mapping):
            return "{" + mapping.map { canonical($0.key) + ":" + canonical($0.value) }.sorted().joined(separator: ",") + "}"
        case .alias:
            return "*"
        }
    }

    /// The `id` of a list entry, if it has one.
    private static func identifier(_ lines: [String]) -> String? {
        guard case .sequence(let list)? = try? Yams.compose(yaml: lines.joined(separator: "\n")),
              let first = list.first, case .mapping(let mapping) = first else { return nil }
        return mapping["id"]?.string
    }
}

/// A scene file's text in pieces: the header comment and the top-level keys.
private struct Document {
    var header: [String] = []
    var blocks: [Block] = []

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        var pending: [String] = []
        var started = false
        for line in lines {
            let isNote = line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#")
            if !started {
                if isNote { header.append(line); continue }
                started = true
            }
            if isNote { pending.append(line); continue }
            if let first = line.first, first != " ", first != "-", let colon = line.firstIndex(of: ":") {
                blocks.append(Block(key: String(line[..<colon]), leading: pending, body: [line]))
            } else if blocks.isEmpty {
                blocks.append(Block(key: nil, leading: pending, body: [line]))
            } else {
                blocks[blocks.count - 1].body += pending + [line]
            }
            pending = []
        }
        if !blocks.isEmpty { blocks[blocks.count - 1].body += pending } else { header += pending }
    }
}

/// One top-level key: the comment lines above it and its own lines.
private struct Block {
    var key: String?
    var leading: [String]
    var body: [String]

    var lines: [String] { leading + body }

    /// The entries of a block list under the key (nil when the value is not one).
    var entries: [Entry]? {
        let rest = body.dropFirst()
        guard let dash = rest.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }) else { return nil }
        let indent = dash.prefix { $0 == " " }.count
        var entries: [Entry] = []
        var comments: [String] = []
        for line in rest {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                comments.append(line)
            } else if line.prefix(indent).allSatisfy({ $0 == " " }), line.dropFirst(indent).hasPrefix("-") {
                entries.append(Entry(indent: indent, comments: comments, body: [line]))
                comments = []
            } else if entries.isEmpty {
                return nil
            } else {
                entries[entries.count - 1].body += comments + [line]
                comments = []
            }
        }
        if !entries.isEmpty { entries[entries.count - 1].body += comments }
        return entries
    }
}

/// One entry of a block list: the comment lines above it and its own lines.
private struct Entry {
    var indent: Int
    var comments: [String]
    var body: [String]

    var lines: [String] { comments + body }
    /// Its own lines, moved left to column 0 (a one-entry YAML list).
    var dedented: [String] {
        body.map { line in String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))) }
    }
}
