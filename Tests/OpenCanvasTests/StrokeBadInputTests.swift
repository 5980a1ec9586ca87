import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// The bad-input checklist rows for arcs, strokes and dashes (7–10, 17–28).
@MainActor
@Suite("Bad input: arcs, strokes and dashes", .serialized)
struct StrokeBadInputTests {
    var zigzag: Path {
        var p = Path()
        p.move(to: CGPoint(x: 4, y: 20))
        p.addLine(to: CGPoint(x: 14, y: 6))
        p.addLine(to: CGPoint(x: 24, y: 20))
        p.addLine(to: CGPoint(x: 34, y: 6))
        return p
    }

    func image(_ draw: @escaping (inout GraphicsContext) -> Void) -> CGImage? {
        renderCanvas(width: 40, height: 26) { context, _ in draw(&context) }
    }

    func ink(_ image: CGImage?) -> Int {
        guard let image else { return 0 }
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).alpha > 0 { n += 1 } }
        return n
    }

    @Test("row 7: extreme but valid scales finish and draw")
    func extremeScales() {
        let big = image { c in
            c.scaleBy(x: 1e5, y: 1e5)
            c.stroke(Path(ellipseIn: CGRect(x: 0, y: 0, width: 2e-4, height: 2e-4)), with: .color(.black),
                     lineWidth: 2e-5)
        }
        #expect(ink(big) > 0)
        let squashed = image { c in
            c.scaleBy(x: 1, y: 1e-6)
            c.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 4, lineJoin: .round))
        }
        #expect(squashed != nil)
    }

    @Test("row 8: arc angles like 1e300 or a sweep of billions of turns take constant time")
    func hugeAngles() {
        var p = Path()
        p.addArc(center: CGPoint(x: 20, y: 13), radius: 10, startAngle: .zero, endAngle: .radians(1e300), clockwise: false)
        p.addRelativeArc(center: CGPoint(x: 20, y: 13), radius: 10, startAngle: .zero, delta: .radians(1024 / Double.ulpOfOne))
        let bounds = p.boundingRect
        #expect(bounds.width <= 20.0001 && bounds.height <= 20.0001)
    }

    @Test("row 9: a negative radius is ignored and counted")
    func negativeRadius() {
        let (p, report) = OpenCanvasDiagnostics.collecting {
            var p = Path()
            p.addArc(center: CGPoint(x: 5, y: 5), radius: -3, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
            p.move(to: .zero)
            p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: -2)
            return p
        }
        #expect(report.total == 2)
        #expect(p.description == "0 0 m")
    }

    @Test("row 10: zero radius and coincident tangent points give lines, never NaN")
    func degenerateArcs() {
        var p = Path()
        p.move(to: CGPoint(x: 1, y: 1))
        p.addArc(tangent1End: CGPoint(x: 1, y: 1), tangent2End: CGPoint(x: 5, y: 5), radius: 3)
        p.addArc(tangent1End: CGPoint(x: 9, y: 1), tangent2End: CGPoint(x: 9, y: 1), radius: 3)
        p.addArc(center: CGPoint(x: 20, y: 20), radius: 0, startAngle: .zero, endAngle: .degrees(180), clockwise: false)
        #expect(!p.description.contains("nan"))
        #expect(p.boundingRect.maxX == 20)
    }

    @Test("row 17: NaN, infinite or negative widths keep the default; 0 is a one-pixel hairline")
    func lineWidths() {
        let standard = image { $0.stroke(zigzag, with: .color(.black), lineWidth: 1) }
        for bad in [CGFloat.nan, .infinity, -3] {
            let drawn = image { $0.stroke(zigzag, with: .color(.black), lineWidth: bad) }
            #expect(identical(drawn, standard))
        }
        let hairline = renderCanvas(width: 20, height: 20, scale: 3) { c, _ in
            c.scaleBy(x: 5, y: 5)
            var p = Path()
            p.move(to: CGPoint(x: 0, y: 2.1))
            p.addLine(to: CGPoint(x: 4, y: 2.1))
            c.stroke(p, with: .color(.black), lineWidth: 0)
        }
        // At 3 × 5 = 15 pixels per unit the line is still about one pixel thick.
        var column: [UInt8] = []
        for y in 0..<60 { column.append(hairline?.pixel(x: 30, y: y).alpha ?? 0) }
        let total = column.reduce(0) { $0 + Int($1) }
        #expect(abs(total - 255) <= 3)
    }

    @Test("row 18: a tiny width draws (nearly) nothing, quickly")
    func tinyWidth() {
        let drawn = image { $0.stroke(zigzag, with: .color(.black), lineWidth: 1e-6) }
        var maxAlpha: UInt8 = 0
        if let drawn { for y in 0..<26 { for x in 0..<40 { maxAlpha = max(maxAlpha, drawn.pixel(x: x, y: y).alpha) } } }
        #expect(maxAlpha <= 1)
    }

    @Test("row 19: a huge width covers the canvas in bounded time")
    func hugeWidth() {
        let drawn = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 1e8, lineCap: .round, lineJoin: .round)) }
        #expect(ink(drawn) == 40 * 26)
    }

    @Test("row 20: zero-length subpaths draw a dot with round caps, a square with square caps, nothing with butt")
    func zeroLength() {
        var dot = Path()
        dot.move(to: CGPoint(x: 20, y: 13))
        dot.addLine(to: CGPoint(x: 20, y: 13))
        let round = image { $0.stroke(dot, with: .color(.black), style: StrokeStyle(lineWidth: 10, lineCap: .round)) }
        let square = image { $0.stroke(dot, with: .color(.black), style: StrokeStyle(lineWidth: 10, lineCap: .square)) }
        let butt = image { $0.stroke(dot, with: .color(.black), style: StrokeStyle(lineWidth: 10, lineCap: .butt)) }
        #expect(abs(Double(ink(round)) - Double.pi * 25) < 20)
        #expect(square?.pixel(x: 16, y: 9).alpha == 255)     // a corner of the square
        #expect(round?.pixel(x: 16, y: 9).alpha ?? 255 < 255)
        #expect(ink(butt) == 0)
    }

    @Test("row 21: bad miter limits keep the default; reversals make no spikes")
    func miterLimits() {
        let standard = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 4)) }
        for bad in [CGFloat(0), -1, .nan, .infinity] {
            let drawn = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 4, miterLimit: bad)) }
            #expect(identical(drawn, standard))
        }
        var reversal = Path()
        reversal.move(to: CGPoint(x: 5, y: 13))
        reversal.addLine(to: CGPoint(x: 30, y: 13))
        reversal.addLine(to: CGPoint(x: 5, y: 13.0001))
        let drawn = image { $0.stroke(reversal, with: .color(.black), style: StrokeStyle(lineWidth: 4, miterLimit: 1e9)) }
        #expect(drawn?.pixel(x: 35, y: 13).alpha == 0)
    }

    @Test("row 22: repeated points, cusps and degenerate curves give no NaN")
    func degenerateSegments() {
        var p = Path()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 10, y: 10), control2: CGPoint(x: 10, y: 10))
        p.addCurve(to: CGPoint(x: 30, y: 10), control1: CGPoint(x: 40, y: 10), control2: CGPoint(x: 0, y: 10))   // cusps
        p.addLine(to: CGPoint(x: 30, y: 10))
        let drawn = image { $0.stroke(p, with: .color(.black), style: StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .miter)) }
        #expect(drawn?.pixel(x: 20, y: 10).alpha == 255)
        #expect(!p.strokedPath(StrokeStyle(lineWidth: 3)).description.contains("nan"))
    }

    @Test("rows 23–24: dashes with NaN, ∞ or negative entries, or all zero, draw solid")
    func badDashes() {
        let solid = image { $0.stroke(zigzag, with: .color(.black), lineWidth: 2) }
        for dash: [CGFloat] in [[4, .nan], [4, .infinity], [4, -2], [0], [0, 0]] {
            let drawn = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: dash)) }
            #expect(identical(drawn, solid))
        }
    }

    @Test("row 25: an odd-length dash array is used twice over")
    func oddDash() {
        let odd = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [3])) }
        let even = image { $0.stroke(zigzag, with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [3, 3])) }
        #expect(identical(odd, even))
    }

    @Test("row 26: tiny dashes on a huge path finish (drawn solid past the dash budget)")
    func tinyDashes() {
        var long = Path()
        long.move(to: CGPoint(x: -2_500_000, y: 13))
        long.addLine(to: CGPoint(x: 2_500_000, y: 13))
        let drawn = image { $0.stroke(long, with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [0.2, 0.2])) }
        #expect(drawn?.pixel(x: 20, y: 13).alpha == 255)
    }

    @Test("row 27: huge dash values and phases stay in range")
    func hugeDashes() {
        let a = image { $0.stroke(zigzag, with: .color(.black),
                                  style: StrokeStyle(lineWidth: 2, dash: [27734, 35660, 2157846850, 247], dashPhase: -248.136)) }
        let b = image { $0.stroke(zigzag, with: .color(.black),
                                  style: StrokeStyle(lineWidth: 2, dash: [837099584, 33450], dashPhase: -10)) }
        #expect(a != nil && b != nil)
    }

    @Test("row 28: zero-length dashes with round caps make dots")
    func dottedLine() {
        var line = Path()
        line.move(to: CGPoint(x: 4, y: 13))
        line.addLine(to: CGPoint(x: 36, y: 13))
        let dots = image { $0.stroke(line, with: .color(.black), style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [0, 8])) }
        // Dots at x = 4, 12, 20, 28, 36; nothing halfway between.
        #expect(dots?.pixel(x: 20, y: 13).alpha == 255)
        #expect(dots?.pixel(x: 12, y: 13).alpha == 255)
        #expect(dots?.pixel(x: 16, y: 13).alpha == 0)
    }
}
