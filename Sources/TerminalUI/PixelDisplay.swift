// PixelDisplay: a terminal that can show the play area as pixels (sixel or the kitty graphics
// protocol) under a layer of text.
//
// The seam is small on purpose: the app asks how many pixels a cell has (nil: not now, draw
// cells) and hands over each frame as a grid of cells plus a picture of the top `imageRows`
// rows. In those rows a blank cell shows the picture; any other character (a label's letter)
// is text drawn over it. Rows below (the status line) are text. How the picture travels (which
// protocol, which parts changed, whether the terminal keeps up) is the driver's business.

public protocol PixelDisplay: AnyObject {
    /// Pixels per cell when frames go out as pixels, else nil.
    var cellPixelSize: (width: Int, height: Int)? { get }
    /// Shows `grid`, with `image` (`imageRows` rows of cells, at `cellPixelSize`) under its top rows.
    func draw(_ grid: CellGrid, image: PixelImage, imageRows: Int)
}
