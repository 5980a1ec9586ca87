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

    /// Source-over of a solid colour over an axis-aligned rectangle's coverage, row by
    /// row: partly covered edge pixels are blended one by one, the run between them by
    /// the SIMD kernels (a plain fill when the colour is opaque).
    public static func fill(_ box: PixelBox, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        guard c != 0, box.x0 >= 0, box.y0 >= 0, box.x1 <= pixmap.width, box.y1 <= pixmap.height,
              box.x1 > box.x0, box.y1 > box.y0 else { return }
        @inline(__always) func alpha(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        // Rows are a stride apart: request the first rows' memory up front so the cache
        // misses overlap, and keep requesting a few dozen rows ahead.
        let ahead = 24
        for y in box.y0..<min(box.y1, box.y0 + ahead) {
            oc_prefetch_write(pixmap.row(y) + box.x0)
            oc_prefetch_write(pixmap.row(y) + (box.x1 - 1))
        }
        let opaque = color.a == 255
        // Fully covered columns join the run; partly covered ones are blended alone.
        let runStart = box.firstColumn >= 1 ? box.x0 : box.x0 + 1
        // (A single column is either all run or all partial.)
        let runEnd = box.x1 - box.x0 == 1 ? box.x1 : (box.lastColumn >= 1 ? box.x1 : box.x1 - 1)
        let n = runEnd - runStart
        let firstPartial = runStart != box.x0, lastPartial = runEnd != box.x1 && box.x1 - box.x0 > 1

        @inline(__always) func row(_ y: Int, _ v: Double) {
            let dst = pixmap.row(y)
            if firstPartial {
                let a = alpha(box.firstColumn * v)
                if a > 0 { dst[box.x0] = sourceOver(dst[box.x0], scale(c, a)) }
            }
            if n > 0 {
                let a = alpha(v)
                if a == 255 {
                    if opaque { Kernels.fill(dst + runStart, n, c) } else { Kernels.sourceOver(dst + runStart, n, c) }
                } else if a > 0 {
                    Kernels.sourceOver(dst + runStart, n, scale(c, a))
                }
            }
            if lastPartial {
                let a = alpha(box.lastColumn * v)
                let last = box.x1 - 1
                if a > 0 { dst[last] = sourceOver(dst[last], scale(c, a)) }
            }
        }

        row(box.y0, box.firstRow)
        if box.y1 - box.y0 == 1 { return }
        var y = box.y0 + 1
        while y < box.y1 - 1 {
            if y + ahead < box.y1 {
                oc_prefetch_write(pixmap.row(y + ahead) + box.x0)
                oc_prefetch_write(pixmap.row(y + ahead) + (box.x1 - 1))
            }
            row(y, 1)
            y += 1
        }
        row(box.y1 - 1, box.lastRow)
    }
}
