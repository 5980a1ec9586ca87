import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender

/// A pixmap with a `GraphicsContext` drawing straight into it, for the project's own
/// tools (the benchmark draws through the public drawing API with it, as users do,
/// without the view layer around a canvas).
package final class OffscreenCanvas {
    package let pixmap: Pixmap
    private let renderer = Renderer()
    private let recorder = GraphicsContext.Recorder()

    /// A transparent canvas of `width × height` points at scale 1.
    package init(width: Int, height: Int) throws {
        pixmap = try Pixmap(width: width, height: height)
    }

    /// Runs `draw` with a fresh context on the canvas, then rasterizes what it drew.
    package func draw(_ draw: (inout GraphicsContext) -> Void) {
        var context = GraphicsContext(recorder: recorder, base: .identity,
                                      size: CGSize(width: pixmap.width, height: pixmap.height),
                                      environment: EnvironmentValues())
        draw(&context)
        renderer.render(recorder.list, into: pixmap, device: .identity)
        recorder.restart()
    }

    /// Runs `draw` with a fresh context and returns what it recorded, unrendered.
    package func record(_ draw: (inout GraphicsContext) -> Void) -> DisplayList {
        var context = GraphicsContext(recorder: recorder, base: .identity,
                                      size: CGSize(width: pixmap.width, height: pixmap.height),
                                      environment: EnvironmentValues())
        draw(&context)
        let list = recorder.list
        recorder.list = DisplayList()
        recorder.restartLabels()
        return list
    }

    /// Renders a display list built directly (the engine-level path).
    package func render(_ list: DisplayList) {
        renderer.render(list, into: pixmap, device: .identity)
    }

    package func clear() { pixmap.clear() }
}
