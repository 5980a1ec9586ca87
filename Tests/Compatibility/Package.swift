// swift-tools-version:6.0
import PackageDescription

// A package that uses OpenCanvas the way a SwiftUI package brought to Linux does:
// through the `SwiftUI` product, for Linux only, with files that start with
// `import SwiftUI` (and `import Combine`, `import CoreGraphics`, `import QuartzCore`, `import CoreText`)
// and compile unchanged. CI builds it and runs its tests (Scripts/test.sh).
let package = Package(
    name: "Compatibility",
    dependencies: [
        .package(name: "OpenCanvas", path: "../.."),
    ],
    targets: [
        .target(name: "SwiftUIFiles",
                dependencies: [
                    .product(name: "SwiftUI", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                    .product(name: "Combine", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                    .product(name: "CoreGraphics", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                    .product(name: "QuartzCore", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                    .product(name: "CoreText", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                ],
                path: "Files",
                // As Apple packages declare it: on Apple platforms Xcode compiles the
                // catalog; on Linux SwiftPM copies it and OpenCanvas reads its sets.
                resources: [.process("Assets.xcassets")]),
        // The tests use OpenCanvas's snapshot library as a user's tests would.
        .testTarget(name: "CompatibilityTests",
                    dependencies: [
                        "SwiftUIFiles",
                        .product(name: "OpenCanvasTesting", package: "OpenCanvas", condition: .when(platforms: [.linux])),
                    ],
                    path: "Tests", exclude: ["__Snapshots__"]),
    ]
)
