#!/usr/bin/env bash
# Runs the whole test suite (arguments go to swift test).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift test "$@"
