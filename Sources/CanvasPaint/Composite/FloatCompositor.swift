import CanvasGeometry
import CanvasRaster

/// Composites spans of coverage into a floating-point (linear-light) pixmap with
/// any paint source and blend mode: the compositor of the `.linear` and
/// `.extendedLinear` colour modes. All modes go through `BlendRows` in float.
public final class FloatCompositor {
    private var row = ScratchBuffer<SIMD4<Float>>(capacity: 1024)
    private var row8 = ScratchBuffer<UInt32>(capacity: 1024)
    private var index = ScratchBuffer<Int32>(capacity: 1024)
    /// Clamp results to 0…1 (`.linear`); keep them (`.extendedLinear`).
    public var clampToUnit: Bool

    public init(clampToUnit: Bool) { self.clampToUnit = clampToUnit }

    public func composite(_ spans: SpanBuffer, _ source: FloatPaintSource, mode: BlendMode, into pixmap: FloatPixmap) {
        let w = pixmap.width, h = pixmap.height
        let list = spans.spans.pointer, coverage = spans.coverage.pointer
        var scratch = (row, row8, index)
        defer { (row, row8, index) = scratch }
        for k in 0..<spans.spans.count {
            let s = list[k]
            let y = Int(s.y)
            guard y >= 0, y < h, let (x, n, skip) = s.clipped(toWidth: w), !(s.isConstant && s.alpha == 0) else {
                continue
            }
            let mask: UnsafePointer<UInt8>? = s.isConstant ? nil : UnsafePointer(coverage + Int(s.maskOffset) + skip)
            blendSpan(pixmap.row(y) + x, x: x, y: y, n: n, mask: mask, alpha: s.alpha, source, mode, &scratch)
        }
    }

    /// Composites a rectangle of full coverage, clipped to the pixmap.
    public func composite(_ rect: PixelRect, _ source: FloatPaintSource, mode: BlendMode, into pixmap: FloatPixmap) {
        let r = rect.intersection(pixmap.bounds)
        guard !r.isEmpty else { return }
        var scratch = (row, row8, index)
        defer { (row, row8, index) = scratch }
        for y in r.y0..<r.y1 {
            blendSpan(pixmap.row(y) + r.x0, x: r.x0, y: y, n: r.width, mask: nil, alpha: 255, source, mode, &scratch)
        }
    }

    @inline(__always)
    private func blendSpan(_ dst: UnsafeMutablePointer<SIMD4<Float>>, x: Int, y: Int, n: Int,
                           mask: UnsafePointer<UInt8>?, alpha: UInt8, _ source: FloatPaintSource, _ mode: BlendMode,
                           _ scratch: inout (ScratchBuffer<SIMD4<Float>>, ScratchBuffer<UInt32>, ScratchBuffer<Int32>)) {
        scratch.0.reserve(n)
        scratch.1.reserve(n)
        scratch.2.reserve(n)
        let row = scratch.0, row8 = scratch.1, index = scratch.2
        var src = UnsafePointer(row.pointer)
        var srcStride = 1
        switch source {
        case .solid(let c):
            row.pointer[0] = c
            srcStride = 0
        case .gradient(let shader, let table):
            shader.indices(x: x, y: y, count: n, into: index.pointer)
            table.withUnsafeBufferPointer { t in
                let out = row.pointer, idx = index.pointer
                for i in 0..<n { out[i] = t[Int(idx[i])] }
            }
        case .image(let shader):
            shader.shade(x: x, y: y, count: n, into: row8.pointer)
            ColorTransfer.decodeTable.withUnsafeBufferPointer { t in
                for i in 0..<n { row.pointer[i] = FloatPixmap.decode(row8.pointer[i], t.baseAddress!) }
            }
        case .pixmap(let p, let ox, let oy, let opacity):
            let sy = y - oy, sx = x - ox
            if opacity == 1 && sy >= 0 && sy < p.height && sx >= 0 && sx + n <= p.width {
                src = UnsafePointer(p.row(sy) + sx)
            } else {
                let out = row.pointer
                out.update(repeating: .zero, count: n)
                if sy >= 0 && sy < p.height {
                    let a = max(sx, 0), b = min(sx + n, p.width)
                    if b > a {
                        let line = p.row(sy)
                        for i in a..<b { out[i - sx] = line[i] * opacity }
                    }
                }
            }
        }
        if let mask {
            BlendRows.blendFloat(mode, dst, src, srcStride: srcStride, mask, maskStride: 1, n, clampToUnit: clampToUnit)
        } else {
            withUnsafePointer(to: alpha) { a in
                BlendRows.blendFloat(mode, dst, src, srcStride: srcStride, a, maskStride: 0, n, clampToUnit: clampToUnit)
            }
        }
    }
}
