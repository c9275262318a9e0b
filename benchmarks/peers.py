#!/usr/bin/env python3
"""Runs Nudge, Box2D 2.4.1 and Chipmunk 7 on the same bench scenes and reports (run-peers.sh
builds the three programs and calls this). With --box2d-v3 PATH it also runs Box2D v3 (a driver
that run-peers.sh --box2d-v3 DIR builds from a source checkout) on the pyramid scenes, after
Chipmunk, and the tables gain its columns; without it the output is what it always was.

Each program prints one JSON line per scene with the fields of `nudge bench --json`. For every
scene Nudge runs first, then Box2D, then Chipmunk, with the step count Nudge used, so the three
time the same simulated interval. It prints a Markdown table of median ms per step. (The scaling
run, pyramids and rains of growing size into a CSV and a log-log SVG plot, is Nudge's own:
`nudge bench scaling`, which run-peers.sh --scaling calls instead of this.)
Any program that fails (exit status, no JSON, a scene other than the one asked for) makes the
run exit non-zero after the report.
"""
import argparse
import json
import os
import subprocess
import sys

SCENES = ["pyramid-210", "pyramid-820", "pyramid-5050", "cradle", "pin-grid", "rain", "tumbler"]
ENGINES = [("nudge", "Nudge"), ("box2d", "Box2D 2.4.1"), ("chipmunk", "Chipmunk 7")]
BOX2D_V3 = ("box2d_v3", "Box2D v3")  # optional, pyramids only


def v3_runs(scene):
    """Whether the Box2D v3 driver builds this scene (box2d_v3_bench.c: the pyramids only)."""
    return scene.startswith("pyramid-")
QUICK_STEPS = 20


class RunFailed(Exception):
    pass


def run(program, scene, steps, engine):
    """Runs one program on one scene; returns its JSON result."""
    if engine == "nudge":
        cmd = [program, "bench", "--json", "--scene", scene]
    else:
        cmd = [program, "--scene", scene]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    print(f"run-peers: {' '.join(os.path.basename(c) if i == 0 else c for i, c in enumerate(cmd))}",
          file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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


def run_scene(programs, scene, steps, failures):
    """Nudge, then Box2D and Chipmunk (and Box2D v3 on a pyramid, when given) at the step count
    Nudge used. Returns {engine: result}."""
    results = {}
    engines = ENGINES + ([BOX2D_V3] if BOX2D_V3[0] in programs and v3_runs(scene) else [])
    for engine, _ in engines:
        try:
            # The peers run as many steps as Nudge did, whatever each program's default.
            n = steps if engine == "nudge" or "nudge" not in results else results["nudge"]["steps"]
            results[engine] = run(programs[engine], scene, n, engine)
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


def table(rows, steps_note, v3=False):
    """The two Markdown tables; v3 adds Box2D v3's columns ("–" in the scenes it does not run)."""
    v3_note = ""
    if v3:
        variants = sorted({r[BOX2D_V3[0]]["engine"] for _, r in rows
                           if r.get(BOX2D_V3[0]) and isinstance(r[BOX2D_V3[0]].get("engine"), str)})
        v3_note = (" Box2D v3 (pyramids only): 4 substeps, one worker"
                   + (f", {', '.join(variants)}" if variants else "") + ".")
    # The peers' columns: engine key, column title, name in the ratio titles, letter in stands/drift.
    peers = [("box2d", "Box2D 2.4.1", "Box2D", "B"), ("chipmunk", "Chipmunk 7", "Chipmunk", "C")]
    if v3:
        peers.append((BOX2D_V3[0], BOX2D_V3[1], BOX2D_V3[1], "V"))
    letters = "/".join(["N"] + [letter for *_, letter in peers])

    def ran(engine, scene):
        return engine != BOX2D_V3[0] or v3_runs(scene)

    def cell(engine, scene, show, r):
        return show(r.get(engine)) if ran(engine, scene) else "–"

    out = [
        f"Median ms per 1/60 s step, one thread, release builds, sleeping off{steps_note}.{v3_note}",
        "",
        "| scene | Nudge ms/step | " + " | ".join(title for _, title, _, _ in peers) + " | "
        + " | ".join(f"Nudge/{name}" for _, _, name, _ in peers) + f" | stands ({letters}) |",
        "|---|---:|" + "---:|" * (2 * len(peers)) + "---|",
    ]
    for scene, r in rows:
        n = r.get("nudge")
        out.append(f"| {scene} | {ms(n)} | "
                   + " | ".join(cell(e, scene, ms, r) for e, *_ in peers) + " | "
                   + " | ".join(ratio(n, r.get(e)) for e, *_ in peers) + " | "
                   + "/".join([stands(n)] + [cell(e, scene, stands, r) for e, *_ in peers]) + " |")
    out += [
        "",
        "Same scene, same size? bodies / touching contact pairs / joints at the end, and steps; for",
        "the pyramids, the largest drift of a box in pt (it stands below 25 pt, a quarter of a box):",
        "",
        "| scene | steps | Nudge | " + " | ".join(title for _, title, _, _ in peers) + f" | max drift pt ({letters}) |",
        "|---|---:|---|" + "---|" * len(peers) + "---|",
    ]

    def counts(x):
        return f"{x['bodies']} / {x['contacts']} / {x['joints']}" if x else "failed"

    def drift(x):
        return "?" if not x else ("–" if x.get("maximumDrift") is None else f"{x['maximumDrift']:.1f}")

    for scene, r in rows:
        steps = (r.get("nudge") or r.get("box2d") or r.get("chipmunk") or {}).get("steps", "?")
        out.append(f"| {scene} | {steps} | {counts(r.get('nudge'))} | "
                   + " | ".join(cell(e, scene, counts, r) for e, *_ in peers) + " | "
                   + "/".join([drift(r.get("nudge"))] + [cell(e, scene, drift, r) for e, *_ in peers]) + " |")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nudge", required=True)
    p.add_argument("--box2d", required=True)
    p.add_argument("--chipmunk", required=True)
    p.add_argument("--box2d-v3", help="a Box2D v3 driver (box2d_v3_bench) to run on the pyramid scenes too")
    p.add_argument("--quick", action="store_true", help=f"{QUICK_STEPS} steps per scene")
    p.add_argument("--scene", action="append", default=[], help="only these scenes (repeatable)")
    p.add_argument("--steps", type=int, help="steps per scene (default: the scene's own)")
    a = p.parse_args()
    if a.steps is not None and a.steps < 1:
        p.error("--steps must be at least 1")
    steps = a.steps if a.steps is not None else (QUICK_STEPS if a.quick else None)
    programs = {"nudge": a.nudge, "box2d": a.box2d, "chipmunk": a.chipmunk}
    if a.box2d_v3:
        programs[BOX2D_V3[0]] = a.box2d_v3
    failures = []
    rows = [(scene, run_scene(programs, scene, steps, failures)) for scene in (a.scene or SCENES)]
    note = f", {steps} steps per scene" if steps is not None else ", each scene's own step count"
    print(table(rows, note, v3=bool(a.box2d_v3)))
    if failures:
        print(f"\nrun-peers: {len(failures)} run(s) failed:", file=sys.stderr)
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
