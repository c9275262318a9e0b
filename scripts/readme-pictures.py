#!/usr/bin/env python3
"""Makes the README's pictures with `nudge snapshot`.

Each seed scene is snapshotted at 80x24 (PNG, one pixel per point) at a moment that shows what it
is about, after the gesture that shows it off, replayed from a recording written here (points are
scene coordinates in the 640x368 play area; times are seconds into the scene). Then the
playable examples in docs/examples, each replaying its winning recording. Then the glyph ladder:
the same 40 pt ball drawn in every glyph set side by side, composed with ImageMagick.

Usage: scripts/readme-pictures.py [OUT]   (default docs/images; needs swift, and ImageMagick's
convert for the ladder: apt-get install imagemagick)
"""
import json, math, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def click(t, x, y):
    return [{"t": t, "type": "down", "x": x, "y": y}, {"t": t + 0.012, "type": "up", "x": x, "y": y}]


def drag(t, points, button=1, hold=0.0, modifiers=()):
    """A press at the first point, a move to each next one 12 ms apart, a release after `hold` s."""
    extra = {"modifiers": list(modifiers)} if modifiers else {}
    events = [{"t": t, "type": "down", "x": points[0][0], "y": points[0][1], "button": button, **extra}]
    for k, (x, y) in enumerate(points[1:], 1):
        events.append({"t": round(t + 0.012 * k, 4), "type": "move", "x": x, "y": y, "button": button, **extra})
    end = t + 0.012 * (len(points) - 1) + hold
    events.append({"t": round(end, 4), "type": "up", "x": points[-1][0], "y": points[-1][1], "button": button, **extra})
    return events


def arc(cx, cy, r, degrees):
    return [(round(cx + r * math.cos(math.radians(d)), 2), round(cy + r * math.sin(math.radians(d)), 2)) for d in degrees]


# scene file, seconds into it, the recording (or None)
SHOTS = [
    ("000-push.yaml", 1.5, click(0.5, 580, 72)),                                  # a click up and to the right
    ("001-snap.yaml", 1.7, click(0.5, 132, 88)),                                  # snapped to a click at the left
    ("002-pendulum.yaml", 1.9, drag(0.5, [(x * 8 + 4, 248) for x in range(40, 53)], hold=0.8)),   # let go mid-swing
    ("003-cradle.yaml", 2.3, drag(0.5, arc(240, 40, 200, range(90, 134, 4)), hold=0.4)),           # one ball out, one ball out
    ("004-gestures.yaml", 1.6, drag(0.5, arc(320, 184, 92, range(0, 50, 5)), button=3, modifiers=["control"])
                                + drag(0.9, [(x * 8 + 4, 56) for x in range(70, 54, -2)])),      # turned, then swiped
    ("005-crossing-images.yaml", 1.6, None),                                      # the smiley halfway across
    ("006-scaling.yaml", 2.5, None),                                              # halfway through its growth
    ("007-sandbox.yaml", 2.0, click(1.5, 324, 40)),                               # a ball dropped onto the pile
]

# The playable examples in docs/examples, each at a moment of its winning recording (kept beside
# it as NAME-win.jsonl, which its test replays to the win).
EXAMPLES = [
    ("basket", 8.7),      # the second plank has carried the ball over the wall; it drops into the basket
    ("dominoes", 1.9),    # the run half-way, the fallen ones orange and counted
    ("bowling", 3.0),     # the ball in the pins, the first two down and counted
]

BALL = """name: Ball
summary: The same 40 pt ball in every glyph set.
items:
  - {id: ball, shape: ellipse, size: [40, 40], center: [37.3, 30.6], color: orange}
"""
LADDER = ["half", "quadrant", "sextant", "octant", "braille", "ascii"]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "images")
    os.makedirs(out, exist_ok=True)
    subprocess.run(["swift", "build", "--product", "nudge"], cwd=ROOT, check=True)
    nudge = os.path.join(ROOT, ".build", "debug", "nudge")
    work = tempfile.mkdtemp(prefix="nudge-pictures-")
    try:
        for scene, at, events in SHOTS:
            args = [nudge, "snapshot", os.path.join(ROOT, "scenes", scene), "--at", str(at), "--glyphs", "octant",
                    "--output", os.path.join(out, scene.replace(".yaml", ".png"))]
            if events:
                recording = os.path.join(work, scene.replace(".yaml", ".jsonl"))
                with open(recording, "w") as f:
                    f.write("\n".join(json.dumps(e) for e in sorted(events, key=lambda e: e["t"])) + "\n")
                args += ["--input", recording]
            subprocess.run(args, check=True)
        for name, at in EXAMPLES:
            examples = os.path.join(ROOT, "docs", "examples")
            subprocess.run([nudge, "snapshot", os.path.join(examples, name + ".yaml"), "--at", str(at), "--glyphs", "octant",
                            "--input", os.path.join(examples, name + "-win.jsonl"),
                            "--output", os.path.join(out, "example-%s.png" % name)], check=True)
        ball = os.path.join(work, "ball.yaml")
        with open(ball, "w") as f:
            f.write(BALL)
        tiles = []
        for glyphs in LADDER:
            tile = os.path.join(work, "ball-%s.png" % glyphs)
            subprocess.run([nudge, "snapshot", ball, "--size", "20x6", "--glyphs", glyphs, "--output", tile], check=True)
            # Just the ball (the top 5 rows, without the status line), four times as large.
            subprocess.run(["convert", tile, "-crop", "80x80+0+0", "+repage", "-filter", "point", "-resize", "400%",
                            "-background", "#202020", "-fill", "white", "-pointsize", "20",
                            "label:" + glyphs, "-gravity", "center", "-append", tile], check=True)
            tiles.append(tile)
        subprocess.run(["convert", *tiles, "-bordercolor", "#202020", "-border", "8", "+append",
                        os.path.join(out, "glyph-ladder.png")], check=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("wrote", out)


if __name__ == "__main__":
    main()
