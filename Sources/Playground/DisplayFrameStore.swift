// DisplayFrameStore: a frame of what the screen showed at every step of a session, so that time
// travel shows any step at once, without re-simulating it.
//
// Exact checkpoints cannot be close enough for that: a 1,000-item crowd's step costs tens of
// milliseconds, and its state megabytes. What the screen needs of a step is much less
// (DisplayFrame: poses, colors, joint ends, the scoreboard, quantized), and from one step to
// the next it changes little and smoothly, so the store keeps frames in blocks of
// `blockLength` steps of one layout (FrameBlock), deflated as their second differences once
// full: a 10-minute crowd's 36,000 frames take tens of megabytes.
//
// Frames come in step order (`record`); a step already recorded is not recorded again (a trip
// re-simulating the past gives the same frames). A scene at rest skips steps without change:
// the frame before the skip holds through it (`hold`). Anything that changes a step's frame
// after it was recorded (an event delivered, an edit) drops it and the later ones (`drop`),
// as the history drops its future; a step with no frame falls back to re-simulation.
//
// Reading a frame of a packed block unpacks the whole block; the last one unpacked is kept,
// so scrubbing through a block unpacks it once.
final class DisplayFrameStore {
    static let blockLength = 64
    private var blocks: [FrameBlock] = []
    /// The scoreboard texts, each once, and their indices.
    private var texts: [String] = []
    private var textIndex: [String: Int32] = [:]
    /// The rows of the block last unpacked: its index and first step.
    private var cached: (block: Int, first: Int, rows: [Int32])?

    /// Bytes held (blocks, texts, the cached rows).
    private(set) var bytes = 0

    /// Bytes of the packed blocks and the frames they hold.
    var packedBytes: Int { blocks.filter(\.isPacked).reduce(0) { $0 + $1.bytes } }
    var packedFrames: Int { blocks.filter(\.isPacked).reduce(0) { $0 + $1.count } }

    /// The last step a frame holds for; -1 when there is none.
    var lastStep: Int { blocks.last?.lastHeld ?? -1 }

    /// Records `frame` as step `step`'s, unless a frame already holds for that step or is
    /// recorded after it.
    func record(_ frame: DisplayFrame, at step: Int) {
        guard step > lastStep else { return }
        if blocks.isEmpty || blocks[blocks.count - 1].count >= Self.blockLength || !blocks[blocks.count - 1].fits(frame) {
            packLast()
            blocks.append(FrameBlock(frame))
        }
        blocks[blocks.count - 1].append(frame, step: step, scoreboardIndex: index(of: frame.scoreboard))
        recount()
    }

    /// The frame last recorded holds from `from` through `to` (a scene at rest skipped to the
    /// step after: entries delivered there may change it), when it is the frame of `from`.
    func hold(from: Int, through to: Int) {
        guard var last = blocks.last, last.lastHeld == from, to > from else { return }
        last.holds[last.count - 1] = Int32(clamping: to)
        blocks[blocks.count - 1] = last
    }

    /// Drops the frames of `step` and after.
    func drop(from step: Int) {
        guard step <= lastStep else { return }
        cached = nil
        while let last = blocks.last, last.firstStep >= step { blocks.removeLast() }
        if var last = blocks.last, last.lastHeld >= step {
            let kept = last.steps.firstIndex { Int($0) >= step } ?? last.count
            last.truncate(to: kept)
            if kept > 0 { last.holds[kept - 1] = min(last.holds[kept - 1], Int32(clamping: step - 1)) }
            blocks[blocks.count - 1] = last
        }
        recount()
    }

    /// The frame shown at `step`, nil when none was recorded for it.
    func frame(at step: Int) -> DisplayFrame? {
        guard step >= 0, step <= lastStep else { return nil }
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].firstStep <= step { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let b = low - 1, block = blocks[b]
        guard let k = block.steps.lastIndex(where: { Int($0) <= step }), Int(block.holds[k]) >= step,
              let rows = rows(of: b) else { return nil }
        let row = rows[(k * block.width)..<((k + 1) * block.width)]
        return DisplayFrame(row: row, items: block.items, joints: block.joints, snaps: block.snaps, layout: block.layout) {
            [texts] i in i >= 0 && Int(i) < texts.count ? texts[Int(i)] : nil
        }
    }

    private func rows(of b: Int) -> [Int32]? {
        if !blocks[b].isPacked { return blocks[b].rows }
        if let cached, cached.block == b, cached.first == blocks[b].firstStep { return cached.rows }
        guard let rows = blocks[b].allRows() else { return nil }
        cached = (b, blocks[b].firstStep, rows)
        recount()
        return rows
    }

    private func packLast() {
        guard !blocks.isEmpty else { return }
        blocks[blocks.count - 1].pack()
    }

    private func index(of text: String?) -> Int32 {
        guard let text else { return -1 }
        if let i = textIndex[text] { return i }
        let i = Int32(clamping: texts.count)
        texts.append(text)
        textIndex[text] = i
        return i
    }

    private func recount() {
        bytes = blocks.reduce(0) { $0 + $1.bytes } + texts.reduce(0) { $0 + $1.utf8.count + 48 } + (cached?.rows.count ?? 0) * 4
    }
}
