#!/usr/bin/env bash
# Runs canvas-bench side by side with the peer harnesses of ../shared/bench (Cairo,
# tiny-skia), several rounds, each in its own shuffled order, pinned to one core, and prints
# the comparison table (median over rounds of each harness's median per cell).
#
#   Benchmarks/run.sh [ROUNDS]        environment: BENCH_FILTER, BENCH_COUNT_SCALE,
#                                     BENCH_REPEATS (defaults 0.25 and 3, as published),
#                                     BENCH_DIR (default ../shared/bench), BENCH_CPU (1),
#                                     BENCH_BASELINE (an older canvas-bench binary, run in the
#                                     same rounds with its engines renamed "before-…"),
#                                     BENCH_BLEND2D and BENCH_ASMJIT (Blend2D and AsmJit
#                                     checkouts or git directories: Blend2D is built in a
#                                     scratch folder by Benchmarks/build-blend2d.sh and run
#                                     with and without its JIT in the same rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
export BENCH_COUNT_SCALE=${BENCH_COUNT_SCALE:-0.25}
export BENCH_REPEATS=${BENCH_REPEATS:-3}
# The table is one core against one core: canvas-bench draws each frame on one thread
# (OPENCANVAS_RENDER_THREADS=2 … measures bands; see Benchmarks.md, "Every core").
export OPENCANVAS_RENDER_THREADS=${OPENCANVAS_RENDER_THREADS:-1}
# Our engines: the public API into an offscreen canvas, the engine alone, and (for the
# text cell) labels redrawn through HeadlessHost, as issue 18's item 6 measures them.
export BENCH_ENGINES=${BENCH_ENGINES:-opencanvas,opencanvas-engine,opencanvas-host}
CPU=${BENCH_CPU:-1}
SRC=${BENCH_DIR:-../shared/bench}
work=$(mktemp -d)
cp -r "$SRC" "$work/"
( cd "$work/bench" && ./build.sh >"$work/build.log" 2>&1 ) || echo "note: some peer harnesses did not build (see $work/build.log)" >&2
swift build -c release --product canvas-bench >/dev/null
ours="$PWD/.build/release/canvas-bench"
# Peers for our extra cells (Radial and Conic styles, the 1024 × 1024 blur, the text
# cell): Cairo's radial gradient and text, Skia (skia-python) and Pillow, where they are
# installed.
if pkg-config --exists cairo; then
  gcc -O2 -ffp-contract=off -I "$work/bench" Benchmarks/peers/cairo_extra.c $(pkg-config --cflags --libs cairo) -lm \
    -o "$work/cairo_extra" 2>>"$work/build.log" || true
fi
# Cairo's peer for the text cell (Text/Solid: 2,000 labels in Inter 13 px, unhinted).
if pkg-config --exists cairo fontconfig freetype2; then
  gcc -O2 -ffp-contract=off -I "$work/bench" Benchmarks/peers/cairo_text.c $(pkg-config --cflags --libs cairo fontconfig freetype2) -lm \
    -o "$work/cairo_text" 2>>"$work/build.log" || true
fi
printf '#!/bin/sh\nexec python3 %s %s\n' "$PWD/Benchmarks/peers/extra_peers.py" "$work/bench" > "$work/extra_peers.sh"
chmod +x "$work/extra_peers.sh"
harnesses=("$ours")
[ -x "$work/bench/bin/cairo_bench" ] && harnesses+=("$work/bench/bin/cairo_bench")
[ -x "$work/bench/tinyskia/target/release/tinyskia_bench" ] && harnesses+=("$work/bench/tinyskia/target/release/tinyskia_bench")
[ -x "$work/cairo_extra" ] && harnesses+=("$work/cairo_extra")
[ -x "$work/cairo_text" ] && harnesses+=("$work/cairo_text")
python3 -c "import skia, PIL" 2>/dev/null && harnesses+=("$work/extra_peers.sh")
if [ -n "${BENCH_BLEND2D:-}" ] && [ -n "${BENCH_ASMJIT:-}" ]; then
  if bl=$(Benchmarks/build-blend2d.sh "$BENCH_BLEND2D" "$BENCH_ASMJIT" "$work/bench" 2>>"$work/build.log"); then
    harnesses+=("$bl")
    printf '#!/bin/sh\nBENCH_BL_NOJIT=1 exec "%s"\n' "$bl" > "$work/blend2d_nojit.sh"
    chmod +x "$work/blend2d_nojit.sh"
    harnesses+=("$work/blend2d_nojit.sh")
  else
    echo "note: Blend2D did not build (see $work/build.log)" >&2
  fi
fi
if [ -n "${BENCH_BASELINE:-}" ] && [ -x "$BENCH_BASELINE" ]; then
  printf '#!/bin/sh\n"%s" | sed "s/^opencanvas/before-opencanvas/"\n' "$BENCH_BASELINE" > "$work/baseline.sh"
  chmod +x "$work/baseline.sh"
  harnesses+=("$work/baseline.sh")
fi
out="$work/results"
# Each round runs the harnesses in its own order, a permutation seeded by the round's
# number: with a fixed cyclic order, every harness always followed the same one, and a
# slow phase of the machine (this one drifts by several per cent within a run) could
# favour one build over another round after round.
for ((r = 1; r <= ROUNDS; r++)); do
  mkdir -p "$out/round$r"
  n=${#harnesses[@]}
  for idx in $(python3 -c "import random; o = list(range($n)); random.Random($r).shuffle(o); print(*o)"); do
    echo "[round $r] ${harnesses[$idx]}" >&2
    taskset -c "$CPU" "${harnesses[$idx]}" > "$out/round$r/h$idx.csv" 2>/dev/null
  done
done
python3 Benchmarks/compare.py "$out"/round*/*.csv
echo "raw results: $out" >&2
