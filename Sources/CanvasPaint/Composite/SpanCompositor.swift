import CanvasGeometry
import CanvasRaster

/// Composites spans of coverage with any paint source and blend mode into an
/// 8-bit pixmap. Solid source-over goes to `Compositor`'s dedicated paths;
/// per-pixel sources are shaded into a row first (gradients through their colour
/// table), then blended: source-over and `plusLighter` by the SIMD kernels, every
/// other mode by `BlendRows`.
///
/// Reuses its scratch rows from call to call: one compositor per renderer.
public final class SpanCompositor {
    private var row = ScratchBuffer<UInt32>(capacity: 1024)
    private var index = ScratchBuffer<Int32>(capacity: 1024)

    public init() {}

    public func composite(_ spans: SpanBuffer, _ source: PaintSource, mode: BlendMode, into pixmap: Pixmap) {
        if case .solid(let c) = source, mode == .normal {
            Compositor.fill(spans, color: c, into: pixmap)
            return
        }
        let w = pixmap.width, h = pixmap.height
        let list = spans.spans.pointer, coverage = spans.coverage.pointer
        // Work on local copies of the scratch rows (they share storage with the
        // stored ones): mutating a class's stored property costs a dynamic
        // exclusivity check per access.
        var scratch = (row, index)
        defer { (row, index) = scratch }
        for k in 0..<spans.spans.count {
            let s = list[k]
            let y = Int(s.y)
            var x = Int(s.x), n = Int(s.length)
            guard y >= 0, y < h else { continue }
            var skip = 0
            if x < 0 { skip = -x; n += x; x = 0 }
            n = min(n, w - x)
            guard n > 0 else { continue }
            let mask: UnsafePointer<UInt8>? = s.isConstant ? nil : UnsafePointer(coverage + Int(s.maskOffset) + skip)
            if s.isConstant && s.alpha == 0 { continue }
            SpanCompositor.blendSpan(pixmap.row(y) + x, x: x, y: y, n: n, mask: mask, alpha: s.alpha, source, mode,
                                     &scratch.0, &scratch.1)
        }
    }

    /// Composites a rectangle of full coverage, clipped to the pixmap (a layer drawn
    /// through a rectangular clip).
    public func composite(_ rect: PixelRect, _ source: PaintSource, mode: BlendMode, into pixmap: Pixmap) {
        let r = rect.intersection(pixmap.bounds)
        guard !r.isEmpty else { return }
        var scratch = (row, index)
        defer { (row, index) = scratch }
        for y in r.y0..<r.y1 {
            SpanCompositor.blendSpan(pixmap.row(y) + r.x0, x: r.x0, y: y, n: r.width, mask: nil, alpha: 255, source, mode,
                                     &scratch.0, &scratch.1)
        }
    }

    @inline(__always)
    private static func blendSpan(_ dst: UnsafeMutablePointer<UInt32>, x: Int, y: Int, n: Int,
                                  mask: UnsafePointer<UInt8>?, alpha: UInt8, _ source: PaintSource, _ mode: BlendMode,
                                  _ row: inout ScratchBuffer<UInt32>, _ index: inout ScratchBuffer<Int32>) {
        var alpha = alpha
        row.reserve(n)
        index.reserve(n)
        var src = UnsafePointer(row.pointer)
        var srcStride = 1
        switch source {
        case .solid(let c):
            if mode == .plusLighter {
                row.pointer.update(repeating: c.packed, count: n)
            } else {
                row.pointer[0] = c.packed
                srcStride = 0
            }
        case .gradient(let shader, let table):
            shader.indices(x: x, y: y, count: n, into: index.pointer)
            table.withUnsafeBufferPointer { t in
                let out = row.pointer, idx = index.pointer
                for i in 0..<n { out[i] = t[Int(idx[i])] }
            }
        case .image(let shader):
            shader.shade(x: x, y: y, count: n, into: row.pointer)
        case .pixmap(let p, let ox, let oy, let opacity):
            let sy = y - oy, sx = x - ox
            let inside = sy >= 0 && sy < p.height && sx >= 0 && sx + n <= p.width
            if inside && (opacity == 255 || mode == .normal) {
                src = UnsafePointer(p.row(sy) + sx)
                if opacity != 255 && mask == nil {
                    alpha = UInt8(div255(UInt32(alpha) * UInt32(opacity)))
                } else if opacity != 255 {
                    // Fold the opacity into a copy of the source instead.
                    copyScaled(p, sx, sy, n, opacity, into: row.pointer)
                    src = UnsafePointer(row.pointer)
                }
            } else {
                copyScaled(p, sx, sy, n, opacity, into: row.pointer)
            }
        }
        switch mode {
        case .normal:
            Kernels.sourceOver(dst, source: src, mask: mask, alpha: alpha, n)
        case .plusLighter:
            Kernels.plusLighter(dst, source: src, mask: mask, alpha: alpha, n)
        default:
            if let mask {
                BlendRows.blend8(mode, dst, src, srcStride: srcStride, mask, maskStride: 1, n)
            } else {
                withUnsafePointer(to: alpha) { a in
                    BlendRows.blend8(mode, dst, src, srcStride: srcStride, a, maskStride: 0, n)
                }
            }
        }
    }

    /// Row `sy` of `p` from column `sx`, `n` pixels, transparent outside `p`, times
    /// `opacity / 255`, into the scratch row.
    private static func copyScaled(_ p: Pixmap, _ sx: Int, _ sy: Int, _ n: Int, _ opacity: UInt8,
                                   into out: UnsafeMutablePointer<UInt32>) {
        out.update(repeating: 0, count: n)
        guard sy >= 0, sy < p.height else { return }
        let a = max(sx, 0), b = min(sx + n, p.width)
        guard b > a else { return }
        let line = p.row(sy)
        if opacity == 255 {
            (out + (a - sx)).update(from: line + a, count: b - a)
        } else {
            for i in a..<b { out[i - sx] = PremultipliedColor(packed: line[i]).scaled(by: opacity).packed }
        }
    }
}
