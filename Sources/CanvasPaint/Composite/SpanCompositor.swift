import CanvasGeometry
import CanvasRaster
import CPixelKernels

/// Composites spans of coverage with any paint source and blend mode into an
/// 8-bit pixmap. Solid source-over goes to `Compositor`'s dedicated paths;
/// per-pixel sources are shaded into a row first (gradients through their colour
/// table, linear ones by a SIMD kernel), once for each run of touching spans on a
/// row, then blended span by span: source-over and `plusLighter` by the SIMD
/// kernels, every other mode by `BlendRows`.
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
        if case .gradient(let shader, let table) = source, mode == .normal {
            // The whole shape in one kernel call, each span shaded from its own start.
            guard !spans.spans.isEmpty else { return }
            let list = UnsafeRawPointer(spans.spans.pointer).assumingMemoryBound(to: oc_span.self)
            table.withUnsafeBufferPointer { t in
                var g = shader.kernel(table: t.baseAddress!)
                oc_gradient_spans(pixmap.pixels, pixmap.width, Int32(truncatingIfNeeded: pixmap.width),
                                  Int32(truncatingIfNeeded: pixmap.height), list, spans.spans.count,
                                  spans.coverage.pointer, &g)
            }
            return
        }
        let w = pixmap.width, h = pixmap.height
        let list = spans.spans.pointer, coverage = spans.coverage.pointer
        let count = spans.spans.count
        // Work on local copies of the scratch rows (they share storage with the
        // stored ones): mutating a class's stored property costs a dynamic
        // exclusivity check per access.
        var scratch = (row, index)
        defer { (row, index) = scratch }
        var k = 0
        while k < count {
            let first = list[k]
            let y = Int(first.y)
            // The run of spans that touch end to end on this row.
            var j = k + 1
            var end = Int(first.x) + Int(first.length)
            while j < count && list[j].y == first.y && Int(list[j].x) == end {
                end += Int(list[j].length)
                j += 1
            }
            defer { k = j }
            guard y >= 0, y < h else { continue }
            let x0 = max(Int(first.x), 0), x1 = min(end, w)
            guard x1 > x0 else { continue }
            let (src, srcStride) = SpanCompositor.shade(source, x: x0, y: y, n: x1 - x0, mode: mode,
                                                        &scratch.0, &scratch.1)
            for m in k..<j {
                let s = list[m]
                guard let (x, n, skip) = s.clipped(toWidth: w), !(s.isConstant && s.alpha == 0) else { continue }
                let mask: UnsafePointer<UInt8>? = s.isConstant ? nil : UnsafePointer(coverage + Int(s.maskOffset) + skip)
                SpanCompositor.blend(pixmap.row(y) + x, src + (x - x0) * srcStride, srcStride: srcStride, n: n,
                                     mask: mask, alpha: s.alpha, source, mode)
            }
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
            let (src, stride) = SpanCompositor.shade(source, x: r.x0, y: y, n: r.width, mode: mode, &scratch.0, &scratch.1)
            SpanCompositor.blend(pixmap.row(y) + r.x0, src, srcStride: stride, n: r.width, mask: nil, alpha: 255,
                                 source, mode)
        }
    }

    /// The source pixels of `n` pixels from `(x, y)`: a pointer and a stride (0 for
    /// one repeated colour).
    @inline(__always)
    private static func shade(_ source: PaintSource, x: Int, y: Int, n: Int, mode: BlendMode,
                              _ row: inout ScratchBuffer<UInt32>, _ index: inout ScratchBuffer<Int32>)
        -> (UnsafePointer<UInt32>, Int) {
        row.reserve(n)
        switch source {
        case .solid(let c):
            // The integer kernels read a full row; the float path reads one value.
            if mode == .plusLighter || mode == .normal {
                row.pointer.update(repeating: c.packed, count: n)
                return (UnsafePointer(row.pointer), 1)
            }
            row.pointer[0] = c.packed
            return (UnsafePointer(row.pointer), 0)
        case .gradient(let shader, let table):
            table.withUnsafeBufferPointer { t in
                shader.shade(x: x, y: y, count: n, table: t.baseAddress!, into: row.pointer)
            }
            return (UnsafePointer(row.pointer), 1)
        case .image(let shader):
            shader.shade(x: x, y: y, count: n, into: row.pointer)
            return (UnsafePointer(row.pointer), 1)
        case .pixmap(let p, let ox, let oy, let opacity):
            let sy = y - oy, sx = x - ox
            if opacity == 255 && sy >= 0 && sy < p.height && sx >= 0 && sx + n <= p.width {
                return (UnsafePointer(p.row(sy) + sx), 1)
            }
            copyScaled(p, sx, sy, n, opacity, into: row.pointer)
            return (UnsafePointer(row.pointer), 1)
        }
    }

    @inline(__always)
    private static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, srcStride: Int, n: Int,
                              mask: UnsafePointer<UInt8>?, alpha: UInt8, _ source: PaintSource, _ mode: BlendMode) {
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
    /// `opacity / 255`.
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
