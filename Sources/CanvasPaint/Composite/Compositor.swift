import CanvasGeometry
import CanvasRaster
import CPixelKernels

/// Paints spans into a pixmap.
public enum Compositor {
    /// Source-over of a solid premultiplied colour through the spans' coverage.
    /// Spans outside the pixmap are clipped (the rasterizer never makes them, but a
    /// bad span must not write out of bounds).
    public static func fill(_ spans: SpanBuffer, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        if c == 0 { return }
        let opaque = color.a == 255
        let w = pixmap.width, h = pixmap.height
        let list = spans.spans.pointer
        let coverage = spans.coverage.pointer
        let count = spans.spans.count
        // Rows of a shape are far apart in memory: request each span's pixels well
        // before blending them so that the cache misses overlap.
        let ahead = 32
        @inline(__always) func prefetch(_ k: Int) {
            let a = list[k]
            let ax = Int(a.x), ay = Int(a.y), an = Int(a.length)
            if ay >= 0 && ay < h && ax >= 0 && an > 0 && ax + an <= w {
                let p = pixmap.row(ay) + ax
                oc_prefetch_write(p)
                if an > 16 { oc_prefetch_write(p + (an - 1)) }
            }
        }
        for k in 0..<min(count, ahead) { prefetch(k) }
        for k in 0..<count {
            if k + ahead < count { prefetch(k + ahead) }
            let s = list[k]
            let y = Int(s.y)
            guard y >= 0, y < h, let (x, n, skip) = s.clipped(toWidth: w) else { continue }
            let dst = pixmap.row(y) + x
            if n <= 4 {
                // Short spans (anti-aliased edges, thin shapes) are blended here: a
                // call into the SIMD kernels costs more than the pixels.
                if s.isConstant {
                    let sc = s.alpha == 255 ? c : color.scaled(by: s.alpha).packed
                    for i in 0..<n { dst[i] = Compositor.sourceOver(dst[i], sc) }
                } else {
                    let m = coverage + Int(s.maskOffset) + skip
                    for i in 0..<n where m[i] != 0 {
                        dst[i] = Compositor.sourceOver(dst[i], m[i] == 255 ? c : Compositor.scale(c, m[i]))
                    }
                }
                continue
            }
            if s.isConstant {
                if s.alpha == 255 {
                    if opaque { Kernels.fill(dst, n, c) } else { Kernels.sourceOver(dst, n, c) }
                } else {
                    let scaled = color.scaled(by: s.alpha).packed
                    if scaled != 0 { Kernels.sourceOver(dst, n, scaled) }
                }
            } else {
                Kernels.sourceOver(dst, mask: coverage + Int(s.maskOffset) + skip, n, c)
            }
        }
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

    /// Source-over of a solid colour over an axis-aligned rectangle's coverage: per
    /// row, the partly covered first and last columns are blended one by one and the
    /// run between them by the SIMD kernels (a plain fill when the colour is opaque
    /// and the row fully covered); the first and last rows take their own coverage.
    /// The whole box is one kernel call.
    public static func fill(_ box: PixelBox, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        guard c != 0, box.x0 >= 0, box.y0 >= 0, box.x1 <= pixmap.width, box.y1 <= pixmap.height,
              box.x1 > box.x0, box.y1 > box.y0 else { return }
        @inline(__always) func alpha(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        let opaque = color.a == 255
        // Fully covered columns join the run; partly covered ones are blended alone.
        let runStart = box.firstColumn >= 1 ? box.x0 : box.x0 + 1
        // (A single column is either all run or all partial.)
        let runEnd = box.x1 - box.x0 == 1 ? box.x1 : (box.lastColumn >= 1 ? box.x1 : box.x1 - 1)
        let n = max(runEnd - runStart, 0)
        let firstPartial = runStart != box.x0, lastPartial = runEnd != box.x1 && box.x1 - box.x0 > 1

        /// A row's colours where its vertical coverage is `v`.
        @inline(__always) func colors(_ v: Double) -> oc_row_colors {
            let a = alpha(v)
            return oc_row_colors(left: firstPartial ? scale(c, alpha(box.firstColumn * v)) : 0,
                                 run: a == 255 ? c : scale(c, a),
                                 right: lastPartial ? scale(c, alpha(box.lastColumn * v)) : 0,
                                 run_opaque: a == 255 && opaque ? 1 : 0)
        }
        let rows = box.y1 - box.y0
        var top = colors(box.firstRow)
        var inner = rows > 2 ? colors(1) : top
        var bottom = rows > 1 ? colors(box.lastRow) : top
        oc_solid_box(pixmap.row(box.y0) + box.x0, pixmap.width, rows, &top, &inner, &bottom,
                     firstPartial ? 1 : 0, n, lastPartial ? 1 : 0)
    }
}
