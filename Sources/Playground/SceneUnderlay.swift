// SceneUnderlay: something the renderer draws with a scene, beneath its joints and items.
//
// The renderer's hook for drawings that belong to the view rather than to the scene (trails):
// they are not items and not behaviors, so the scene does not hold them, but they must go under
// the items, between the still background and the joints, so they cannot be drawn afterwards
// over the finished canvas. One method, so any such drawing plugs in without the renderer
// knowing it.
import Scenes
import TerminalUI

/// A drawing the renderer puts beneath a scene's joints and items.
public protocol SceneUnderlay {
    /// Draws on `canvas` for `scene`, mapping scene points to the screen through `viewport`.
    func draw(_ scene: Scene, into canvas: inout Canvas, viewport: Viewport)
}
