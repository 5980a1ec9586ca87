import CanvasGeometry
import CEngineSupport

/// The anti-aliased scan converter: edges → spans of exact area coverage.
///
/// ## Method (general path)
/// A sweep line moves down the path from event to event: an edge starting or ending,
/// or two edges crossing. Between two events no edge starts, ends or crosses another,
/// so the edges keep one left-to-right order and divide the band into trapezoids of
/// constant integer winding. The fill rule (non-zero or even-odd) is applied to those
/// windings once per band, and only the edges where it flips between inside and
/// outside — the boundary edges — are accumulated, as signed areas, into the cells of
/// every pixel row the band covers (each cell holds the change of coverage from the
/// previous pixel, as in font-rs and Blend2D's analytic rasterizer). A prefix sum
/// along each row gives each pixel's exact covered area.
///
/// Because the rule is applied to exact windings before areas are summed, pixels
/// where edges cross or overlap get their true coverage (an accumulation rasterizer
/// that applies the rule to the summed area is off there). The tests compare every
/// pixel with a brute-force reference.
///
/// Finding crossings needs no pairwise search: the earliest crossing below the sweep
/// line is always between edges that are neighbours in its order (Bentley–Ottmann), so
/// each band checks only neighbours.
///
/// ## Convex path
/// A convex contour (see `EdgeList.isConvex`) winds 0 or ±1 everywhere and needs no
/// events at all: `ConvexAccumulator` sums its edges straight into the cells.
///
/// ## Cost
/// Work grows with the edges, the events and the cells the boundary edges touch; a bit
/// set per row marks touched cells, so the runs between them — solid interiors — are
/// emitted as single constant spans without visiting their pixels. Cells cover only the
/// columns the path touches, in blocks of rows that fit in cache. Buffers are kept
/// between shapes.
///
/// ## Limits
/// Each band a crossing splits off costs a pass over the active edges, so a fill
/// may spend at most `crossingWork` edge visits on such bands (hundreds of
/// thousands of crossings among a few hundred edges; only adversarial paths get
/// near). Past it, crossings are no longer split at: coverage stays finite and
/// bounded, just not exact where edges cross, and the fill ends in time linear in
/// its edges and rows. A fill whose sweep would visit more than `sweepWork` edges
/// (estimated before it starts: tens of thousands of edges over the same rows) is
/// accumulated instead: exact where contours do not overlap, bounded elsewhere. The
/// sweep also counts the edge visits and sorting moves it spends (crossings and
/// reorderings the estimate cannot see), and past the same limit accumulates the
/// rest of the fill from where it got to.
public final class ScanConverter {
    // One owner uses a scan converter at a time (a renderer, on its thread): the
    // buffers' accesses need no run-time exclusivity check (each cost about as
    // much as rasterizing a small shape's row).
    @exclusivity(unchecked) private var workspace = Workspace()

    /// Constant gaps shorter than this between two runs of touched cells are written
    /// into the per-pixel span around them (by the sweep and by `CellAccumulator`):
    /// one longer span composites faster (whole vectors) than several short ones,
    /// and the pixels are the same.
    static let mergedGap = 16
    @exclusivity(unchecked) private var convex = ConvexAccumulator()
    @exclusivity(unchecked) private var accumulator = CellAccumulator()

    /// How fills that are not convex are converted (see `Method`). (Unchecked, as
    /// `rows`: one renderer's thread sets and reads them around each fill, and the
    /// dynamic exclusivity check cost more than a small shape's sweep set-up.)
    @exclusivity(unchecked) public var method = Method.automatic

    /// The two ways a fill that is not convex becomes coverage.
    public enum Method: Sendable {
        /// A path of one contour is accumulated — several times faster where it
        /// crosses itself, and off only in the pixels around those crossings,
        /// where it gives the clamped sum of the winding (as Blend2D, Skia and
        /// font-rs do) — and a path of several contours takes the exact sweep:
        /// contours that overlap (an icon built from two bars, a shape and its
        /// copy) can share borders along whole edges, where the sum would darken
        /// every pixel the borders pass through.
        case automatic
        /// The exact sweep for every path (glyphs, cached once drawn; the path
        /// operations' tests).
        case exactSweep
        /// The accumulation for every path (`CellAccumulator`).
        case accumulation
    }

    /// The rows whose coverage is wanted (all of them when `nil`). The sweep still
    /// runs over the whole path from its top, so the rows inside get exactly the
    /// coverage they get without a window (byte-identical bands: every row's cells
    /// are summed from edge positions evaluated at that row's own boundaries); rows
    /// outside accumulate nothing and are not emitted.
    @exclusivity(unchecked) public var rows: Range<Int>?

    public static let crossingWork = 1 << 23
    /// Convex shapes wider than this many cells take the convex accumulator.
    public static let convexCells = 128
    /// The sweep's estimated edge visits beyond which a fill is accumulated.
    public static let sweepWork = 1 << 25
    /// `sweepWork`, unless a test lowers it to reach the limit with a small path.
    @exclusivity(unchecked) var sweepWorkLimit = ScanConverter.sweepWork

    public init() {}

    deinit {
        workspace.free()
        convex.free()
        accumulator.free()
    }

    /// Rasterizes `edges` (sorted in place) with anti-aliasing, appending spans.
    public func fill(_ edges: inout EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        edges.mergeLeftEdges()
        guard !edges.isEmpty, !edges.clip.isEmpty else { return }
        // Work on local copies of the buffers (they hold only pointers): the hot loops
        // then touch no class property, so no exclusivity checks run.
        let window = rows.map { (Double($0.lowerBound), Double($0.upperBound)) } ?? (-.infinity, .infinity)
        // A convex shape winds 0 or 1 everywhere, so both accumulators are exact for
        // it; its own (a column range per row and side, no bits) is the faster one
        // for wide shapes, the general one (groups of four cells at once, narrow
        // rows as one span) for shapes up to `convexCells` wide (measured).
        if edges.usesConvexPath && edges.cellColumns.count > ScanConverter.convexCells {
            var c = convex
            c.fill(edges, rows: window, into: &out)
            convex = c
            return
        }
        if edges.usesConvexPath || method == .accumulation || (method == .automatic && edges.isSingleContour) {
            var a = accumulator
            a.fill(&edges, rule: rule, rows: window, into: &out)
            accumulator = a
            return
        }
        edges.sortByTop()
        var w = workspace
        w.windowTop = window.0
        w.windowBottom = window.1
        w.workLimit = sweepWorkLimit
        w.fill(edges, rule: rule, into: &out)
        workspace = w
    }

    /// Where the last exact sweep ran out of `sweepWork` and accumulated the rest of
    /// its fill from (nil: it did not; -∞: it never started; for tests).
    var sweepGaveUpAt: Double? { workspace.gaveUpAt }
}

/// The scan converter's buffers and sweep state for the general path.
private struct Workspace {
    var cells: UnsafeMutablePointer<Float>
    var cellCapacity: Int
    var bits: UnsafeMutablePointer<UInt64>
    var bitCapacity: Int
    /// Per row of the block: the lowest and highest touched cell.
    var touched: UnsafeMutablePointer<Int32>
    var rowCapacity: Int
    /// Active edges (indices into the edge list) in left-to-right order at the sweep line.
    var active = ScratchBuffer<Int32>(capacity: 64)
    /// x of each active edge at the top and the bottom of the current band.
    var top = ScratchBuffer<Double>(capacity: 64)
    var bottom = ScratchBuffer<Double>(capacity: 64)
    /// Per edge: where its current run as a boundary began (NaN: not a boundary) and
    /// with which sign. An edge is accumulated once per run, not once per band, so
    /// crossings elsewhere in a row cost it nothing.
    var runStart = ScratchBuffer<Double>(capacity: 64)
    var runSign = ScratchBuffer<Double>(capacity: 64)

    static let blockCells = 1 << 18

    init() {
        cellCapacity = 1 << 12
        cells = ZeroedStorage.allocate(cellCapacity)
        bitCapacity = 256
        bits = ZeroedStorage.allocate(bitCapacity)
        rowCapacity = 256
        touched = ZeroedStorage.allocate(2 * rowCapacity)
    }

    func free() {
        cells.deallocate()
        bits.deallocate()
        touched.deallocate()
    }

    mutating func ensure(cells n: Int, words: Int, rows: Int) {
        ZeroedStorage.ensure(&cells, capacity: &cellCapacity, n)
        ZeroedStorage.ensure(&bits, capacity: &bitCapacity, words)
        // (Two entries a row.)
        var rowEntries = 2 * rowCapacity
        ZeroedStorage.ensure(&touched, capacity: &rowEntries, 2 * rows)
        rowCapacity = rowEntries / 2
    }

    // Block geometry, set per fill.
    var stride = 0, wordsPerRow = 0, blockTop = 0, blockRows = 0
    var left = 0.0
    var crossingsLeft = 0
    /// Edge visits and sorting moves the sweep may still spend (`ScanConverter.sweepWork`).
    var workLeft = 0, workLimit = ScanConverter.sweepWork
    /// Where the last fill's sweep gave up and accumulated the rest (nil: it did not;
    /// -∞: the estimate sent the whole fill to the accumulation).
    var gaveUpAt: Double?
    /// The rows accumulated (`ScanConverter.rows`), as whole-pixel y values.
    var windowTop = -Double.infinity, windowBottom = Double.infinity

    mutating func fill(_ edges: EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        let clip = edges.clip
        let (cellLeft, cellCount, width) = edges.cellColumns
        stride = cellCount
        wordsPerRow = (stride + 63) >> 6
        left = Double(cellLeft)
        let firstRow = clampedInt(edges.minY.rounded(.down), clip.y0, clip.y1)
        let lastRow = clampedInt(edges.maxY.rounded(.up), clip.y0, clip.y1)
        guard lastRow > firstRow else { return }
        blockRows = max(1, min(lastRow - firstRow, Workspace.blockCells / stride))
        ensure(cells: blockRows * stride, words: blockRows * wordsPerRow, rows: blockRows)
        crossingsLeft = ScanConverter.crossingWork
        gaveUpAt = nil

        let list = edges.edges.pointer
        let n = edges.edges.count
        // The sweep visits every active edge at every event (an edge's end, a
        // crossing): with tens of thousands of edges spanning the same rows that is
        // quadratic. Past `sweepWork` (estimated: events times the mean number of
        // edges a row holds) the edges are accumulated instead.
        var spannedRows = 0.0
        for i in 0..<n { spannedRows += list[i].y1 - list[i].y0 }
        let estimate = 2 * Double(n) * spannedRows / Double(lastRow - firstRow)
        if estimate > Double(workLimit) {
            gaveUpAt = -.infinity
            blockTop = firstRow
            resetBlock()
            return accumulate(list, count: n, from: -.infinity, lastRow: lastRow, x0: cellLeft, width: width,
                              rule: rule, into: &out)
        }
        // The estimate cannot see crossings nor how much the order changes between
        // bands; the sweep also counts what it spends, and past the same limit the
        // rows from the current block on are accumulated instead.
        workLeft = workLimit
        runStart.resize(n)
        runSign.resize(n)
        for i in 0..<n { runStart[i] = .nan }
        active.removeAll()
        top.removeAll()
        var next = 0
        blockTop = firstRow
        resetBlock()
        var y = Double(firstRow)
        let yEnd = Double(lastRow)
        // Below the window nothing more is accumulated; above it the sweep runs
        // as without one (crossings there decide the order it reaches the window in).
        while y < yEnd && y < windowBottom {
            // Pass 1 — events at y: finished edges leave (closing their runs), new ones
            // join; note where the next edge ends.
            var kept = 0
            var nextEnd = yEnd
            let a = active.pointer, t = top.pointer
            for i in 0..<active.count {
                let index = Int(a[i])
                let y1 = list[index].y1
                if y1 > y {
                    a[kept] = a[i]
                    t[kept] = t[i]
                    kept += 1
                    nextEnd = min(nextEnd, y1)
                } else {
                    endRun(list, index, at: y1)
                }
            }
            active.resize(kept)
            top.resize(kept)
            while next < n && list[next].y0 <= y {
                let e = list[next]
                if e.y1 > y {
                    active.append(Int32(truncatingIfNeeded: next))
                    top.append(e.x(at: y))
                    nextEnd = min(nextEnd, e.y1)
                }
                next += 1
            }
            let blockBottom = Double(blockTop + blockRows)
            if active.isEmpty {
                // Jump to the next edge; flush the rows passed over.
                guard next < n else { break }
                let target = min(max(list[next].y0, y), yEnd)
                while Double(blockTop + blockRows) <= target && blockTop + blockRows < lastRow {
                    flushBlock(lastRow: lastRow, x0: cellLeft, width: width, rule: rule, into: &out)
                }
                y = target
                continue
            }
            // The band ends at the next start, end or block boundary — or sooner, at the
            // first crossing, found in pass 2.
            var limit = min(nextEnd, blockBottom)
            if next < n { limit = min(limit, max(list[next].y0, y)) }
            if !(limit > y) { limit = min(yEnd, blockBottom) }   // never stall
            workLeft -= 2 * active.count
            sortActive(list)
            if workLeft < 0 {
                // Everything above y is swept: close the open runs there, and
                // accumulate the rest from y. Bands reach this point at the same y
                // as a whole-canvas sweep does (the work counted does not depend on
                // the window), so their rows stay byte-identical to it.
                for i in 0..<active.count { endRun(list, Int(active[i]), at: y) }
                gaveUpAt = y
                return accumulate(list, count: n, from: y, lastRow: lastRow, x0: cellLeft, width: width,
                                  rule: rule, into: &out)
            }
            // Pass 2 — each edge's x at the band's bottom, crossings of neighbours, and
            // the fill rule applied to the windings between them.
            let yNext = walkBand(list, ya: y, limit: limit, rule: rule)
            // The next band's tops: the bottoms, or, at a crossing, interpolated.
            let t2 = top.pointer, b2 = bottom.pointer
            if yNext == limit {
                for i in 0..<active.count { t2[i] = b2[i] }
            } else {
                let f = (yNext - y) / (limit - y)
                for i in 0..<active.count { t2[i] += (b2[i] - t2[i]) * f }
            }
            y = yNext
            if y >= blockBottom && blockTop + blockRows < lastRow {
                // Runs continue into the next block, but their rows here must be complete.
                for i in 0..<active.count {
                    let index = Int(active[i])
                    let sign = runSign[index]
                    if !runStart[index].isNaN {
                        endRun(list, index, at: y)
                        runStart[index] = y
                        runSign[index] = sign
                    }
                }
                flushBlock(lastRow: lastRow, x0: cellLeft, width: width, rule: rule, into: &out)
            }
        }
        for i in 0..<active.count { endRun(list, Int(active[i]), at: min(y, list[Int(active[i])].y1)) }
        // The last block.
        sweepBlock(rows: min(blockRows, lastRow - blockTop), x0: cellLeft, width: width, rule: rule, into: &out)
    }

    /// Sorts the active edges (with their x at the band's top) left to right just below
    /// the top: by x, and where two meet there (within rounding: at a crossing just
    /// passed they are equal but for the last bits) by the direction they head in.
    /// Insertion sort: the order changes little between bands.
    mutating func sortActive(_ list: UnsafeMutablePointer<Edge>) {
        let a = active.pointer, t = top.pointer
        let n = active.count
        guard n > 1 else { return }
        // Past the crossing budget the order can change wholesale between bands:
        // then a full sort, not a quadratic number of moves.
        let moveBudget = 16 * n + 256
        var movesLeft = moveBudget
        defer { workLeft -= moveBudget - movesLeft }
        for k in 1..<n {
            let v = a[k], x = t[k]
            var j = k
            while j > 0 && (t[j - 1] > x + 1e-9 || (t[j - 1] >= x - 1e-9 && list[Int(a[j - 1])].slope > list[Int(v)].slope)) {
                a[j] = a[j - 1]
                t[j] = t[j - 1]
                j -= 1
            }
            a[j] = v
            t[j] = x
            movesLeft -= k - j
            if movesLeft < 0 {
                workLeft -= 4 * n * (Int.bitWidth - n.leadingZeroBitCount)
                var pairs = (0..<n).map { (x: t[$0], edge: a[$0]) }
                pairs.sort { p, q in
                    p.x < q.x - 1e-9 || (p.x <= q.x + 1e-9 && list[Int(p.edge)].slope < list[Int(q.edge)].slope)
                }
                for i in 0..<n { t[i] = pairs[i].x; a[i] = pairs[i].edge }
                return
            }
        }
    }

    /// One pass over the sorted active edges of the band from `ya`: their x at `limit`
    /// (into `bottom`), the earliest crossing of neighbours (the band ends there), and
    /// the boundary runs — the edges where the rule flips between inside and outside
    /// start or end theirs. Returns where the band ends.
    mutating func walkBand(_ list: UnsafeMutablePointer<Edge>, ya: Double, limit: Double, rule: FillRule) -> Double {
        let n = active.count
        bottom.resize(n)
        let a = active.pointer, t = top.pointer, b = bottom.pointer
        var yEnd = limit
        var winding: Int32 = 0
        var inside = false
        var previousBottom = -Double.infinity
        let checkCrossings = crossingsLeft > 0
        for k in 0..<n {
            let index = Int(a[k])
            let e = list[index]
            let xb = e.xWithin(limit)            // limit ≤ y1 for every active edge
            b[k] = xb
            if checkCrossings && k > 0 && xb < previousBottom - 1e-9 {
                // In order at the top, out of order at the bottom: they cross between.
                let da = t[k - 1] - t[k], db = previousBottom - xb
                let yc = ya + (limit - ya) * (-da / (db - da))
                if yc > ya + 1e-9 && yc < yEnd { yEnd = yc }
            }
            previousBottom = xb
            winding &+= e.direction
            let now = rule.isInside(winding)
            let sign: Double = now == inside ? 0 : (now ? 1 : -1)
            inside = now
            let open = !runStart[index].isNaN
            if open && runSign[index] == sign { continue }
            if open { endRun(list, index, at: ya) }
            if sign != 0 {
                runStart[index] = ya
                runSign[index] = sign
            }
        }
        if yEnd < limit { crossingsLeft -= n }
        return yEnd
    }

    /// The bounded-work fallback: every edge's signed area (its direction the
    /// sign) is summed into the cells, and the rule applied to the sums — exact
    /// where no two contours overlap, and, where they do, coverage finite and
    /// clamped (the classic accumulation rasterizer's answer). Work is linear in
    /// the rows the edges cross. Only the parts of edges below `yStart` are
    /// summed (the sweep, giving up, has accumulated those above).
    mutating func accumulate(_ list: UnsafeMutablePointer<Edge>, count n: Int, from yStart: Double, lastRow: Int,
                             x0: Int, width: Int, rule: FillRule, into out: inout SpanBuffer) {
        var next = 0
        active.removeAll()      // the edges reaching into the block (indices)
        while blockTop < lastRow {
            let top = Double(blockTop), bottom = Double(min(blockTop + blockRows, lastRow))
            while next < n && list[next].y0 < bottom {
                active.append(Int32(truncatingIfNeeded: next))
                next += 1
            }
            var kept = 0
            for k in 0..<active.count {
                let i = Int(active[k])
                let e = list[i]
                guard e.y1 > top else { continue }
                active[kept] = active[k]
                kept += 1
                let ya = max(e.y0, top, yStart), yb = min(e.y1, bottom)
                if yb > ya { accumulateEdge(e, ya: ya, yb: yb, sign: Double(e.direction)) }
            }
            active.resize(kept)
            if blockTop + blockRows >= lastRow {
                sweepBlock(rows: lastRow - blockTop, x0: x0, width: width, rule: rule, into: &out)
                return
            }
            flushBlock(lastRow: lastRow, x0: x0, width: width, rule: rule, into: &out)
        }
    }

    /// Accumulates an edge's boundary run up to `y` and closes it.
    @inline(__always)
    mutating func endRun(_ list: UnsafeMutablePointer<Edge>, _ index: Int, at y: Double) {
        let start = runStart[index]
        guard !start.isNaN else { return }
        runStart[index] = .nan
        if y > start { accumulateEdge(list[index], ya: start, yb: y, sign: runSign[index]) }
    }

    /// Accumulates the part of `e` between `ya` and `yb` (inside the current block).
    @inline(__always)
    mutating func accumulateEdge(_ e: Edge, ya: Double, yb: Double, sign: Double) {
        // Clamped to the window at whole rows: the rows inside see the same
        // boundary positions as without a window.
        let ya = max(ya, windowTop), yb = min(yb, windowBottom)
        guard yb > ya else { return }
        var r = Int(oc_floor_nonneg(ya))
        var y0 = ya
        var x0 = e.x(at: ya) - left
        while y0 < yb {
            let y1 = min(yb, Double(r + 1))
            let x1 = e.x(at: y1) - left
            accumulate(row: r - blockTop, xa: x0, xb: x1, height: sign * (y1 - y0))
            y0 = y1
            x0 = x1
            r += 1
        }
    }

    /// Adds a segment's coverage change to row `row` of the block and marks the
    /// cells it wrote.
    @inline(__always)
    mutating func accumulate(row: Int, xa: Double, xb: Double, height: Double) {
        let (c0, last) = accumulateSegment(cells + row * stride, xa: xa, xb: xb, height: height)
        let rowBits = bits + row * wordsPerRow
        var c = c0
        while c <= last {
            rowBits[c >> 6] |= 1 &<< UInt64(c & 63)
            c += 1
        }
        let range = touched + 2 * row
        if Int32(truncatingIfNeeded: c0) < range[0] { range[0] = Int32(truncatingIfNeeded: c0) }
        if Int32(truncatingIfNeeded: last) > range[1] { range[1] = Int32(truncatingIfNeeded: last) }
    }

    mutating func resetBlock() {
        for r in 0..<blockRows {
            touched[2 * r] = .max
            touched[2 * r + 1] = -1
        }
    }

    mutating func flushBlock(lastRow: Int, x0: Int, width: Int, rule: FillRule, into out: inout SpanBuffer) {
        sweepBlock(rows: min(blockRows, lastRow - blockTop), x0: x0, width: width, rule: rule, into: &out)
        blockTop += blockRows
        resetBlock()
    }

    mutating func sweepBlock(rows: Int, x0: Int, width: Int, rule: FillRule, into out: inout SpanBuffer) {
        for r in 0..<max(0, rows) {
            sweep(row: r, y: blockTop + r, x0: x0, width: width, rule: rule, into: &out)
        }
    }

    /// Turns one row's cells into spans and clears them. Cells hold exact coverage
    /// (0…1 up to rounding), to which the rule's coverage function is applied as a
    /// clamp: |w| clamped to 1 for non-zero, the distance to the nearest even number for
    /// even-odd (both the identity on 0…1).
    ///
    /// Touched cells come in runs (a boundary crossing several columns); each run
    /// becomes per-pixel coverage written in one go, and the gaps constant spans —
    /// except gaps shorter than `mergedGap` between two runs, whose constant coverage
    /// joins the per-pixel span around them: one longer span composites faster
    /// (whole vectors) than several short ones, and the pixels are the same.
    mutating func sweep(row: Int, y: Int, x0: Int, width: Int, rule: FillRule, into out: inout SpanBuffer) {
        let hi = Int(touched[2 * row + 1])
        guard hi >= 0 else { return }
        let lo = Int(touched[2 * row])
        let cellRow = cells + row * stride
        let rowBits = bits + row * wordsPerRow
        let lastWord = hi >> 6
        var sum: Float = 0
        var x = 0
        var w = lo >> 6
        var word = rowBits[w]
        // Whether the last span written is a per-pixel one ending at `x`.
        var maskOpen = false
        while true {
            // Next set bit.
            while word == 0 {
                rowBits[w] = 0
                w += 1
                if w > lastWord {
                    if x < width {
                        out.addConstant(x: x0 + x, y: y, length: width - x, alpha: alpha(sum, rule))
                    }
                    return
                }
                word = rowBits[w]
            }
            let start = (w << 6) | word.trailingZeroBitCount
            // The run of set bits from there (possibly into later words).
            var end = start
            var rest = word >> UInt64(start & 63)
            let ones = (~rest).trailingZeroBitCount
            end = start + ones - 1
            if ones + (start & 63) >= 64 {
                // The run reaches the end of the word: continue through full words.
                rowBits[w] = 0
                w += 1
                while w <= lastWord && rowBits[w] == ~UInt64(0) {
                    rowBits[w] = 0
                    end += 64
                    w += 1
                }
                if w <= lastWord {
                    let more = (~rowBits[w]).trailingZeroBitCount
                    end += more
                    rest = more == 64 ? 0 : rowBits[w] >> UInt64(more)
                    word = more == 64 ? 0 : (rowBits[w] & ~((UInt64(1) << UInt64(more)) &- 1))
                } else {
                    word = 0
                }
            } else {
                word &= ~(((UInt64(1) << UInt64(ones)) &- 1) << UInt64(start & 63))
            }
            _ = rest
            if start > x && x < width {
                let gap = min(start, width) - x
                let a = alpha(sum, rule)
                if maskOpen && gap < ScanConverter.mergedGap && start < width {
                    out.extendMask(by: gap).initialize(repeating: a, count: gap)
                } else {
                    out.addConstant(x: x0 + x, y: y, length: gap, alpha: a)
                    maskOpen = false
                }
            }
            let visibleEnd = min(end, width - 1)
            var c = start
            if start <= visibleEnd {
                let length = visibleEnd - start + 1
                let mask = maskOpen ? out.extendMask(by: length) : out.reserveMask(x: x0 + start, y: y, length: length)
                maskOpen = true
                switch rule {
                case .nonZero:
                    while c <= visibleEnd {
                        sum += cellRow[c]; cellRow[c] = 0
                        mask[c - start] = oc_coverage_abs(sum)
                        c += 1
                    }
                case .evenOdd:
                    while c <= visibleEnd {
                        sum += cellRow[c]; cellRow[c] = 0
                        mask[c - start] = alpha(sum, .evenOdd)
                        c += 1
                    }
                }
            }
            while c <= end {
                sum += cellRow[c]; cellRow[c] = 0
                c += 1
            }
            x = max(x, min(end + 1, width))
            if w > lastWord && word == 0 {
                if x < width {
                    out.addConstant(x: x0 + x, y: y, length: width - x, alpha: alpha(sum, rule))
                }
                return
            }
        }
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
