#!/usr/bin/env bash
# Builds Blend2D (and AsmJit, its JIT) and the Blend2D bench harness of
# ../shared/bench in a scratch folder outside the repository, and prints the
# harness's path. Nothing of Blend2D is ever copied into this repository.
#
#   Benchmarks/build-blend2d.sh BLEND2D AJIT [HARNESS_DIR]
#
# BLEND2D and ASMJIT are checkouts or git directories of blend2d/blend2d and
# asmjit/asmjit (the published numbers used v0.21.2 = 6dbc2ce and asmjit 0bd5787;
# the tool library's `fetch` brings them, e.g. /work/.mirror/blend2d+blend2d/repo).
# HARNESS_DIR is the bench folder holding blend2d_bench.cpp (default ../shared/bench).
# The build goes to $BENCH_BLEND2D_WORK (default /tmp/opencanvas-blend2d) and is
# reused when it is there. Needs cmake and g++ (Debian: cmake, build-essential).
set -euo pipefail
cd "$(dirname "$0")/.."
BLEND2D=${1:?a Blend2D checkout or git directory}
ASMJIT=${2:?an AsmJit checkout or git directory}
HARNESS=${3:-../shared/bench}
WORK=${BENCH_BLEND2D_WORK:-/tmp/opencanvas-blend2d}
mkdir -p "$WORK"
bin="$WORK/blend2d_bench"
# A source tree from a checkout, or exported from a bare git directory at its HEAD.
tree() {
  local src=$1 dest=$2
  rm -rf "$dest"
  if [ -f "$src/CMakeLists.txt" ]; then
    cp -r "$src" "$dest"
  else
    mkdir -p "$dest"
    git --git-dir="$src" archive HEAD | tar -x -C "$dest"
  fi
}
# The library is built once (about 3 minutes on 2 cores); the harness each time.
if [ ! -f "$WORK/build/libblend2d.a" ]; then
  tree "$BLEND2D" "$WORK/blend2d"
  tree "$ASMJIT" "$WORK/asmjit"
  cmake -S "$WORK/blend2d" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release -DBLEND2D_STATIC=ON \
    -DASMJIT_DIR="$WORK/asmjit" >"$WORK/cmake.log" 2>&1
  cmake --build "$WORK/build" -j 2 >"$WORK/build.log" 2>&1
fi
g++ -std=c++17 -O2 -ffp-contract=off -DBL_STATIC -I "$WORK/blend2d" -I "$HARNESS" \
  "$HARNESS/blend2d_bench.cpp" "$WORK/build/libblend2d.a" -lpthread -lrt -o "$bin"
echo "$bin"
