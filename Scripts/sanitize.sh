#!/usr/bin/env bash
# Runs the test suite under a sanitizer, in its own build folder:
#
#   Scripts/sanitize.sh address   [swift test arguments]   AddressSanitizer + LeakSanitizer
#   Scripts/sanitize.sh undefined [swift test arguments]   UndefinedBehaviorSanitizer (C code)
#   Scripts/sanitize.sh thread    [swift test arguments]   ThreadSanitizer
#
# (also `Scripts/test.sh --sanitize KIND …`). Any report fails the run. Without
# arguments, address and undefined run the whole suite; thread runs the suites whose
# code runs on several threads — bands, concurrent renders, the window host's
# worker, off-main rendering, diagnostics held per thread — since the rest is
# main-actor code on one thread.
# Leaks are suppressed only inside system libraries, each named with the reason
# in Scripts/sanitizers/lsan.supp.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?usage: Scripts/sanitize.sh address|undefined|thread [swift test arguments]}
shift
case "$kind" in
  address|undefined|thread) ;;
  *) echo "unknown sanitizer '$kind' (address, undefined or thread)" >&2; exit 2 ;;
esac
build=".build/sanitize-$kind"
here="$PWD"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=0"
export LSAN_OPTIONS="suppressions=$here/Scripts/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$here/Scripts/sanitizers/tsan.supp"
# Swift has no -sanitize=undefined on Linux (its own arithmetic is checked anyway and
# traps); UndefinedBehaviorSanitizer instruments the C targets — the pixel kernels,
# the engine's C helpers and the library shims — and its runtime is linked in.
if [ "$kind" = undefined ]; then
  flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
         -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
else
  flags=(--sanitize="$kind")
fi
# A sanitizer build starts clean whenever the sources changed since the last one:
# the build reuses a client's object when only a dependency's internal details
# changed, even where those details fix a layout the client compiled in (the
# fields of a type stored in a `@frozen` one), and such a stale object made both
# sanitizers report errors in code that was right (a `Color?` read past its end,
# a release of a colour that holds no reference).
stamp=$(find Sources Tests Tools Package.swift -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -print0 \
        | sort -z | xargs -0 sha1sum | sha1sum | cut -d' ' -f1)
if [ -d "$build" ] && [ "$(cat "$build/.sources-stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "sanitize.sh: sources changed since the last $kind build; building from clean" >&2
  rm -rf "$build"
fi
swift build --build-tests --build-path "$build" "${flags[@]}"
echo "$stamp" > "$build/.sources-stamp"
args=("$@")
if [ ${#args[@]} -eq 0 ] && [ "$kind" = thread ]; then
  args=(--filter "BandRenderingTests|ConcurrentRenderingTests|WindowHostTests|ImageRendererTests|CombineTests|PaintBadInputTests|DiagnosticsHoldingTests")
fi
log=$(mktemp)
status=0
swift test --skip-build --build-path "$build" "${flags[@]}" "${args[@]}" 2>&1 | tee "$log" || status=$?
# A report that does not end the process (e.g. from a helper process) still fails.
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|runtime error:" "$log"; then
  echo "sanitize.sh: the $kind sanitizer reported a problem (see above)" >&2
  status=1
fi
rm -f "$log"
exit $status
