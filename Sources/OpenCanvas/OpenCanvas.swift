// The module users import. It adds no code of its own: it re-exports what
// `import SwiftUI` gives on Apple platforms — Foundation, Observation, the Combine
// subset (`ObservableObject`, `@Published`, publishers) — and the layers a drawing
// program needs: GraphicsContext, the views and the headless host. The X11 window
// is the separate product `OpenCanvasWindow` (which re-exports this module), so
// that a server that only renders images links no X11 library.
@_exported import Foundation
@_exported import Observation
@_exported import Combine
@_exported import QuartzCore
@_exported import OpenCanvasDrawing
@_exported import OpenCanvasViews
@_exported import OpenCanvasHeadless
