#!/usr/bin/env bash
# scripts/setup.sh playground|tests: installs what a fresh Debian or Ubuntu machine lacks to build
# and play Nudge (playground), or also to run its tests (tests), and checks the Swift toolchain.
# scripts/play and scripts/test call it first; it does nothing when everything is present.
#
# Packages are checked one by one with dpkg and installed with apt-get, as root or through sudo
# (which may ask for a password; the list is printed first). Without apt-get it prints what the
# build needs so that another system's package manager can provide it.
set -euo pipefail

# Building and playing: ncursesw (and ncurses-term for the 24-bit "-direct" terminfo entries),
# libpng and zlib for pictures, FreeType and DejaVu Sans Mono for `nudge snapshot`'s PNGs.
playground_packages=(libncurses-dev ncurses-term pkg-config libpng-dev zlib1g-dev libfreetype-dev fonts-dejavu-core)
# The tests also drive the real program: tmux for the terminal, and real terminal emulators on a
# virtual display for pixels (xvfb, xterm, mlterm, konsole, kitty with Mesa's software OpenGL:
# libgl1 libglx-mesa0 libgl1-mesa-dri; x11-utils for xwininfo, imagemagick for screenshots, xdotool
# to type and click); the peer benchmarks build Box2D 2.4.1 and Chipmunk 7 programs with g++.
test_packages=(tmux xvfb xterm mlterm konsole xdotool imagemagick kitty libgl1 libglx-mesa0 libgl1-mesa-dri x11-utils libbox2d-dev libchipmunk-dev g++)

swift_minimum=6.0

say() { printf 'setup: %s\n' "$*" >&2; }

check_swift() {
    local version
    if ! version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1) || [ -z "$version" ]; then
        say "Nudge needs Swift $swift_minimum or later (it is built and tested with Swift 6.3.1), and 'swift' is not on PATH."
        say "Get it from https://www.swift.org/install/linux/ (the swiftly installer, or a toolchain"
        say "archive for your distribution whose usr/bin goes on PATH), then run this again."
        exit 1
    fi
    if [ "$(printf '%s\n%s\n' "$swift_minimum" "$version" | sort -V | head -n 1)" != "$swift_minimum" ]; then
        say "Nudge needs Swift $swift_minimum or later; 'swift' on PATH is $version. See https://www.swift.org/install/linux/."
        exit 1
    fi
}

install_packages() {
    local wanted=("$@") missing=() pkg
    if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
        if pkg-config --exists ncursesw libpng freetype2 2>/dev/null; then return 0; fi
        say "this is not a Debian or Ubuntu system: install the equivalents of ${wanted[*]} with your package manager."
        exit 1
    fi
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local run=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            say "missing packages: ${missing[*]}"
            say "install them as root: apt-get install ${missing[*]}"
            exit 1
        fi
        run=(sudo)
        say "installing ${missing[*]} with sudo apt-get (sudo may ask for your password)"
    else
        say "installing ${missing[*]}"
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${run[@]}" apt-get update -qq
    "${run[@]}" apt-get install -y -qq "${missing[@]}"
}

case "${1:-}" in
    playground) check_swift; install_packages "${playground_packages[@]}" ;;
    tests) check_swift; install_packages "${playground_packages[@]}" "${test_packages[@]}" ;;
    *) say "usage: scripts/setup.sh playground|tests"; exit 2 ;;
esac
