#!/usr/bin/env bash
# The playground in each real terminal that runs here, for docs/terminal.md's table of what was
# tested where: xterm (VT340, sixel), mlterm (sixel), kitty 0.26 (kitty protocol) and Konsole
# (kitty protocol), each on a virtual X display (Xvfb): the Sandbox as it starts (its "NUDGE"
# label over the picture) and with `?` open over it, taken with ImageMagick's import and cropped
# to the terminal's window.
# Usage: scripts/terminal-pictures.sh [NUDGE_BINARY]   (default: .build/debug/nudge)
set -u
cd "$(dirname "$0")/.."
nudge=$(realpath "${1:-.build/debug/nudge}")
scene=$(realpath scenes/007-sandbox.yaml)
out=docs/images
shot() { # display, window class, file: the screen cropped to the terminal's window
  local id geometry
  id=$(DISPLAY=:$1 xdotool search --onlyvisible --class "$2" | tail -n 1)
  geometry=$(DISPLAY=:$1 xwininfo -id "$id" | awk '/Absolute upper-left X/ {x=$4} /Absolute upper-left Y/ {y=$4}
    /Width:/ {w=$2} /Height:/ {h=$2} END {printf "%dx%d+%d+%d", w, h, x, y}')
  DISPLAY=:$1 import -window root "PNG24:/tmp/nudge-shot.png" >/dev/null 2>&1
  convert /tmp/nudge-shot.png -crop "$geometry" +repage "$3"
  echo "$3"
}
run() { # name, window class, seconds to start, terminal command...
  local name=$1 class=$2 wait=$3; shift 3
  local display=$((200 + RANDOM % 300))
  while [ -e /tmp/.X11-unix/X$display ]; do display=$((display + 1)); done
  Xvfb :$display -screen 0 1280x800x24 +extension GLX -nolisten tcp >/dev/null 2>&1 & local xv=$!
  for _ in $(seq 1 50); do [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.1; done
  DISPLAY=:$display LIBGL_ALWAYS_SOFTWARE=1 "$@" >/dev/null 2>&1 & local term=$!
  sleep "$wait"
  shot "$display" "$class" "$out/$name-sandbox.png"
  DISPLAY=:$display xdotool key question
  sleep 2
  shot "$display" "$class" "$out/$name-help-over-pixels.png"
  kill $term $xv 2>/dev/null; wait 2>/dev/null
}
cmd=(env -u NO_COLOR -u TMUX -u STY LANG=C.UTF-8 "$nudge" play --graphics auto "$scene")
run xterm xterm 6 xterm -ti vt340 -fa 'DejaVu Sans Mono' -fs 12 -geometry 100x30+0+0 -e "${cmd[@]}"
run mlterm mlterm 6 mlterm -g 100x30+0+0 -e "${cmd[@]}"
run kitty kitty 15 kitty --config NONE -o 'font_family=DejaVu Sans Mono' -o font_size=12 -o initial_window_width=100c \
  -o initial_window_height=30c -o remember_window_size=no "${cmd[@]}"
run konsole konsole 16 konsole --nofork --hide-menubar --hide-tabbar -e "${cmd[@]}"
