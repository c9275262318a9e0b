// PanelColors: the colors of the text panels drawn over the scene (help, HUD, inspector).
//
// Every panel sits on the same dark blue, so they read as one family over whatever the scene
// draws beneath, and a change of that color is made once.
import TerminalUI

extension Color {
    /// The background of a text panel over the play area.
    static let panelBackground = Color(red: 24, green: 24, blue: 48)
    /// A panel's highlighted row (the inspector's cursor).
    static let panelHighlight = Color(red: 56, green: 56, blue: 110)
}
