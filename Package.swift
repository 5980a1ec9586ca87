// swift-tools-version:6.0
import PackageDescription
import CompilerPluginSupport

// The fuzz executables (Tools/Fuzz/Entry/<target>), named fuzz-<name>.
let fuzzTargets: [(name: String, target: String)] = [
    ("drawing", "FuzzDrawing"), ("path-string", "FuzzPathString"), ("cgcontext", "FuzzCGContext"),
    ("image-decode", "FuzzImageDecode"), ("font", "FuzzFont"), ("text-markup", "FuzzTextMarkup"),
    ("view-tree", "FuzzViewTree"),
]

// Layers, bottom to top. A target depends only on targets listed above it
// (see ARCHITECTURE.md). Users import one module: `OpenCanvas`.
let package = Package(
    name: "OpenCanvas",
    products: [
        .library(name: "OpenCanvas", targets: ["OpenCanvas"]),
        // Modules named as on Apple platforms, so that SwiftUI files compile unchanged
        // (depend on them for Linux only: see the README).
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        // The live X11 window: the only product that links libX11 and libXext.
        .library(name: "OpenCanvasWindow", targets: ["OpenCanvasWindow"]),
        // Snapshot testing for users' test targets (Swift Testing or XCTest).
        .library(name: "OpenCanvasTesting", targets: ["OpenCanvasTesting"]),
        .executable(name: "canvas-gallery", targets: ["CanvasGallery"]),
        .executable(name: "canvas-bench", targets: ["CanvasBench"]),
        .executable(name: "first-picture", targets: ["FirstPicture"]),
        .executable(name: "canvas-stress", targets: ["CanvasStress"]),
        .executable(name: "canvas-soak", targets: ["CanvasSoak"]),
    ] + fuzzTargets.map { .executable(name: "fuzz-\($0.name)", targets: [$0.target]) } + [
    ],
    targets: [
        // MARK: 1 — geometry and paths (Swift, no Foundation)
        // CEngineSupport: unchecked numeric conversions for hot loops (a C header,
        // inlined into Swift); see its header for why.
        .target(name: "CEngineSupport"),
        .target(name: "CanvasGeometry"),

        // MARK: 2 — coverage rasterizer (pure Swift)
        .target(name: "CanvasRaster", dependencies: ["CanvasGeometry", "CEngineSupport"]),

        // MARK: 3 — pixels, paint and compositing
        // CPixelKernels: our own SIMD compositing kernels in C, chosen at run time by CPU
        // feature (AVX2 or the x86-64 baseline). Swift cannot give one function a wider
        // target than the module; see Sources/CPixelKernels/kernels.c for the measurements.
        .target(name: "CPixelKernels"),
        .target(name: "CanvasPaint", dependencies: ["CanvasRaster", "CanvasGeometry", "CPixelKernels", "CEngineSupport"]),

        // MARK: 4 — layers and filters (blur, shadow, colour matrices) on float planes
        .target(name: "CanvasEffects", dependencies: ["CanvasPaint", "CanvasGeometry", "CPixelKernels"]),

        // MARK: 4 — the display list and its renderer
        .target(name: "CanvasRender", dependencies: ["CanvasPaint", "CanvasEffects", "CanvasRaster", "CanvasGeometry", "CPixelKernels"]),

        // MARK: 5 — text and image codecs, on Debian's C libraries
        .systemLibrary(name: "CFontStack", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"])]),
        // CFontSubset: HarfBuzz's subsetter, for the font subsets vector output embeds.
        .systemLibrary(name: "CFontSubset", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
        // CUnicode: ICU's bidi algorithm, line/grapheme breaks and scripts (ICU's
        // versioned C names need a wrapper to be callable from Swift).
        .target(name: "CUnicode", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "CanvasText", dependencies: ["CanvasGeometry", "CFontStack", "CFontSubset", "CUnicode"]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // CJPEG: libjpeg-turbo behind a small C wrapper that catches libjpeg's errors
        // with setjmp in C (a longjmp must not cross Swift frames).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CanvasCodecs", dependencies: ["CPNG", "CJPEG"]),
        // Vector output: display lists written as PDF (and SVG) documents, fonts
        // embedded as subsets (HarfBuzz's subsetter), streams compressed with zlib.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CanvasVector", dependencies: ["CanvasGeometry", "CanvasRaster", "CanvasPaint", "CanvasRender", "CanvasText",
                                                     "CanvasCodecs", "CZlib"]),

        // MARK: 5 — Combine: the part of Apple's Combine that SwiftUI code uses
        // (publishers, subjects, ObservableObject and @Published, timers), for Linux.
        .target(name: "Combine"),

        // MARK: 6 — the SwiftUI-shaped drawing API: GraphicsContext, Path, Color, text,
        // images, shape styles, the environment values a canvas sees, the Core Graphics bridge
        .target(name: "OpenCanvasDrawing", dependencies: ["CanvasGeometry", "CanvasRaster", "CanvasPaint", "CanvasEffects",
                                                          "CanvasRender", "CanvasText", "CanvasCodecs", "CanvasVector"]),

        // Core Graphics' and QuartzCore's module names over the bridge types.
        .target(name: "CoreGraphics", dependencies: ["OpenCanvasDrawing", "_Testing_CoreGraphics"]),
        // Stands in for Swift Testing's Core Graphics overlay, which Linux lacks.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["OpenCanvasDrawing"]),
        .target(name: "CoreText", dependencies: ["OpenCanvasDrawing", "CoreGraphics"]),

        // The compiler plugin of `#Preview` and `@Previewable`: it speaks the plugin
        // protocol itself (no SwiftSyntax, which SwiftPM cannot fetch here).
        .macro(name: "OpenCanvasMacros"),

        // MARK: 7 — views: layout, state and the view graph, animation, gestures,
        // accessibility, time (TimelineView), shapes as views, Canvas
        .target(name: "OpenCanvasViews", dependencies: ["OpenCanvasDrawing", "Combine", "OpenCanvasMacros", "CanvasGeometry",
                                                        "CanvasRender"]),

        // MARK: 8 — hosts: headless (images, taps, the clock, export) and the X11 window
        // CTypeDiscovery: reads the Swift runtime's conformance records, so that
        // PreviewRenderer finds every `#Preview` (types with compiler-made names).
        .target(name: "CTypeDiscovery"),
        .target(name: "OpenCanvasHeadless", dependencies: ["OpenCanvasViews", "CTypeDiscovery", "OpenCanvasDrawing", "Combine", "CanvasGeometry", "CanvasPaint",
                                                           "CanvasRender", "CanvasCodecs"]),
        .target(name: "CX11", linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext")]),
        // The window's accessibility on Linux: AT-SPI2 over D-Bus (libdbus-1), in C
        // (libdbus's argument functions are variadic, which Swift cannot call).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "CAtspi", dependencies: ["CDBus"]),
        .target(name: "OpenCanvasWindow", dependencies: ["OpenCanvas", "OpenCanvasHeadless", "OpenCanvasViews",
                                                         "OpenCanvasDrawing", "CanvasGeometry", "CX11", "CAtspi"]),

        // The umbrella users import: re-exports the drawing API, the views and the
        // headless host (not the window, which links X11).
        .target(name: "OpenCanvas", dependencies: ["OpenCanvasDrawing", "OpenCanvasViews", "OpenCanvasHeadless", "Combine",
                                                   "QuartzCore"]),
        // `import SwiftUI`: the umbrella under SwiftUI's name.
        .target(name: "SwiftUI", dependencies: ["OpenCanvas"]),

        // Snapshot assertions for users' tests: images, accessibility readings,
        // layouts and animation frames against references beside the test file.
        .target(name: "OpenCanvasTesting", dependencies: ["OpenCanvasHeadless", "OpenCanvasViews", "OpenCanvasDrawing",
                                                          "CanvasCodecs"]),

        // MARK: 9 — tools, and the example scenes they and the tests share
        .target(name: "CanvasScenes", dependencies: ["OpenCanvas", "CoreText"]),
        .executableTarget(name: "CanvasGallery", dependencies: ["OpenCanvas", "OpenCanvasWindow", "CanvasScenes"], path: "Tools/Gallery"),
        // canvas-bench's malloc counter (it replaces malloc in that executable only).
        .target(name: "CAllocationCounter", path: "Tools/AllocationCounter"),
        .executableTarget(name: "CanvasBench", dependencies: ["OpenCanvas", "CanvasRender", "CanvasPaint", "CanvasEffects", "CanvasCodecs",
                                                             "CanvasGeometry", "CanvasScenes", "CAllocationCounter"],
                          path: "Tools/Bench"),

        // MARK: examples
        .executableTarget(name: "FirstPicture", dependencies: ["OpenCanvas"], path: "Examples/FirstPicture"),

        // MARK: tests
        .target(name: "RenderTesting", dependencies: ["OpenCanvas", "CanvasCodecs"], path: "Tests/RenderTesting"),
        // canvas-stress: the stress test's hostile drawing streams, long runs in release.
        .executableTarget(name: "CanvasStress", dependencies: ["OpenCanvas", "RenderTesting"], path: "Tools/Stress"),
        // canvas-soak: an animated scene for many frames, headless or in a window,
        // memory and descriptors sampled (Scripts/soak.sh).
        .executableTarget(name: "CanvasSoak", dependencies: ["OpenCanvas", "OpenCanvasWindow"], path: "Tools/Soak"),
        // The fuzz targets (Scripts/fuzz.sh): bytes decoded into calls on each public
        // surface, one libFuzzer executable per target; the suite replays their corpora.
        .target(name: "FuzzTargets", dependencies: ["OpenCanvas", "CoreGraphics", "RenderTesting", "CanvasText",
                                                    "CanvasGeometry", "CanvasCodecs"], path: "Tools/Fuzz/Targets"),
    ] + fuzzTargets.map { .executableTarget(name: $0.target, dependencies: ["FuzzTargets"], path: "Tools/Fuzz/Entry/\($0.target)") } + [
        .testTarget(name: "CanvasGeometryTests", dependencies: ["CanvasGeometry"]),
        .testTarget(name: "CanvasRasterTests", dependencies: ["CanvasRaster", "CanvasGeometry"]),
        // Path operations against a raster oracle (failures written as PNGs).
        .testTarget(name: "PathOperationTests", dependencies: ["CanvasGeometry", "CanvasRaster", "CanvasCodecs"]),
        .testTarget(name: "CanvasPaintTests", dependencies: ["CanvasPaint", "CanvasRaster", "CanvasGeometry", "CPixelKernels"]),
        .testTarget(name: "OpenCanvasTests", dependencies: ["OpenCanvas", "OpenCanvasViews", "OpenCanvasDrawing", "RenderTesting",
                                                            "CanvasGeometry", "CanvasEffects", "CanvasScenes", "CanvasText",
                                                            "CanvasCodecs", "CanvasPaint", "CanvasRender", "CoreText"],
                    exclude: ["References"]),
        .testTarget(name: "OpenCanvasTestingTests", dependencies: ["OpenCanvasTesting", "OpenCanvas"],
                    exclude: ["__Snapshots__"]),
        // The documentation's samples, run, and the check that every sample in the
        // README and the catalogs is compiled code; they render the catalog's pictures.
        .testTarget(name: "DocSampleTests", dependencies: ["OpenCanvas", "OpenCanvasTesting", "OpenCanvasWindow"],
                    exclude: ["__Snapshots__"]),
        // The window tests; atspi_client.py and atspi_hostile.py are the screen-reader
        // clients the AT-SPI tests run.
        .testTarget(name: "OpenCanvasWindowTests", dependencies: ["OpenCanvasWindow", "RenderTesting", "CanvasScenes"],
                    exclude: ["atspi_client.py", "atspi_hostile.py"]),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets", "OpenCanvas"]),
    ]
)

// A fuzzing build (Scripts/fuzz.sh sets OPENCANVAS_FUZZ to the toolchain's
// libFuzzer archive without a main, and uses a build folder of its own): every
// Swift and C target but the macro plugin (a host tool) is instrumented for
// libFuzzer's coverage and AddressSanitizer, FUZZING is defined for the fuzz
// code, and the fuzz executables link libFuzzer (their `@main` starts its driver).
// OPENCANVAS_FUZZ_SANITIZER=none leaves AddressSanitizer out: coverage only,
// two to three times the executions a second, for long runs whose corpus is then
// replayed under AddressSanitizer (`Scripts/fuzz.sh --fast`).
if let libFuzzer = Context.environment["OPENCANVAS_FUZZ"], !libFuzzer.isEmpty {
    let address = Context.environment["OPENCANVAS_FUZZ_SANITIZER"] != "none"
    // The pixel and scan-conversion loops get edge coverage without comparison
    // tracing, which made them five times slower (half a drawing input's time).
    let pixelLoops: Set<String> = ["CanvasRaster", "CanvasPaint", "CPixelKernels", "CanvasEffects"]
    for target in package.targets where target.type == .regular || target.type == .executable {
        guard target.name != "CAllocationCounter" else { continue }   // it replaces malloc
        let swiftFlags: [String], cFlags: [String]
        switch (pixelLoops.contains(target.name), address) {
        case (true, true):
            swiftFlags = ["-sanitize=address", "-sanitize-coverage=edge,inline-8bit-counters,pc-table"]
            cFlags = ["-fsanitize=address", "-fsanitize-coverage=inline-8bit-counters,pc-table"]
        case (true, false):
            // swiftc takes coverage options only with a sanitizer: libFuzzer's, whose
            // comparison tracing the explicit coverage options replace.
            swiftFlags = ["-sanitize=fuzzer", "-sanitize-coverage=edge,inline-8bit-counters,pc-table"]
            cFlags = ["-fsanitize-coverage=inline-8bit-counters,pc-table"]
        case (false, true):
            swiftFlags = ["-sanitize=fuzzer,address"]
            cFlags = ["-fsanitize=fuzzer-no-link,address"]
        case (false, false):
            swiftFlags = ["-sanitize=fuzzer"]
            cFlags = ["-fsanitize=fuzzer-no-link"]
        }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(swiftFlags)]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(cFlags)]
        if target.name == "FuzzTargets" { target.swiftSettings! += [.define("FUZZING")] }
        if fuzzTargets.contains(where: { $0.target == target.name }) {
            let sanitizer = address ? ["-sanitize=address"] : []
            target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(sanitizer + [libFuzzer, "-lstdc++", "-use-ld=lld"])]
        }
    }
}
