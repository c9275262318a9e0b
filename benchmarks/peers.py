#!/usr/bin/env python3
"""Runs Nudge, Box2D 2.4.1 and Chipmunk 7 on the same bench scenes and reports (run-peers.sh
builds the three programs and calls this).

Each program prints one JSON line per scene with the fields of `nudge bench --json`. For every
scene Nudge runs first, then Box2D, then Chipmunk, with the step count Nudge used, so the three
time the same simulated interval. The default mode prints a Markdown table of median ms per step;
--scaling runs pyramids and rains of growing size and writes a CSV and a log-log SVG plot.
Any program that fails (exit status, no JSON, a scene other than the one asked for) makes the
run exit non-zero after the report.
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys

SCENES = ["pyramid-210", "pyramid-820", "pyramid-5050", "cradle", "pin-grid", "rain", "tumbler"]
ENGINES = [("nudge", "Nudge"), ("box2d", "Box2D 2.4.1"), ("chipmunk", "Chipmunk 7")]
# Pyramid bases whose triangle numbers span 100…20,000 boxes, and rains over the same range.
SCALING_PYRAMIDS = [14, 20, 30, 40, 64, 100, 141, 200]  # 105, 210, 465, 820, 2080, 5050, 10011, 20100
SCALING_RAINS = [500, 1000, 2000, 5000, 10000, 20000]
QUICK_STEPS = 20


class RunFailed(Exception):
    pass


class TimedOut(Exception):
    pass


def run(program, scene, steps, engine, timeout=None):
    """Runs one program on one scene; returns its JSON result."""
    if engine == "nudge":
        cmd = [program, "bench", "--json", "--scene", scene]
    else:
        cmd = [program, "--scene", scene]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    print(f"run-peers: {' '.join(os.path.basename(c) if i == 0 else c for i, c in enumerate(cmd))}",
          file=sys.stderr, flush=True)
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise TimedOut(f"{engine} on {scene} did not finish in {timeout:g} s")
    if proc.returncode != 0:
        raise RunFailed(f"{engine} on {scene} exited with {proc.returncode}: {proc.stderr.strip()[-500:]}")
    lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
    if len(lines) != 1:
        raise RunFailed(f"{engine} on {scene} printed {len(lines)} JSON lines, expected 1")
    try:
        result = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise RunFailed(f"{engine} on {scene} printed bad JSON ({e}): {lines[0][:200]}")
    if result.get("scene") != scene:
        raise RunFailed(f"{engine} ran scene {result.get('scene')!r}, asked for {scene!r}")
    for key in ("steps", "bodies", "contacts", "joints", "medianMs", "minMs", "maxMs"):
        if not isinstance(result.get(key), (int, float)):
            raise RunFailed(f"{engine} on {scene}: field {key!r} missing or not a number")
    return result


def run_scene(programs, scene, steps, failures, timeout=None, timeouts=None):
    """Nudge, then Box2D and Chipmunk at the step count Nudge used. Returns {engine: result}.
    A run that outlasts `timeout` seconds is killed and listed in `timeouts` (not a failure)."""
    results = {}
    for engine, _ in ENGINES:
        try:
            # The peers run as many steps as Nudge did, whatever each program's default.
            n = steps if engine == "nudge" or "nudge" not in results else results["nudge"]["steps"]
            results[engine] = run(programs[engine], scene, n, engine, timeout)
        except TimedOut as e:
            timeouts.append((scene, engine, str(e)))
            print(f"run-peers: {e}; left out", file=sys.stderr, flush=True)
        except (RunFailed, OSError) as e:
            failures.append(str(e))
            print(f"run-peers: FAILED: {e}", file=sys.stderr, flush=True)
    return results


def ms(result):
    return f"{result['medianMs']:.3f}" if result else "failed"


def ratio(a, b):
    if not a or not b or b["medianMs"] <= 0:
        return "–"
    return f"{a['medianMs'] / b['medianMs']:.2f}×"


def stands(result):
    if not result:
        return "?"
    s = result.get("stands")
    return "–" if s is None else ("yes" if s else "no")


def table(rows, steps_note):
    out = [
        f"Median ms per 1/60 s step, one thread, release builds, sleeping off{steps_note}.",
        "",
        "| scene | Nudge ms/step | Box2D 2.4.1 | Chipmunk 7 | Nudge/Box2D | Nudge/Chipmunk | stands (N/B/C) |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for scene, r in rows:
        n, b, c = r.get("nudge"), r.get("box2d"), r.get("chipmunk")
        out.append(f"| {scene} | {ms(n)} | {ms(b)} | {ms(c)} | {ratio(n, b)} | {ratio(n, c)} | "
                   f"{stands(n)}/{stands(b)}/{stands(c)} |")
    out += [
        "",
        "Same scene, same size? bodies / touching contact pairs / joints at the end, and steps; for",
        "the pyramids, the largest drift of a box in pt (it stands below 25 pt, a quarter of a box):",
        "",
        "| scene | steps | Nudge | Box2D 2.4.1 | Chipmunk 7 | max drift pt (N/B/C) |",
        "|---|---:|---|---|---|---|",
    ]
    for scene, r in rows:
        def counts(x):
            return f"{x['bodies']} / {x['contacts']} / {x['joints']}" if x else "failed"
        steps = (r.get("nudge") or r.get("box2d") or r.get("chipmunk") or {}).get("steps", "?")
        def drift(x):
            return "?" if not x else ("–" if x.get("maximumDrift") is None else f"{x['maximumDrift']:.1f}")
        drifts = "/".join(drift(r.get(e)) for e, _ in ENGINES)
        out.append(f"| {scene} | {steps} | {counts(r.get('nudge'))} | {counts(r.get('box2d'))} | "
                   f"{counts(r.get('chipmunk'))} | {drifts} |")
    return "\n".join(out)


# ---- scaling plot -------------------------------------------------------------------------------

COLORS = {"nudge": "#d62728", "box2d": "#1f77b4", "chipmunk": "#2ca02c"}


def svg_plot(points, notes=()):
    """Two log-log panels (pyramids, rains): median ms/step against bodies, one line per engine.
    points: {family: {engine: [(bodies, ms)]}}; notes: lines printed under the legend."""
    W, H = 980, 440 + 16 * len(notes)
    panel_w, panel_h = 380, 300
    left0, top = 90, 60
    gap = 90
    all_x = [x for fam in points.values() for pts in fam.values() for x, _ in pts]
    all_y = [y for fam in points.values() for pts in fam.values() for _, y in pts if y > 0]
    if not all_x or not all_y:
        return None
    x_lo = 10 ** math.floor(math.log10(min(all_x)))
    x_hi = 10 ** math.ceil(math.log10(max(all_x)))
    y_lo = 10 ** math.floor(math.log10(min(all_y)))
    y_hi = 10 ** math.ceil(math.log10(max(all_y)))

    def sx(x, left):
        return left + panel_w * (math.log10(x) - math.log10(x_lo)) / (math.log10(x_hi) - math.log10(x_lo))

    def sy(y):
        return top + panel_h * (1 - (math.log10(y) - math.log10(y_lo)) / (math.log10(y_hi) - math.log10(y_lo)))

    def decades(lo, hi):
        d = lo
        while d <= hi * 1.0001:
            yield d
            d *= 10

    def label(v):
        return f"{v:g}" if v < 1e4 else f"{int(v):,}"

    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="24" text-anchor="middle" font-size="16">Median ms per 1/60 s step '
         f'against body count (log-log, one thread, release, sleeping off)</text>']
    titles = {"pyramid": "Box pyramids (large_pyramid layout)", "rain": "Rain of mixed shapes"}
    for k, family in enumerate(["pyramid", "rain"]):
        left = left0 + k * (panel_w + gap)
        s.append(f'<text x="{left + panel_w / 2}" y="{top - 12}" text-anchor="middle" '
                 f'font-size="14">{titles[family]}</text>')
        s.append(f'<rect x="{left}" y="{top}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#444"/>')
        for d in decades(x_lo, x_hi):
            for m in range(1, 10):
                v = d * m
                if v > x_hi * 1.0001:
                    break
                x = sx(v, left)
                s.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + panel_h}" '
                         f'stroke="{"#ccc" if m == 1 else "#eee"}"/>')
            s.append(f'<text x="{sx(d, left):.1f}" y="{top + panel_h + 16}" text-anchor="middle">{label(d)}</text>')
        for d in decades(y_lo, y_hi):
            for m in range(1, 10):
                v = d * m
                if v > y_hi * 1.0001:
                    break
                y = sy(v)
                s.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + panel_w}" y2="{y:.1f}" '
                         f'stroke="{"#ccc" if m == 1 else "#eee"}"/>')
            s.append(f'<text x="{left - 6}" y="{sy(d) + 4:.1f}" text-anchor="end">{label(d)}</text>')
        s.append(f'<text x="{left + panel_w / 2}" y="{top + panel_h + 36}" text-anchor="middle">bodies</text>')
        s.append(f'<text transform="translate({left - 50},{top + panel_h / 2}) rotate(-90)" '
                 f'text-anchor="middle">ms per step</text>')
        for engine, name in ENGINES:
            pts = sorted((x, y) for x, y in points.get(family, {}).get(engine, []) if y > 0)
            if not pts:
                continue
            path = " ".join(f"{sx(x, left):.1f},{sy(y):.1f}" for x, y in pts)
            s.append(f'<polyline points="{path}" fill="none" stroke="{COLORS[engine]}" stroke-width="2"/>')
            for x, y in pts:
                s.append(f'<circle cx="{sx(x, left):.1f}" cy="{sy(y):.1f}" r="3" fill="{COLORS[engine]}"/>')
    # Legend.
    lx = left0
    for engine, name in ENGINES:
        s.append(f'<line x1="{lx}" y1="{top + panel_h + 64}" x2="{lx + 24}" y2="{top + panel_h + 64}" '
                 f'stroke="{COLORS[engine]}" stroke-width="3"/>')
        s.append(f'<text x="{lx + 30}" y="{top + panel_h + 68}">{name}</text>')
        lx += 150
    for i, note in enumerate(notes):
        s.append(f'<text x="{left0}" y="{top + panel_h + 90 + 16 * i}" fill="#555">{note}</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


SCALING_FIELDS = ["family", "scene", "engine", "steps", "bodies", "contacts", "medianMs", "minMs", "maxMs",
                  "stands", "note"]


def scaling(programs, steps, results_dir, failures, timeout):
    scenes = [("pyramid", f"pyramid-{b * (b + 1) // 2}") for b in SCALING_PYRAMIDS]
    scenes += [("rain", "rain" if n == 2000 else f"rain-{n}") for n in SCALING_RAINS]
    os.makedirs(results_dir, exist_ok=True)
    csv_path = os.path.join(results_dir, "scaling.csv")
    svg_path = os.path.join(results_dir, "scaling.svg")
    rows, points, timeouts = [], {}, []
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=SCALING_FIELDS)
        w.writeheader()
        for family, scene in scenes:
            before = len(timeouts)
            r = run_scene(programs, scene, steps, failures, timeout, timeouts)
            for engine, _ in ENGINES:
                x = r.get(engine)
                if not x:
                    continue
                rows.append({"family": family, "scene": scene, "engine": engine, "steps": x["steps"],
                             "bodies": x["bodies"], "contacts": x["contacts"], "medianMs": x["medianMs"],
                             "minMs": x["minMs"], "maxMs": x["maxMs"],
                             "stands": "" if x.get("stands") is None else str(bool(x["stands"])).lower(),
                             "note": ""})
                w.writerow(rows[-1])
                points.setdefault(family, {}).setdefault(engine, []).append((x["bodies"], x["medianMs"]))
            for _, engine, why in timeouts[before:]:
                rows.append({"family": family, "scene": scene, "engine": engine, "note": why})
                w.writerow(rows[-1])
            f.flush()
    notes = [f"Left out: {why} ({steps or 'each scene’s own'} steps)." for _, _, why in timeouts]
    svg = svg_plot(points, notes)
    if svg:
        with open(svg_path, "w") as f:
            f.write(svg)
    print(f"run-peers: wrote {csv_path} and {svg_path}", file=sys.stderr)
    # A small table too, so the run shows what it measured.
    print("| scene | bodies | Nudge ms/step | Box2D 2.4.1 | Chipmunk 7 |")
    print("|---|---:|---:|---:|---:|")
    for family, scene in scenes:
        got = {r["engine"]: r for r in rows if r["scene"] == scene}
        bodies = next((r["bodies"] for r in got.values() if "bodies" in r), "?")

        def cell(e):
            if e not in got:
                return "failed"
            return f"{got[e]['medianMs']:.3f}" if "medianMs" in got[e] else f"> {timeout:g} s in all"
        print(f"| {scene} | {bodies} | " + " | ".join(cell(e) for e, _ in ENGINES) + " |")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nudge", required=True)
    p.add_argument("--box2d", required=True)
    p.add_argument("--chipmunk", required=True)
    p.add_argument("--results", required=True, help="folder for the scaling CSV and SVG")
    p.add_argument("--quick", action="store_true", help=f"{QUICK_STEPS} steps per scene")
    p.add_argument("--scene", action="append", default=[], help="only these scenes (repeatable)")
    p.add_argument("--steps", type=int, help="steps per scene (default: the scene's own)")
    p.add_argument("--scaling", action="store_true")
    p.add_argument("--timeout", type=float, default=150,
                   help="with --scaling: seconds one program may take on one size before it is left out")
    a = p.parse_args()
    if a.steps is not None and a.steps < 1:
        p.error("--steps must be at least 1")
    steps = a.steps if a.steps is not None else (QUICK_STEPS if a.quick else None)
    programs = {"nudge": a.nudge, "box2d": a.box2d, "chipmunk": a.chipmunk}
    failures = []
    if a.scaling:
        scaling(programs, steps, a.results, failures, a.timeout)
    else:
        rows = [(scene, run_scene(programs, scene, steps, failures)) for scene in (a.scene or SCENES)]
        note = f", {steps} steps per scene" if steps is not None else ", each scene's own step count"
        print(table(rows, note))
    if failures:
        print(f"\nrun-peers: {len(failures)} run(s) failed:", file=sys.stderr)
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
