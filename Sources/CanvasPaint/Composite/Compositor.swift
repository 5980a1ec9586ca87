import CanvasGeometry
import CanvasRaster
import CPixelKernels

/// Paints spans into a pixmap.
public enum Compositor {
    /// Source-over of a solid premultiplied colour through the spans' coverage, in
    /// one kernel call for the whole shape. Spans outside the pixmap are clipped (the
    /// rasterizer never makes them, but a bad span must not write out of bounds).
    public static func fill(_ spans: SpanBuffer, color: PremultipliedColor, into pixmap: Pixmap) {
        guard color.packed != 0, !spans.spans.isEmpty else { return }
        // `Span` is laid out as the kernels' `oc_span` (checked by the kernel tests).
        let list = UnsafeRawPointer(spans.spans.pointer).assumingMemoryBound(to: oc_span.self)
        oc_fill_spans(pixmap.pixels, pixmap.width, Int32(truncatingIfNeeded: pixmap.width),
                      Int32(truncatingIfNeeded: pixmap.height), list, spans.spans.count, spans.coverage.pointer,
                      color.packed)
    }

    /// One pixel of source-over, two channels per multiply: `s + d·(255 − αs)/255`.
    @inline(__always)
    static func sourceOver(_ d: UInt32, _ s: UInt32) -> UInt32 {
        scale(d, UInt8(truncatingIfNeeded: 255 &- (s >> 24))) &+ s
    }

    /// Every channel of a premultiplied pixel times `a / 255`, rounded to nearest.
    @inline(__always)
    static func scale(_ p: UInt32, _ a: UInt8) -> UInt32 {
        let f = UInt32(a)
        var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// A coverage fraction as the byte the box kernels take (clamped, rounded).
    @inline(__always)
    static func coverageByte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }

    /// Source-over of a solid colour over the whole pixels of `rect`: the bytes
    /// `fill(_:color:into:)` gives a box whose every row and column is fully covered,
    /// without working out its coverage (a rectangle on the pixel grid, the commonest
    /// fill of user interfaces and charts, needs none).
    public static func fill(_ rect: PixelRect, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        guard c != 0, rect.x0 >= 0, rect.y0 >= 0, rect.x1 <= pixmap.width, rect.y1 <= pixmap.height,
              rect.x1 > rect.x0, rect.y1 > rect.y0 else { return }
        let row = oc_row_colors(left: 0, run: c, right: 0, run_opaque: color.a == 255 ? 1 : 0)
        withUnsafePointer(to: row) { row in
            oc_solid_box(pixmap.row(rect.y0) + rect.x0, pixmap.width, rect.y1 - rect.y0, row, row, row, 0,
                         rect.x1 - rect.x0, 0)
        }
    }

    /// Source-over of a gradient over an axis-aligned rectangle's coverage, in one
    /// kernel call: each row shaded once from its first pixel and blended with its
    /// separable coverage (no spans).
    public static func fill(_ box: PixelBox, shader: GradientShader, table: [UInt32], into pixmap: Pixmap) {
        guard box.x0 >= 0, box.y0 >= 0, box.x1 <= pixmap.width, box.y1 <= pixmap.height,
              box.x1 > box.x0, box.y1 > box.y0 else { return }
        let (n, firstPartial, lastPartial) = box.columns
        @inline(__always) func coverage(_ v: Double) -> oc_row_coverage {
            oc_row_coverage(left: firstPartial ? coverageByte(box.firstColumn * v) : 0, run: coverageByte(v),
                            right: lastPartial ? coverageByte(box.lastColumn * v) : 0)
        }
        let rows = box.y1 - box.y0
        var top = coverage(box.firstRow)
        var inner = rows > 2 ? coverage(1) : top
        var bottom = rows > 1 ? coverage(box.lastRow) : top
        table.withUnsafeBufferPointer { t in
            var g = shader.kernel(table: t.baseAddress!)
            oc_gradient_box(pixmap.pixels, pixmap.width, Int32(truncatingIfNeeded: box.x0),
                            Int32(truncatingIfNeeded: box.y0), rows, &top, &inner, &bottom, firstPartial ? 1 : 0, n,
                            lastPartial ? 1 : 0, &g)
        }
    }

    /// Source-over of a solid colour over an axis-aligned rectangle's coverage: per
    /// row, the partly covered first and last columns are blended one by one and the
    /// run between them by the SIMD kernels (a plain fill when the colour is opaque
    /// and the row fully covered); the first and last rows take their own coverage.
    /// The whole box is one kernel call.
    public static func fill(_ box: PixelBox, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        guard c != 0, box.x0 >= 0, box.y0 >= 0, box.x1 <= pixmap.width, box.y1 <= pixmap.height,
              box.x1 > box.x0, box.y1 > box.y0 else { return }
        let opaque = color.a == 255
        let (n, firstPartial, lastPartial) = box.columns

        /// A row's colours where its vertical coverage is `v`.
        @inline(__always) func colors(_ v: Double) -> oc_row_colors {
            let a = coverageByte(v)
            return oc_row_colors(left: firstPartial ? scale(c, coverageByte(box.firstColumn * v)) : 0,
                                 run: a == 255 ? c : scale(c, a),
                                 right: lastPartial ? scale(c, coverageByte(box.lastColumn * v)) : 0,
                                 run_opaque: a == 255 && opaque ? 1 : 0)
        }
        let rows = box.y1 - box.y0
        // A fully covered row's colours serve every such row (a box on whole pixels
        // works them out once).
        var inner = colors(1)
        var top = box.firstRow >= 1 ? inner : colors(box.firstRow)
        var bottom = rows == 1 ? top : (box.lastRow >= 1 ? inner : colors(box.lastRow))
        oc_solid_box(pixmap.row(box.y0) + box.x0, pixmap.width, rows, &top, &inner, &bottom,
                     firstPartial ? 1 : 0, n, lastPartial ? 1 : 0)
    }
}
