import CanvasGeometry
import CEngineSupport

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
public final class ScanConverter {
    private var workspace = Workspace()
    private var convex = ConvexAccumulator()

    public static let maxSplitsPerRow = 4096

    public init() {}

    deinit {
        workspace.free()
        convex.free()
    }

    /// Rasterizes `edges` (sorted in place) with anti-aliasing, appending spans.
    public func fill(_ edges: inout EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        guard !edges.isEmpty, !edges.clip.isEmpty else { return }
        if edges.usesConvexPath {
            var c = convex
            c.fill(edges, into: &out)
            convex = c
            return
        }
        edges.sortByTop()
        // Work on a local copy of the workspace (it holds only pointers): the hot loops
        // then touch no class property, so no exclusivity checks run.
        var w = workspace
        w.fill(edges, rule: rule, into: &out)
        workspace = w
    }
}

/// A boundary-candidate edge within one strip.
private struct StripEdge {
    var mid: Double
    var xa: Double
    var xb: Double
    var direction: Int32
}

/// The scan converter's buffers and row state.
private struct Workspace {
    var cells: UnsafeMutablePointer<Float>
    var bits: UnsafeMutablePointer<UInt64>
    var cellCapacity: Int
    var active = ScratchBuffer<Int32>(capacity: 64)
    var strip = ScratchBuffer<StripEdge>(capacity: 64)
    var breaks = ScratchBuffer<Double>(capacity: 16)
    var pending = ScratchBuffer<Double>(capacity: 16)   // pairs: ya, yb
    var touchedLo = Int.max, touchedHi = -1

    init() {
        cellCapacity = 256
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        bits = .allocate(capacity: cellCapacity / 64 + 1)
        bits.initialize(repeating: 0, count: cellCapacity / 64 + 1)
    }

    func free() {
        cells.deallocate()
        bits.deallocate()
    }

    mutating func ensureCells(_ n: Int) {
        guard n > cellCapacity else { return }
        free()
        cellCapacity = max(n, cellCapacity * 2)
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        bits = .allocate(capacity: cellCapacity / 64 + 1)
        bits.initialize(repeating: 0, count: cellCapacity / 64 + 1)
    }

    mutating func fill(_ edges: EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        let clip = edges.clip
        let width = clip.width
        ensureCells(width + 2)
        active.removeAll()
        let list = edges.edges.pointer
        let n = edges.edges.count
        let left = Double(clip.x0)
        var next = 0
        var row = clampedInt(list[0].y0.rounded(.down), clip.y0, clip.y1)
        let lastRow = clampedInt(edges.maxY.rounded(.up), clip.y0, clip.y1)
        while row < lastRow {
            let yTop = Double(row), yBot = yTop + 1
            while next < n && list[next].y0 < yBot {
                active.append(Int32(truncatingIfNeeded: next))
                next += 1
            }
            // Drop finished edges, keeping the order of the others.
            var kept = 0
            let a = active.pointer
            for i in 0..<active.count where list[Int(a[i])].y1 > yTop {
                a[kept] = a[i]
                kept += 1
            }
            active.resize(kept)
            if active.isEmpty {
                if next >= n { break }
                row = max(row + 1, clampedInt(list[next].y0.rounded(.down), clip.y0, clip.y1))
                continue
            }
            rasterizeRow(list, yTop: yTop, yBot: yBot, left: left, rule: rule)
            sweep(row: row, x0: clip.x0, width: width, rule: rule, into: &out)
            row += 1
        }
    }

    // MARK: One row

    mutating func rasterizeRow(_ list: UnsafeMutablePointer<Edge>, yTop: Double, yBot: Double,
                               left: Double, rule: FillRule) {
        breaks.removeAll()
        for k in 0..<active.count {
            let e = list[Int(active[k])]
            if e.y0 > yTop { breaks.append(e.y0) }
            if e.y1 < yBot { breaks.append(e.y1) }
        }
        if breaks.isEmpty {
            rasterizeStrips(list, ya: yTop, yb: yBot, left: left, rule: rule)
            return
        }
        // Insertion sort: a row has few break points.
        let b = breaks.pointer
        for k in 1..<max(1, breaks.count) {
            let v = b[k]
            var j = k
            while j > 0 && b[j - 1] > v { b[j] = b[j - 1]; j -= 1 }
            b[j] = v
        }
        var ya = yTop
        for k in 0..<breaks.count where b[k] > ya {
            rasterizeStrips(list, ya: ya, yb: b[k], left: left, rule: rule)
            ya = b[k]
        }
        if yBot > ya { rasterizeStrips(list, ya: ya, yb: yBot, left: left, rule: rule) }
    }

    /// Rasterizes the strip `ya ..< yb`, splitting it further at edge crossings.
    mutating func rasterizeStrips(_ list: UnsafeMutablePointer<Edge>, ya: Double, yb: Double,
                                  left: Double, rule: FillRule) {
        guard let cut = rasterizeStrip(list, ya: ya, yb: yb, left: left, rule: rule, allowSplit: true) else { return }
        // Crossings: finish the strip piece by piece.
        pending.removeAll()
        pending.append(ya); pending.append(cut)
        pending.append(cut); pending.append(yb)
        var splits = 1
        while !pending.isEmpty {
            let sb = pending.removeLast(), sa = pending.removeLast()
            if let c = rasterizeStrip(list, ya: sa, yb: sb, left: left, rule: rule,
                                      allowSplit: splits < ScanConverter.maxSplitsPerRow) {
                splits += 1
                pending.append(sa); pending.append(c)
                pending.append(c); pending.append(sb)
            }
        }
    }

    /// Rasterizes one strip, or returns the y of a crossing to split it at first.
    mutating func rasterizeStrip(_ list: UnsafeMutablePointer<Edge>, ya: Double, yb: Double,
                                 left: Double, rule: FillRule, allowSplit: Bool) -> Double? {
        strip.removeAll()
        for k in 0..<active.count {
            let e = list[Int(active[k])]
            guard e.y0 < yb && e.y1 > ya else { continue }
            let xa = e.x(at: ya), xb = e.x(at: yb)
            let item = StripEdge(mid: xa + xb, xa: xa, xb: xb, direction: e.direction)
            // Insertion sort by the midpoint: rows change little, so this is linear.
            strip.append(item)
            let s = strip.pointer
            var j = strip.count - 1
            while j > 0 && s[j - 1].mid > item.mid {
                s[j] = s[j - 1]
                j -= 1
            }
            s[j] = item
        }
        let count = strip.count
        if count == 0 { return nil }
        let s = strip.pointer

        if allowSplit && count > 1 {
            // Neighbours in midpoint order that are out of order at the top or the
            // bottom of the strip cross inside it.
            for k in 0..<(count - 1) {
                let da = s[k].xa - s[k + 1].xa, db = s[k].xb - s[k + 1].xb
                if (da > 1e-9 && db < 0) || (db > 1e-9 && da < 0) {
                    let t = da / (da - db)
                    let y = ya + (yb - ya) * t
                    if y - ya > 1e-9 && yb - y > 1e-9 { return y }
                }
            }
        }

        var winding: Int32 = 0
        var inside = false
        let h = yb - ya
        for k in 0..<count {
            winding &+= s[k].direction
            let now = rule.isInside(winding)
            if now != inside {
                accumulate(xa: s[k].xa - left, xb: s[k].xb - left, height: now ? h : -h)
                inside = now
            }
        }
        return nil
    }

    /// Adds the coverage change of a boundary segment from x = `xa` (top) to `xb`
    /// (bottom), in cell coordinates, with signed `height` (positive where coverage
    /// begins, negative where it ends).
    @inline(__always)
    mutating func accumulate(xa: Double, xb: Double, height: Double) {
        let lo = min(xa, xb), hi = max(xa, xb)
        let c0 = Int(oc_floor_nonneg(lo)), c1 = Int(oc_floor_nonneg(hi))
        if c0 == c1 || hi - lo < 1e-12 {
            let fx = (lo + hi) * 0.5 - Double(c0)
            cells[c0] += Float(height * (1 - fx))
            cells[c0 + 1] += Float(height * fx)
            mark(c0, c0 + 1)
            return
        }
        let perX = height / (hi - lo)
        var xs = lo
        var carry = 0.0
        var c = c0
        while c <= c1 {
            let xe = min(Double(c + 1), hi)
            let hh = (xe - xs) * perX
            let fx = (xs + xe) * 0.5 - Double(c)
            cells[c] += Float(carry + hh * (1 - fx))
            carry = hh * fx
            xs = xe
            c += 1
        }
        cells[c1 + 1] += Float(carry)
        mark(c0, c1 + 1)
    }

    @inline(__always)
    mutating func mark(_ from: Int, _ to: Int) {
        var c = from
        while c <= to {
            bits[c >> 6] |= 1 &<< UInt64(c & 63)
            c += 1
        }
        touchedLo = min(touchedLo, from)
        touchedHi = max(touchedHi, to)
    }

    /// Turns the row's cells into spans and clears them.
    /// Cells hold exact coverage (values in 0…1 up to rounding), to which the rule's
    /// coverage function — |w| clamped to 1 for non-zero, the distance to the nearest
    /// even number for even-odd — is applied as a clamp (it is the identity on 0…1).
    mutating func sweep(row: Int, x0: Int, width: Int, rule: FillRule, into out: inout SpanBuffer) {
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
                    out.addConstant(x: x0 + x, y: row, length: c - x, alpha: alpha(sum, rule))
                }
                sum += value
                if maskEnd != c { out.beginMask(x: x0 + c, y: row) }
                out.appendCoverage(alpha(sum, rule))
                maskEnd = c + 1
                x = c + 1
            }
            w += 1
        }
        if x < width {
            out.addConstant(x: x0 + x, y: row, length: width - x, alpha: alpha(sum, rule))
        }
        touchedLo = .max
        touchedHi = -1
    }

    @inline(__always)
    func alpha(_ s: Float, _ rule: FillRule) -> UInt8 {
        switch rule {
        case .nonZero:
            return oc_coverage_abs(s)
        case .evenOdd:
            let a = abs(s)
            let m = a - 2 * (a * 0.5).rounded(.down)
            return oc_coverage_clamp(m > 1 ? 2 - m : m)
        }
    }
}
