import CanvasGeometry

/// Coverage of an axis-aligned rectangle in device space, computed directly: the
/// covered fraction of a pixel is the product of its horizontal and vertical
/// overlaps. This is the fast path for `Path(CGRect)` under scale-and-translate
/// transforms; the result equals the general scan converter's.
public enum RectCoverage {
    public static func fill(_ r: Rect, clip: PixelRect, antialiased: Bool, into out: inout SpanBuffer) {
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

        // Rows differ only in their vertical coverage, which is 1 for every row but
        // the first and the last: each kind's spans are worked out once.
        @inline(__always) func spans(_ v: Double) -> RowSpans {
            let aLeft = alpha(leftCover * v), aInner = alpha(v), aRight = alpha(rightCover * v)
            // Neighbouring runs of equal coverage become one span (a pixel-aligned
            // rectangle is one span per row).
            var row = RowSpans()
            var runStart = cx0, runAlpha = aLeft
            if innerEnd > innerStart && aInner != runAlpha {
                row.add(x: runStart, length: innerStart - runStart, alpha: runAlpha)
                runStart = innerStart
                runAlpha = aInner
            }
            if !single && aRight != runAlpha {
                let rx = cx1 - 1
                row.add(x: runStart, length: rx - runStart, alpha: runAlpha)
                runStart = rx
                runAlpha = aRight
            }
            row.add(x: runStart, length: cx1 - runStart, alpha: runAlpha)
            return row
        }
        @inline(__always) func vertical(_ y: Int) -> Double { min(y1, Double(y + 1)) - max(y0, Double(y)) }
        let first = spans(vertical(cy0))
        let inner = cy1 - cy0 > 2 ? spans(1) : first
        let last = cy1 - cy0 > 1 ? spans(vertical(cy1 - 1)) : first
        out.spans.reserve(out.spans.count + 3 * (cy1 - cy0))
        for y in cy0..<cy1 {
            let row = y == cy0 ? first : (y == cy1 - 1 ? last : inner)
            row.write(y: y, into: &out)
        }
    }

    /// Up to three constant spans of one row.
    private struct RowSpans {
        var x = (Int32(0), Int32(0), Int32(0))
        var length = (Int32(0), Int32(0), Int32(0))
        var alpha = (UInt8(0), UInt8(0), UInt8(0))
        var count = 0

        @inline(__always)
        mutating func add(x: Int, length: Int, alpha: UInt8) {
            guard length > 0, alpha > 0 else { return }
            let x = Int32(truncatingIfNeeded: x), n = Int32(truncatingIfNeeded: length)
            switch count {
            case 0: self.x.0 = x; self.length.0 = n; self.alpha.0 = alpha
            case 1: self.x.1 = x; self.length.1 = n; self.alpha.1 = alpha
            default: self.x.2 = x; self.length.2 = n; self.alpha.2 = alpha
            }
            count += 1
        }

        @inline(__always)
        func write(y: Int, into out: inout SpanBuffer) {
            let y = Int32(truncatingIfNeeded: y)
            if count > 0 { out.spans.append(Span(x: x.0, y: y, length: length.0, alpha: alpha.0)) }
            if count > 1 { out.spans.append(Span(x: x.1, y: y, length: length.1, alpha: alpha.1)) }
            if count > 2 { out.spans.append(Span(x: x.2, y: y, length: length.2, alpha: alpha.2)) }
        }
    }

    /// The pixels of `r` when its sides lie on the pixel grid and it is inside
    /// `clip` (then every pixel it touches is fully covered, with anti-aliasing or
    /// without); `nil` otherwise, or when it covers nothing. The bounds are checked
    /// before any conversion to `Int`, so no value traps.
    @inlinable
    public static func wholePixels(_ r: Rect, within clip: PixelRect) -> PixelRect? {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        guard x0 >= Double(clip.x0), y0 >= Double(clip.y0), x1 <= Double(clip.x1), y1 <= Double(clip.y1),
              x1 > x0, y1 > y0 else { return nil }
        let rect = PixelRect(x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1))
        guard Double(rect.x0) == x0, Double(rect.y0) == y0, Double(rect.x1) == x1, Double(rect.y1) == y1 else {
            return nil
        }
        return rect
    }

    @inline(__always)
    private static func alpha(_ c: Double) -> UInt8 {
        UInt8(min(max(c, 0), 1) * 255 + 0.5)
    }
}

/// The coverage of an axis-aligned rectangle in separable form: pixel (x, y) is
/// covered `horizontal(x) · vertical(y)`, where the first and last column and row
/// may be partly covered and every other one is fully covered. Compositing a
/// rectangle from this needs no spans: interiors are filled as runs.
public struct PixelBox: Hashable, Sendable {
    /// Pixels touched: columns `x0 ..< x1`, rows `y0 ..< y1` (not empty).
    public var x0: Int, x1: Int, y0: Int, y1: Int
    /// Coverage of the first and last column (the same column when `x1 − x0 == 1`, whose
    /// coverage is then `firstColumn`).
    public var firstColumn: Double, lastColumn: Double
    /// Coverage of the first and last row (likewise).
    public var firstRow: Double, lastRow: Double

    /// How a row of the box is drawn: fully covered columns join the run, partly
    /// covered ones are blended alone (a single column is either all run or all
    /// partial). The run's length, and whether there is a partly covered first and
    /// last column (the run starts after the first when it is partial).
    @inlinable
    public var columns: (run: Int, firstPartial: Bool, lastPartial: Bool) {
        let runStart = firstColumn >= 1 ? x0 : x0 + 1
        let runEnd = x1 - x0 == 1 ? x1 : (lastColumn >= 1 ? x1 : x1 - 1)
        return (max(runEnd - runStart, 0), runStart != x0, runEnd != x1 && x1 - x0 > 1)
    }

    /// The box of `r` (device space) within `clip`, or `nil` when nothing is covered.
    /// Without anti-aliasing, the pixels whose centres are inside are fully covered.
    public init?(_ r: Rect, clip: PixelRect, antialiased: Bool) {
        guard r.isFinite else { return nil }
        if !antialiased {
            x0 = clampedInt((r.minX - 0.5).rounded(.up), clip.x0, clip.x1)
            x1 = clampedInt((r.maxX - 0.5).rounded(.up), clip.x0, clip.x1)
            y0 = clampedInt((r.minY - 0.5).rounded(.up), clip.y0, clip.y1)
            y1 = clampedInt((r.maxY - 0.5).rounded(.up), clip.y0, clip.y1)
            guard x1 > x0, y1 > y0 else { return nil }
            firstColumn = 1; lastColumn = 1; firstRow = 1; lastRow = 1
            return
        }
        let L = Double(clip.x0), T = Double(clip.y0), R = Double(clip.x1), B = Double(clip.y1)
        let fx0 = max(r.minX, L), fx1 = min(r.maxX, R), fy0 = max(r.minY, T), fy1 = min(r.maxY, B)
        guard fx1 > fx0, fy1 > fy0 else { return nil }
        // (Within the clip, so the conversions cannot overflow.)
        x0 = floorInt(clamped: fx0); x1 = ceilInt(clamped: fx1)
        y0 = floorInt(clamped: fy0); y1 = ceilInt(clamped: fy1)
        if x1 - x0 == 1 {
            firstColumn = fx1 - fx0; lastColumn = firstColumn
        } else {
            firstColumn = Double(x0 + 1) - fx0; lastColumn = fx1 - Double(x1 - 1)
        }
        if y1 - y0 == 1 {
            firstRow = fy1 - fy0; lastRow = firstRow
        } else {
            firstRow = Double(y0 + 1) - fy0; lastRow = fy1 - Double(y1 - 1)
        }
    }
}
