#!/usr/bin/env bash
# run-peers.sh: time Nudge's engine bench scenes beside Box2D 2.4.1 and Chipmunk 7 on the same
# machine, in one run, and print a Markdown table (or, with --scaling, have `nudge bench --scaling`
# write a CSV and an SVG plot of ms/step against body count). The peers rebuild EngineScenes'
# scenes in C/C++ (benchmarks/peers/); Debian packages them, so this installs them when missing.
#
#   benchmarks/run-peers.sh                  all seven scenes, each at its own step count
#   benchmarks/run-peers.sh --quick          20 steps per scene (CI: checks the script still works)
#   benchmarks/run-peers.sh --scene rain --scene cradle --steps 300
#   benchmarks/run-peers.sh --scaling        pyramids of 105…20,100 boxes and rains of 500…20,000
#                                            shapes → benchmarks/results/scaling.{csv,svg}: builds
#                                            the peers and nudge, then runs nudge bench --scaling
#   --timeout S        with --scaling: a peer that takes longer than S seconds (default 150) on
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
scaling=0
quick=0
steps=()
timeout=()
scenes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --nudge) nudge="${2:?--nudge needs a path}"; shift 2 ;;
    --scaling) scaling=1; shift ;;
    --quick) quick=1; shift ;;
    --timeout) timeout=("$1" "${2:?--timeout needs seconds}"); shift 2 ;;
    --steps) steps=("$1" "${2:?--steps needs a value}"); shift 2 ;;
    --scene) scenes+=("$1" "${2:?--scene needs a value}"); shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-peers: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$scaling" = 1 ] && [ ${#scenes[@]} -gt 0 ]; then
  echo "run-peers: --scaling runs its own sizes; it does not take --scene" >&2; exit 2
fi
if [ "$scaling" = 0 ] && [ ${#timeout[@]} -gt 0 ]; then
  echo "run-peers: --timeout goes with --scaling" >&2; exit 2
fi

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
peers=(--box2d "$build/box2d_bench" --chipmunk "$build/chipmunk_bench")
if [ "$scaling" = 1 ]; then
  # --quick: 20 steps per size, unless --steps says otherwise.
  [ "$quick" = 1 ] && [ ${#steps[@]} -eq 0 ] && steps=(--steps 20)
  exec "$nudge" bench --scaling "${peers[@]}" --output "$root/benchmarks/results" \
    ${steps[@]+"${steps[@]}"} ${timeout[@]+"${timeout[@]}"}
fi
quickFlag=(); [ "$quick" = 1 ] && quickFlag=(--quick)
exec python3 "$root/benchmarks/peers.py" --nudge "$nudge" "${peers[@]}" \
  ${quickFlag[@]+"${quickFlag[@]}"} ${steps[@]+"${steps[@]}"} ${scenes[@]+"${scenes[@]}"}
