#!/usr/bin/env bash
# Path operations against Skia's PathOps (issue 21): canvas-bench's PathOps cells
# (Tools/Bench/PathOps.swift: union and intersection of circles, wavy blobs and text
# outlines, through the public Path API) and Benchmarks/peers/pathops_peer.py
# (skia-pathops from PyPI, Skia's src/pathops compiled by its wheel), on the same
# inputs, several rounds with the order alternated, pinned to one core. Prints a
# table: the median over rounds of each side's median time per operation, the ratio
# (our time ÷ Skia's: below 1 we are faster) and both results' areas (they must agree).
#
#   Benchmarks/pathops.sh [ROUNDS]      environment: BENCH_REPEATS (5), BENCH_CPU (1)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
CPU=${BENCH_CPU:-1}
export BENCH_REPEATS=${BENCH_REPEATS:-5}
python3 -c "import pathops" 2>/dev/null || python3 -m pip install --quiet skia-pathops \
  || python3 -m pip install --quiet --break-system-packages skia-pathops
swift build -c release --product canvas-bench >/dev/null
work=$(mktemp -d)
BENCH_FILTER=PathOps BENCH_PATHOPS_INPUTS="$work/inputs" BENCH_REPEATS=1 .build/release/canvas-bench >/dev/null 2>&1
for ((r = 1; r <= ROUNDS; r++)); do
  if (( r % 2 )); then
    BENCH_FILTER=PathOps taskset -c "$CPU" .build/release/canvas-bench 2>/dev/null >> "$work/results.csv"
    taskset -c "$CPU" python3 Benchmarks/peers/pathops_peer.py "$work/inputs" >> "$work/results.csv"
  else
    taskset -c "$CPU" python3 Benchmarks/peers/pathops_peer.py "$work/inputs" >> "$work/results.csv"
    BENCH_FILTER=PathOps taskset -c "$CPU" .build/release/canvas-bench 2>/dev/null >> "$work/results.csv"
  fi
done
python3 - "$work/results.csv" <<'PY'
import sys, statistics, collections, math
times, areas, sizes = collections.defaultdict(list), {}, {}
for line in open(sys.argv[1]):
    engine, test, op, size, count, median, mn, area = line.strip().split(",")
    times[(engine, test, op)].append(float(median))
    areas[(engine, test, op)] = float(area)
    sizes[(test, op)] = int(size)
print("| inputs | operation | segments | OpenCanvas ms | Skia PathOps ms | OpenCanvas ÷ Skia | areas (ours / Skia's) |")
print("|---|---|---:|---:|---:|---:|---|")
ratios = []
for test, op in sizes:
    if ("opencanvas", test, op) not in times or ("skia-pathops", test, op) not in times:
        continue
    ours = statistics.median(times[("opencanvas", test, op)]) / 1e6
    skia = statistics.median(times[("skia-pathops", test, op)]) / 1e6
    ratios.append(ours / skia)
    print(f"| {test[7:]} | {op} | {sizes[(test, op)]} | {ours:.2f} | {skia:.2f} | {ours / skia:.2f} | "
          f"{areas[('opencanvas', test, op)]:.1f} / {areas[('skia-pathops', test, op)]:.1f} |")
if ratios:
    print(f"\ngeometric mean of OpenCanvas ÷ Skia: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}")
PY
echo "raw results: $work/results.csv" >&2
