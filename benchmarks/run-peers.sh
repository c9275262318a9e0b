#!/usr/bin/env bash
# run-peers.sh: time Nudge's engine bench scenes beside Box2D 2.4.1 and Chipmunk 7 on the same
# machine, in one run, and print a Markdown table (or, with --scaling, write a CSV and an SVG plot
# of ms/step against body count). The peers rebuild EngineScenes' scenes in C/C++
# (benchmarks/peers/); Debian packages them, so this installs them when missing.
#
#   benchmarks/run-peers.sh                  all seven scenes, each at its own step count
#   benchmarks/run-peers.sh --quick          20 steps per scene (CI: checks the script still works)
#   benchmarks/run-peers.sh --scene rain --scene cradle --steps 300
#   benchmarks/run-peers.sh --scaling        pyramids of 105…20,100 boxes and rains of 500…20,000
#                                            shapes → benchmarks/results/scaling.{csv,svg}
#   --timeout S        with --scaling: a program that takes longer than S seconds (default 150) on
#                      one size is stopped and left out of the plot (Box2D 2.4.1's continuous
#                      collision makes its large rains very slow)
#   --nudge PATH       use this nudge executable instead of building one (release!)
# Environment: NUDGE_PEERS_SCRATCH=DIR builds Nudge with --scratch-path DIR instead of .build
# (the BenchmarksTests test uses it, since `swift test` holds the lock on .build).
# Exits non-zero when an install, a build or any benchmark program fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

nudge=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --nudge) nudge="${2:?--nudge needs a path}"; shift 2 ;;
    --quick|--scaling) args+=("$1"); shift ;;
    --timeout) args+=("$1" "${2:?--timeout needs seconds}"); shift 2 ;;
    --scene|--steps) args+=("$1" "${2:?$1 needs a value}"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-peers: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

# 1. The peers' libraries, from Debian.
need=()
for pkg in libbox2d-dev libchipmunk-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "run-peers: installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${need[@]}" >&2
fi

# 2. The peers, optimized.
build="$root/benchmarks/peers/build"
mkdir -p "$build"
echo "run-peers: building the peers" >&2
g++ -O2 -std=c++17 -Wall -o "$build/box2d_bench" benchmarks/peers/box2d_bench.cpp -lbox2d
gcc -O2 -std=gnu11 -Wall -o "$build/chipmunk_bench" benchmarks/peers/chipmunk_bench.c -lchipmunk -lm

# 3. Nudge, release.
if [ -z "$nudge" ]; then
  scratch=(); [ -n "${NUDGE_PEERS_SCRATCH:-}" ] && scratch=(--scratch-path "$NUDGE_PEERS_SCRATCH")
  echo "run-peers: building nudge (release)" >&2
  swift build -c release --product nudge ${scratch[@]+"${scratch[@]}"} >&2
  nudge="$(swift build -c release --product nudge ${scratch[@]+"${scratch[@]}"} --show-bin-path)/nudge"
fi
[ -x "$nudge" ] || { echo "run-peers: no nudge executable at $nudge" >&2; exit 1; }

# 4. Run and report.
exec python3 "$root/benchmarks/peers.py" --nudge "$nudge" --box2d "$build/box2d_bench" \
  --chipmunk "$build/chipmunk_bench" --results "$root/benchmarks/results" ${args[@]+"${args[@]}"}
