import CanvasGeometry
import CanvasEffects

/// `projectionTransform(_:)`: the drawing warped by a projective transform.
struct ProjectionStage: FilterStage {
    /// The projection in the pass's pixels.
    let projection: Projection

    init?(_ p: Projection, _ c: FilterConversion) {
        guard let inverse = c.toDevice.inverted else { return nil }
        let device = Projection(affine: c.toDevice).concatenating(after: p)
            .concatenating(after: Projection(affine: inverse))
        guard device.isFinite else { return nil }
        projection = device
    }

    func support(ofInput s: PixelRect) -> PixelRect? {
        guard let r = projection.bounds(of: Rect(minX: Double(s.x0), minY: Double(s.y0), maxX: Double(s.x1),
                                                 maxY: Double(s.y1))), r.isFinite else { return nil }
        return PixelRect(covering: r, within: Renderer.hugePixelRect).dilated(by: 1)
    }

    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane? {
        // The source is what the inverse maps the area from, within a margin of the
        // surface (a projection can pull from far away; beyond that is not drawn):
        // twice the root surface's larger side, at most 1024 px (the root's: a
        // layer's surface may be a few pixels where its drawing lands). The margin
        // grows with the surface so that the work does: a fixed 1024 px had a 40 × 28
        // canvas warp a 2088 × 2076 source, over a second with a shadow below the
        // warp (the `drawing` fuzz regression `projection-source-far-beyond-surface`).
        let limit = context.targetBounds.dilated(by: min(1024, 2 * context.surfaceSide))
        var source = limit
        if let inverse = projection.inverted,
           let r = inverse.bounds(of: Rect(minX: Double(area.x0), minY: Double(area.y0),
                                           maxX: Double(area.x1), maxY: Double(area.y1))), r.isFinite {
            source = PixelRect(covering: r, within: limit).dilated(by: 1)
        }
        guard let plane = input(source) else { return nil }
        return ProjectiveWarp.warp(plane, projection: projection, output: area)
    }
}
