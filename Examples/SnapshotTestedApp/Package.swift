// swift-tools-version:6.0
import PackageDescription

// A small app's views with a canvas, snapshot-tested on Linux: what a user copies
// to start. It depends on OpenCanvas by path; a package of your own names its git
// URL instead: .package(url: "https://…/OpenCanvas.git", branch: "main").
let package = Package(
    name: "SnapshotTestedApp",
    dependencies: [
        .package(name: "OpenCanvas", path: "../.."),
    ],
    targets: [
        .target(name: "MoonPhase", dependencies: [.product(name: "OpenCanvas", package: "OpenCanvas")]),
        .testTarget(name: "MoonPhaseTests",
                    dependencies: ["MoonPhase", .product(name: "OpenCanvasTesting", package: "OpenCanvas")],
                    exclude: ["__Snapshots__"]),
    ]
)
