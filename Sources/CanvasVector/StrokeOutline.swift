import CanvasGeometry
import CanvasRender

/// A stroke's outline on a vector page, where a gradient or an image paints a
/// stroke through it as a clip (PDF and SVG have no stroke paint of their own).
enum StrokeOutline {
    /// The outline of `geometry` stroked with `style`, in the geometry's space;
    /// `transform` maps that space onto the page, `page` is what shows. A hairline
    /// (width 0) is one unit of the page wide. Only what the pen can reach on the
    /// page is outlined in full, as the raster does with its clip: dashes wholly
    /// off the page are left out and curves there become chords (a long stroke
    /// of tiny dashes far off the page was outlined, dash by dash, to the budget).
    static func path(of geometry: Geometry, _ style: StrokeParameters, transform t: Transform, page: Rect) -> PathData {
        let scale = max(t.maxScale, 1e-9)
        var s = style
        if s.width == 0 { s.width = 1 / scale }
        let reach = Renderer.strokeReach(s, scale: scale)
        let visible = t.inverted.flatMap { Renderer.strokeVisibleRect(page, reach: reach, inverse: $0) }
        var out = OutlineBuffer()
        Stroker.stroke(geometry.pathData, s, tolerance: Flattening.tolerance / scale, visible: visible,
                       metric: FlatteningMetric(t), into: &out)
        return out.pathData
    }
}
