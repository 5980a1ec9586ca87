import CanvasGeometry
import CanvasRaster

/// Paints spans into a pixmap.
package enum Compositor {
    /// Source-over of a solid premultiplied colour through the spans' coverage.
    /// Spans outside the pixmap are clipped (the rasterizer never makes them, but a
    /// bad span must not write out of bounds).
    package static func fill(_ spans: SpanBuffer, color: PremultipliedColor, into pixmap: Pixmap) {
        let c = color.packed
        if c == 0 { return }
        let opaque = color.a == 255
        let w = pixmap.width, h = pixmap.height
        spans.coverage.withUnsafeBufferPointer { cov in
            for s in spans.spans {
                let y = Int(s.y)
                var x = Int(s.x), n = Int(s.length)
                guard y >= 0, y < h else { continue }
                var skip = 0
                if x < 0 { skip = -x; n += x; x = 0 }
                n = min(n, w - x)
                guard n > 0 else { continue }
                let dst = pixmap.row(y) + x
                if s.isConstant {
                    if s.alpha == 255 {
                        if opaque { Kernels.fill(dst, n, c) } else { Kernels.sourceOver(dst, n, c) }
                    } else {
                        let scaled = color.scaled(by: s.alpha).packed
                        if scaled != 0 { Kernels.sourceOver(dst, n, scaled) }
                    }
                } else if let base = cov.baseAddress {
                    Kernels.sourceOver(dst, mask: base + Int(s.maskOffset) + skip, n, c)
                }
            }
        }
    }
}
