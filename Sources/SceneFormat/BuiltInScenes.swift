// BuiltInScenes: the scene compiled into the binary, used when no scenes/ folder can be found.
//
// It is the same text as scenes/000-push.yaml (a test keeps the two equal), so `nudge` run from
// anywhere still opens the contract's first scene.

enum BuiltInScenes {
    static let push = """
        # Push (seed 000): a green square in the middle of the screen; a click pushes it toward the click.
        name: Push
        summary: Click anywhere to push the square toward the click.
        items:
          - id: square
            shape: rectangle
            size: [80, 80]            # 10×5 cells at 8×16 pt per cell: square on screen
            center: ["50%", "50%"]    # the middle of whatever terminal it runs in
            color: green
        behaviors:
          - type: collision           # the screen's edges are walls, so a push never loses the square
            items: [square]
            mode: everything
            boundaries: reference
          - type: push                # aimed and sized by the tap gesture below
            id: tap-push
            items: [square]
            mode: continuous          # as in the seed: a steady force in the tap's direction
            magnitude: 0              # at rest until the first click
        gestures:
          - recognizer: tap
            action: pushToward        # angle from the square's center to the click
            item: square
            push: tap-push
            divisor: 200              # magnitude = distance / 200, the seed's number
        """
}
