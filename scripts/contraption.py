#!/usr/bin/env python3
"""Builds a contraption with the edit tools in the real playground, saves it, and pictures it.

As a user would: `nudge new` writes a starter scene, `nudge play` runs it in a detached tmux
window of 80x24 cells (TERM=xterm-256color), and the mouse is SGR reports sent with tmux's
send-keys, one cell at a time, as a terminal sends them. Once the starter's ball and box have
come to rest (the status line says "resting"), the scene is paused and, in edit mode:

  x  the starter's box is deleted            v  its ball is dragged to the top of the ramp
  g  a ramp: three clicks and Enter          f  the ramp fixed in place
  b  a seesaw plank                          h  hinged to the world at its middle
  b  a paddle, h hinged at its middle        m  a motor on that hinge, + + to 3 rad/s
  b  a box                                   s  hung from the ceiling on a spring
  c  a ball                                  o  hung from the ceiling, off to one side, on a rope

Then the scene runs two seconds (Right twice while paused, so every run saves the same moment) and
`w` writes contraption.saved.yaml beside the scene. That file goes to docs/examples/, and
`nudge snapshot` pictures it: docs/images/contraption.png as saved, and
docs/images/overlay-hud.png a second later with the joints overlay and its HUD (`--keys ddd`).

Every step waits for the status line to confirm it (Made box-3., Pinned ..., as much of it as 80
columns show) and stops with the screen printed when it does not; the saved file must pass
`nudge check` and hold the six items, the four joints and the motor's 3 rad/s. Cells are 0-based (column, row); a cell's
center is the point (8 column + 4, 16 row + 8) of the 640x368 play area.

Usage: scripts/contraption.py [OUT]   (default: the repository; needs swift and tmux)
"""
import json, os, shutil, subprocess, sys, tempfile, time, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECONDS = 2          # how long it runs before `w`
LATER = 1            # the overlay picture, this long after the saved moment


class Playground:
    """`nudge play FILE` in a tmux server of its own."""

    def __init__(self, nudge, scene, columns=80, rows=24):
        self.socket = "nudge-contraption-%s" % uuid.uuid4().hex[:8]
        command = ("env -u NO_COLOR -u COLORTERM -u NUDGE_GLYPHS SWIFT_BACKTRACE=enable=no LANG=C.UTF-8 "
                   "LC_ALL=C.UTF-8 TERM=xterm-256color '%s' play '%s'; echo \"nudge exited $?\"; sleep 30") % (nudge, scene)
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", str(columns), "-y", str(rows), command)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def stop(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "t")

    def status(self):
        lines = [line for line in self.screen().split("\n") if line.strip()]
        return lines[-1] if lines else ""

    def shows(self, text):
        """Whether the status line says `text`, or as much of it as fits: at 80 columns the
        message after the last │ is cut to a few letters and an ellipsis."""
        status = self.status()
        if text in status:
            return True
        shown = status.rsplit("\u2502", 1)[-1].strip()
        return shown.endswith("\u2026") and len(shown) > 4 and text.startswith(shown[:-1])

    def wait(self, text, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.shows(text):
                return self.status()
            time.sleep(0.05)
        sys.exit("expected %r in the status line; the screen was:\n%s" % (text, self.screen()))

    def key(self, *keys, expect=None):
        self.tmux("send-keys", "-t", "t", *keys)
        return self.wait(expect) if expect else None

    def mouse(self, action, column, row):
        """A left-button SGR report: press, drag (motion with the button held) or release."""
        b = 32 if action == "drag" else 0
        final = "m" if action == "release" else "M"
        report = "\x1b[<%d;%d;%d%s" % (b, column + 1, row + 1, final)
        self.tmux("send-keys", "-t", "t", "-H", *["%02x" % c for c in report.encode()])

    def click(self, column, row, expect=None):
        self.mouse("press", column, row)
        self.mouse("release", column, row)
        return self.wait(expect) if expect else None

    def drag(self, start, end, expect=None):
        """Press at `start`, move a cell at a time to `end` along the longer axis, release there."""
        (c0, r0), (c1, r1) = start, end
        self.mouse("press", c0, r0)
        n = max(abs(c1 - c0), abs(r1 - r0), 1)
        for k in range(1, n + 1):
            self.mouse("drag", c0 + round((c1 - c0) * k / n), r0 + round((r1 - r0) * k / n))
        self.mouse("release", c1, r1)
        return self.wait(expect) if expect else None


def cell(point):
    """The cell whose center is nearest a scene point."""
    x, y = point
    return int(x // 8), int(y // 16)


def rest_positions(nudge, scene):
    """Where the starter's items lie once at rest: the headless run of the same scene (the
    engine is deterministic, and at rest nothing depends on when the picture was paused)."""
    out = subprocess.run([nudge, "simulate", scene, "--steps", "600", "--every", "600"],
                         check=True, capture_output=True, text=True).stdout
    last = json.loads(out.strip().split("\n")[-1])
    return {item["id"]: (item["x"], item["y"]) for item in last["items"]}


def build(p, rest):
    p.wait("resting", seconds=20)
    p.key("Space", expect="paused")
    p.key("e", expect="edit: select")

    p.key("x", expect="edit: delete")
    p.click(*cell(rest["box"]), expect="Deleted box")

    # The ramp: a wedge from the left wall down to the right, under the HUD's corner.
    p.key("g", expect="edit: polygon")
    for c, r in [(0, 8), (0, 11), (22, 13)]:
        p.click(c, r, expect="Polygon:")
    p.key("Enter", expect="Made polygon")
    p.key("f", expect="edit: fix")
    p.click(6, 10, expect="Fixed polygon")

    # The starter's ball, from the floor to the top of the ramp.
    p.key("v", expect="edit: select")
    p.drag(cell(rest["ball"]), (5, 7))

    # A seesaw: a 240 x 32 plank below the end of the ramp, hinged to the world at its middle.
    p.key("b", expect="edit: box")
    p.drag((22, 17), (52, 19), expect="Made box")
    p.key("h", expect="edit: hinge")
    p.click(37, 18, expect="Pinned box")

    # A paddle on a motor: a 112 x 32 box hinged at its middle, the motor turned up to 3 rad/s.
    p.key("b", expect="edit: box")
    p.drag((62, 11), (76, 13), expect="Made box")
    p.key("h", expect="edit: hinge")
    p.click(69, 12, expect="Pinned box")
    p.key("m", expect="edit: motor")
    p.click(69, 12, expect="Motor at 1 rad/s")
    p.key("+", expect="Motor at 2 rad/s")
    p.key("+", expect="Motor at 3 rad/s")

    # A 48 pt box on a spring from the ceiling, above the seesaw.
    p.key("b", expect="edit: box")
    p.drag((34, 6), (40, 9), expect="Made box")
    p.key("s", expect="edit: spring")
    p.drag((37, 0), (37, 7), expect="Made a spring")

    # A 32 pt ball on a rope from the ceiling 32 pt to its left: it swings.
    p.key("c", expect="edit: ball")
    p.drag((55, 8), (57, 8), expect="Made ball")
    p.key("o", expect="edit: rope")
    p.drag((51, 0), (55, 8), expect="Made a rope")

    p.key("e")
    for _ in range(SECONDS):
        p.key("Right")
    time.sleep(0.3)
    return p.key("w", expect="Saved")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else ROOT
    subprocess.run(["swift", "build", "--product", "nudge"], cwd=ROOT, check=True)
    nudge = os.path.join(ROOT, ".build", "debug", "nudge")
    work = tempfile.mkdtemp(prefix="nudge-contraption-")
    p = None
    try:
        scene = os.path.join(work, "contraption.yaml")
        subprocess.run([nudge, "new", scene], check=True, capture_output=True)
        rest = rest_positions(nudge, scene)
        p = Playground(nudge, scene)
        print(build(p, rest))
        p.key("q")
        saved = os.path.join(work, "contraption.saved.yaml")
        subprocess.run([nudge, "check", saved], check=True)
        text = open(saved).read()
        made = (text.count("\n- id: "), text.count("type: attachment"), "motorSpeed: 3\n" in text)
        if made != (6, 4, True):
            sys.exit("the saved scene has %d items, %d joints, a 3 rad/s motor: %s" % made)
        examples, images = os.path.join(out, "docs", "examples"), os.path.join(out, "docs", "images")
        os.makedirs(examples, exist_ok=True)
        os.makedirs(images, exist_ok=True)
        example = os.path.join(examples, "contraption.yaml")
        shutil.copy(saved, example)
        subprocess.run([nudge, "snapshot", example, "--glyphs", "octant",
                        "--output", os.path.join(images, "contraption.png")], check=True)
        subprocess.run([nudge, "snapshot", example, "--glyphs", "octant", "--at", str(LATER), "--keys", "ddd",
                        "--output", os.path.join(images, "overlay-hud.png")], check=True)
    finally:
        if p:
            p.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("wrote", example, "and its pictures")


if __name__ == "__main__":
    main()
