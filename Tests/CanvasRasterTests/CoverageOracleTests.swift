import Testing
@testable import CanvasRaster
import CanvasGeometry
import Foundation

/// A brute-force reference for polygon coverage, independent of the scan converter:
/// each pixel row is sampled by 1024 horizontal lines; on each line the exact
/// crossings of all edges are found, the fill rule is applied to the exact winding
/// between them, and the covered length inside every pixel is measured exactly. The
/// average over the lines is the pixel's area coverage, within about 1/2048 of the
/// true value (the midpoint rule is exact between the lines' kinks).
struct ReferenceRasterizer {
    let width: Int, height: Int
    static let linesPerRow = 1024

    /// With `summed`, the reference of the accumulation (`CellAccumulator`) instead:
    /// each pixel's winding integrated over its area, the fill rule's coverage
    /// function applied to the sum (|Σ| clamped to 1; for even-odd the distance to
    /// the nearest even number).
    func coverage(polygons: [[Point]], rule: FillRule, summed: Bool = false) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        var segments: [(Point, Point)] = []
        for poly in polygons {
            for i in 0..<poly.count { segments.append((poly[i], poly[(i + 1) % poly.count])) }
        }
        let n = ReferenceRasterizer.linesPerRow
        var crossings: [(Double, Int32)] = []
        for row in 0..<height {
            for k in 0..<n {
                let y = Double(row) + (Double(k) + 0.5) / Double(n)
                crossings.removeAll(keepingCapacity: true)
                for (a, b) in segments where a.y != b.y {
                    let (lo, hi) = a.y < b.y ? (a, b) : (b, a)
                    guard y >= lo.y && y < hi.y else { continue }
                    let x = lo.x + (y - lo.y) * (hi.x - lo.x) / (hi.y - lo.y)
                    crossings.append((x, b.y > a.y ? 1 : -1))
                }
                crossings.sort { $0.0 < $1.0 }
                var winding: Int32 = 0
                for i in 0..<crossings.count {
                    winding += crossings[i].1
                    guard summed ? winding != 0 : rule.isInside(winding), i + 1 < crossings.count else { continue }
                    let weight = summed ? Double(winding) : 1
                    let x0 = max(0, crossings[i].0), x1 = min(Double(width), crossings[i + 1].0)
                    guard x1 > x0 else { continue }
                    var c = Int(x0)
                    while c < width && Double(c) < x1 {
                        let len = min(x1, Double(c + 1)) - max(x0, Double(c))
                        if len > 0 { result[row * width + c] += weight * len / Double(n) }
                        c += 1
                    }
                }
            }
        }
        if summed {
            for i in result.indices {
                let a = abs(result[i])
                switch rule {
                case .nonZero: result[i] = min(a, 1)
                case .evenOdd:
                    let m = a - 2 * (a / 2).rounded(.down)
                    result[i] = m > 1 ? 2 - m : m
                }
            }
        }
        return result
    }
}

struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// The scan converter's coverage of `polygons`: the accumulation, or with `exact`
/// the exact sweep.
func rasterize(_ polygons: [[Point]], rule: FillRule, width: Int, height: Int, exact: Bool = false) -> [UInt8] {
    scanConverted(polygons, rule: rule, width: width, height: height, method: exact ? .exactSweep : .accumulation).image
}

/// The coverage of `polygons` by `method`, of only `rows` when given, with the
/// sweep's work limit `workLimit`; and where the sweep gave up (`sweepGaveUpAt`).
func scanConverted(_ polygons: [[Point]], rule: FillRule, width: Int, height: Int, method: ScanConverter.Method,
                   rows: Range<Int>? = nil, workLimit: Int = ScanConverter.sweepWork)
    -> (image: [UInt8], gaveUpAt: Double?) {
    var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    for poly in polygons {
        edges.move(to: poly[0])
        for p in poly.dropFirst() { edges.line(to: p) }
        edges.close()
    }
    var spans = SpanBuffer()
    let scan = ScanConverter()
    scan.method = method
    scan.rows = rows
    scan.sweepWorkLimit = workLimit
    scan.fill(&edges, rule: rule, into: &spans)
    var image = [UInt8](repeating: 0, count: width * height)
    for (key, a) in spans.coverageMap() { image[key.y * width + key.x] = a }
    return (image, scan.sweepGaveUpAt)
}

@Suite("Coverage against a brute-force reference")
struct CoverageOracleTests {
    @Test("random self-intersecting polygons, both fill rules, exact sweep and accumulation",
          arguments: [FillRule.nonZero, .evenOdd], [true, false])
    func randomPolygons(rule: FillRule, exact: Bool) {
        var rng = SplitMix(state: rule == .nonZero ? 7 : 11)
        let size = 40
        var worst = 0.0
        for trial in 0..<60 {
            let count = 3 + Int(rng.next() % 14)
            // Some polygons reach outside the image to exercise clipping.
            let spread = trial % 5 == 0 ? 1.6 : 1.0
            var poly: [Point] = []
            for _ in 0..<count {
                poly.append(Point((rng.unit() * spread - (spread - 1) / 2) * Double(size),
                                  (rng.unit() * spread - (spread - 1) / 2) * Double(size)))
            }
            var polygons = [poly]
            if trial % 3 == 0 {
                // A second, overlapping polygon in the opposite direction.
                polygons.append((0..<5).map { _ in Point(rng.unit() * Double(size), rng.unit() * Double(size)) }.reversed())
            }
            let ours = rasterize(polygons, rule: rule, width: size, height: size, exact: exact)
            let reference = ReferenceRasterizer(width: size, height: size)
                .coverage(polygons: polygons, rule: rule, summed: !exact)
            for i in 0..<(size * size) {
                let err = abs(Double(ours[i]) / 255 - reference[i])
                worst = max(worst, err)
                if err > 2.0 / 255 {
                    Issue.record("trial \(trial) pixel (\(i % size), \(i / size)): ours \(ours[i]) reference \(reference[i] * 255)")
                    return
                }
            }
        }
        #expect(worst <= 2.0 / 255)
    }

    @Test("wide polygons: runs of touched cells across 64-column words",
          arguments: [FillRule.nonZero, .evenOdd], [true, false])
    func widePolygons(rule: FillRule, exact: Bool) {
        var rng = SplitMix(state: rule == .nonZero ? 3 : 5)
        let width = 200, height = 12
        for trial in 0..<30 {
            // Long, shallow edges: each crosses many columns in one row.
            let count = 3 + Int(rng.next() % 6)
            let poly = (0..<count).map { _ in Point(rng.unit() * 260 - 30, rng.unit() * 16 - 2) }
            let ours = rasterize([poly], rule: rule, width: width, height: height, exact: exact)
            let reference = ReferenceRasterizer(width: width, height: height)
                .coverage(polygons: [poly], rule: rule, summed: !exact)
            for i in 0..<(width * height) where abs(Double(ours[i]) / 255 - reference[i]) > 2.0 / 255 {
                Issue.record("trial \(trial) pixel (\(i % width), \(i / width)): ours \(ours[i]) reference \(reference[i] * 255)")
                return
            }
        }
    }

    @Test("simple polygons: the accumulation is exact where no two edges share a pixel's area",
          arguments: [FillRule.nonZero, .evenOdd])
    func simplePolygonsAreExact(rule: FillRule) {
        // Star-shaped polygons (vertices in order of their angle around a centre,
        // no two consecutive ones half a turn or more apart) never cross themselves:
        // their accumulated coverage is their true coverage.
        var rng = SplitMix(state: rule == .nonZero ? 13 : 17)
        let size = 48
        for trial in 0..<40 {
            let count = 4 + Int(rng.next() % 20)
            let angles = (0..<count).map { k in (Double(k) + 0.9 * rng.unit()) / Double(count) * 2 * Double.pi }
            let centre = Point(8 + rng.unit() * 32, 8 + rng.unit() * 32)
            let poly = angles.map { a in
                let r = 2 + rng.unit() * 30
                return Point(centre.x + r * cos(a), centre.y + r * sin(a))
            }
            let ours = rasterize([poly], rule: rule, width: size, height: size)
            let reference = ReferenceRasterizer(width: size, height: size).coverage(polygons: [poly], rule: rule)
            for i in 0..<(size * size) where abs(Double(ours[i]) / 255 - reference[i]) > 2.0 / 255 {
                Issue.record("trial \(trial) pixel (\(i % size), \(i / size)): ours \(ours[i]) reference \(reference[i] * 255)")
                return
            }
        }
    }

    @Test("fill rules decide interiors exactly", arguments: [true, false])
    func fillRulesInteriors(exact: Bool) {
        // Two nested squares in the same direction: winding 2 inside the inner one.
        let outer = [Point(2, 2), Point(30, 2), Point(30, 30), Point(2, 30)]
        let inner = [Point(10, 10), Point(22, 10), Point(22, 22), Point(10, 22)]
        let nz = rasterize([outer, inner], rule: .nonZero, width: 32, height: 32, exact: exact)
        let eo = rasterize([outer, inner], rule: .evenOdd, width: 32, height: 32, exact: exact)
        #expect(nz[16 * 32 + 16] == 255)
        #expect(eo[16 * 32 + 16] == 0)
        #expect(nz[5 * 32 + 5] == 255 && eo[5 * 32 + 5] == 255)
        #expect(nz[0] == 0 && eo[0] == 0)
    }
}
