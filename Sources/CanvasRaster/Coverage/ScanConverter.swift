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
    /// x at the whole strip's top and bottom, while it is walked in pieces.
    var topX: Double
    var bottomX: Double
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
    var crossings = ScratchBuffer<Double>(capacity: 16)
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
        let (cellLeft, cellCount, width) = edges.cellColumns
        ensureCells(cellCount)
        active.removeAll()
        let list = edges.edges.pointer
        let n = edges.edges.count
        let left = Double(cellLeft)
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
            sweep(row: row, x0: cellLeft, width: width, rule: rule, into: &out)
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

    /// Rasterizes the strip `ya ..< yb`, in pieces between the crossings of its edges.
    ///
    /// The crossings of every pair of edges inside the strip are found at once (a
    /// strip holds few edges; past `maxPairwiseEdges` the adjacent-pairs search below
    /// takes over), sorted, and the pieces between them — which no two edges cross —
    /// are walked one by one, each edge's x found by interpolation.
    mutating func rasterizeStrips(_ list: UnsafeMutablePointer<Edge>, ya: Double, yb: Double,
                                  left: Double, rule: FillRule) {
        gather(list, ya: ya, yb: yb)
        let count = strip.count
        if count == 0 { return }
        if count > Workspace.maxPairwiseEdges {
            return rasterizeStripsBySplitting(list, ya: ya, yb: yb, left: left, rule: rule)
        }
        let s = strip.pointer
        crossings.removeAll()
        if count > 1 {
            let span = yb - ya
            for i in 0..<(count - 1) {
                for j in (i + 1)..<count {
                    let da = s[i].xa - s[j].xa, db = s[i].xb - s[j].xb
                    if (da > 1e-9 && db < -1e-9) || (da < -1e-9 && db > 1e-9) {
                        let y = ya + span * (da / (da - db))
                        if y - ya > 1e-9 && yb - y > 1e-9 { crossings.append(y) }
                    }
                }
            }
        }
        if crossings.isEmpty {
            sortStrip()
            walk(ya: ya, yb: yb, left: left, rule: rule)
            return
        }
        let b = crossings.pointer
        for k in 1..<crossings.count {
            let v = b[k]
            var j = k
            while j > 0 && b[j - 1] > v { b[j] = b[j - 1]; j -= 1 }
            b[j] = v
        }
        // Keep each edge's x at the strip's top and bottom; walk the pieces.
        let span = yb - ya
        for k in 0..<count {
            s[k].topX = s[k].xa
            s[k].bottomX = s[k].xb
        }
        var pa = ya
        for k in 0...crossings.count {
            let pb = k < crossings.count ? b[k] : yb
            guard pb > pa else { continue }
            let ta = (pa - ya) / span, tb = (pb - ya) / span
            for e in 0..<count {
                let dx = s[e].bottomX - s[e].topX
                s[e].xa = s[e].topX + dx * ta
                s[e].xb = k < crossings.count ? s[e].topX + dx * tb : s[e].bottomX
                s[e].mid = s[e].xa + s[e].xb
            }
            sortStrip()
            walk(ya: pa, yb: pb, left: left, rule: rule)
            pa = pb
        }
    }

    /// Strips with many edges: find one crossing between neighbours at a time and split
    /// there (work proportional to the edges times the crossings, not to their square).
    mutating func rasterizeStripsBySplitting(_ list: UnsafeMutablePointer<Edge>, ya: Double, yb: Double,
                                             left: Double, rule: FillRule) {
        pending.removeAll()
        pending.append(ya); pending.append(yb)
        var splits = 0
        while !pending.isEmpty {
            let sb = pending.removeLast(), sa = pending.removeLast()
            gather(list, ya: sa, yb: sb)
            sortStrip()
            if splits < ScanConverter.maxSplitsPerRow, let c = neighbourCrossing(ya: sa, yb: sb) {
                splits += 1
                pending.append(sa); pending.append(c)
                pending.append(c); pending.append(sb)
                continue
            }
            walk(ya: sa, yb: sb, left: left, rule: rule)
        }
    }

    static let maxPairwiseEdges = 48

    /// Collects the active edges that span `ya ..< yb`, with their x there.
    @inline(__always)
    mutating func gather(_ list: UnsafeMutablePointer<Edge>, ya: Double, yb: Double) {
        strip.removeAll()
        for k in 0..<active.count {
            let e = list[Int(active[k])]
            guard e.y0 < yb && e.y1 > ya else { continue }
            let xa = e.x(at: ya), xb = e.x(at: yb)
            strip.append(StripEdge(mid: xa + xb, xa: xa, xb: xb, direction: e.direction, topX: 0, bottomX: 0))
        }
    }

    /// Insertion sort by midpoint x (the strips of a row are nearly in order already).
    @inline(__always)
    mutating func sortStrip() {
        let s = strip.pointer
        let n = strip.count
        guard n > 1 else { return }
        for k in 1..<n {
            let item = s[k]
            var j = k
            while j > 0 && s[j - 1].mid > item.mid {
                s[j] = s[j - 1]
                j -= 1
            }
            s[j] = item
        }
    }

    /// The y of a crossing between neighbours (in midpoint order) inside the strip.
    func neighbourCrossing(ya: Double, yb: Double) -> Double? {
        let s = strip.pointer
        guard strip.count > 1 else { return nil }
        for k in 0..<(strip.count - 1) {
            let da = s[k].xa - s[k + 1].xa, db = s[k].xb - s[k + 1].xb
            if (da > 1e-9 && db < 0) || (db > 1e-9 && da < 0) {
                let y = ya + (yb - ya) * (da / (da - db))
                if y - ya > 1e-9 && yb - y > 1e-9 { return y }
            }
        }
        return nil
    }

    /// Applies the fill rule to the windings between the sorted, non-crossing edges of a
    /// strip and accumulates the edges where inside and outside change.
    @inline(__always)
    mutating func walk(ya: Double, yb: Double, left: Double, rule: FillRule) {
        let s = strip.pointer
        var winding: Int32 = 0
        var inside = false
        let h = yb - ya
        for k in 0..<strip.count {
            winding &+= s[k].direction
            let now = rule.isInside(winding)
            if now != inside {
                accumulate(xa: s[k].xa - left, xb: s[k].xb - left, height: now ? h : -h)
                inside = now
            }
        }
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
