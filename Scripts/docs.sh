#!/usr/bin/env bash
# Builds the documentation site offline, with DocC from the toolchain: symbol graphs
# of the `OpenCanvas` module (with the symbols it re-exports: the drawing API, the
# views, the headless host, Combine, QuartzCore) and of `OpenCanvasTesting`, then one
# static site per catalog, warnings as errors, then a check that every public
# declaration has a doc comment.
#
#     Scripts/docs.sh [output folder]     (default .build/docs; open index.html under a web server)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
# The same build as `swift test` (with testing enabled), so that after the tests
# it is already done.
swift build --build-tests >/dev/null
bin=$(swift build --show-bin-path)
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs/OpenCanvas" "$graphs/OpenCanvasTesting"

# The C modules' maps and headers, so that the Swift modules above them load.
flags=(-target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" -minimum-access-level public
       -Xcc -I/usr/include/harfbuzz -Xcc -I/usr/include/freetype2)
for map in "$bin"/*.build/module.modulemap Sources/CFontStack/module.modulemap Sources/CFontSubset/module.modulemap \
           Sources/CPNG/module.modulemap Sources/CZlib/module.modulemap; do
  flags+=(-Xcc "-fmodule-map-file=$map")
done
for include in Sources/C*/include; do flags+=(-Xcc "-I$include"); done

swift-symbolgraph-extract -module-name OpenCanvas -output-dir "$graphs/OpenCanvas" "${flags[@]}" \
  -experimental-allowed-reexported-modules=OpenCanvasDrawing,OpenCanvasViews,OpenCanvasHeadless,Combine,QuartzCore
swift-symbolgraph-extract -module-name OpenCanvasTesting -output-dir "$graphs/OpenCanvasTesting" "${flags[@]}"

mkdir -p "$out"
for module in OpenCanvas OpenCanvasTesting; do
  rm -rf "$out/$module"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$out/$module" --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.opencanvas.$module" \
    --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors
  echo "docs: $out/$module"
done

swift Scripts/check-doc-comments.swift "$graphs/OpenCanvas" "$graphs/OpenCanvasTesting"
