import Testing
import Foundation
import OpenCanvas

@Suite("Path: trimming, stroking, tangent arcs, description")
struct PathGeometryTests {
    func length(_ p: Path) -> Double {
        // Measures by flattening finely through forEach.
        var total = 0.0, last = CGPoint.zero, start = CGPoint.zero
        p.forEach { e in
            func dist(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(a.x - b.x, a.y - b.y)) }
            switch e {
            case .move(let q): last = q; start = q
            case .line(let q): total += dist(last, q); last = q
            case .quadCurve(let q, let c):
                var prev = last
                for k in 1...400 {
                    let t = CGFloat(k) / 400, u = 1 - t
                    let pt = CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * q.x,
                                     y: u * u * last.y + 2 * u * t * c.y + t * t * q.y)
                    total += dist(prev, pt); prev = pt
                }
                last = q
            case .curve(let q, let c1, let c2):
                var prev = last
                for k in 1...400 {
                    let t = CGFloat(k) / 400, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    let pt = CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * q.x,
                                     y: a * last.y + b * c1.y + c * c2.y + d * q.y)
                    total += dist(prev, pt); prev = pt
                }
                last = q
            case .closeSubpath: total += dist(last, start); last = start
            }
        }
        return total
    }

    @Test("trimmedPath keeps the requested fraction of the length, curves as curves")
    func trimLengths() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let full = length(circle)
        #expect(abs(full - .pi * 100) < 0.2)
        let quarter = circle.trimmedPath(from: 0, to: 0.25)
        #expect(abs(length(quarter) - full / 4) < 0.2)
        // From 3 o'clock to 6 o'clock on screen.
        #expect(quarter.currentPoint.map { abs($0.x - 50) < 0.01 && abs($0.y - 100) < 0.01 } == true)
        var curves = 0
        quarter.forEach { if case .curve = $0 { curves += 1 } }
        #expect(curves == 1)
        let middle = circle.trimmedPath(from: 0.3, to: 0.55)
        #expect(abs(length(middle) - full * 0.25) < 0.2)
        #expect(circle.trimmedPath(from: 0.6, to: 0.4).isEmpty)
        #expect(circle.trimmedPath(from: -1, to: 2) == circle)
        // Across subpaths: two 10-long lines, trimmed to the middle half.
        var two = Path()
        two.move(to: .zero); two.addLine(to: CGPoint(x: 10, y: 0))
        two.move(to: CGPoint(x: 0, y: 5)); two.addLine(to: CGPoint(x: 10, y: 5))
        let t = two.trimmedPath(from: 0.25, to: 0.75)
        #expect(t.description == "5 0 m 10 0 l 0 5 m 5 5 l")
    }

    @Test("description round-trips through init?(_:)")
    func description() {
        var p = Path(CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(p.description == "0 0 m 10 0 l 10 20 l 0 20 l h")
        p.addQuadCurve(to: CGPoint(x: 1.5, y: 2), control: CGPoint(x: 3, y: 4))
        p.addCurve(to: CGPoint(x: 7, y: 8), control1: CGPoint(x: -1, y: 0.25), control2: CGPoint(x: 5, y: 6))
        let back = Path(p.description)
        #expect(back == p || back?.description == p.description)
        #expect(Path("0 0 m 1 l") == nil)
        #expect(Path("1 1 l") == nil)
        #expect(Path("0 0 x") == nil)
        #expect(Path("")?.isEmpty == true)
    }

    @Test("a tangent arc is tangent to both lines, with its radius")
    func tangentArc() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        var points: [CGPoint] = []
        p.forEach { e in
            switch e {
            case .line(let q): points.append(q)
            case .curve(let q, _, _): points.append(q)
            default: break
            }
        }
        #expect(points.first.map { abs($0.x - 80) < 1e-9 && abs($0.y) < 1e-9 } == true)
        #expect(p.currentPoint.map { abs($0.x - 100) < 1e-9 && abs($0.y - 20) < 1e-9 } == true)
        // Every arc end point is 20 from the centre (80, 20).
        for q in points.dropFirst() { #expect(abs(hypot(q.x - 80, q.y - 20) - 20) < 1e-9) }
        // Collinear points and a zero radius give a line to the first tangent point.
        var line = Path()
        line.move(to: .zero)
        line.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        line.addArc(tangent1End: CGPoint(x: 30, y: 0), tangent2End: CGPoint(x: 30, y: 10), radius: 0)
        #expect(line.description == "0 0 m 10 0 l 30 0 l")
    }

    @Test("strokedPath is the stroke's outline")
    func strokedPath() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 10))
        p.addLine(to: CGPoint(x: 40, y: 10))
        let outline = p.strokedPath(StrokeStyle(lineWidth: 4))
        #expect(outline.boundingRect == CGRect(x: 0, y: 8, width: 40, height: 4))
        #expect(outline.contains(CGPoint(x: 20, y: 9)))
        #expect(!outline.contains(CGPoint(x: 20, y: 13)))
        let round = p.strokedPath(StrokeStyle(lineWidth: 4, lineCap: .round))
        #expect(round.contains(CGPoint(x: -1.5, y: 10)))
        #expect(p.strokedPath(StrokeStyle(lineWidth: 0)).isEmpty)
    }
}
