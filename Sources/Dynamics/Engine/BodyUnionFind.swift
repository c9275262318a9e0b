// BodyUnionFind: grouping bodies into islands (IslandSleeper.swift) with a union-find over body
// indices. It works on a scratch buffer the sleeper keeps between steps, so finding islands
// allocates nothing; path halving keeps the trees flat, and the lower index always becomes the
// root, so the islands found do not depend on the order the links between bodies are found in.

/// Union-find over body indices on a scratch buffer of parent links (a root is its own parent),
/// with path halving; the lower index becomes the root, so islands do not depend on the order
/// the links are found in.
struct BodyUnionFind {
    let parent: UnsafeMutableBufferPointer<Int32>

    @inline(__always) func find(_ i: Int32) -> Int32 {
        var i = i
        while parent[Int(i)] != i {
            let up = parent[Int(parent[Int(i)])]
            parent[Int(i)] = up
            i = up
        }
        return i
    }

    @inline(__always) func union(_ a: Int32, _ b: Int32) {
        let ra = find(a), rb = find(b)
        if ra < rb { parent[Int(rb)] = ra } else if rb < ra { parent[Int(ra)] = rb }
    }
}
