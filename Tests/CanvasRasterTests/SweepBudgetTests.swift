import Testing
@testable import CanvasRaster
import CanvasGeometry

/// The exact sweep's run-time budget. Its estimate (edges times the edges a row
/// holds) cannot see crossings or how much the order of the active edges changes
/// between bands; the cgcontext fuzzer found a stroke outline (53,641 edges over 20
/// rows, about 170 active) that passed the estimate and then took 3.2 s re-sorting
/// (Tools/Fuzz/Regressions/cgcontext/stroke-outline-keeping-many-edges-active).
/// The sweep now counts what it spends and, past `sweepWork`, accumulates the rest.
@Suite("The exact sweep's work budget")
struct SweepBudgetTests {
    /// Thin slanted quadrilaterals spanning the same rows at random slopes: every
    /// pair crosses, so the order of the active edges changes at almost every event.
    static func crossingStrips(count: Int, width: Double, height: Double, seed: UInt64) -> [[Point]] {
        var random = SplitMix(state: seed)
        return (0..<count).map { _ in
            let top = random.unit() * width, bottom = random.unit() * width
            return [Point(x: top, y: 0), Point(x: top + 0.7, y: 0),
                    Point(x: bottom + 0.7, y: height), Point(x: bottom, y: height)]
        }
    }

    static func coverage(_ polygons: [[Point]], rule: FillRule, width: Int, height: Int,
                         rows: Range<Int>? = nil, method: ScanConverter.Method = .exactSweep,
                         workLimit: Int = ScanConverter.sweepWork) -> (image: [UInt8], gaveUpAt: Double?) {
        scanConverted(polygons, rule: rule, width: width, height: height, method: method, rows: rows,
                      workLimit: workLimit)
    }

    @Test("a sweep that outruns its budget accumulates the rest, and bands still match the whole",
          arguments: [FillRule.nonZero, .evenOdd])
    func givingUpKeepsBandsIdentical(rule: FillRule) throws {
        let width = 240, height = 20, limit = 1 << 18
        // 60 strips: 240 edges all spanning the 20 rows, an estimate of 1.2·10⁵
        // visits (under the limit), but hundreds of crossings, each a band of 240
        // edges to walk and sort. (The limit is lowered from `sweepWork` so that a
        // small path reaches it; the counting is the same.)
        let strips = Self.crossingStrips(count: 60, width: 230, height: Double(height), seed: 7)
        let whole = Self.coverage(strips, rule: rule, width: width, height: height, workLimit: limit)
        let gaveUpAt = whole.gaveUpAt
        try #require(gaveUpAt != nil, "the sweep should run out of work on this input")
        let y = gaveUpAt ?? 0
        #expect(y > 0 && y < Double(height))

        // Bands, as the renderer's threads take them: each sweeps from the top with a
        // window of rows, and must give exactly the whole fill's rows.
        for cuts in [[0, 7, 13, 20], [0, 1, 2, 19, 20], [0, 10, 20]] {
            var banded = [UInt8](repeating: 0, count: width * height)
            for k in 0..<(cuts.count - 1) {
                let rows = cuts[k]..<cuts[k + 1]
                let band = Self.coverage(strips, rule: rule, width: width, height: height, rows: rows, workLimit: limit)
                for y in rows { for x in 0..<width { banded[y * width + x] = band.image[y * width + x] } }
            }
            #expect(banded == whole.image, "bands \(cuts)")
        }

        // Rows wholly below the point it gave up at are the accumulation's; rows above
        // it are the exact sweep's (compared with a sweep of the rows above only).
        let accumulated = Self.coverage(strips, rule: rule, width: width, height: height, method: .accumulation)
        let firstAccumulatedRow = Int(y.rounded(.up))
        for r in firstAccumulatedRow..<height {
            let row = r * width..<(r + 1) * width
            #expect(whole.image[row] == accumulated.image[row], "row \(r)")
        }
        let lastSweptRow = Int(y.rounded(.down))
        if lastSweptRow > 0 {
            let top = Self.coverage(strips, rule: rule, width: width, height: height, rows: 0..<lastSweptRow)
            #expect(top.gaveUpAt == nil)
            #expect(Array(whole.image[0..<lastSweptRow * width]) == Array(top.image[0..<lastSweptRow * width]))
        }
        #expect(whole.image.contains { $0 > 0 })
    }

    @Test("ordinary fills stay within the budget and are swept exactly")
    func ordinaryFillsAreSwept() {
        let strips = Self.crossingStrips(count: 12, width: 100, height: 20, seed: 3)
        let result = Self.coverage(strips, rule: .nonZero, width: 110, height: 20)
        #expect(result.gaveUpAt == nil)
    }
}
