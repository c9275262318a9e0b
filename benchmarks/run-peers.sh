#!/usr/bin/env bash
# run-peers.sh: time Nudge's engine bench scenes beside Box2D 2.4.1 and Chipmunk 7 on the same
# machine, in one run, and print a Markdown table (or, with --scaling, have `nudge bench scaling`
# write a CSV and an SVG plot of ms/step against body count). The peers rebuild EngineScenes'
# scenes in C/C++ (benchmarks/peers/); Debian packages them, so this installs them when missing.
#
#   benchmarks/run-peers.sh                  all seven scenes, each at its own step count
#   benchmarks/run-peers.sh --quick          20 steps per scene (CI: checks the script still works)
#   benchmarks/run-peers.sh --scene rain --scene cradle --steps 300
#   benchmarks/run-peers.sh --scaling        pyramids of 105…20,100 boxes and rains of 500…20,000
#                                            shapes → benchmarks/results/scaling.{csv,svg}: builds
#                                            the peers and nudge, then runs nudge bench scaling
#   --timeout S        with --scaling: a peer that takes longer than S seconds (default 150) on
#                      one size is stopped and left out of the plot (Box2D 2.4.1's continuous
#                      collision makes its large rains very slow)
#   --nudge PATH       use this nudge executable instead of building one (release!)
#   --box2d-v3 DIR     also time Box2D v3 on the pyramid scenes (a "Box2D v3" column): DIR is a
#                      Box2D v3 source checkout (git clone https://github.com/erincatto/box2d),
#                      compiled with gcc -O3 into benchmarks/peers/build/, its AVX2 variant when
#                      the CPU has AVX2 (like Nudge's release build), else SSE2; not with --scaling
#   --box2d-v3-sse2    with --box2d-v3: build v3's SSE2 variant even on an AVX2 machine
# Environment: NUDGE_PEERS_SCRATCH=DIR builds Nudge with --scratch-path DIR instead of .build
# (the BenchmarksTests test uses it, since `swift test` holds the lock on .build).
# Exits non-zero when an install, a build or any benchmark program fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

nudge=""
box2dV3=""
box2dV3Sse2=0
scaling=0
quick=0
steps=()
timeout=()
scenes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --nudge) nudge="${2:?--nudge needs a path}"; shift 2 ;;
    --box2d-v3) box2dV3="${2:?--box2d-v3 needs a Box2D v3 source directory}"; shift 2 ;;
    --box2d-v3-sse2) box2dV3Sse2=1; shift ;;
    --scaling) scaling=1; shift ;;
    --quick) quick=1; shift ;;
    --timeout) timeout=("$1" "${2:?--timeout needs seconds}"); shift 2 ;;
    --steps) steps=("$1" "${2:?--steps needs a value}"); shift 2 ;;
    --scene) scenes+=("$1" "${2:?--scene needs a value}"); shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-peers: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$scaling" = 1 ] && [ ${#scenes[@]} -gt 0 ]; then
  echo "run-peers: --scaling runs its own sizes; it does not take --scene" >&2; exit 2
fi
if [ "$scaling" = 0 ] && [ ${#timeout[@]} -gt 0 ]; then
  echo "run-peers: --timeout goes with --scaling" >&2; exit 2
fi
if [ "$scaling" = 1 ] && [ -n "$box2dV3" ]; then
  echo "run-peers: --box2d-v3 adds a column to the table; the scaling run does not take it" >&2; exit 2
fi
if [ "$box2dV3Sse2" = 1 ] && [ -z "$box2dV3" ]; then
  echo "run-peers: --box2d-v3-sse2 goes with --box2d-v3 DIR" >&2; exit 2
fi
if [ -n "$box2dV3" ]; then
  given="$box2dV3"
  box2dV3="$(cd "$given" 2>/dev/null && pwd)" || { echo "run-peers: --box2d-v3: no directory $given" >&2; exit 2; }
  if [ ! -f "$box2dV3/include/box2d/box2d.h" ] || [ ! -f "$box2dV3/src/physics_world.c" ]; then
    echo "run-peers: --box2d-v3: $box2dV3 is not a Box2D v3 source checkout (no include/box2d/box2d.h, src/physics_world.c)" >&2
    exit 2
  fi
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

# 2b. Box2D v3 from the given checkout (optional): every src/*.c compiled as its CMake release
# build would, one file at a time, into build/box2d-v3-VARIANT/libbox2d.a, rebuilt only when the
# checkout, its files or the flags change; then the driver, linked against it.
peers=(--box2d "$build/box2d_bench" --chipmunk "$build/chipmunk_bench")
if [ -n "$box2dV3" ]; then
  if [ "$box2dV3Sse2" = 0 ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    variant=avx2; simd=(-DBOX2D_AVX2 -mavx2)
  else
    variant=sse2; simd=()
  fi
  v3build="$build/box2d-v3-$variant"
  v3flags=(-O3 -DNDEBUG -ffp-contract=off -std=gnu17 -fvisibility=hidden ${simd[@]+"${simd[@]}"}
           -I "$box2dV3/include" -I "$box2dV3/src")
  stamp="$box2dV3 ${v3flags[*]} $(gcc -dumpfullversion)"
  mkdir -p "$v3build"
  if [ ! -f "$v3build/libbox2d.a" ] || [ "$(cat "$v3build/stamp" 2>/dev/null)" != "$stamp" ] ||
     [ -n "$(find "$box2dV3/src" "$box2dV3/include" -newer "$v3build/libbox2d.a" -print -quit)" ]; then
    echo "run-peers: building Box2D v3 ($variant variant: gcc ${v3flags[*]:0:5}${simd[*]+ ${simd[*]}}) from $box2dV3" >&2
    rm -f "$v3build"/*.o "$v3build/libbox2d.a" "$v3build/stamp"
    for src in "$box2dV3"/src/*.c; do
      gcc "${v3flags[@]}" -c "$src" -o "$v3build/$(basename "${src%.c}").o"
    done
    ar rcs "$v3build/libbox2d.a" "$v3build"/*.o
    printf '%s\n' "$stamp" > "$v3build/stamp"
  else
    echo "run-peers: Box2D v3 ($variant variant) is up to date in $v3build" >&2
  fi
  gcc -O2 -std=gnu17 -Wall -DBOX2D_V3_VARIANT="\"$variant\"" -I "$box2dV3/include" \
    -o "$build/box2d_v3_bench" benchmarks/peers/box2d_v3_bench.c "$v3build/libbox2d.a" -lm -lpthread
  peers+=(--box2d-v3 "$build/box2d_v3_bench")
fi

# 3. Nudge, release.
if [ -z "$nudge" ]; then
  scratch=(); [ -n "${NUDGE_PEERS_SCRATCH:-}" ] && scratch=(--scratch-path "$NUDGE_PEERS_SCRATCH")
  echo "run-peers: building nudge (release)" >&2
  swift build -c release --product nudge ${scratch[@]+"${scratch[@]}"} >&2
  nudge="$(swift build -c release --product nudge ${scratch[@]+"${scratch[@]}"} --show-bin-path)/nudge"
fi
[ -x "$nudge" ] || { echo "run-peers: no nudge executable at $nudge" >&2; exit 1; }

# 4. Run and report.
if [ "$scaling" = 1 ]; then
  # --quick: 20 steps per size, unless --steps says otherwise.
  [ "$quick" = 1 ] && [ ${#steps[@]} -eq 0 ] && steps=(--steps 20)
  exec "$nudge" bench scaling "${peers[@]}" --output "$root/benchmarks/results" \
    ${steps[@]+"${steps[@]}"} ${timeout[@]+"${timeout[@]}"}
fi
quickFlag=(); [ "$quick" = 1 ] && quickFlag=(--quick)
exec python3 "$root/benchmarks/peers.py" --nudge "$nudge" "${peers[@]}" \
  ${quickFlag[@]+"${quickFlag[@]}"} ${steps[@]+"${steps[@]}"} ${scenes[@]+"${scenes[@]}"}
