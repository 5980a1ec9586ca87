import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender
import OpenCanvasDrawing
import OpenCanvasViews
import Combine

/// Creates images from views.
///
///     let renderer = ImageRenderer(content: view)
///     renderer.scale = 2
///     let image = renderer.cgImage      // nil for an empty or impossible size
@MainActor
public final class ImageRenderer<Content: View>: ObservableObject {
    /// Announces each change of the renderer's properties, before it happens.
    public nonisolated let objectWillChange = ObservableObjectPublisher()

    /// The root view to render.
    public var content: Content { willSet { objectWillChange.send() } }
    /// The size proposed to the root view; `.unspecified` gives the view's own size.
    public var proposedSize: ProposedViewSize = .unspecified { willSet { objectWillChange.send() } }
    /// Pixels per point.
    public var scale: CGFloat = 1 { willSet { objectWillChange.send() } }
    /// A promise that the image is opaque: its alpha is then forced to 1 (on a
    /// black background, as Core Graphics' opaque bitmaps have).
    public var isOpaque: Bool = false { willSet { objectWillChange.send() } }
    /// The working colour space and storage of the image (`.nonLinear`, 8-bit
    /// sRGB, by default).
    public var colorMode: ColorRenderingMode = .nonLinear { willSet { objectWillChange.send() } }
    /// The appearance the content is drawn in (`.light` by default; an OpenCanvas
    /// addition, like `.environment(\.colorScheme, …)` on the content).
    public var colorScheme: ColorScheme = .light { willSet { objectWillChange.send() } }

    /// How many threads rasterize the image (an OpenCanvas addition): it is cut
    /// into that many horizontal bands drawn at once. By default the machine's
    /// processors (at most 8), or `OPENCANVAS_RENDER_THREADS` when set; 1 draws
    /// on the calling thread alone. The pixels are the same byte for byte whatever
    /// the count; small images are drawn on one thread anyway.
    public var threadCount: Int = Renderer.defaultThreadCount { willSet { objectWillChange.send() } }

    /// Kept between images: its glyph cache and scratch buffers stay warm.
    private let renderer = Renderer()

    /// A renderer for `view`, at 1 pixel per point and the view's own size until
    /// you change `scale` or `proposedSize`.
    public init(content view: Content) {
        self.content = view
    }

    /// The view rendered to an image, or `nil` when its size is zero, negative,
    /// not finite, or larger than 16384 × 16384 pixels (the reason is counted in
    /// `OpenCanvasDiagnostics` and written to standard error).
    public var cgImage: CGImage? {
        var environment = EnvironmentValues()
        environment.displayScale = scale
        environment.surfaceColorMode = colorMode
        environment.colorScheme = colorScheme
        let (recorder, size) = ViewTree.recordOnce(content, proposal: proposedSize, environment: environment)
        renderer.threadCount = threadCount
        return Rasterization.image(of: recorder.list, size: size, scale: scale, opaque: isOpaque, colorMode: colorMode,
                                   renderer: renderer)
    }

    /// The view recorded (on the main actor, as views are), for its pixels to be
    /// made on another thread or task: `recording.cgImage(scale:)` runs anywhere
    /// (an OpenCanvas addition; see `RecordedDrawing`).
    public var recording: RecordedDrawing {
        var environment = EnvironmentValues()
        environment.displayScale = scale
        environment.surfaceColorMode = colorMode
        environment.colorScheme = colorScheme
        let (recorder, size) = ViewTree.recordOnce(content, proposal: proposedSize, environment: environment)
        return RecordedDrawing(list: recorder.list, size: size, isOpaque: isOpaque, colorMode: colorMode)
    }
}
