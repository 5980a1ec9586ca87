#!/usr/bin/env bash
# The soak run: canvas-soak (Tools/Soak) in a release build, an animated scene
# (particles under a TimelineView, text changing every frame, a spring animation
# started by a tap every 90 frames) for many frames headless, then in a window on a
# private Xvfb. Each fails when resident memory grows by more than 256 KiB after
# warm-up (a fifth of the frames, at least 1,000), or file descriptors or the window's X
# resources (xrestop) grow at all.
#
#   Scripts/soak.sh [HEADLESS-FRAMES] [WINDOW-FRAMES]     (10⁵ and 10⁴ by default)
#
# The window is paced at 60 Hz: 10⁴ frames take about three minutes. CI runs
# 2·10⁴ and 3·10³.
set -euo pipefail
cd "$(dirname "$0")/.."
headless=${1:-100000}
windowed=${2:-10000}
Scripts/build-without-warnings.sh -c release --product canvas-soak >/dev/null
.build/release/canvas-soak --frames "$headless"

# A private X server on the first free display from :90 (no lock file), waited for
# until its socket appears (up to 30 s on a busy machine).
n=90
while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
display=:$n
Xvfb "$display" -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 300); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
sleep 0.5
DISPLAY=$display .build/release/canvas-soak --window --frames "$windowed"
