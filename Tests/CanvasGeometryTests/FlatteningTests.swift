import Testing
@testable import CanvasGeometry

struct Rng {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func point(_ scale: Double) -> Point { Point(unit() * scale, unit() * scale) }
}

/// Distance from `p` to the segment a–b.
func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a
    let len2 = ab.dot(ab)
    if len2 == 0 { return p.distance(to: a) }
    let t = min(1, max(0, (p - a).dot(ab) / len2))
    return p.distance(to: a + ab * t)
}

@Suite("Flattening stays within 0.1 device pixel")
struct FlatteningTests {
    /// For each curve: every one of 4,000 samples of the curve lies within the
    /// tolerance of the polyline, checked against the polyline segment that covers the
    /// same parameter range (uniform subdivision), so the bound is the maximum
    /// deviation of the curve from its polyline.
    @Test("random cubics from 1 px to 2,000 px")
    func cubics() {
        var rng = Rng(state: 42)
        var worst = 0.0
        for trial in 0..<400 {
            let scale = [1.0, 10, 100, 2000][trial % 4]
            let (p0, p1, p2, p3) = (rng.point(scale), rng.point(scale), rng.point(scale), rng.point(scale))
            var poly = [p0]
            Flattening.flattenCubic(p0, p1, p2, p3, tolerance: Flattening.tolerance) { poly.append($0) }
            let n = poly.count - 1
            #expect(poly.last == p3)
            let samples = 4000
            for k in 0...samples {
                let t = Double(k) / Double(samples)
                let q = Bezier.cubicPoint(p0, p1, p2, p3, t)
                let seg = min(n - 1, Int(t * Double(n)))
                let d = distance(q, poly[seg], poly[seg + 1])
                worst = max(worst, d)
            }
        }
        #expect(worst <= Flattening.tolerance)
    }

    /// Curves flattened in their own space and measured through the map to the
    /// device (`FlatteningMetric`): within the tolerance there, under uneven scales
    /// and shears, with fewer segments than plain lengths ask for; and exactly the
    /// plain flattening under rotations with a uniform scale.
    @Test("random cubics measured through uneven maps")
    func cubicsThroughAMap() {
        var rng = Rng(state: 11)
        let maps = [Transform.scale(100, 1), .scale(1, 0.01), Transform(a: 3, b: 1, c: -2, d: 0.5, tx: 0, ty: 0),
                    Transform.rotation(0.7).concatenating(.scale(40, 0.2))]
        var worst = 0.0, fewer = 0
        for trial in 0..<400 {
            let t = maps[trial % 4]
            let scale = [1.0, 10, 100, 2000][(trial / 4) % 4]
            let (p0, p1, p2, p3) = (rng.point(scale), rng.point(scale), rng.point(scale), rng.point(scale))
            let userTolerance = Flattening.tolerance / t.maxScale
            var poly = [p0]
            Flattening.flattenCubic(p0, p1, p2, p3, tolerance: userTolerance, metric: FlatteningMetric(t)) { poly.append($0) }
            var plain = 1
            Flattening.flattenCubic(p0, p1, p2, p3, tolerance: userTolerance) { _ in plain += 1 }
            if poly.count < plain { fewer += 1 }
            #expect(poly.count <= plain)
            let n = poly.count - 1
            for k in 0...1000 {
                let u = Double(k) / 1000
                let q = t.applyToVector(Bezier.cubicPoint(p0, p1, p2, p3, u))
                let seg = min(n - 1, Int(u * Double(n)))
                worst = max(worst, distance(q, t.applyToVector(poly[seg]), t.applyToVector(poly[seg + 1])))
            }
        }
        #expect(worst <= Flattening.tolerance)
        #expect(fewer > 300)
        // A conformal map measures as plain lengths, exactly.
        let conformal = Transform.rotation(0.3).concatenating(.scale(5, 5))
        var path = PathData()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 40, height: 90))
        let a = path.polylines(tolerance: 0.02, metric: FlatteningMetric(conformal))
        let b = path.polylines(tolerance: 0.02)
        #expect(a.map(\.points) == b.map(\.points))
    }

    @Test("random quadratics")
    func quads() {
        var rng = Rng(state: 7)
        var worst = 0.0
        for trial in 0..<400 {
            let scale = [1.0, 10, 100, 2000][trial % 4]
            let (p0, p1, p2) = (rng.point(scale), rng.point(scale), rng.point(scale))
            var poly = [p0]
            Flattening.flattenQuad(p0, p1, p2, tolerance: Flattening.tolerance) { poly.append($0) }
            let n = poly.count - 1
            for k in 0...4000 {
                let t = Double(k) / 4000
                let q = Bezier.quadPoint(p0, p1, p2, t)
                let seg = min(n - 1, Int(t * Double(n)))
                worst = max(worst, distance(q, poly[seg], poly[seg + 1]))
            }
        }
        #expect(worst <= Flattening.tolerance)
    }

    @Test("a circle's flattening stays within tolerance of the true circle")
    func circle() {
        var path = PathData()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 400, height: 400))
        var worst = 0.0
        let c = Point(200, 200)
        var last = Point.zero
        path.forEach { e in
            switch e {
            case .move(let p): last = p
            case .cubic(let c1, let c2, let p):
                var prev = last
                Flattening.flattenCubic(last, c1, c2, p, tolerance: Flattening.tolerance) { q in
                    // The chord's midpoint is where a polygon is farthest inside a circle.
                    let mid = prev.lerp(q, 0.5)
                    worst = max(worst, abs(mid.distance(to: c) - 200))
                    worst = max(worst, abs(q.distance(to: c) - 200))
                    prev = q
                }
                last = p
            default: break
            }
        }
        // Flattening error plus the cubic's own 0.027 % radial error (0.054 px here).
        #expect(worst <= Flattening.tolerance + 0.06)
    }
}

@Suite("Transforms")
struct TransformTests {
    @Test("concatenating applies self first, then the argument")
    func order() {
        let t = Transform.scale(2, 2).concatenating(.translation(10, 0))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
    }

    @Test("inverse and singular transforms")
    func inverse() {
        let t = Transform.rotation(0.7).concatenating(.translation(3, -4)).concatenating(.scale(2, 5))
        let back = t.concatenating(t.inverted!)
        let p = back.apply(Point(3.5, -1.25))
        #expect(abs(p.x - 3.5) < 1e-12 && abs(p.y + 1.25) < 1e-12)
        #expect(Transform.scale(0, 1).inverted == nil)
        #expect(abs(Transform.scale(3, 0.5).maxScale - 3) < 1e-12)
        #expect(abs(Transform.scale(3, 0.5).minScale - 0.5) < 1e-12)
    }
}

@Suite("Path storage")
struct PathDataTests {
    @Test("non-finite arguments are ignored")
    func nonFinite() {
        var p = PathData()
        p.move(to: Point(0, 0))
        p.line(to: Point(.nan, 1))
        p.cubic(to: Point(1, 1), control1: Point(.infinity, 0), control2: Point(0, 0))
        p.line(to: Point(2, 2))
        #expect(p.verbs == [.move, .line])
        #expect(p.isFinite)
    }

    @Test("a lone line with no current point is ignored")
    func noCurrentPoint() {
        var p = PathData()
        p.line(to: Point(1, 1))
        #expect(p.isEmpty)
    }

    @Test("tight bounds exclude control points")
    func tightBounds() {
        var p = PathData()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
        let b = p.tightBounds
        #expect(abs(b.maxY - 7.5) < 1e-9)
        #expect(p.controlBounds.maxY == 10)
    }
}

@Suite("Stroking and dashing")
struct StrokeTests {
    func area(_ path: PathData) -> Double {
        // Non-zero area by sampling a fine grid (the outline is a union of pieces).
        let b = path.controlBounds
        let step = 0.05
        var count = 0
        var y = b.minY + step / 2
        while y < b.maxY {
            var x = b.minX + step / 2
            while x < b.maxX {
                if path.winding(at: Point(x, y), tolerance: 0.01) != 0 { count += 1 }
                x += step
            }
            y += step
        }
        return Double(count) * step * step
    }

    @Test("a straight butt-capped stroke covers length × width")
    func straightArea() {
        var p = PathData()
        p.move(to: Point(1, 1))
        p.line(to: Point(21, 11))
        let outline = Stroker.stroke(p, StrokeParameters(width: 4), tolerance: 0.01)
        let length = (20.0 * 20 + 10 * 10).squareRoot()
        #expect(abs(area(outline) - length * 4) / (length * 4) < 0.01)
    }

    @Test("round caps add a disc's area; zero-length subpaths with round caps make dots")
    func roundCaps() {
        var p = PathData()
        p.move(to: Point(5, 5))
        p.line(to: Point(15, 5))
        let outline = Stroker.stroke(p, StrokeParameters(width: 4, cap: .round), tolerance: 0.01)
        #expect(abs(area(outline) - (10 * 4 + Double.pi * 4)) < 0.5)
        var dot = PathData()
        dot.move(to: Point(5, 5))
        dot.line(to: Point(5, 5))
        let d = Stroker.stroke(dot, StrokeParameters(width: 4, cap: .round), tolerance: 0.01)
        #expect(abs(area(d) - Double.pi * 4) < 0.3)
        let none = Stroker.stroke(dot, StrokeParameters(width: 4, cap: .butt), tolerance: 0.01)
        #expect(none.isEmpty)
    }

    @Test("dashes: lengths, phase, odd patterns repeated, bad patterns solid")
    func dashes() {
        let line = Polyline(points: [Point(0, 0), Point(100, 0)], closed: false)
        let dashed = Dasher.dash([line], pattern: [10, 5], phase: 0)
        #expect(dashed.count == 7)
        #expect(dashed[0].points == [Point(0, 0), Point(10, 0)])
        #expect(dashed[1].points == [Point(15, 0), Point(25, 0)])
        let phased = Dasher.dash([line], pattern: [10, 5], phase: 12)
        #expect(phased[0].points == [Point(3, 0), Point(13, 0)])
        #expect(Dasher.validPattern([5]) == [5, 5])
        #expect(Dasher.validPattern([1, .nan]) == nil)
        #expect(Dasher.validPattern([1, -1]) == nil)
        #expect(Dasher.validPattern([0, 0]) == nil)
        // A tiny pattern on a long line falls back to solid in bounded time.
        let long = Polyline(points: [Point(0, 0), Point(5_000_000, 0)], closed: false)
        #expect(Dasher.dash([long], pattern: [0.2, 0.2], phase: 0).count == 1)
    }

    /// Segments too long to measure (their length's square overflows) or with a NaN
    /// end. The fuzzer found both: an outside one skipped by ∞ made a NaN dash for
    /// each segment, and one counted as ∞ in a NaN total dashed without end (24 GB).
    @Test("dashes: unmeasurable segments never loop or make NaN")
    func unmeasurableDashes() {
        func finite(_ lines: [Polyline]) -> Bool { lines.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } } }
        // Inside what shows, or with nothing said about it: too long to dash, drawn solid.
        let huge = Polyline(points: [Point(-1e200, 0), Point(1e200, 0)], closed: false)
        #expect(Dasher.dash([huge], pattern: [10, 5], phase: 0).map(\.points) == [huge.points])
        let wide = Rect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300)
        #expect(Dasher.dash([huge], pattern: [10, 5], phase: 0, visible: wide).map(\.points) == [huge.points])
        let nan = Polyline(points: [Point(0, 0), Point(.nan, 3), Point(40, 0)], closed: false)
        #expect(Dasher.dash([nan], pattern: [10, 5], phase: 0).count == 1)
        // A NaN point makes the total NaN: before, the 10⁷-long segment after it was
        // dashed into five million pieces. Now the line is drawn solid.
        let nanTotal = Polyline(points: [Point(0, 0), Point(.nan, 0), Point(0, 0), Point(1e7, 0)], closed: false)
        #expect(Dasher.dash([nanTotal], pattern: [1, 1], phase: 0).count == 1)
        #expect(Dasher.dashes([nanTotal], pattern: [1, 1], phase: 0) == nil)
        // A pattern too short to count its periods along a segment wholly outside.
        let far = Polyline(points: [Point(200, 0), Point(200, 1e149), Point(300, 1e149)], closed: false)
        let skipped = Dasher.dash([far], pattern: [1e-160, 1e-160], phase: 0, visible: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100))
        #expect(finite(skipped) && skipped.count <= 2)
        // Wholly outside what shows (two legs at x = 200): the dash in progress ends,
        // the dashes after them are kept. (A leg that crosses into the view is cut
        // there, and its inside part counts in full: too long to dash, drawn solid.)
        let view = Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)
        let away = Polyline(points: [Point(0, 50), Point(22, 50), Point(200, 50), Point(200, 1e200), Point(150, 60),
                                     Point(30, 60)], closed: false)
        let dashed = Dasher.dash([away], pattern: [10, 5], phase: 0, visible: view)
        #expect(finite(dashed))
        #expect(dashed.count < 20)
        #expect(dashed.first?.points == [Point(0, 50), Point(10, 50)])
        #expect(dashed.contains { $0.points.allSatisfy { $0.y == 60 && $0.x >= 30 && $0.x <= 100 } })
    }

    /// Dashes are placed by plain lengths whatever the map (a coarser cut would
    /// shorten the path and move every dash after it); without dashes, or past the
    /// dash budget, curves are cut as the device shows them.
    @Test("dashed strokes flatten by plain lengths under uneven maps")
    func dashesIgnoreTheMetric() {
        var p = PathData()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(300, 0), control1: Point(100, 80), control2: Point(200, -80))
        let uneven = FlatteningMetric(.scale(1, 0.01))
        func outline(_ style: StrokeParameters, _ metric: FlatteningMetric) -> [Point] {
            var out = OutlineBuffer()
            Stroker.stroke(p, style, tolerance: 0.01, metric: metric, into: &out)
            return (0..<out.points.count).map { out.points[$0] }
        }
        let dashed = StrokeParameters(width: 2, dash: [7, 3])
        #expect(outline(dashed, uneven) == outline(dashed, .identity))
        let solid = StrokeParameters(width: 2)
        #expect(outline(solid, uneven).count < outline(solid, .identity).count)
        let overBudget = StrokeParameters(width: 2, dash: [1e-4, 1e-4])
        #expect(outline(overBudget, uneven) == outline(solid, uneven))
    }

    /// The work a stroke does is bounded when its curves reach the per-curve cap
    /// (a tolerance of 10⁻¹⁶ under a scale of 10¹⁵: 47 curves stayed at 2¹⁶ points
    /// each, and outlined 18 million points in 1.1 s), and a dash running far past
    /// what shows is outlined only near it.
    @Test("stroke work stays bounded: capped curves, long dashes")
    func boundedStrokeWork() {
        var p = PathData()
        p.move(to: Point(0, 0))
        for k in 0..<40 {
            let x = Double(k) * 3
            p.cubic(to: Point(x + 3, 0), control1: Point(x + 1, 100), control2: Point(x + 2, -100))
        }
        let visible = Rect(minX: 0, minY: -1, maxX: 5, maxY: 1)
        var out = OutlineBuffer()
        Stroker.stroke(p, StrokeParameters(width: 1, dash: [1e300, 1e300]), tolerance: 1e-16, visible: visible, into: &out)
        #expect(out.points.count > 0 && out.points.count < 1 << 20)
        // A circle of radius 10⁵ in one dash, with a view of 100 × 100 on its edge.
        var circle = PathData()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 200_000, height: 200_000))
        let view = Rect(minX: -50, minY: 99_950, maxX: 50, maxY: 100_050)
        var dashed = OutlineBuffer(), solid = OutlineBuffer()
        Stroker.stroke(circle, StrokeParameters(width: 2, dash: [1e9, 1]), tolerance: 0.1, visible: view, into: &dashed)
        Stroker.stroke(circle, StrokeParameters(width: 2), tolerance: 0.1, visible: view, into: &solid)
        #expect(dashed.points.count < 200)
        #expect(solid.points.count < 200)
        // 20,000 dots of about 1,000 points each: past the stroke's arc budget (2²⁰
        // points) they are octagons, as arcs are (before: 20 million points).
        var line = PathData()
        line.move(to: Point(0, 0))
        line.line(to: Point(20_000, 0))
        var dots = OutlineBuffer()
        Stroker.stroke(line, StrokeParameters(width: 1, cap: .round, dash: [0, 1]), tolerance: 2.5e-6, into: &dots)
        #expect(dots.contourEnds.count >= 20_000)
        #expect(dots.points.count < 1_300_000)
        // The stroker plans whole curves before flattening them: the plan counts what
        // flattening makes (a circle's closed polyline: one point a segment), and
        // each curve at most the cap (64 curves needing 10⁹ segments: 64 × 2¹⁶).
        var round = PathData()
        round.addEllipse(in: Rect(x: 0, y: 0, width: 300, height: 300))
        let planned = Stroker.curveSegments(round, tolerance: 0.1, metric: .identity, cap: 1 << 16)
        #expect(planned == Double(round.polylines(tolerance: 0.1).first?.points.count ?? 0))
        var steep = PathData()
        steep.move(to: Point(0, 0))
        for k in 0..<64 { steep.cubic(to: Point(Double(k + 1), 0), control1: Point(0, 1e9), control2: Point(1, -1e9)) }
        #expect(Stroker.curveSegments(steep, tolerance: 0.1, metric: .identity, cap: 1 << 16) == 64 * 65536)
    }

    /// A stroke placed beyond 10¹⁵⁰ is not outlined: there neighbouring doubles lie
    /// 10¹³⁴ apart, and a curve whose control points are equal flattens into steps
    /// whose squares overflow (26 million outline points of NaN, before).
    @Test("strokes beyond 1e150 are not outlined")
    func farAwayStroke() {
        var p = PathData()
        p.move(to: Point(-2.8, 1e300))
        p.cubic(to: Point(-20.3, 1e300), control1: Point(-6.7, 1e300), control2: Point(-16.4, 1e300))
        p.close()
        for dash in [[], [31.9, 13.4, 0, 0]] {
            let style = StrokeParameters(width: 1, cap: .round, join: .bevel, dash: dash)
            var out = OutlineBuffer()
            Stroker.stroke(p, style, tolerance: 1e-10, visible: Rect(minX: -0.5, minY: -4e7, maxX: 0.5, maxY: 4e7), into: &out)
            #expect(out.points.isEmpty)
        }
    }
}
