#!/usr/bin/env bash
# Shows what a screen reader reads in a gallery scene: opens `canvas-gallery --live
# NAME` on a private X server (Xvfb) and D-Bus session, and prints its AT-SPI tree
# as Orca speaks each object (Tools/ScreenReader/read_tree.py, through pyatspi).
#
#   Scripts/screen-reader.sh control-panel [--act "toggle button:Grid:click"]...
#
# Needs the packages of Scripts/install-dependencies.sh (xvfb, dbus-daemon,
# at-spi2-core, python3-pyatspi).
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: Scripts/screen-reader.sh SCENE [--act ROLE:NAME:ACTION]...}
shift
swift build --product canvas-gallery >/dev/null
gallery=$(swift build --product canvas-gallery --show-bin-path)/canvas-gallery
display=":$((200 + RANDOM % 300))"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
runtime=$(mktemp -d)
export DISPLAY=$display XDG_RUNTIME_DIR=$runtime
unset AT_SPI_BUS_ADDRESS
dbus-run-session -- bash -c '
  "$0" --live "$1" >/dev/null &
  app=$!
  /usr/bin/python3 Tools/ScreenReader/read_tree.py canvas-gallery "${@:2}"
  status=$?
  kill $app 2>/dev/null
  exit $status
' "$gallery" "$name" "$@"
rm -rf "$runtime"
