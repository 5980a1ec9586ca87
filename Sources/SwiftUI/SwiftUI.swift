// `import SwiftUI` on Linux: everything `import OpenCanvas` gives (Foundation,
// Observation, Combine's subset, Core Graphics' types, QuartzCore's 3D
// transforms, the drawing API, views and the headless host), under the module
// name SwiftUI files already use. Depend on it for Linux only:
//     .product(name: "SwiftUI", package: "OpenCanvas", condition: .when(platforms: [.linux]))
@_exported import OpenCanvas
