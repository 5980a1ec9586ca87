import Testing
import Foundation
import CanvasGeometry

/// The line operations checked by sampling: every point along the result of
/// `clippedLines(keepingInside: true)` lies inside or on the other path's area,
/// every point of the `false` result outside or on it, and the two together are
/// as long as the original outline. Also the separated components and flattening.
@Suite("Line operations, components and flattening")
struct LineOperationTests {
    /// Points along the path's segments (open subpaths stay open), `perSegment` each.
    static func samples(_ path: PathData, perSegment: Int = 16) -> [Point] {
        var out: [Point] = []
        var last = Point.zero, start = Point.zero
        path.forEach { e in
            switch e {
            case .move(let p): last = p; start = p
            case .line(let p):
                for k in 1..<perSegment { out.append(last.lerp(p, Double(k) / Double(perSegment))) }
                last = p
            case .quad(let c, let p):
                for k in 1..<perSegment { out.append(Bezier.quadPoint(last, c, p, Double(k) / Double(perSegment))) }
                last = p
            case .cubic(let c1, let c2, let p):
                for k in 1..<perSegment { out.append(Bezier.cubicPoint(last, c1, c2, p, Double(k) / Double(perSegment))) }
                last = p
            case .close:
                for k in 1..<perSegment { out.append(last.lerp(start, Double(k) / Double(perSegment))) }
                last = start
            }
        }
        return out
    }

    /// The length of the outline as a stroke draws it (closing lines included).
    static func length(_ path: PathData) -> Double {
        var total = 0.0, prev = Point.zero, start = Point.zero
        path.flattened(tolerance: 1e-4).forEach { e in
            switch e {
            case .move(let p): prev = p; start = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): total += prev.distance(to: p); prev = p
            case .close: total += prev.distance(to: start); prev = start
            }
        }
        return total
    }

    /// Distance from `p` to the outline of `area` (flattened finely).
    static func distance(_ p: Point, to area: PathData) -> Double {
        var best = Double.infinity, prev = Point.zero, start = Point.zero
        func seg(_ a: Point, _ b: Point) {
            let d = b - a, len2 = d.dot(d)
            let t = len2 > 0 ? min(max((p - a).dot(d) / len2, 0), 1) : 0
            best = min(best, a.lerp(b, t).distance(to: p))
        }
        area.flattened(tolerance: 1e-4).forEach { e in
            switch e {
            case .move(let q): prev = q; start = q
            case .line(let q), .quad(_, let q), .cubic(_, _, let q): seg(prev, q); prev = q
            case .close: seg(prev, start); prev = start
            }
        }
        seg(prev, start)
        return best
    }

    func check(_ lines: PathData, _ area: PathData, evenOdd: Bool, name: String) {
        let inside = lines.clippedLines(by: area, keepingInside: true, evenOdd: evenOdd)
        let outside = lines.clippedLines(by: area, keepingInside: false, evenOdd: evenOdd)
        for (result, wantInside) in [(inside, true), (outside, false)] {
            for p in Self.samples(result) {
                let w = area.winding(at: p, tolerance: 1e-4)
                let isInside = evenOdd ? w & 1 != 0 : w != 0
                if isInside != wantInside && Self.distance(p, to: area) > 1e-3 {
                    Issue.record("\(name): \(p) is \(isInside ? "inside" : "outside") in the \(wantInside ? "inside" : "outside") part")
                    return
                }
            }
        }
        let total = Self.length(lines), parts = Self.length(inside) + Self.length(outside)
        #expect(abs(total - parts) <= 1e-6 * max(1, total), "\(name): \(parts) of \(total)")
    }

    @Test("random outlines clipped by random areas", arguments: [false, true])
    func random(evenOdd: Bool) {
        var rng = SplitMix(state: evenOdd ? 0x51 : 0x52)
        for trial in 0..<80 {
            var lines = TestShapes.random(&rng, size: 64)
            if trial % 2 == 0 {
                // An open polyline and an open curve too.
                lines.move(to: Point(rng.range(0, 64), rng.range(0, 64)))
                lines.line(to: Point(rng.range(0, 64), rng.range(0, 64)))
                lines.cubic(to: Point(rng.range(0, 64), rng.range(0, 64)),
                            control1: Point(rng.range(0, 64), rng.range(0, 64)),
                            control2: Point(rng.range(0, 64), rng.range(0, 64)))
            }
            check(lines, TestShapes.random(&rng, size: 64), evenOdd: evenOdd, name: "trial \(trial)")
        }
    }

    @Test("a line across a square: the middle third inside, two ends outside")
    func lineAcrossSquare() {
        var line = PathData()
        line.move(to: Point(0, 15)); line.line(to: Point(30, 15))
        let square = TestShapes.rect(10, 10, 10, 10)
        let inside = line.clippedLines(by: square, keepingInside: true, evenOdd: false)
        #expect(inside.verbs == [.move, .line])
        #expect(inside.points == [Point(10, 15), Point(20, 15)])
        let outside = line.clippedLines(by: square, keepingInside: false, evenOdd: false)
        #expect(outside.points == [Point(0, 15), Point(10, 15), Point(20, 15), Point(30, 15)])
        #expect(outside.subpathCount == 2)
    }

    @Test("a side along a circle's diameter, through the circle's vertices, is inside")
    func sideThroughCurveVertices() {
        // The ray from the side's middle passes exactly through the vertex where two
        // of the circle's cubics meet; rounded piece ends once let it slip between.
        var square = PathData(), circle = PathData()
        square.addRect(Rect(x: 0, y: 0, width: 20, height: 20))
        circle.addEllipse(in: Rect(x: 10, y: 0, width: 20, height: 20))
        let inside = square.clippedLines(by: circle, keepingInside: true, evenOdd: false)
        #expect(inside.pathDescription == "20 0 m 20 20 l")
        let outside = square.clippedLines(by: circle, keepingInside: false, evenOdd: false)
        #expect(outside.pathDescription == "20 20 m 0 20 l 0 0 l 20 0 l")
    }

    @Test("a circle wholly inside stays one closed curve; one cut is opened where it leaves")
    func closedOutlines() {
        let circle = TestShapes.circle(32, 32, 10)
        let inside = circle.clippedLines(by: TestShapes.rect(0, 0, 64, 64), keepingInside: true, evenOdd: false)
        #expect(inside.segmentCounts.cubics == 4 && inside.segmentCounts.closes == 1)
        // Half the circle: one open run of curves, joined across the circle's start.
        let half = circle.clippedLines(by: TestShapes.rect(0, 0, 32, 64), keepingInside: true, evenOdd: false)
        #expect(half.subpathCount == 1 && half.segmentCounts.closes == 0)
        #expect(half.segmentCounts.lines == 0)
        #expect(abs(Self.length(half) - Self.length(circle) / 2) < 1e-6)
        // A square's outline along another square's edges counts as inside.
        let square = TestShapes.rect(10, 10, 20, 20)
        let same = square.clippedLines(by: square, keepingInside: true, evenOdd: false)
        #expect(same.segmentCounts.closes == 1)
        #expect(square.clippedLines(by: square, keepingInside: false, evenOdd: false).isEmpty)
    }

    @Test("separated components: each outer contour with its own holes, largest first")
    func components() {
        var p = TestShapes.rect(0, 0, 40, 40)
        p.append(TestShapes.polygon([Point(10, 10), Point(10, 30), Point(30, 30), Point(30, 10)]))   // hole
        p.append(TestShapes.rect(15, 15, 10, 10))       // island in the hole
        p.append(TestShapes.circle(60, 20, 5))           // apart
        let parts = p.separatedComponents(evenOdd: false)
        #expect(parts.count == 3)
        #expect(parts.map(\.subpathCount) == [2, 1, 1])
        #expect(abs(parts[0].signedArea - 1200) < 1e-9)
        #expect(abs(parts[1].signedArea - 100) < 1e-9)
        let total = parts.reduce(0) { $0 + $1.signedArea }
        #expect(abs(total - p.normalized(evenOdd: false).signedArea) < 1e-9)
        // Under even-odd, two nested same-direction squares make a ring.
        var nested = TestShapes.rect(0, 0, 40, 40)
        nested.append(TestShapes.rect(10, 10, 20, 20))
        #expect(nested.separatedComponents(evenOdd: true).map(\.subpathCount) == [2])
        #expect(nested.separatedComponents(evenOdd: false).map(\.subpathCount) == [1])
        #expect(PathData().separatedComponents(evenOdd: false).isEmpty)
    }

    @Test("flattened: lines only, within the threshold of the curve")
    func flattened() {
        let circle = TestShapes.circle(32, 32, 20)
        for threshold in [2.0, 0.5, 0.01] {
            let flat = circle.flattened(tolerance: threshold)
            #expect(flat.segmentCounts.cubics == 0 && flat.segmentCounts.quads == 0)
            for p in flat.points {
                #expect(abs(p.distance(to: Point(32, 32)) - 20) < 0.01)
            }
            // Chord midpoints are within the threshold of the circle.
            let pts = flat.points
            for (a, b) in zip(pts, pts.dropFirst()) {
                #expect(20 - a.lerp(b, 0.5).distance(to: Point(32, 32)) <= threshold + 1e-3)
            }
        }
        #expect(circle.flattened(tolerance: 2).points.count < circle.flattened(tolerance: 0.01).points.count)
        // Hostile thresholds stay bounded.
        for t in [0.0, -1, .nan, .infinity, 1e-300] {
            #expect(circle.flattened(tolerance: t).points.count < 70_000)
        }
    }
}
