import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Stroke geometry")
struct StrokeGeometryTests {
    func points(_ p: Path) -> [CGPoint] {
        var pts: [CGPoint] = []
        p.forEach { e in
            switch e {
            case .move(let q), .line(let q): pts.append(q)
            default: break
            }
        }
        return pts
    }

    @Test("a stroked circle's outline lies within 0.1 of the true offset curves")
    func curveOffset() {
        let r: CGFloat = 100, width: CGFloat = 12
        let outline = Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
            .strokedPath(StrokeStyle(lineWidth: width, lineJoin: .round))
        var outer = 0, inner = 0
        for q in points(outline) {
            let d = hypot(q.x, q.y)
            if d > r {
                outer += 1
                #expect(abs(d - (r + width / 2)) <= 0.1)
            } else {
                inner += 1
                #expect(abs(d - (r - width / 2)) <= 0.1)
            }
        }
        #expect(outer > 20 && inner > 20)
        // Every point of the true outer offset circle is within 0.1 of the outline's
        // fill boundary: just inside is filled, just outside is not.
        for k in 0..<360 {
            let a = Double(k) * .pi / 180
            let inside = CGPoint(x: (r + width / 2 - 0.1) * cos(a), y: (r + width / 2 - 0.1) * sin(a))
            let outside = CGPoint(x: (r + width / 2 + 0.1) * cos(a), y: (r + width / 2 + 0.1) * sin(a))
            #expect(outline.contains(inside) && !outline.contains(outside))
        }
    }

    @Test("a round join's outer edge is an arc of half the line width about the vertex")
    func roundJoinRadius() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 50, y: 0))
        p.addLine(to: CGPoint(x: 50, y: 50))
        let outline = p.strokedPath(StrokeStyle(lineWidth: 20, lineJoin: .round))
        let vertex = CGPoint(x: 50, y: 0)
        let arc = points(outline).filter { $0.x > 50 && $0.y < 0 }
        #expect(!arc.isEmpty)
        for q in arc { #expect(abs(hypot(q.x - vertex.x, q.y - vertex.y) - 10) < 1e-9) }
        // Miter: the outer corner is the offset lines' meeting point; bevel cuts it.
        let miter = p.strokedPath(StrokeStyle(lineWidth: 20, lineJoin: .miter))
        #expect(miter.contains(CGPoint(x: 59, y: -9)))
        let bevel = p.strokedPath(StrokeStyle(lineWidth: 20, lineJoin: .bevel))
        #expect(!bevel.contains(CGPoint(x: 59, y: -9)))
        #expect(bevel.contains(CGPoint(x: 54, y: -4)))
        // The miter limit (Core Graphics': miter length over width) turns a sharp
        // miter into a bevel: a 10° angle needs a limit above 1 / sin(5°) ≈ 11.5.
        var sharp = Path()
        sharp.move(to: CGPoint(x: 0, y: 0))
        sharp.addLine(to: CGPoint(x: 100, y: 0))
        sharp.addLine(to: CGPoint(x: 100 - 100 * cos(CGFloat.pi / 18), y: 100 * sin(CGFloat.pi / 18)))
        // The miter's tip lies 1 / sin(5°) ≈ 11.5 beyond the vertex; a point 8 along it:
        let tip = CGPoint(x: 108, y: -0.8)
        #expect(!sharp.strokedPath(StrokeStyle(lineWidth: 2, miterLimit: 10)).contains(tip))
        #expect(sharp.strokedPath(StrokeStyle(lineWidth: 2, miterLimit: 12)).contains(tip))
    }

    @Test("dashes continue around corners and closed subpaths")
    func dashAcrossCorners() {
        // A 40 × 40 square outline, dashes of 30 on / 10 off: the first dash runs 30
        // along the top, the second starts 40 in (at the corner) and turns it.
        let square = Path(CGRect(x: 0, y: 0, width: 40, height: 40))
        let dashed = square.strokedPath(StrokeStyle(lineWidth: 2, dash: [30, 10]))
        #expect(dashed.contains(CGPoint(x: 29, y: 0)))
        #expect(!dashed.contains(CGPoint(x: 35, y: 0)))
        #expect(dashed.contains(CGPoint(x: 40, y: 10)))    // the second dash, past the corner
        #expect(!dashed.contains(CGPoint(x: 40, y: 35)))   // its gap: 70 … 80 along the path
        #expect(dashed.contains(CGPoint(x: 35, y: 40)))    // the third dash starts at 80
        // Phase shifts the pattern back along the path.
        let phased = square.strokedPath(StrokeStyle(lineWidth: 2, dash: [30, 10], dashPhase: 5))
        #expect(!phased.contains(CGPoint(x: 27, y: 0)))
        #expect(phased.contains(CGPoint(x: 37, y: 0)))
    }

    @Test("the pen follows the transform: a non-uniform scale widens vertical strokes")
    func penInUserSpace() throws {
        let image = try #require(renderCanvas(width: 60, height: 60) { context, _ in
            context.scaleBy(x: 3, y: 1)
            var p = Path()
            p.move(to: CGPoint(x: 2, y: 10)); p.addLine(to: CGPoint(x: 18, y: 10))   // horizontal
            p.move(to: CGPoint(x: 10, y: 20)); p.addLine(to: CGPoint(x: 10, y: 50))  // vertical
            context.stroke(p, with: .color(.black), lineWidth: 2)
        })
        func run(_ xs: [Int], _ ys: [Int]) -> Int {
            var n = 0
            for y in ys { for x in xs where image.pixel(x: x, y: y).alpha > 127 { n += 1 } }
            return n
        }
        #expect(run([30], Array(0..<20)) == 2)      // horizontal line: 2 pixels thick
        #expect(run(Array(20..<40), [35]) == 6)     // vertical line: 2 × 3 pixels thick
    }

    @Test("contains on the non-zero and even-odd star")
    func starContains() {
        let star = Path { path in
            for k in 0..<5 {
                let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                let p = CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
                if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
        }
        #expect(star.contains(CGPoint(x: 50, y: 50)))
        #expect(!star.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(star.contains(CGPoint(x: 50, y: 15)) && star.contains(CGPoint(x: 50, y: 15), eoFill: true))
        #expect(!star.contains(CGPoint(x: 5, y: 5)))
    }

    @Test("rounded rectangles start at the middle of the right side and head down first")
    func roundedRectDirection() {
        var first: CGPoint?, second: CGPoint?
        Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10, style: .circular).forEach { e in
            switch e {
            case .move(let p): if first == nil { first = p }
            case .line(let p): if second == nil { second = p }
            default: break
            }
        }
        #expect(first == CGPoint(x: 100, y: 30))
        #expect(second == CGPoint(x: 100, y: 50))
    }
}

@MainActor
@Suite("Bad input: large paths", .serialized)
struct LargePathTests {
    @Test("row 11: a 100,000-point path and a 40,000-fold winding rasterize correctly")
    func largePaths() throws {
        var zigzag = Path()
        zigzag.move(to: CGPoint(x: 0, y: 0))
        for i in 0..<100_000 {
            zigzag.addLine(to: CGPoint(x: 40 * Double(i + 1) / 100_000, y: i % 2 == 0 ? 20 : 0))
        }
        zigzag.addLine(to: CGPoint(x: 40, y: 20))
        zigzag.addLine(to: CGPoint(x: 0, y: 20))
        let image = try #require(renderCanvas(width: 40, height: 20) { context, _ in
            context.fill(zigzag, with: .color(.black))
        })
        #expect(image.pixel(x: 20, y: 10).alpha > 0)
        var nested = Path()
        for _ in 0..<40_000 { nested.addRect(CGRect(x: 5, y: 5, width: 10, height: 10)) }
        let nonZero = try #require(renderCanvas(width: 20, height: 20) { context, _ in
            context.fill(nested, with: .color(.black))
        })
        let evenOdd = try #require(renderCanvas(width: 20, height: 20) { context, _ in
            context.fill(nested, with: .color(.black), style: FillStyle(eoFill: true))
        })
        #expect(nonZero.pixel(x: 10, y: 10).alpha == 255)
        #expect(evenOdd.pixel(x: 10, y: 10).alpha == 0)
    }
}
