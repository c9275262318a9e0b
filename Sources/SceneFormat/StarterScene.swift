// StarterScene: the scene `nudge new FILE` writes, a small working scene to start from.
//
// Walls, gravity, a ball and a box that fall and bounce, a tap that drops more balls and a pan
// that throws anything, so the new file plays at once and every part of it shows one idea of
// the format. The comment on top says how to play it, edit it in the playground and save it;
// `name` is left out, so the scene is called after its file. A test checks that it parses.
public enum StarterScene {
    /// The starter scene's text, comments included.
    public static let yaml = """
        # A new Nudge scene: a ball and a box fall under gravity inside the screen's edges.
        #
        # Play it:      nudge play FILE   (nudge check FILE lists any mistake in it)
        # Mouse:        click to drop a ball; press on an item and drag to throw it.
        # Keys:         space pauses, r restarts (and reloads this file after you edit it),
        #               e edit mode: draw boxes, balls and polygons, join them with hinges,
        #               springs and ropes (? lists the tools; e or Esc leaves),
        #               w writes the scene as it then is to FILE.saved.yaml (then .saved-2.yaml, ...),
        #               ? help, q quits.
        # Every key below is described in docs/scene-format.md. The scene's name, shown in the
        # status line, is the file's name unless you add `name: ...`.
        summary: Click to drop a ball; drag anything to throw it.
        items:
          - {id: ball, shape: ellipse, size: [48, 48], center: ["35%", "20%"], color: orange}
          - {id: box, size: [64, 64], center: ["60%", "30%"], angle: 0.3, color: cyan}
        behaviors:
          - type: gravity             # 1000 pt/s², straight down
            id: gravity
          - type: collision           # every item, and the screen's edges are walls
            id: walls
            boundaries: reference
          - type: dynamicItem         # every item: a little bounce, some grip
            id: material
            elasticity: 0.4
            friction: 0.5
        gestures:
          - recognizer: tap
            action: spawn             # a new ball where you click; it joins every behavior above
            template: {id: drop, shape: ellipse, size: [32, 32], color: green}
          - recognizer: pan
            action: grab              # press on an item and drag; let go while moving to throw it
        """
}
