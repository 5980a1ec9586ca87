import CEngineSupport

/// Adds the coverage change of a straight segment within one pixel row to a row of
/// cells: the segment runs from x = `xa` at its top to `xb` at its bottom (cell
/// coordinates, ≥ 0) and has signed `height` (positive where coverage begins). Each
/// touched cell gets the signed area of its part of the row right of the segment;
/// the cell after the last one gets the remainder, so a prefix sum along the row
/// gives every pixel's coverage.
///
/// Returns the first and last cell written. Shared by both scan-conversion paths.
@inline(__always)
func accumulateSegment(_ cellRow: UnsafeMutablePointer<Float>, xa: Double, xb: Double,
                       height: Double) -> (first: Int, last: Int) {
    let lo = min(xa, xb), hi = max(xa, xb)
    let c0 = Int(oc_floor_nonneg(lo)), c1 = Int(oc_floor_nonneg(hi))
    if c0 == c1 || hi - lo < 1e-12 {
        let fx = (lo + hi) * 0.5 - Double(c0)
        cellRow[c0] += Float(height * (1 - fx))
        cellRow[c0 + 1] += Float(height * fx)
        return (c0, c0 + 1)
    }
    // Across several columns: the part of each column's share that falls in the next
    // cell is carried in a register rather than stored and reloaded.
    let perX = height / (hi - lo)
    var xs = lo
    var carry = 0.0
    var c = c0
    while c <= c1 {
        let xe = min(Double(c + 1), hi)
        let hh = (xe - xs) * perX
        let fx = (xs + xe) * 0.5 - Double(c)
        cellRow[c] += Float(carry + hh * (1 - fx))
        carry = hh * fx
        xs = xe
        c += 1
    }
    cellRow[c1 + 1] += Float(carry)
    return (c0, c1 + 1)
}
