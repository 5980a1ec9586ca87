#!/usr/bin/env bash
# Builds every target, tests included (or what the arguments to swift build say),
# and fails when the compiler or SwiftPM prints a warning: the code base is kept at
# zero warnings.
# On a clean checkout this sees every file; an incremental build only the files it
# compiles again.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ $# -eq 0 ]; then set -- --build-tests; fi
swift build "$@" 2>&1 | tee "$log"
count=$(grep -c 'warning:' "$log" || true)
if [ "$count" -ne 0 ]; then
  echo "build-without-warnings: $count warning line(s):" >&2
  grep 'warning:' "$log" | sort -u >&2
  exit 1
fi
echo "build-without-warnings: no warnings"
