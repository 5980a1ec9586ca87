import CanvasGeometry
import CanvasRender

/// The renderers a host keeps between frames, so that what a renderer caches (glyph
/// masks, scratch buffers for spans, edges and layers) outlives the frame that
/// filled it. A frame takes one for as long as it rasterizes and gives it back;
/// two frames at once (the window host's worker and a frame drawn on the main
/// thread meanwhile) get two. Thread-safe.
package final class RendererPool: Sendable {
    /// Idle renderers, most recently used last. `Renderer` is not thread-safe; the
    /// pool hands each one to a single user at a time.
    private let idle = Locked<[UncheckedRenderer]>([])

    private struct UncheckedRenderer: @unchecked Sendable {
        let renderer: Renderer
    }

    /// The most renderers kept idle (more are made when frames overlap, then dropped).
    private static let keep = 2

    package init() {}

    /// Runs `body` with a renderer of the pool's (a new one when all are in use),
    /// drawing with `threads` threads (the renderer's default when `nil`).
    package func withRenderer<R>(threads: Int? = nil, _ body: (Renderer) throws -> R) rethrows -> R {
        let taken = idle.withLock { $0.popLast() } ?? UncheckedRenderer(renderer: Renderer())
        taken.renderer.threadCount = threads ?? Renderer.defaultThreadCount
        defer {
            idle.withLock { renderers in
                if renderers.count < Self.keep { renderers.append(taken) }
            }
        }
        return try body(taken.renderer)
    }
}
