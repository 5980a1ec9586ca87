import CanvasGeometry
import CEngineSupport

/// The scan converter's fast path for convex shapes (rectangles under rotation,
/// ellipses, rounded rectangles, convex polygons).
///
/// A convex contour winds 0 or ±1 times around every point, so summing each edge's
/// signed area straight into the cells — with no sorting, strips or fill rule —
/// already gives the exact coverage. And every row has one boundary going down and
/// one going up, so instead of a bit set the row keeps the column range each of the
/// two touched: the sweep visits those two ranges pixel by pixel and emits the run
/// between them as one constant span.
///
/// Edges are processed one at a time over a band of rows (at most ~256 K cells, so
/// the band stays in cache).
struct ConvexAccumulator {
    var cells: UnsafeMutablePointer<Float>
    var cellCapacity: Int
    /// Per row of the band: the touched column range of the downward edges (lo, hi)
    /// and of the upward ones, interleaved: [loDown, hiDown, loUp, hiUp].
    var ranges: UnsafeMutablePointer<Int32>
    var rowCapacity: Int

    static let bandCells = 1 << 18

    init() {
        cellCapacity = 1 << 12
        cells = ZeroedStorage.allocate(cellCapacity)
        rowCapacity = 256
        ranges = ZeroedStorage.allocate(rowCapacity * 4)
    }

    func free() {
        cells.deallocate()
        ranges.deallocate()
    }

    mutating func ensure(cells n: Int, rows: Int) {
        ZeroedStorage.ensure(&cells, capacity: &cellCapacity, n)
        // (Four entries a row.)
        var rowEntries = 4 * rowCapacity
        ZeroedStorage.ensure(&ranges, capacity: &rowEntries, 4 * rows)
        rowCapacity = rowEntries / 4
    }

    /// `rows` (whole-pixel y values) limits the rows accumulated and emitted; each
    /// row's coverage does not depend on which other rows are done.
    mutating func fill(_ edges: EdgeList, rows: (Double, Double), into out: inout SpanBuffer) {
        let clip = edges.clip
        // Cells cover only the columns the shape's edges touch: a small shape's band
        // stays in the first-level cache whatever the canvas width.
        let (cellLeft, stride, width) = edges.cellColumns
        let firstRow = clampedInt(max(edges.minY, rows.0).rounded(.down), clip.y0, clip.y1)
        let lastRow = clampedInt(min(edges.maxY, rows.1).rounded(.up), clip.y0, clip.y1)
        guard lastRow > firstRow else { return }
        let bandRows = max(1, min(lastRow - firstRow, ConvexAccumulator.bandCells / stride))
        ensure(cells: bandRows * stride, rows: bandRows)
        let list = edges.edges.pointer
        let n = edges.edges.count
        let left = Double(cellLeft)

        var bandTop = firstRow
        while bandTop < lastRow {
            let bandBottom = min(lastRow, bandTop + bandRows)
            for r in 0..<(bandBottom - bandTop) {
                ranges[4 * r] = .max; ranges[4 * r + 1] = -1
                ranges[4 * r + 2] = .max; ranges[4 * r + 3] = -1
            }
            let top = Double(bandTop), bottom = Double(bandBottom)
            for k in 0..<n {
                let e = list[k]
                if e.y1 <= top || e.y0 >= bottom { continue }
                let dir = Double(e.direction)
                let side = e.direction > 0 ? 0 : 2
                // Clipped edges lie inside the clip box, so y ≥ 0: truncation is floor.
                var r = max(Int(oc_floor_nonneg(e.y0)), bandTop)
                let rEnd = min(Int(oc_floor_nonneg(e.y1.rounded(.up))), bandBottom)
                var ya = max(e.y0, Double(r))
                var xa = e.x(at: ya) - left
                while r < rEnd {
                    let yb = min(e.y1, Double(r + 1))
                    let xb = (yb >= e.y1 ? e.x1 : e.x(at: yb)) - left
                    accumulate(row: r - bandTop, side: side, stride: stride, xa: xa, xb: xb,
                               height: dir * (yb - ya))
                    ya = yb
                    xa = xb
                    r += 1
                }
            }
            for r in 0..<(bandBottom - bandTop) {
                sweep(row: r, y: bandTop + r, stride: stride, x0: cellLeft, width: width, into: &out)
            }
            bandTop = bandBottom
        }
    }

    /// Adds a segment's signed area to row `row` and widens that row's range for the
    /// edge's side.
    @inline(__always)
    mutating func accumulate(row: Int, side: Int, stride: Int, xa: Double, xb: Double, height: Double) {
        let (c0, last) = accumulateSegment(cells + row * stride, xa: xa, xb: xb, height: height)
        let range = ranges + 4 * row + side
        if Int32(truncatingIfNeeded: c0) < range[0] { range[0] = Int32(truncatingIfNeeded: c0) }
        if Int32(truncatingIfNeeded: last) > range[1] { range[1] = Int32(truncatingIfNeeded: last) }
    }

    /// Emits the spans of one row and clears its cells.
    mutating func sweep(row: Int, y: Int, stride: Int, x0: Int, width: Int, into out: inout SpanBuffer) {
        let r = ranges + 4 * row
        var aLo = Int(r[0]), aHi = Int(r[1]), bLo = Int(r[2]), bHi = Int(r[3])
        if aHi < 0 && bHi < 0 { return }
        if aHi < 0 { (aLo, aHi) = (bLo, bHi); bHi = -1 }
        if bHi >= 0 && bLo < aLo { swap(&aLo, &bLo); swap(&aHi, &bHi) }
        // Overlapping or touching ranges are swept as one.
        if bHi >= 0 && bLo <= aHi + 1 {
            aHi = max(aHi, bHi)
            bHi = -1
        }
        let cellRow = cells + row * stride
        var sum: Float = 0
        sum = sweepRange(cellRow, aLo, aHi, sum, y: y, x0: x0, width: width, into: &out)
        var next = aHi + 1
        if bHi >= 0 {
            if bLo > next {
                out.addConstant(x: x0 + next, y: y, length: min(bLo, width) - next, alpha: alpha(sum))
            }
            sum = sweepRange(cellRow, bLo, bHi, sum, y: y, x0: x0, width: width, into: &out)
            next = bHi + 1
        }
        // Shapes cut by the clip's right side stay covered to its edge.
        if next < width {
            out.addConstant(x: x0 + next, y: y, length: width - next, alpha: alpha(sum))
        }
    }

    @inline(__always)
    func sweepRange(_ cellRow: UnsafeMutablePointer<Float>, _ lo: Int, _ hi: Int, _ start: Float,
                    y: Int, x0: Int, width: Int, into out: inout SpanBuffer) -> Float {
        var sum = start
        let visible = min(hi, width - 1)
        var c = lo
        if lo <= visible {
            let mask = out.reserveMask(x: x0 + lo, y: y, length: visible - lo + 1)
            while c <= visible {
                sum += cellRow[c]
                cellRow[c] = 0
                mask[c - lo] = oc_coverage_abs(sum)
                c += 1
            }
        }
        while c <= hi {
            sum += cellRow[c]
            cellRow[c] = 0
            c += 1
        }
        return sum
    }

    @inline(__always)
    func alpha(_ s: Float) -> UInt8 { oc_coverage_abs(s) }
}
