#!/usr/bin/env python3
"""v3-table.py: Box2D v3's own benchmark app beside Nudge's twins of its ten scenes.

Builds v3's benchmark app (its `benchmark/` folder, with CMake) from a v3 source tree, then for
each scene runs, in turn and `--pairs` times (A B A B): v3 with 1 worker, v3 with 2 workers,
`nudge bench engine --twins --scene NAME --json` with 1 worker and with `--workers 2`; prints a
Markdown table of the medians with Nudge's time over v3's, one worker against one and two
against two.

    benchmarks/v3-table.py --box2d-v3 ~/src/box2d              all ten, whole runs, 2 pairs
    benchmarks/v3-table.py --box2d-v3 DIR --scene smash --pairs 3
    benchmarks/v3-table.py --box2d-v3 DIR --steps 100          fewer steps, for both engines

DIR is a v3 checkout (git clone https://github.com/erincatto/box2d) or a bare git directory of
one (its HEAD is exported). The app is built into benchmarks/peers/build/box2d-v3-app/ (ignored
by git) in Release with v3's AVX2 option when /proc/cpuinfo lists avx2 (Nudge's release build
uses AVX2 there), v3's validation off, its samples and unit tests off; it needs cmake and a C
compiler and nothing else (no network). `--nudge PATH` takes a release nudge; by default
`swift build -c release --product nudge` is run and its executable used.

Timing is each program's own (and, beside it, the processor time of each whole process, which a
busy machine inflates less than the clock): v3's app prints the milliseconds of a run (every step but the first,
with its scene's per-step function inside the clock); Nudge's `totalMs` is the same span
(BenchResult.totalMs). v3's app has no step option: `--steps N` caps its step count by editing the
exported copy of its main.c (the line that reads the scene's step count), and passes `--steps N`
to Nudge, so both run N steps; the table says so. Ratios compare time per timed step, so they hold
whichever step counts ran. Exits non-zero when a build or a run fails.
"""
import argparse
import filecmp
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

SCENES = ["large_pyramid", "many_pyramids", "tumbler", "junkyard", "washer", "smash", "spinner",
          "joint_grid", "compounds", "rain"]
# v3's own step counts (benchmark/main.c).
V3_STEPS = {"compounds": 500, "joint_grid": 500, "junkyard": 800, "large_pyramid": 500, "many_pyramids": 200,
            "rain": 1000, "smash": 300, "spinner": 500, "tumbler": 750, "washer": 500}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "benchmarks", "peers", "build")
STEP_LINE = "int stepCount = benchmarks[benchmarkIndex].totalStepCount;"


def run(cmd, **kw):
    """Runs a command, failing the script when it fails; returns its standard output."""
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if result.returncode != 0:
        sys.exit(f"v3-table: {' '.join(cmd)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    return result.stdout


def run_timed(cmd, cwd=None):
    """Runs a command like `run`; returns its standard output and the processor seconds (user +
    system, all its threads) it used, from the children's resource usage before and after."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = run(cmd, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def sync_tree(source, dest):
    """Copies into `dest` the files of `source` that differ (new files get the present time, so
    make rebuilds what changed and nothing else)."""
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in (".git", "build")]
        target = os.path.join(dest, os.path.relpath(folder, source))
        os.makedirs(target, exist_ok=True)
        for name in files:
            a, b = os.path.join(folder, name), os.path.join(target, name)
            if not os.path.exists(b) or not filecmp.cmp(a, b, shallow=False):
                shutil.copyfile(a, b)


def export_source(src, steps):
    """The v3 source tree to build, in benchmarks/peers/build/box2d-v3-src: the checkout's files,
    or HEAD of a bare git directory, with main.c's step count capped at `steps` when given. Only
    files that changed are rewritten, so switching `--steps` rebuilds main.c alone."""
    dest = os.path.join(BUILD, "box2d-v3-src")
    with tempfile.TemporaryDirectory() as tmp:
        if os.path.exists(os.path.join(src, "CMakeLists.txt")):
            tree = src
        else:
            archive = subprocess.run(["git", "--git-dir", src, "archive", "HEAD"], stdout=subprocess.PIPE, check=True)
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            tree = tmp
        main = os.path.join(tree, "benchmark", "main.c")
        text = open(main).read()
        if steps is not None:
            if STEP_LINE not in text:
                sys.exit("v3-table: this v3's benchmark/main.c does not read its step count as expected; run without --steps")
            text = text.replace(STEP_LINE, STEP_LINE[:-1] + f" < {steps} ? benchmarks[benchmarkIndex].totalStepCount : {steps};")
        sync_tree(tree, dest)
        target = os.path.join(dest, "benchmark", "main.c")
        if open(target).read() != text:
            with open(target, "w") as f:
                f.write(text)
    return dest


def build_v3(src, steps):
    """Builds v3's benchmark app; returns its path and whether it uses AVX2."""
    tree = export_source(src, steps)
    avx2 = "avx2" in open("/proc/cpuinfo").read()
    out = os.path.join(BUILD, "box2d-v3-app")
    run(["cmake", "-S", tree, "-B", out, "-DCMAKE_BUILD_TYPE=Release", "-DBOX2D_BENCHMARKS=ON",
         "-DBOX2D_SAMPLES=OFF", "-DBOX2D_UNIT_TESTS=OFF", "-DBOX2D_DOCS=OFF", "-DBOX2D_VALIDATE=OFF",
         f"-DBOX2D_AVX2={'ON' if avx2 else 'OFF'}"])
    run(["cmake", "--build", out, "--target", "benchmark", "-j", str(os.cpu_count() or 1)])
    for path in (os.path.join(out, "bin", "benchmark"), os.path.join(out, "benchmark", "benchmark")):
        if os.path.exists(path):
            return path, avx2
    sys.exit(f"v3-table: built, but found no benchmark executable under {out}")


def v3_run(app, scene, workers):
    """Seconds of one v3 run of `scene` with `workers` workers (its own clock), and the
    processor seconds of the whole process."""
    cwd = os.path.join(BUILD, "box2d-v3-runs")
    os.makedirs(cwd, exist_ok=True)  # the app writes NAME.csv where it runs
    text, cpu = run_timed([app, f"--benchmark={scene}", f"--workers={workers}", f"--threads={workers}", "--repeats=1"],
                          cwd=cwd)
    match = re.search(r"run 0 : ([0-9.eE+-]+) \(ms\)", text)
    if not match:
        sys.exit(f"v3-table: no run time in v3's output for {scene}:\n{text[-1000:]}")
    return float(match.group(1)) / 1000, cpu


def nudge_run(nudge, scene, steps, workers=1):
    """Seconds (its own clock), processor seconds of the whole process, steps and the JSON
    result of one Nudge run of the twin of `scene` with `workers` workers."""
    cmd = [nudge, "bench", "engine", "--twins", "--scene", scene, "--json", "--workers", str(workers)]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    text, cpu = run_timed(cmd)
    result = json.loads(text.strip().splitlines()[-1])
    return result["totalMs"] / 1000, cpu, result["steps"], result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--box2d-v3", required=True, help="v3 source checkout or bare git directory")
    parser.add_argument("--nudge", help="a release nudge executable (default: build one)")
    parser.add_argument("--scene", action="append", choices=SCENES, help="only these scenes (repeatable)")
    parser.add_argument("--pairs", type=int, default=2, help="alternating rounds per scene (default 2)")
    parser.add_argument("--steps", type=int, help="steps for both engines (default: v3's own per scene)")
    args = parser.parse_args()
    if args.steps is not None and args.steps < 2:
        sys.exit("v3-table: --steps must be at least 2 (the first step is not timed)")
    if shutil.which("cmake") is None:
        sys.exit("v3-table: needs cmake (apt-get install cmake)")
    app, avx2 = build_v3(os.path.expanduser(args.box2d_v3), args.steps)
    nudge = args.nudge
    if nudge is None:
        run(["swift", "build", "-c", "release", "--product", "nudge"], cwd=ROOT)
        nudge = os.path.join(run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).strip(), "nudge")
    rows = []
    for scene in args.scene or SCENES:
        v1, v2, nu, n2, c1, cn, steps = [], [], [], [], [], [], None
        for _ in range(args.pairs):
            wall, cpu = v3_run(app, scene, 1)
            v1.append(wall); c1.append(cpu)
            v2.append(v3_run(app, scene, 2)[0])
            wall, cpu, steps, _ = nudge_run(nudge, scene, args.steps)
            nu.append(wall); cn.append(cpu)
            n2.append(nudge_run(nudge, scene, args.steps, workers=2)[0])
            print(f"{scene}: v3 {v1[-1]:.2f} s ({c1[-1]:.2f} s processor) / {v2[-1]:.2f} s, "
                  f"Nudge {nu[-1]:.2f} s ({cn[-1]:.2f} s processor) / {n2[-1]:.2f} s", file=sys.stderr)
        v3_steps = min(V3_STEPS[scene], args.steps) if args.steps else V3_STEPS[scene]
        med = statistics.median
        # Per timed step: v3 and Nudge both leave the first step out.
        per = lambda xs, n: med(xs) / max(n - 1, 1)
        rows.append((scene, v3_steps, steps, med(v1), med(v2), med(nu), med(n2),
                     per(nu, steps) / per(v1, v3_steps), per(n2, steps) / per(v2, v3_steps),
                     med(c1), med(cn), per(cn, steps) / per(c1, v3_steps)))
    print(f"Box2D v3 {'AVX2' if avx2 else 'SSE2'} benchmark app against Nudge's twins; medians of {args.pairs} "
          f"alternating rounds; load average {os.getloadavg()[0]:.1f} at the end")
    print()
    print("| v3 scene | steps (v3 / Nudge) | v3, 1 worker | v3, 2 workers | Nudge, 1 worker | Nudge, 2 workers "
          "| Nudge / v3 (1) | Nudge / v3 (2) | processor: v3 (1) | Nudge (1) | Nudge / v3 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    # A v3 run under 10 ms (smash before the ram reaches the sleeping wall) gives no ratio.
    ratio = lambda r, v3: f"{r:.2f}" if v3 >= 0.01 else "–"
    for scene, vs, ns, a, b, c, d, r1, r2, ca, cb, rc in rows:
        print(f"| {scene} | {vs} / {ns} | {a:.2f} s | {b:.2f} s | {c:.2f} s | {d:.2f} s | {ratio(r1, a)} | {ratio(r2, b)} "
              f"| {ca:.2f} s | {cb:.2f} s | {rc:.2f} |")
    print()
    print("Seconds are each program's own clock over the timed steps; processor seconds are the whole process's "
          "(building the scene included). Ratios are per timed step.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
