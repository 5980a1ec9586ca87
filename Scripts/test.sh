#!/usr/bin/env bash
# Checks the layers (imports against Package.swift) and builds everything with no
# warning allowed, runs the whole test suite (arguments go to swift test), then the
# compatibility package (Tests/Compatibility: files that `import SwiftUI`), the
# documentation build, the release-build stress run over 10⁴ canvases, a smoke run
# of every fuzz target, a short soak and the threaded suites under ThreadSanitizer
# (all skipped when arguments select tests).
#
#   Scripts/test.sh --sanitize address|undefined|thread [swift test arguments]
#     runs the suite under that sanitizer instead (see Scripts/sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
if [ "${1:-}" = "--sanitize" ]; then
  shift
  exec Scripts/sanitize.sh "$@"
fi
swift Scripts/check-layers.swift
Scripts/build-without-warnings.sh
swift test "$@"
if [ $# -eq 0 ]; then
  # A package that depends on OpenCanvas as a SwiftUI package brought to Linux does
  # (the SwiftUI, Combine, CoreGraphics and QuartzCore products), built and tested.
  Scripts/build-without-warnings.sh --package-path Tests/Compatibility --build-tests
  swift test --package-path Tests/Compatibility
  # The example a user copies: an app's views with snapshot tests (OpenCanvasTesting).
  Scripts/build-without-warnings.sh --package-path Examples/SnapshotTestedApp --build-tests
  swift test --package-path Examples/SnapshotTestedApp
  # The documentation site (DocC, offline, warnings as errors) and the check that
  # every public declaration has a doc comment.
  Scripts/docs.sh
  Scripts/stress.sh --count 10000
  Scripts/stress.sh --seeds 319,864,1153,2728,4145,14752,16810,48060,138324
  # Every fuzz target for 10⁴ executions from its committed corpus (AddressSanitizer
  # and libFuzzer), then a short soak: 2·10⁴ frames headless, 3·10³ in a window.
  Scripts/fuzz.sh --smoke 10000
  Scripts/soak.sh 20000 3000
  # One sanitizer in CI: ThreadSanitizer over the suites whose code runs on several
  # threads (about 5 minutes from clean). AddressSanitizer and UndefinedBehaviorSanitizer
  # over the whole suite take longer: `Scripts/test.sh --sanitize address|undefined`.
  Scripts/sanitize.sh thread
fi
