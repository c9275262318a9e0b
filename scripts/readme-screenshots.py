#!/usr/bin/env python3
"""Captures the README's text screenshots of the seed scenes.

Each scene plays in its own detached tmux server at 80x24 (TERM=xterm-256color, so mouse reports
are SGR), gets the interaction that shows it off, and its screen is written to OUT/NNN-name.txt.
Plain `capture-pane -p` shows a filled cell as a space (its color is the only thing in it), so
the screen is captured with colors (-e) and turned into monochrome text: each cell's two
half-block sub-pixels are lit when their color is not the black background, giving ' ', '▀',
'▄' or '█'; letters stay letters; the status line is kept as tmux prints it.

Usage: scripts/readme-screenshots.py [OUT]   (default .build/screenshots; build nudge first)
Mouse reports are written one per tmux call, 12 ms apart, as a real mouse sends them.
"""
import math, os, re, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUDGE = os.path.join(ROOT, ".build", "debug", "nudge")
BLACK = {None, 16, 0}          # default, the cube's black and palette black: background


class Scene:
    count = 0

    def __init__(self, file, name):
        Scene.count += 1
        self.socket = "nudge-shots-%d-%d" % (os.getpid(), Scene.count)
        cmd = ("env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color '%s' play '%s'"
               % (NUDGE, os.path.join(ROOT, "scenes", file)))
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", cmd)
        for _ in range(60):
            if "%s 1/1" % name in self.tmux("capture-pane", "-p", "-t", "t"):
                return
            time.sleep(0.05)
        raise SystemExit("nudge did not start " + file)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def mouse(self, action, column, row, button=0):
        """An SGR report at 0-based cell (column, row); button 0 left, 2 right."""
        b = button + (32 if action == "drag" else 0)
        seq = "\x1b[<%d;%d;%d%s" % (b, column + 1, row + 1, "m" if action == "release" else "M")
        self.tmux("send-keys", "-t", "t", "-H", *["%02x" % ord(c) for c in seq])
        time.sleep(0.012)

    def click(self, column, row):
        self.mouse("press", column, row)
        self.mouse("release", column, row)

    def drag(self, cells, button=0):
        self.mouse("press", *cells[0], button)
        for c in cells[1:]:
            self.mouse("drag", *c, button)

    def shoot(self, path):
        colored = self.tmux("capture-pane", "-p", "-e", "-N", "-t", "t").split("\n")
        plain = self.tmux("capture-pane", "-p", "-t", "t").split("\n")
        lines = [monochrome(l) for l in colored[:23]] + [plain[23].rstrip()]
        with open(path, "w") as f:
            f.write("\n".join(l.rstrip() for l in lines).rstrip("\n") + "\n")
        self.tmux("kill-server")


def monochrome(line):
    """One captured row with SGR colors -> text of lit half blocks and letters."""
    out, fg, bg = [], None, None
    for m in re.finditer(r"\x1b\[([0-9;]*)m|(.)", line):
        if m.group(2) is None:
            p = [int(x) if x else 0 for x in m.group(1).split(";")]
            i = 0
            while i < len(p):
                if p[i] == 0: fg = bg = None
                elif p[i] == 39: fg = None
                elif p[i] == 49: bg = None
                elif p[i] in (38, 48) and i + 2 < len(p) and p[i + 1] == 5:
                    if p[i] == 38: fg = p[i + 2]
                    else: bg = p[i + 2]
                    i += 2
                i += 1
            continue
        g = m.group(2)
        if g in " ▀▄█":
            top = fg if g in "▀█" else bg
            bottom = fg if g in "▄█" else bg
            out.append(" ▀▄█"[(top not in BLACK) + 2 * (bottom not in BLACK)])
        else:
            out.append(g)
    return "".join(out)


def arc(cx, cy, r, degrees):
    """Cells along a circle around the point (cx, cy), at the given angles (clockwise)."""
    cells = []
    for d in degrees:
        a = math.radians(d)
        c = (int((cx + r * math.cos(a)) // 8), int((cy + r * math.sin(a)) // 16))
        if not cells or cells[-1] != c:
            cells.append(c)
    return cells


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "screenshots")
    os.makedirs(out, exist_ok=True)
    if not os.access(NUDGE, os.X_OK):
        raise SystemExit("build first: swift build --product nudge")
    shot = lambda s, f: s.shoot(os.path.join(out, f.replace(".yaml", ".txt")))

    s = Scene("000-push.yaml", "Push")            # a click up and to the right; 1 s later
    time.sleep(0.5); s.click(72, 4); time.sleep(1.0); shot(s, "000-push.yaml")

    s = Scene("001-snap.yaml", "Snap")            # a click at the left; settled 1.2 s later
    time.sleep(0.5); s.click(16, 5); time.sleep(1.2); shot(s, "001-snap.yaml")

    s = Scene("002-pendulum.yaml", "Pendulum")    # dragged out to the right, mid-swing back
    time.sleep(0.5); s.drag([(c, 15) for c in range(40, 53)]); time.sleep(0.8)
    s.mouse("release", 52, 15); time.sleep(0.5); shot(s, "002-pendulum.yaml")

    s = Scene("003-cradle.yaml", "Newton's Cradle")   # left ball pulled out ~45°, far ball out
    time.sleep(0.5)
    s.drag(arc(240, 40, 200, range(90, 134, 4)))
    time.sleep(0.4); s.mouse("release", *arc(240, 40, 200, [134])[0]); time.sleep(1.3)
    shot(s, "003-cradle.yaml")

    s = Scene("004-gestures.yaml", "Gestures")    # an eighth of a turn, then a left swipe
    time.sleep(0.5)
    cells = arc(320, 184, 92, range(0, 50, 5))
    s.drag(cells, button=2); s.mouse("release", *cells[-1], 2); time.sleep(0.2)
    s.drag([(c, 3) for c in range(70, 54, -2)]); s.mouse("release", 56, 3); time.sleep(0.5)
    shot(s, "004-gestures.yaml")

    s = Scene("005-crossing-images.yaml", "Crossing Images")   # the smiley halfway, the star waiting
    time.sleep(1.6); shot(s, "005-crossing-images.yaml")

    s = Scene("006-scaling.yaml", "Scaling")      # halfway through its growth
    time.sleep(2.5); shot(s, "006-scaling.yaml")

    s = Scene("007-sandbox.yaml", "Sandbox")      # the pile, with a dropped ball falling
    time.sleep(1.5); s.click(40, 2); time.sleep(0.5); shot(s, "007-sandbox.yaml")
    print("wrote", out)


if __name__ == "__main__":
    main()
