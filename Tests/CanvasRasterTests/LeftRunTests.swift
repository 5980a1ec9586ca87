import Testing
@testable import CanvasRaster
import CanvasGeometry

/// The parts of a path left of the clip box keep only their winding, as runs on the
/// box's left side; consecutive runs join, so what comes back to where it started
/// there adds nothing (`EdgeList.pushLeft`).
@Suite("Runs on the clip box's left side")
struct LeftRunTests {
    @Test("contours wholly left of the box add no edge and no event")
    func contoursLeftOfTheBox() {
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 32, y1: 24))
        // A thousand small boxes and zig-zags left of the box, like the dashes of a
        // stroke that runs along outside the canvas.
        for k in 0..<1_000 {
            let x = -10 - Double(k % 37), y = Double(k % 29) - 2.5
            edges.move(to: Point(x, y))
            edges.line(to: Point(x + 3, y + 0.7))
            edges.line(to: Point(x + 2, y + 4.1))
            edges.line(to: Point(x - 1, y + 2))
            edges.close()
        }
        #expect(edges.leftEvents.count == 0)
        edges.finish()
        #expect(edges.isEmpty)
    }

    @Test("a contour that leaves the box on the left keeps its winding there")
    func windingKeptOnTheLeft() {
        // A square from x = −20 to 10: the part inside the box is covered fully.
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 16, y1: 16))
        edges.move(to: Point(-20, 4))
        for p in [Point(10, 4), Point(10, 12), Point(-20, 12)] { edges.line(to: p) }
        edges.finish()
        var spans = SpanBuffer()
        ScanConverter().fill(&edges, rule: .nonZero, into: &spans)
        let map = spans.coverageMap()
        #expect(map[PixelKey(x: 0, y: 6)] == 255)
        #expect(map[PixelKey(x: 9, y: 11)] == 255)
        #expect(map[PixelKey(x: 10, y: 6)] == nil)
    }

    @Test("paths that wander left of the box and back match the reference",
          arguments: [FillRule.nonZero, .evenOdd], [true, false])
    func wanderingPaths(rule: FillRule, exact: Bool) {
        var rng = SplitMix(state: rule == .nonZero ? 23 : 29)
        let size = 24
        for trial in 0..<40 {
            // Polygons with most vertices left of the box (runs that go up and down
            // there, join and come back), some inside it; and closed loops wholly left.
            var polygons: [[Point]] = []
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let count = 4 + Int(rng.next() % 12)
                polygons.append((0..<count).map { _ in
                    let inside = rng.next() % 4 == 0
                    let x = inside ? rng.unit() * Double(size) : -rng.unit() * 30
                    // Some y on the box's edges and beyond, where runs are clipped.
                    let y = rng.next() % 5 == 0 ? Double(rng.next() % 3) * Double(size) / 2 : rng.unit() * 36 - 6
                    return Point(x, y)
                })
            }
            polygons.append([Point(-9, 3), Point(-2, 5), Point(-4, 20), Point(-8, 11)])
            let ours = rasterize(polygons, rule: rule, width: size, height: size, exact: exact)
            let reference = ReferenceRasterizer(width: size, height: size)
                .coverage(polygons: polygons, rule: rule, summed: !exact)
            for i in 0..<(size * size) where abs(Double(ours[i]) / 255 - reference[i]) > 2.0 / 255 {
                Issue.record("trial \(trial) pixel (\(i % size), \(i / size)): ours \(ours[i]) reference \(reference[i] * 255)")
                return
            }
        }
    }
}
