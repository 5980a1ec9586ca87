#!/usr/bin/env bash
# Fuzzing with libFuzzer (it ships with the toolchain). The targets are in
# Tools/Fuzz/Targets (FuzzTarget.swift lists them), their seed corpora in
# Tools/Fuzz/Corpus/<target>, the inputs that once crashed in Tools/Fuzz/Regressions.
#
#   Scripts/fuzz.sh TARGET [libFuzzer options…]  fuzz one target; new inputs go to
#                                               .build/fuzz-corpus/TARGET, crashes to
#                                               .build/fuzz-artifacts/TARGET
#   Scripts/fuzz.sh --smoke [RUNS]              every target for RUNS executions (10⁴),
#                                               starting from the committed corpus, 10 s
#                                               an input (CI)
#   Scripts/fuzz.sh --fast TARGET [options…]    the same without AddressSanitizer (coverage
#                                               only, 2–3× the inputs a second, 1 s each);
#                                               replay what it found with --replay
#   Scripts/fuzz.sh --replay [TARGET…]          every input in .build/fuzz-corpus/TARGET once,
#                                               under AddressSanitizer (all targets by default)
#   Scripts/fuzz.sh --build TARGET…             only build
#
# Each executable is built in release with AddressSanitizer and libFuzzer's
# coverage (Swift and C code alike) under .build/fuzz (Package.swift's
# OPENCANVAS_FUZZ settings). An input may take 3 s (-timeout) and the process 2 GiB
# (-rss_limit_mb) unless options say otherwise. 3 s under AddressSanitizer is
# about 0.3 s in a plain release build: it records a stack for every allocation,
# and the slowest inputs found (131,072 dashes, each a new polyline) took 2–3 s
# with it and under 0.1 s without (replay them with a plain release build of the
# fuzz executable, which runs the files it is given).
#
# --fast builds under .build/fuzz-fast with libFuzzer's coverage and no sanitizer:
# Swift's own checks (bounds, overflow, conversions) still trap, and the time limit
# is the reliability issue's hang bound, 1 s. What AddressSanitizer alone sees (a C
# library reading past a buffer) is then looked for by --replay over the corpus the
# fast run grew.
#
# An incremental build can be stale in a way no stamp sees: when a struct gains
# a stored property, SwiftPM recompiles the files that name it, but not those that
# hold it only through another module's type (DisplayList inside a
# GraphicsContext.ResolvedSymbol), whose copies then use the old layout and crash.
# After such a change, delete .build/fuzz*/*/release/<Module>.build for the modules
# above it (or the whole folder) before fuzzing: a stale build reports false
# crashes and can hide real ones. CI always builds afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(drawing path-string cgcontext image-decode font text-markup view-tree)

# libFuzzer without its main: the fuzz executables' own main starts its driver.
libfuzzer=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)

# The AddressSanitizer build unless --fast asks otherwise (never from the caller's
# environment: a replay must not quietly run without it).
unset OPENCANVAS_FUZZ_SANITIZER
fuzz_build=.build/fuzz
build() {
  # SwiftPM compiles a module again when its sources change, not when only its
  # flags do: a module built before Package.swift's fuzz settings changed would keep
  # its old instrumentation. So the build starts afresh when Package.swift, the
  # libFuzzer archive or the toolchain differs from the ones it was made with.
  # (Not while a fuzzer runs from the same folder: it would lose its executable.)
  local stamp="$fuzz_build/package-stamp" now
  now=$( (cat Package.swift; echo "$libfuzzer"; swiftc --version 2>&1) | sha256sum | cut -d' ' -f1)
  if [ -d "$fuzz_build" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$now" ]; then
    echo "fuzz.sh: Package.swift or the toolchain changed since $fuzz_build was built: building afresh" >&2
    rm -rf "$fuzz_build"
  fi
  mkdir -p "$fuzz_build" && echo "$now" >"$stamp"
  local products=()
  for t in "$@"; do products+=(--product "fuzz-$t"); done
  for p in "${products[@]}"; do
    [ "$p" = --product ] && continue
    OPENCANVAS_FUZZ=$libfuzzer Scripts/build-without-warnings.sh -c release --build-path "$fuzz_build" --product "$p" \
      >.build/fuzz-build.log 2>&1 || { tail -30 .build/fuzz-build.log >&2; exit 1; }
  done
}

run() {   # target, then libFuzzer options
  local t=$1; shift
  mkdir -p ".build/fuzz-corpus/$t" ".build/fuzz-artifacts/$t"
  local seeds=("Tools/Fuzz/Corpus/$t")
  [ -d "Tools/Fuzz/Regressions/$t" ] && seeds+=("Tools/Fuzz/Regressions/$t")
  ASAN_OPTIONS=allocator_may_return_null=1 LSAN_OPTIONS=suppressions=$PWD/Scripts/sanitizers/lsan.supp \
    "$fuzz_build/release/fuzz-$t" -timeout="${FUZZ_TIMEOUT:-3}" -rss_limit_mb=2048 -max_len=8192 \
    -artifact_prefix=".build/fuzz-artifacts/$t/" "$@" ".build/fuzz-corpus/$t" "${seeds[@]}"
}

case "${1:-}" in
  --fast)
    shift
    t=${1:-}; shift || true
    printf '%s\n' "${targets[@]}" | grep -qx "$t" || { echo "fuzz.sh: no target $t (${targets[*]})" >&2; exit 2; }
    export OPENCANVAS_FUZZ_SANITIZER=none FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-1}
    fuzz_build=.build/fuzz-fast
    build "$t"
    run "$t" "$@" ;;
  --replay)
    shift
    set -- "${@:-${targets[@]}}"
    for t in "$@"; do
      printf '%s\n' "${targets[@]}" | grep -qx "$t" || { echo "fuzz.sh: no target $t (${targets[*]})" >&2; exit 2; }
    done
    build "$@"
    for t in "$@"; do
      # -runs=0: libFuzzer runs every input of the corpus once, then stops.
      log=".build/fuzz-artifacts/replay-$t.log"
      mkdir -p .build/fuzz-artifacts
      if ! FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10} run "$t" -runs=0 >"$log" 2>&1; then
        echo "fuzz replay: $t failed; the end of its log ($log):" >&2
        tail -40 "$log" >&2
        exit 1
      fi
      echo "fuzz replay: $t — $(grep -o 'INITED.*' "$log" | tail -1)"
    done ;;
  --build) shift; build "${@:-${targets[@]}}" ;;
  --smoke)
    runs=${2:-10000}
    build "${targets[@]}"
    for t in "${targets[@]}"; do
      start=$(date +%s)
      log=".build/fuzz-artifacts/smoke-$t.log"
      mkdir -p .build/fuzz-artifacts
      # 10 s an input here: the smoke run looks for crashes, and a CI machine busy
      # with other work can take an input near the 3 s limit past it.
      if ! FUZZ_TIMEOUT=10 run "$t" -runs="$runs" -seed=1 >"$log" 2>&1; then
        echo "fuzz smoke: $t failed; the end of its log ($log):" >&2
        tail -40 "$log" >&2
        exit 1
      fi
      echo "fuzz smoke: $t — $(grep -o 'Done [0-9]* runs' "$log" | tail -1) in $(( $(date +%s) - start )) s"
    done ;;
  ""|-h|--help) sed -n 2,21p "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  *)
    t=$1; shift
    printf '%s\n' "${targets[@]}" | grep -qx "$t" || { echo "fuzz.sh: no target $t (${targets[*]})" >&2; exit 2; }
    build "$t"
    run "$t" "$@" ;;
esac
