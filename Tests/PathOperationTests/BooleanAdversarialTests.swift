import Testing
import Foundation
import CanvasGeometry

/// What breaks path clippers: coincident and overlapping edges, shared vertices,
/// tangent curves, slivers, identical and empty inputs, extreme coordinates,
/// non-finite input, and size. Each case is checked against the raster oracle
/// where it has an area, and by exact areas where the answer is known.
@Suite("Boolean operations: adversarial inputs")
struct BooleanAdversarialTests {
    let ops: [PathBooleanOperation] = [.union, .intersection, .subtraction, .symmetricDifference]

    func area(_ a: PathData, _ b: PathData, _ op: PathBooleanOperation, evenOdd: Bool = false) -> Double {
        a.combined(with: b, operation: op, evenOdd: evenOdd).signedArea
    }

    func oracle(_ a: PathData, _ b: PathData, _ name: String) {
        for op in ops {
            for eo in [false, true] {
                #expect(BooleanOracleTests.verify(a, b, op, evenOdd: eo, name: "\(name)-\(op)-\(eo)"), "\(name) \(op) eo=\(eo)")
            }
        }
    }

    @Test("identical inputs: union and intersection are the input, the rest empty")
    func identical() {
        for shape in [TestShapes.rect(8, 8, 40, 30), TestShapes.circle(32, 32, 20),
                      TestShapes.star(32, 32, 25, points: 5, inner: 0.4)] {
            let want = shape.normalized(evenOdd: false).signedArea
            #expect(abs(area(shape, shape, .union) - want) < 1e-9 * want)
            #expect(abs(area(shape, shape, .intersection) - want) < 1e-9 * want)
            #expect(shape.combined(with: shape, operation: .subtraction, evenOdd: false).isEmpty)
            #expect(shape.combined(with: shape, operation: .symmetricDifference, evenOdd: false).isEmpty)
            oracle(shape, shape, "identical")
        }
    }

    @Test("squares sharing an edge merge into one rectangle of four lines")
    func sharedEdge() {
        let a = TestShapes.rect(10, 10, 20, 20), b = TestShapes.rect(30, 10, 20, 20)
        let u = a.combined(with: b, operation: .union, evenOdd: false)
        #expect(u.subpathCount == 1)
        #expect(u.segmentCounts.lines == 3 && u.segmentCounts.closes == 1)
        #expect(abs(u.signedArea - 800) < 1e-9)
        #expect(a.combined(with: b, operation: .intersection, evenOdd: false).isEmpty)
        #expect(abs(area(a, b, .subtraction) - 400) < 1e-9)
        oracle(a, b, "shared-edge")
        // Part of an edge shared, in opposite directions.
        let c = TestShapes.polygon([Point(30, 15), Point(30, 50), Point(55, 50), Point(55, 15)])
        oracle(a, c, "partly-shared-edge")
        #expect(abs(area(a, c, .union) - (400 + 875)) < 1e-9)
    }

    @Test("overlapping collinear edges and nested squares sharing sides")
    func overlappingEdges() {
        let outer = TestShapes.rect(8, 8, 48, 48)
        let inner = TestShapes.rect(8, 8, 24, 48)      // shares three sides
        #expect(abs(area(outer, inner, .subtraction) - 24 * 48) < 1e-9)
        #expect(abs(area(outer, inner, .intersection) - 24 * 48) < 1e-9)
        oracle(outer, inner, "nested-sharing")
        let strip = TestShapes.rect(8, 20, 48, 10)     // spans the whole width
        oracle(outer, strip, "strip")
        #expect(abs(area(outer, strip, .subtraction) - (48 * 48 - 480)) < 1e-9)
    }

    @Test("shapes touching at a vertex only")
    func sharedVertex() {
        let a = TestShapes.rect(10, 10, 20, 20), b = TestShapes.rect(30, 30, 20, 20)
        let u = a.combined(with: b, operation: .union, evenOdd: false)
        #expect(abs(u.signedArea - 800) < 1e-9)
        #expect(a.combined(with: b, operation: .intersection, evenOdd: false).isEmpty)
        oracle(a, b, "vertex")
        // A bow tie (self-touching at one point) normalized.
        let bow = TestShapes.polygon([Point(10, 10), Point(50, 50), Point(50, 10), Point(10, 50)])
        let n = bow.normalized(evenOdd: false)
        #expect(n.subpathCount == 2)
        #expect(abs(n.signedArea - 800) < 1e-9)
    }

    @Test("tangent circles, outside and inside")
    func tangentCircles() {
        let a = TestShapes.circle(20, 32, 12), b = TestShapes.circle(44, 32, 12)
        let single = a.signedArea
        #expect(abs(area(a, b, .union) - 2 * single) < 1e-6 * single)
        #expect(abs(area(a, b, .intersection)) < 1e-6 * single)
        oracle(a, b, "tangent-outside")
        let big = TestShapes.circle(32, 32, 24), small = TestShapes.circle(20, 32, 12)
        #expect(abs(area(big, small, .subtraction) - (big.signedArea - single)) < 1e-6 * single)
        oracle(big, small, "tangent-inside")
        // Tangent curves of different degrees: a square around a circle.
        oracle(TestShapes.rect(8, 8, 48, 48), TestShapes.circle(32, 32, 24), "circle-in-square")
    }

    @Test("zero-area slivers and degenerate subpaths vanish")
    func slivers() {
        let line = TestShapes.polygon([Point(5, 5), Point(50, 50)])
        #expect(line.normalized(evenOdd: false).isEmpty)
        let flat = TestShapes.rect(10, 10, 30, 0)
        #expect(flat.normalized(evenOdd: false).isEmpty)
        let a = TestShapes.rect(10, 10, 30, 30)
        var withSliver = a
        withSliver.append(TestShapes.polygon([Point(20, 5), Point(20, 55), Point(20, 5)]))
        #expect(abs(withSliver.normalized(evenOdd: false).signedArea - 900) < 1e-9)
        // A spike that doubles back along itself.
        let spike = TestShapes.polygon([Point(10, 10), Point(40, 10), Point(40, 40), Point(55, 55), Point(40, 40), Point(10, 40)])
        #expect(abs(spike.normalized(evenOdd: false).signedArea - 900) < 1e-9)
        oracle(spike, a, "spike")
        // A thin but real sliver survives.
        let thin = TestShapes.rect(10, 10, 40, 1e-3)
        #expect(abs(thin.normalized(evenOdd: false).signedArea - 0.04) < 1e-9)
    }

    @Test("empty inputs")
    func empty() {
        let a = TestShapes.circle(32, 32, 20), e = PathData()
        #expect(abs(area(a, e, .union) - a.signedArea) < 1e-9 * a.signedArea)
        #expect(abs(area(e, a, .union) - a.signedArea) < 1e-9 * a.signedArea)
        #expect(a.combined(with: e, operation: .intersection, evenOdd: false).isEmpty)
        #expect(abs(area(a, e, .subtraction) - a.signedArea) < 1e-9 * a.signedArea)
        #expect(e.combined(with: a, operation: .subtraction, evenOdd: false).isEmpty)
        #expect(e.combined(with: e, operation: .union, evenOdd: false).isEmpty)
        #expect(e.normalized(evenOdd: true).isEmpty)
        var moves = PathData(); moves.move(to: Point(3, 3)); moves.move(to: Point(9, 9))
        #expect(moves.combined(with: moves, operation: .union, evenOdd: false).isEmpty)
    }

    @Test("huge and tiny coordinates give the same shapes, scaled", arguments: [1e-30, 1e-9, 1e6, 1e15, 1e200])
    func extremeScales(scale: Double) {
        let a = TestShapes.star(32, 32, 25, points: 7, inner: 0.5), b = TestShapes.circle(40, 30, 15)
        let t = Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        for op in ops {
            let unit = a.combined(with: b, operation: op, evenOdd: false)
            let scaled = a.transformed(by: t).combined(with: b.transformed(by: t), operation: op, evenOdd: false)
            #expect(scaled.isFinite)
            let back = scaled.transformed(by: Transform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: 0, ty: 0))
            #expect(abs(back.signedArea - unit.signedArea) <= 1e-6 * max(1, unit.signedArea),
                    "\(op) at \(scale)")
            #expect(scaled.subpathCount == unit.subpathCount, "\(op) at \(scale)")
        }
        // Far from the origin: large offsets, small shapes.
        let far = Transform(a: 1, b: 0, c: 0, d: 1, tx: scale, ty: -scale)
        let u = a.transformed(by: far).combined(with: b.transformed(by: far), operation: .union, evenOdd: false)
        #expect(u.isFinite)
    }

    @Test("coordinates at the edge of Double: finite results, no trap")
    func limits() {
        // Path building ignores non-finite points and transforms clamp, so a path
        // is always finite; near the limit the products of coordinates would not be.
        var bad = TestShapes.rect(0, 0, 10, 10)
        bad.line(to: Point(.nan, 3))
        #expect(bad.isFinite)
        bad = bad.transformed(by: Transform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0))
        let a = TestShapes.circle(5, 5, 4)
        for op in ops {
            let r = bad.combined(with: a, operation: op, evenOdd: false)
            #expect(r.isFinite)
            // The circle is far below the huge square's resolution: it vanishes.
            #expect(r.subpathCount == (op == .intersection ? 0 : 1), "\(op)")
        }
        #expect(bad.normalized(evenOdd: false).subpathCount == 1)
        var huge = PathData()
        let m = Double.greatestFiniteMagnitude
        huge.addRect(Rect(x: -m / 2, y: -m / 2, width: m, height: m))
        let u = huge.combined(with: TestShapes.rect(-m / 4, -m / 4, m, m), operation: .union, evenOdd: false)
        #expect(u.isFinite && u.subpathCount == 1)
        #expect(u.points.count == 8)      // two overlapping squares: eight corners
    }

    @Test("thousands of curves: bounded work, correct coverage")
    func manyCurves() {
        // Two wavy rings of 1,500 cubics each, crossing each other about 3,000 times.
        func wavy(_ cx: Double, _ phase: Double) -> PathData {
            var p = PathData()
            let n = 1500
            func at(_ i: Int) -> Point {
                let a = Double(i) / Double(n) * 2 * .pi
                let r = 20 + 2 * sin(a * 150 + phase)
                return Point(cx + r * cos(a), 32 + r * sin(a))
            }
            p.move(to: at(0))
            for i in 0..<n {
                let p0 = at(i), p3 = at(i + 1)
                p.cubic(to: p3, control1: p0.lerp(p3, 1.0 / 3), control2: p0.lerp(p3, 2.0 / 3) + Point(0.2, 0.2))
            }
            p.close()
            return p
        }
        let a = wavy(28, 0), b = wavy(36, 1)
        // No timing assertion (the benchmark measures speed): the subdivision's
        // budget is what keeps this bounded, and the oracle that it stays right.
        for op in ops { #expect(BooleanOracleTests.verify(a, b, op, evenOdd: false, name: "many-\(op)")) }
    }

    @Test("many segments crowded along one axis, and an input far from the other")
    func crowdedSegments() {
        // 20,000 steps of a zigzag one unit wide and 20,000 tall: every segment
        // overlaps every other in x, so a sweep across x would pair them all.
        var zigzag = PathData()
        zigzag.move(to: Point(0, 0))
        for i in 1...20_000 { zigzag.line(to: Point(Double(i % 2), Double(i))) }
        // Far away in y: beside the zigzag, the square is a point, and its
        // segments none of the zigzag's.
        let far = TestShapes.rect(0, -1e300, 30, 30)
        let outside = zigzag.clippedLines(by: far, keepingInside: false, evenOdd: false)
        #expect(outside.points.count == zigzag.points.count)
        #expect(zigzag.clippedLines(by: far, keepingInside: true, evenOdd: false).isEmpty)
        // A thin tall comb as an area: normalizing keeps its area.
        var comb = PathData()
        comb.move(to: Point(0, 0))
        for i in 0..<5_000 {
            comb.line(to: Point(1, Double(2 * i) + 0.5)); comb.line(to: Point(0.5, Double(2 * i + 1)))
        }
        comb.line(to: Point(0, 10_000)); comb.close()
        let normalized = comb.normalized(evenOdd: false)
        #expect(abs(normalized.signedArea - abs(comb.signedArea)) < 1e-6 * abs(comb.signedArea))
    }
}
