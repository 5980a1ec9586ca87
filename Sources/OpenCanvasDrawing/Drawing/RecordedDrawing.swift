import Foundation
import CanvasRender

/// Drawing recorded and waiting for its pixels: a value (`Sendable`) that any
/// thread or task can rasterize, so a server renders many images at once.
///
///     let drawing = GraphicsContext.record(size: CGSize(width: 200, height: 100)) { context in
///         context.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100)), with: .color(.orange))
///     }
///     let images = await withTaskGroup(of: CGImage?.self) { group in
///         for scale in [1.0, 2.0, 3.0] { group.addTask { drawing.cgImage(scale: scale) } }
///         return await group.reduce(into: []) { $0.append($1) }
///     }
///
/// What must stay on the main actor, and why: views (their bodies, state and
/// layout are main-actor types, as in SwiftUI) and so `ImageRenderer` and the
/// hosts, which record views; a `Canvas` renderer runs while its view is
/// recorded. What does not: recording a `GraphicsContext` closure
/// (`GraphicsContext.record`, `GraphicsContext.image`), an `Image` drawn by a
/// closure (`Image(size:renderer:)`'s pixels), and rasterizing any recording —
/// the shared caches they use (fonts, laid-out text, decoded images) are locked.
/// The same drawing gives the same pixels on any thread.
public struct RecordedDrawing: Sendable {
    package let list: DisplayList
    /// The drawing's size, in points.
    public let size: CGSize
    /// Whether the drawing is opaque (its pixels' alpha is ignored).
    public let isOpaque: Bool
    /// The colour mode it is composited in.
    public let colorMode: ColorRenderingMode

    package init(list: DisplayList, size: CGSize, isOpaque: Bool, colorMode: ColorRenderingMode) {
        self.list = list
        self.size = size
        self.isOpaque = isOpaque
        self.colorMode = colorMode
    }

    /// The drawing's pixels at `scale` pixels per point, rendered from the calling
    /// thread; `nil` (and a diagnostic) for an impossible size. `threadCount`
    /// threads rasterize it, in horizontal bands (by default the machine's
    /// processors, at most 8, or `OPENCANVAS_RENDER_THREADS`; 1: the calling
    /// thread alone); the pixels are the same byte for byte whatever the count.
    public func cgImage(scale: CGFloat = 1, threadCount: Int? = nil) -> CGImage? {
        RecordedDrawing.renderers.withRenderer(threads: threadCount) { renderer in
            Rasterization.image(of: list, size: size, scale: scale, opaque: isOpaque, colorMode: colorMode,
                                renderer: renderer)
        }
    }

    /// Renderers shared by the threads that rasterize recordings (each used by one
    /// thread at a time; a few are kept, with their glyph caches).
    static let renderers = RendererPool()
}

extension GraphicsContext {
    /// Records `draw` into a context of `size` points, on the calling thread (any
    /// thread or task), in `colorScheme`: the result can be rasterized anywhere.
    public static func record(size: CGSize, colorScheme: ColorScheme = .light, opaque: Bool = false,
                              colorMode: ColorRenderingMode = .nonLinear,
                              _ draw: (inout GraphicsContext) -> Void) -> RecordedDrawing {
        let recorder = Recorder()
        var environment = EnvironmentValues()
        environment.colorScheme = colorScheme
        environment.surfaceColorMode = colorMode
        var context = GraphicsContext(recorder: recorder, base: .identity, size: size, environment: environment)
        draw(&context)
        return RecordedDrawing(list: recorder.list, size: size, isOpaque: opaque, colorMode: colorMode)
    }

    /// Draws `draw` into a context of `size` points and returns its pixels at
    /// `scale`, all on the calling thread (any thread or task); `nil` for an
    /// impossible size.
    public static func image(size: CGSize, scale: CGFloat = 1, colorScheme: ColorScheme = .light, opaque: Bool = false,
                             colorMode: ColorRenderingMode = .nonLinear,
                             _ draw: (inout GraphicsContext) -> Void) -> CGImage? {
        record(size: size, colorScheme: colorScheme, opaque: opaque, colorMode: colorMode, draw).cgImage(scale: scale)
    }
}
