// KittyTileImages: which kitty image id shows each tile of the picture.
//
// Every tile owns two ids, 2·k+1 and 2·k+2 for the k-th tile: a changed tile is sent under the
// id it does not show now, and then the image under the other id is deleted (see
// KittyGraphicsEncoder for why a tile is never sent again under the id it shows). Ids start at 1
// (kitty's id 0 means "no id") and stay far below 2³²; the start-up query's id 31 is never
// stored by the terminal (a=q), so sharing it is harmless.

public struct KittyTileImages: Hashable, Sendable {
    /// The id each tile (by index) shows now.
    private var shown: [Int: Int] = [:]

    public init() {}

    /// The id to send tile `index` under, and the id it replaces (to delete after), if any.
    public mutating func replace(tile index: Int) -> (id: Int, replaces: Int?) {
        let first = 2 * index + 1, second = 2 * index + 2
        let old = shown[index]
        let id = old == first ? second : first
        shown[index] = id
        return (id, old)
    }

    /// The terminal's images were all deleted.
    public mutating func removeAll() { shown = [:] }

    /// The id tile `index` shows, if it was sent.
    public func id(of index: Int) -> Int? { shown[index] }
}
