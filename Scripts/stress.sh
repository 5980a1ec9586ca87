#!/usr/bin/env bash
# The release-build stress run: seeded streams of hostile drawing calls
# (Tests/RenderTesting/HostileDrawing.swift) over many canvases, each within
# 1 s, the process within 4 GiB of address space. Arguments go to canvas-stress;
# CI runs 10⁴ canvases and the seeds that once ran long (StressRegressionTests),
# `Scripts/stress.sh --count 1000000` runs a million.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/build-without-warnings.sh -c release --product canvas-stress
.build/release/canvas-stress --limit 1 --memory 4 "$@"
