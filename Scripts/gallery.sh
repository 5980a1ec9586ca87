#!/usr/bin/env bash
# Renders the example scenes to ./gallery-output (arguments go to canvas-gallery).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift run -c release canvas-gallery "$@"
