import Foundation
import CanvasGeometry
import CanvasRender

extension GraphicsContext {
    /// A context for a new layer: the same transform and environment, drawing into
    /// `layer` with full opacity, the normal blend mode, no filters and no clip of
    /// its own. (SwiftUI does not document the starting state; clips are left out
    /// because the layer is clipped when it is composited, and clipping twice would
    /// square the anti-aliased edge's coverage. `clipBoundingRect` still reports the
    /// outer clip, which bounds what can show.)
    func child(layer: Int32) -> GraphicsContext {
        var c = GraphicsContext(recorder: recorder, base: base, size: canvasSize, environment: environment,
                                clip: -1, layer: layer, layerDepth: layerDepth + 1)
        c.transform = transform
        c.clipRect = clipRect
        c.symbols = symbols
        return c
    }

    /// Layers nested deeper than this are not created: their content draws straight
    /// into the enclosing layer (a diagnostic is counted).
    static let maximumLayerDepth = 64

    /// Draws what `content` draws into a new transparency layer, then composites the
    /// layer as one unit with this context's opacity, blend mode, clips and filters.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        guard layerDepth < GraphicsContext.maximumLayerDepth else {
            Diagnostics.report(.layerBudget)
            var flat = self
            flat.opacity = 1
            try content(&flat)
            return
        }
        let id = recorder.list.addLayer()
        var inner = child(layer: id)
        try content(&inner)
        // A layer opened under a singular transform draws nothing, even if its
        // content resets the transform (as the HTML canvas specifies for layers).
        let t = transform
        guard t.a * t.d - t.b * t.c != 0 else { return Diagnostics.report(.nonFiniteTransform) }
        guard let mode = blendMode.engine else { return }
        append(.layer(id), paint: .solid(.transparent), blendMode: mode, opacity: opacity)
    }

    /// Adds a clip shaped by the alpha of what `content` draws into a new layer,
    /// times `opacity` (with `.inverse`, one minus that).
    public mutating func clipToLayer(opacity: Double = 1, options: ClipOptions = ClipOptions(),
                                     content: (inout GraphicsContext) throws -> Void) rethrows {
        let id = recorder.list.addLayer()
        var inner = child(layer: id)
        if layerDepth < GraphicsContext.maximumLayerDepth {
            try content(&inner)
        } else {
            Diagnostics.report(.layerBudget)
        }
        let alpha = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        clipNode = recorder.list.addClip(ClipNode(parent: clipNode, shape: .layer(id, opacity: alpha),
                                                  transform: rootTransform, inverse: options.contains(.inverse)))
    }
}
