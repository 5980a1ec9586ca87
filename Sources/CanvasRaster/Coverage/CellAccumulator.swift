import CanvasGeometry
import CEngineSupport

/// The scan converter's general path: every edge's signed area is summed into the
/// cells of the rows it crosses, in any order, and the fill rule is applied to each
/// pixel's prefix sum along its row — the accumulation rasterizer of font-rs,
/// stb_truetype and Blend2D.
///
/// It is exact wherever no two boundaries of the shape pass through one pixel: there
/// the sum is the pixel's covered area. Where they do (a crossing of two edges, two
/// overlapping contours' borders in one pixel), the pixel gets the rule applied to
/// its summed winding area — |Σ| clamped to 1 for non-zero, the distance to the
/// nearest even number for even-odd — which can differ from its true coverage by at
/// most the area where the two boundaries' pixels overlap. That is the answer every
/// accumulating engine gives; `ScanConverter.Method` says where each is used.
///
/// Work is linear in the rows each edge crosses plus the touched cells: no sorting,
/// no events. A bit per cell marks the cells an edge wrote, so the runs between them
/// — solid interiors and the outside — become constant spans without visiting their
/// pixels. Rows are done in blocks whose cells fit in cache.
struct CellAccumulator {
    var cells: UnsafeMutablePointer<Float>
    var cellCapacity: Int
    var bits: UnsafeMutablePointer<UInt64>
    var bitCapacity: Int
    /// The edges reaching into the current block (indices), when there are several.
    var active = ScratchBuffer<Int32>(capacity: 64)

    static let blockCells = 1 << 16
    /// Cells per bit: a touched cell marks its group of four, and the sweep turns a
    /// group's four cells into coverage at once (a vector prefix sum).
    static let groupCells = 4
    /// Rows at most this many cells wide are swept as one per-pixel span.
    static let narrowCells = 64

    init() {
        cellCapacity = 1 << 12
        cells = ZeroedStorage.allocate(cellCapacity)
        bitCapacity = 256
        bits = ZeroedStorage.allocate(bitCapacity)
    }

    func free() {
        cells.deallocate()
        bits.deallocate()
    }

    mutating func ensure(cells n: Int, words: Int) {
        ZeroedStorage.ensure(&cells, capacity: &cellCapacity, n)
        ZeroedStorage.ensure(&bits, capacity: &bitCapacity, words)
    }

    /// `rows` (whole-pixel y values) limits the rows accumulated and emitted; a row's
    /// cells depend only on the edges' positions at its own boundaries, so its
    /// coverage does not depend on which other rows are done.
    mutating func fill(_ edges: inout EdgeList, rule: FillRule, rows window: (Double, Double),
                       into out: inout SpanBuffer) {
        let clip = edges.clip
        let (cellLeft, stride, width) = edges.cellColumns
        let firstRow = clampedInt(max(edges.minY, window.0).rounded(.down), clip.y0, clip.y1)
        let lastRow = clampedInt(min(edges.maxY, window.1).rounded(.up), clip.y0, clip.y1)
        guard lastRow > firstRow else { return }
        // A row's cells in whole groups of four, a bit per group.
        let rowCells = (stride + 3) & ~3
        let words = (rowCells / CellAccumulator.groupCells + 63) >> 6
        let blockRows = max(1, min(lastRow - firstRow, CellAccumulator.blockCells / rowCells))
        ensure(cells: blockRows * rowCells, words: blockRows * words)
        let block = Block(cells: cells, bits: bits, stride: rowCells, words: words, left: Double(cellLeft),
                          x0: cellLeft, width: width, rule: rule)
        let n = edges.edges.count
        if lastRow - firstRow <= blockRows {
            // One block (most shapes): every edge once, unsorted.
            let list = edges.edges.pointer
            let top = Double(firstRow), bottom = Double(lastRow)
            for k in 0..<n { block.add(list[k], top: top, bottom: bottom, firstRow: firstRow) }
            block.sweep(rows: lastRow - firstRow, firstRow: firstRow, into: &out)
            return
        }
        // Several blocks: the edges in order of their tops, each kept while it
        // reaches into the block.
        edges.sortByTop()
        let list = edges.edges.pointer
        var next = 0
        active.removeAll()
        var blockTop = firstRow
        while blockTop < lastRow {
            let blockBottom = min(lastRow, blockTop + blockRows)
            let top = Double(blockTop), bottom = Double(blockBottom)
            while next < n && list[next].y0 < bottom {
                active.append(Int32(truncatingIfNeeded: next))
                next += 1
            }
            let a = active.pointer
            var kept = 0
            for k in 0..<active.count {
                let e = list[Int(a[k])]
                guard e.y1 > top else { continue }
                a[kept] = a[k]
                kept += 1
                block.add(e, top: top, bottom: bottom, firstRow: blockTop)
            }
            active.resize(kept)
            block.sweep(rows: blockBottom - blockTop, firstRow: blockTop, into: &out)
            blockTop = blockBottom
        }
    }
}

/// One block of rows' cells and bits, and what the sweep needs to turn them into
/// spans. Plain values: the hot loops touch no class or `inout` state.
private struct Block {
    let cells: UnsafeMutablePointer<Float>
    let bits: UnsafeMutablePointer<UInt64>
    let stride: Int
    let words: Int
    let left: Double
    let x0: Int
    let width: Int
    let rule: FillRule

    /// Adds the part of `e` between `top` and `bottom` (whole rows; `firstRow` is
    /// the block's first row).
    @inline(__always)
    func add(_ e: Edge, top: Double, bottom: Double, firstRow: Int) {
        let ya = max(e.y0, top), yb = min(e.y1, bottom)
        guard yb > ya else { return }
        let sign = Double(e.direction)
        // The edge's x range: positions are clamped to it so that rounding never
        // steps outside the cells (or the edge).
        let xLo = min(e.x0, e.x1) - left, xHi = max(e.x0, e.x1) - left
        let x0 = e.x0 - left, y0 = e.y0, slope = e.slope
        // Rows are `stride` cells apart; their bits `words` words apart.
        var r = Int(oc_floor_nonneg(ya))
        var row = cells + (r &- firstRow) &* stride
        var rowBits = bits + (r &- firstRow) &* words
        var yTop = ya
        var xTop = min(max(x0 + (ya - y0) * slope, xLo), xHi)
        while yTop < yb {
            r &+= 1
            let yBottom = min(yb, Double(r))
            let xBottom = min(max(x0 + (yBottom - y0) * slope, xLo), xHi)
            accumulate(row, rowBits, xTop, xBottom, sign * (yBottom - yTop))
            yTop = yBottom
            xTop = xBottom
            row += stride
            rowBits += words
        }
    }

    /// Adds a segment's coverage change within one row (cell coordinates, ≥ 0): each
    /// cell it crosses gets the signed area of its part of the row right of the
    /// segment, the cell after the last one the rest, so the row's prefix sum is
    /// every pixel's coverage. Marks the cells written.
    @inline(__always)
    func accumulate(_ row: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>,
                    _ xa: Double, _ xb: Double, _ height: Double) {
        let lo = min(xa, xb), hi = max(xa, xb)
        let c0 = Int(oc_floor_nonneg(lo)), c1 = Int(oc_floor_nonneg(hi))
        if c0 == c1 {
            let right = height * ((lo + hi) * 0.5 - Double(c0))
            row[c0] += Float(height - right)
            row[c0 &+ 1] += Float(right)
            markPair(rowBits, c0)
            return
        }
        // Across several columns: each column's share of the height is its share of
        // the width; the part of it right of the segment goes to the next cell,
        // carried in a register. The last cells take what is left of the height, so
        // the row sums to it exactly whatever the rounding.
        let perX = height / (hi - lo)
        var xs = lo
        var given = 0.0
        var carry = 0.0
        var c = c0
        while c < c1 {
            let xe = Double(c &+ 1)
            let hh = (xe - xs) * perX
            let right = hh * ((xs + xe) * 0.5 - Double(c))
            let here = carry + hh - right
            row[c] += Float(here)
            given += here
            carry = right
            xs = xe
            c &+= 1
        }
        let hh = (hi - xs) * perX
        let right = hh * ((xs + hi) * 0.5 - Double(c1))
        let here = carry + hh - right
        row[c1] += Float(here)
        row[c1 &+ 1] += Float(height - given - here)
        markRange(rowBits, c0, c1 &+ 1)
    }

    /// Marks the groups of cells `c` and `c + 1`.
    @inline(__always)
    func markPair(_ rowBits: UnsafeMutablePointer<UInt64>, _ c: Int) {
        let g = c &>> 2, h = (c &+ 1) &>> 2
        rowBits[g &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: g & 63)
        rowBits[h &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: h & 63)
    }

    /// Marks the groups of cells `first ... last`.
    @inline(__always)
    func markRange(_ rowBits: UnsafeMutablePointer<UInt64>, _ first: Int, _ last: Int) {
        let g0 = first &>> 2, g1 = last &>> 2
        var w = g0 &>> 6
        let lastWord = g1 &>> 6
        var mask = ~UInt64(0) &<< UInt64(truncatingIfNeeded: g0 & 63)
        while w < lastWord {
            rowBits[w] |= mask
            mask = ~UInt64(0)
            w &+= 1
        }
        rowBits[w] |= mask & (~UInt64(0) &>> UInt64(truncatingIfNeeded: 63 &- (g1 & 63)))
    }

    func sweep(rows: Int, firstRow: Int, into out: inout SpanBuffer) {
        switch rule {
        case .nonZero: sweep(rows: rows, firstRow: firstRow, NonZeroCoverage.self, into: &out)
        case .evenOdd: sweep(rows: rows, firstRow: firstRow, EvenOddCoverage.self, into: &out)
        }
    }

    @inline(__always)
    func sweep<Rule: CoverageFunction>(rows: Int, firstRow: Int, _ rule: Rule.Type, into out: inout SpanBuffer) {
        // Groups right of the surface (the spill cells past the clip's right side)
        // change no visible pixel: the sweep clears them without reading them. (The
        // cells reach at most two columns past the surface: only the last word or
        // two can hold such groups.)
        let visibleGroups = (width &+ 3) &>> 2
        let visibleWords = min(words, (visibleGroups &+ 63) &>> 6)
        let lastMask = visibleWords < (visibleGroups &+ 63) &>> 6 || visibleGroups & 63 == 0
            ? ~UInt64(0) : ~(~UInt64(0) &<< UInt64(truncatingIfNeeded: visibleGroups & 63))
        let narrow = stride <= CellAccumulator.narrowCells
        for r in 0..<rows {
            // A row writes at most one span per cell plus one, and one coverage byte
            // per cell (and up to three more, which the next span overwrites): room
            // for them is made once, and the row writes through plain pointers.
            out.spans.reserve(out.spans.count &+ stride &+ 2)
            out.coverage.reserve(out.coverage.count &+ stride &+ 4)
            let row = cells + r &* stride, rowBits = bits + r &* words
            for w in (visibleWords &- 1)..<words {
                let hidden = w == visibleWords &- 1 ? rowBits[w] & ~lastMask : rowBits[w]
                if hidden != 0 { clear(row, rowBits, word: w, hidden) }
            }
            let y = Int32(truncatingIfNeeded: firstRow &+ r)
            let (written, bytes) = narrow
                ? sweepNarrowRow(row, rowBits, Rule.self, y: y, spans: out.spans.pointer + out.spans.count,
                                 coverage: out.coverage.pointer, used: out.coverage.count)
                : sweepRow(row, rowBits, Rule.self, words: visibleWords, y: y,
                           spans: out.spans.pointer + out.spans.count,
                           coverage: out.coverage.pointer, used: out.coverage.count)
            out.spans.count &+= written
            out.coverage.count = bytes
        }
    }

    /// Zeroes the cells of `word`'s groups set in `mask` and clears those bits.
    func clear(_ row: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>, word w: Int,
               _ mask: UInt64) {
        var m = mask
        while m != 0 {
            (row + ((w &<< 6 &+ m.trailingZeroBitCount) &<< 2)).update(repeating: 0, count: 4)
            m &= m &- 1
        }
        rowBits[w] &= ~mask
    }

    /// Coverage bytes for the groups `g0 ..< g1` (cells `4·g0 ..< 4·g1`) into `mask`,
    /// their cells zeroed; returns the sum after them.
    @inline(__always)
    func coverage<Rule: CoverageFunction>(_ row: UnsafeMutablePointer<Float>, groups g0: Int, _ g1: Int,
                                          _ rule: Rule.Type, from sum: Float,
                                          into mask: UnsafeMutablePointer<UInt8>) -> Float {
        var s = sum
        var g = g0
        while g < g1 {
            s = oc_cells_coverage4(row + (g &<< 2), mask + ((g &- g0) &<< 2), s, Rule.evenOdd)
            g &+= 1
        }
        return s
    }

    /// A row of a shape at most 64 cells wide: the cells from the first touched group
    /// to the last become one per-pixel span (the gaps between them are shorter than
    /// the row, and merged gaps give the same pixels), with the constant coverage
    /// after it as a span of its own.
    @inline(__always)
    func sweepNarrowRow<Rule: CoverageFunction>(_ row: UnsafeMutablePointer<Float>,
                                                _ rowBits: UnsafeMutablePointer<UInt64>, _ rule: Rule.Type, y: Int32,
                                                spans: UnsafeMutablePointer<Span>,
                                                coverage: UnsafeMutablePointer<UInt8>, used: Int) -> (spans: Int, bytes: Int) {
        let word = rowBits[0]
        guard word != 0 else { return (0, used) }
        rowBits[0] = 0
        let g0 = word.trailingZeroBitCount, g1 = 64 &- word.leadingZeroBitCount
        let first = g0 &<< 2, end = min(g1 &<< 2, width)
        let x0 = Int32(truncatingIfNeeded: self.x0)
        let length = end &- first
        spans[0] = Span(x: x0 &+ Int32(truncatingIfNeeded: first), y: y, length: Int32(truncatingIfNeeded: length),
                        alpha: 0, maskOffset: Int32(truncatingIfNeeded: used))
        let sum = self.coverage(row, groups: g0, g1, Rule.self, from: 0, into: coverage + used)
        guard end < width else { return (1, used &+ length) }
        let a = Rule.alpha(sum)
        guard a != 0 else { return (1, used &+ length) }
        spans[1] = Span(x: x0 &+ Int32(truncatingIfNeeded: end), y: y, length: Int32(truncatingIfNeeded: width &- end),
                        alpha: a)
        return (2, used &+ length)
    }

    /// Turns one row's cells into spans, clearing the cells and bits it reads: each
    /// run of touched groups becomes per-pixel coverage, each gap between runs one
    /// constant span (or, when short and between two runs, part of the per-pixel
    /// span around it). Returns the spans written and the coverage bytes now used.
    @inline(__always)
    func sweepRow<Rule: CoverageFunction>(_ row: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>,
                                          _ rule: Rule.Type, words: Int, y: Int32,
                                          spans: UnsafeMutablePointer<Span>, coverage: UnsafeMutablePointer<UInt8>,
                                          used: Int) -> (spans: Int, bytes: Int) {
        var sum: Float = 0
        var x = 0                   // the first cell not yet emitted
        var maskOpen = false        // the last span is a per-pixel one ending at `x`
        var touched = false
        var n = 0                   // spans written
        var bytes = used
        let x0 = Int32(truncatingIfNeeded: self.x0)
        for w in 0..<words {
            var word = rowBits[w]
            if word == 0 { continue }
            rowBits[w] = 0
            touched = true
            repeat {
                let tz = word.trailingZeroBitCount
                let ones = (~(word &>> UInt64(truncatingIfNeeded: tz))).trailingZeroBitCount
                word = tz &+ ones >= 64 ? 0 : word & (~UInt64(0) &<< UInt64(truncatingIfNeeded: tz &+ ones))
                let g0 = w &<< 6 &+ tz
                let start = g0 &<< 2, end = min((g0 &+ ones) &<< 2, width)
                let gap = start &- x
                if gap > 0 {
                    let a = Rule.alpha(sum)
                    if maskOpen && gap < ScanConverter.mergedGap {
                        let mask = coverage + bytes
                        for i in 0..<gap { mask[i] = a }
                        bytes &+= gap
                        spans[n &- 1].length &+= Int32(truncatingIfNeeded: gap)
                    } else {
                        if a != 0 {
                            spans[n] = Span(x: x0 &+ Int32(truncatingIfNeeded: x), y: y,
                                            length: Int32(truncatingIfNeeded: gap), alpha: a)
                            n &+= 1
                        }
                        maskOpen = false
                    }
                }
                let length = end &- start
                if maskOpen {
                    spans[n &- 1].length &+= Int32(truncatingIfNeeded: length)
                } else {
                    spans[n] = Span(x: x0 &+ Int32(truncatingIfNeeded: start), y: y,
                                    length: Int32(truncatingIfNeeded: length), alpha: 0,
                                    maskOffset: Int32(truncatingIfNeeded: bytes))
                    n &+= 1
                    maskOpen = true
                }
                sum = self.coverage(row, groups: g0, g0 &+ ones, Rule.self, from: sum, into: coverage + bytes)
                bytes &+= length
                x = end
            } while word != 0
        }
        if touched && x < width {
            let a = Rule.alpha(sum)
            if a != 0 {
                spans[n] = Span(x: x0 &+ Int32(truncatingIfNeeded: x), y: y,
                                length: Int32(truncatingIfNeeded: width &- x), alpha: a)
                n &+= 1
            }
        }
        return (n, bytes)
    }
}

/// How a pixel's summed winding area becomes its coverage under a fill rule.
protocol CoverageFunction {
    static func alpha(_ s: Float) -> UInt8
    /// The vector kernel's switch (`oc_cells_coverage4`).
    static var evenOdd: Int32 { get }
}

/// Non-zero: |Σ| clamped to 1.
enum NonZeroCoverage: CoverageFunction {
    @inline(__always) static func alpha(_ s: Float) -> UInt8 { oc_coverage_abs(s) }
    static var evenOdd: Int32 { 0 }
}

/// Even-odd: the distance of |Σ| to the nearest even number (the identity on 0…1).
enum EvenOddCoverage: CoverageFunction {
    static var evenOdd: Int32 { 1 }
    @inline(__always) static func alpha(_ s: Float) -> UInt8 {
        let a = abs(s)
        // Most pixels are inside one contour; the fold (a rounding call at the
        // x86-64 baseline) only where windings add up.
        if a <= 1 { return oc_coverage_clamp(a) }
        return CellAccumulator.evenOddAlpha(s)
    }
}

extension CellAccumulator {
    /// Even-odd coverage of a summed winding area: its distance to the nearest even
    /// number.
    static func evenOddAlpha(_ s: Float) -> UInt8 {
        let a = abs(s)
        let m = a - 2 * (a * 0.5).rounded(.down)
        return oc_coverage_clamp(m > 1 ? 2 - m : m)
    }
}
