import CanvasGeometry

/// The anti-aliased scan converter: edges → spans of exact area coverage.
///
/// ## Method
/// Rows of pixels are processed top to bottom with a list of active edges. Each row
/// is cut into horizontal *strips* at every edge end point inside it and at every
/// crossing of two edges inside it, so that within a strip the edges are straight,
/// span the strip completely and do not cross. Sorted by x, they divide the strip
/// into trapezoids of constant integer winding; the fill rule (non-zero or even-odd)
/// is applied to those windings, and only the edges where the rule flips between
/// inside and outside are kept. Those boundary edges are accumulated into a row of
/// cells as signed areas (each cell holds the change of coverage from the previous
/// pixel, as in font-rs and Blend2D's analytic rasterizer), and a prefix sum gives
/// each pixel's exact covered area.
///
/// Because the rule is applied to exact windings before the areas are summed, pixels
/// where edges cross or overlap get their true coverage (an accumulation rasterizer
/// that applies the rule to the summed area is off there). The tests compare every
/// pixel with a brute-force reference.
///
/// ## Cost
/// Work per row grows with the number of active edges and the columns their boundary
/// segments cross; a bit set marks the touched cells, so the runs between them —
/// solid interiors — are emitted as single constant spans without visiting their
/// pixels. Rows between edges are skipped. Buffers are kept between shapes.
///
/// ## Limits
/// A row whose edges cross more than `maxSplitsPerRow` times (only adversarial paths
/// do) finishes with strips that may contain crossings; coverage there is still
/// bounded and finite, just not exact.
package final class ScanConverter {
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity: Int
    private var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity: Int
    private var active: [Int32] = []
    private var work: [StripEdge] = []
    private var breaks: [Double] = []
    private var pending: [(Double, Double)] = []
    private var touchedLo = Int.max, touchedHi = -1

    package static let maxSplitsPerRow = 4096

    private struct StripEdge {
        var mid: Double
        var xa: Double
        var xb: Double
        var direction: Int32
    }

    package init() {
        cellCapacity = 256
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        bitCapacity = cellCapacity / 64 + 1
        bits = .allocate(capacity: bitCapacity)
        bits.initialize(repeating: 0, count: bitCapacity)
        active.reserveCapacity(64)
        work.reserveCapacity(64)
        breaks.reserveCapacity(16)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
    }

    private func ensureCells(_ n: Int) {
        if n > cellCapacity {
            cells.deallocate()
            bits.deallocate()
            cellCapacity = max(n, cellCapacity * 2)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
            bitCapacity = cellCapacity / 64 + 1
            bits = .allocate(capacity: bitCapacity)
            bits.initialize(repeating: 0, count: bitCapacity)
        }
    }

    /// Rasterizes `edges` (sorted in place) with anti-aliasing, appending spans.
    package func fill(_ edges: inout EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        guard !edges.isEmpty, !edges.clip.isEmpty else { return }
        edges.sortByTop()
        let clip = edges.clip
        let width = clip.width
        ensureCells(width + 2)
        active.removeAll(keepingCapacity: true)

        edges.edges.withUnsafeBufferPointer { list in
            let n = list.count
            var next = 0
            var row = clampedInt(list[0].y0.rounded(.down), clip.y0, clip.y1)
            let lastRow = clampedInt(edges.maxY.rounded(.up), clip.y0, clip.y1)
            while row < lastRow {
                let yTop = Double(row), yBot = yTop + 1
                while next < n && list[next].y0 < yBot {
                    active.append(Int32(truncatingIfNeeded: next))
                    next += 1
                }
                active.removeAll { list[Int($0)].y1 <= yTop }
                if active.isEmpty {
                    if next >= n { break }
                    row = max(row + 1, clampedInt(list[next].y0.rounded(.down), clip.y0, clip.y1))
                    continue
                }
                rasterizeRow(list, yTop: yTop, yBot: yBot, left: Double(clip.x0), rule: rule)
                sweep(row: row, x0: clip.x0, width: width, into: &out)
                row += 1
            }
        }
    }

    // MARK: One row

    private func rasterizeRow(_ list: UnsafeBufferPointer<Edge>, yTop: Double, yBot: Double,
                              left: Double, rule: FillRule) {
        breaks.removeAll(keepingCapacity: true)
        for i in active {
            let e = list[Int(i)]
            if e.y0 > yTop { breaks.append(e.y0) }
            if e.y1 < yBot { breaks.append(e.y1) }
        }
        if breaks.isEmpty {
            rasterizeStrips(list, ya: yTop, yb: yBot, left: left, rule: rule)
            return
        }
        breaks.sort()
        var ya = yTop
        for b in breaks where b > ya {
            rasterizeStrips(list, ya: ya, yb: b, left: left, rule: rule)
            ya = b
        }
        if yBot > ya { rasterizeStrips(list, ya: ya, yb: yBot, left: left, rule: rule) }
    }

    /// Rasterizes the strip `ya ..< yb`, splitting it further at edge crossings.
    private func rasterizeStrips(_ list: UnsafeBufferPointer<Edge>, ya: Double, yb: Double,
                                 left: Double, rule: FillRule) {
        pending.removeAll(keepingCapacity: true)
        pending.append((ya, yb))
        var splits = 0
        while let (sa, sb) = pending.popLast() {
            if let cut = rasterizeStrip(list, ya: sa, yb: sb, left: left, rule: rule,
                                        allowSplit: splits < ScanConverter.maxSplitsPerRow) {
                splits += 1
                pending.append((sa, cut))
                pending.append((cut, sb))
            }
        }
    }

    /// Rasterizes one strip, or returns the y of a crossing to split it at first.
    private func rasterizeStrip(_ list: UnsafeBufferPointer<Edge>, ya: Double, yb: Double,
                                left: Double, rule: FillRule, allowSplit: Bool) -> Double? {
        work.removeAll(keepingCapacity: true)
        for i in active {
            let e = list[Int(i)]
            guard e.y0 < yb && e.y1 > ya else { continue }
            let xa = e.x(at: ya), xb = e.x(at: yb)
            let item = StripEdge(mid: xa + xb, xa: xa, xb: xb, direction: e.direction)
            // Insertion sort by the midpoint: rows change little, so this is linear.
            var j = work.count
            work.append(item)
            while j > 0 && work[j - 1].mid > item.mid {
                work[j] = work[j - 1]
                j -= 1
            }
            work[j] = item
        }
        let count = work.count
        if count == 0 { return nil }

        if allowSplit && count > 1 {
            // Neighbours in midpoint order that are out of order at the top or the
            // bottom of the strip cross inside it.
            for k in 0..<(count - 1) {
                let a = work[k], b = work[k + 1]
                let da = a.xa - b.xa, db = a.xb - b.xb
                if (da > 1e-9 && db < 0) || (db > 1e-9 && da < 0) {
                    let t = da / (da - db)
                    let y = ya + (yb - ya) * t
                    if y - ya > 1e-9 && yb - y > 1e-9 { return y }
                }
            }
        }

        var winding: Int32 = 0
        var inside = false
        for k in 0..<count {
            let e = work[k]
            winding &+= e.direction
            let now = rule.isInside(winding)
            if now != inside {
                accumulate(xa: e.xa - left, xb: e.xb - left, height: now ? yb - ya : ya - yb)
                inside = now
            }
        }
        return nil
    }

    /// Adds the coverage change of a boundary segment from x = `xa` (top) to `xb`
    /// (bottom), in cell coordinates, with signed `height` (positive where coverage
    /// begins, negative where it ends).
    @inline(__always)
    private func accumulate(xa: Double, xb: Double, height: Double) {
        let lo = min(xa, xb), hi = max(xa, xb)
        let c0 = Int(lo), c1 = Int(hi)
        if c0 == c1 || hi - lo < 1e-12 {
            let fx = (lo + hi) * 0.5 - Double(c0)
            cells[c0] += Float(height * (1 - fx))
            cells[c0 + 1] += Float(height * fx)
            mark(c0, c0 + 1)
            return
        }
        let perX = height / (hi - lo)
        var xs = lo
        var c = c0
        while c <= c1 {
            let xe = min(Double(c + 1), hi)
            let h = (xe - xs) * perX
            let fx = (xs + xe) * 0.5 - Double(c)
            cells[c] += Float(h * (1 - fx))
            cells[c + 1] += Float(h * fx)
            xs = xe
            c += 1
        }
        mark(c0, c1 + 1)
    }

    @inline(__always)
    private func mark(_ from: Int, _ to: Int) {
        var c = from
        while c <= to {
            bits[c >> 6] |= 1 &<< UInt64(c & 63)
            c += 1
        }
        touchedLo = min(touchedLo, from)
        touchedHi = max(touchedHi, to)
    }

    /// Turns the row's cells into spans and clears them.
    private func sweep(row: Int, x0: Int, width: Int, into out: inout SpanBuffer) {
        guard touchedHi >= 0 else { return }
        var sum: Float = 0
        var x = 0                   // first column not yet emitted
        var maskEnd = -1            // column after the last per-pixel coverage emitted
        let firstWord = touchedLo >> 6, lastWord = touchedHi >> 6
        var w = firstWord
        while w <= lastWord {
            var word = bits[w]
            bits[w] = 0
            while word != 0 {
                let c = (w << 6) | word.trailingZeroBitCount
                word &= word &- 1
                let value = cells[c]
                cells[c] = 0
                if c >= width { continue }
                if c > x {
                    out.addConstant(x: x0 + x, y: row, length: c - x, alpha: ScanConverter.alpha(sum))
                }
                sum += value
                if maskEnd != c { out.beginMask(x: x0 + c, y: row) }
                out.appendCoverage(ScanConverter.alpha(sum))
                maskEnd = c + 1
                x = c + 1
            }
            w += 1
        }
        if x < width {
            out.addConstant(x: x0 + x, y: row, length: width - x, alpha: ScanConverter.alpha(sum))
        }
        touchedLo = .max
        touchedHi = -1
    }

    @inline(__always)
    static func alpha(_ coverage: Float) -> UInt8 {
        UInt8(min(max(coverage, 0), 1) * 255 + 0.5)
    }
}
