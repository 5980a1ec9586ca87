import CanvasGeometry

/// Coverage of an axis-aligned rectangle in device space, computed directly: the
/// covered fraction of a pixel is the product of its horizontal and vertical
/// overlaps. This is the fast path for `Path(CGRect)` under scale-and-translate
/// transforms; the result equals the general scan converter's.
package enum RectCoverage {
    package static func fill(_ r: Rect, clip: PixelRect, antialiased: Bool, into out: inout SpanBuffer) {
        guard r.isFinite else { return }
        let L = Double(clip.x0), T = Double(clip.y0), R = Double(clip.x1), B = Double(clip.y1)
        if !antialiased {
            // Pixels whose centres lie inside.
            let c0 = clampedInt((r.minX - 0.5).rounded(.up), clip.x0, clip.x1)
            let c1 = clampedInt((r.maxX - 0.5).rounded(.up), clip.x0, clip.x1)
            let r0 = clampedInt((r.minY - 0.5).rounded(.up), clip.y0, clip.y1)
            let r1 = clampedInt((r.maxY - 0.5).rounded(.up), clip.y0, clip.y1)
            guard c1 > c0 else { return }
            for y in r0..<max(r0, r1) { out.addConstant(x: c0, y: y, length: c1 - c0, alpha: 255) }
            return
        }
        let x0 = max(r.minX, L), x1 = min(r.maxX, R), y0 = max(r.minY, T), y1 = min(r.maxY, B)
        guard x1 > x0, y1 > y0 else { return }
        let cx0 = Int(x0.rounded(.down)), cx1 = Int(x1.rounded(.up))
        let cy0 = Int(y0.rounded(.down)), cy1 = Int(y1.rounded(.up))

        // Horizontal overlap of the first and last columns (the same column when the
        // rectangle is thinner than a pixel).
        let single = cx1 - cx0 == 1
        let leftCover = single ? x1 - x0 : Double(cx0 + 1) - x0
        let rightCover = single ? 0 : x1 - Double(cx1 - 1)
        let innerStart = cx0 + 1, innerEnd = single ? cx0 + 1 : cx1 - 1

        for y in cy0..<cy1 {
            let top = max(y0, Double(y)), bottom = min(y1, Double(y + 1))
            let v = bottom - top
            emit(cx0, y, leftCover * v, &out)
            if innerEnd > innerStart {
                out.addConstant(x: innerStart, y: y, length: innerEnd - innerStart, alpha: alpha(v))
            }
            if !single { emit(cx1 - 1, y, rightCover * v, &out) }
        }
    }

    @inline(__always)
    private static func emit(_ x: Int, _ y: Int, _ coverage: Double, _ out: inout SpanBuffer) {
        out.addConstant(x: x, y: y, length: 1, alpha: alpha(coverage))
    }

    @inline(__always)
    private static func alpha(_ c: Double) -> UInt8 {
        UInt8(min(max(c, 0), 1) * 255 + 0.5)
    }
}
