// SharedPairSearch: the tree queries of the pair search, shared by two workers (SolverWorkers.swift).
//
// Most of the pair search's time is its queries: one walk of the tree for each proxy that moved,
// a walk of dependent loads that reads the tree and writes nothing. What it does with a leaf it
// finds (skip the shape itself, leave a pair of two moved shapes to the lower id, skip a pair
// that has its contact, make the contact) reads and changes state the search builds as it goes,
// in the move buffer's order. So the walks are split from the rest, as Box2D v3 splits its pair
// finding from its pair creation: both workers walk the tree for chunks of the moved proxies and
// write each proxy's leaves, in the order the walk meets them, into their block's list; then the
// calling thread goes through the move buffer in order and hands each proxy's leaves, in that
// order, to the same steps the one-worker search takes after its walk. Every pair is offered in
// the same order, so the contacts, and every result, are the same bytes with one worker or two.
import Geometry

struct SharedPairSearch {
    /// The fewest moved proxies a step needs before two workers share the walks.
    static let sharedProxies = 256
    /// The moved proxies in one block (one unit of the workers' chunks, with a list of its own).
    static let blockSize = 32

    /// By block: the leaves its proxies' walks found, proxy after proxy.
    private var found: [[Int32]] = []
    /// By moved proxy: where its leaves start in its block's list, and how many there are.
    private var spans: [SIMD2<Int32>] = []
    /// By moved proxy: the fat box its walk queries.
    private var boxes: [AABB] = []

    /// Walks the tree for every shape of `moved`, in blocks shared by `workers`.
    mutating func walk(_ tree: DynamicTree, moved: [Int32], shapes: [Shape], workers: SolverWorkers) {
        let n = moved.count, blocks = (n + Self.blockSize - 1) / Self.blockSize
        boxes.removeAll(keepingCapacity: true)
        for id in moved { boxes.append(tree.fatAABB(shapes[Int(id)].proxy)) }
        if spans.count < n { spans.append(contentsOf: repeatElement(.zero, count: n - spans.count)) }
        while found.count < blocks { found.append([]) }
        boxes.withUnsafeBufferPointer { bp in
        spans.withUnsafeMutableBufferPointer { sp in
        found.withUnsafeMutableBufferPointer { fp in
            var context = PairWalks(tree: tree, boxes: bp.baseAddress!, count: n, spans: sp.baseAddress!,
                                    found: fp.baseAddress!)
            withUnsafeMutablePointer(to: &context) {
                workers.run(blocks, minimumChunk: 1, walkBlocks, UnsafeMutableRawPointer($0))
            }
        }}}
    }

    /// Calls `visit` with each leaf the walk of the `k`-th moved proxy found, in the walk's order.
    @inline(__always)
    func forEachFound(ofMoved k: Int, _ visit: (Int32) -> Void) {
        let span = spans[k]
        found[k / Self.blockSize].withUnsafeBufferPointer { list in
            for i in Int(span[0])..<Int(span[0] + span[1]) { visit(list[i]) }
        }
    }
}

/// What the workers read and where they write.
private struct PairWalks {
    let tree: DynamicTree
    let boxes: UnsafePointer<AABB>
    let count: Int
    let spans: UnsafeMutablePointer<SIMD2<Int32>>
    let found: UnsafeMutablePointer<[Int32]>
}

/// Blocks `lo..<hi` of the moved proxies walked: each block's list is written by one thread only.
private func walkBlocks(_ raw: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
    let w = raw.assumingMemoryBound(to: PairWalks.self)
    for block in lo..<hi {
        let list = w.pointee.found + block
        list.pointee.removeAll(keepingCapacity: true)
        let first = block * SharedPairSearch.blockSize
        for k in first..<min(first + SharedPairSearch.blockSize, w.pointee.count) {
            let start = Int32(list.pointee.count)
            w.pointee.tree.query(w.pointee.boxes[k]) { list.pointee.append($0) }
            w.pointee.spans[k] = SIMD2(start, Int32(list.pointee.count) - start)
        }
    }
}
