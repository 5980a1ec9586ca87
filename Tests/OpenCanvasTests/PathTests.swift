import Testing
import Foundation
import OpenCanvas
import RenderTesting

@Suite("Path")
struct PathTests {
    @Test("a rectangle path: corners in Core Graphics' order, closed")
    func rectElements() {
        var elements: [Path.Element] = []
        Path(CGRect(x: 1, y: 2, width: 3, height: 4)).forEach { elements.append($0) }
        #expect(elements == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 4, y: 2)),
                             .line(to: CGPoint(x: 4, y: 6)), .line(to: CGPoint(x: 1, y: 6)), .closeSubpath])
    }

    @Test("an ellipse starts at its rightmost point and heads down first (clockwise on screen)")
    func ellipseElements() {
        var elements: [Path.Element] = []
        Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10)).forEach { elements.append($0) }
        #expect(elements.count == 6)
        #expect(elements.first == .move(to: CGPoint(x: 20, y: 5)))
        if case .curve(let to, _, _) = elements[1] { #expect(to == CGPoint(x: 10, y: 10)) } else { Issue.record() }
        #expect(elements.last == .closeSubpath)
    }

    @Test("boundingRect leaves control points out")
    func boundingRect() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        let r = p.boundingRect
        #expect(r.minX == 0 && r.maxX == 10)
        #expect(abs(r.maxY - 5) < 1e-9)        // the curve's peak, not the control point
        #expect(Path().boundingRect.isNull)
    }

    @Test("contains follows the fill rules")
    func contains() {
        var p = Path(CGRect(x: 0, y: 0, width: 30, height: 30))
        p.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(p.contains(CGPoint(x: 15, y: 15)))
        #expect(!p.contains(CGPoint(x: 15, y: 15), eoFill: true))
        #expect(p.contains(CGPoint(x: 5, y: 5), eoFill: true))
        #expect(!p.contains(CGPoint(x: 35, y: 5)))
        #expect(Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)).contains(CGPoint(x: 5, y: 5)))
        #expect(!Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)).contains(CGPoint(x: 0.5, y: 0.5)))
    }

    @Test("a segment after closeSubpath starts at the closed subpath's start")
    func implicitMove() {
        var p = Path()
        p.move(to: CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 5, y: 1))
        p.closeSubpath()
        #expect(p.currentPoint == CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 1, y: 9))
        var elements: [Path.Element] = []
        p.forEach { elements.append($0) }
        #expect(elements[3] == .move(to: CGPoint(x: 1, y: 1)))
        #expect(elements[4] == .line(to: CGPoint(x: 1, y: 9)))
    }

    @Test("continuous rounded corners reach 1.53 radii along each side; at half the side they are round")
    func continuousCorners() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 100)
        var first: CGPoint?
        var points: [CGPoint] = []
        Path(roundedRect: r, cornerRadius: 10).forEach { e in
            switch e {
            case .move(let p): first = p
            case .line(let p): points.append(p)
            default: break
            }
        }
        #expect(first == CGPoint(x: 100, y: 50))
        // The first line runs down the right side to where the bottom-right corner begins.
        #expect(abs(points[0].y - (100 - 15.2866483)) < 1e-6)
        // A capsule: radius half the height gives semicircular ends through the
        // midpoints of the short sides.
        let capsule = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20)
        #expect(capsule.contains(CGPoint(x: 0.5, y: 20)))
        #expect(!capsule.contains(CGPoint(x: 2, y: 2)))
        #expect(capsule.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 40))
    }

    @Test("arcs are cubic Béziers; clockwise: false turns clockwise on screen")
    func arcs() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        var elements: [Path.Element] = []
        p.forEach { elements.append($0) }
        #expect(elements.first == .move(to: CGPoint(x: 10, y: 0)))
        guard case .curve(let end, _, _) = elements.last else { Issue.record(); return }
        #expect(abs(end.x) < 1e-9 && abs(end.y - 10) < 1e-9)       // +y: down on screen
        var q = Path()
        q.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        #expect(abs(q.boundingRect.minY + 10) < 1e-6)                // the long way round, through −y
    }

    @Test("applying and offsetBy move every point")
    func transforms() {
        let p = Path(CGRect(x: 0, y: 0, width: 10, height: 10)).offsetBy(dx: 5, dy: -5)
        #expect(p.boundingRect == CGRect(x: 5, y: -5, width: 10, height: 10))
        let r = Path(CGRect(x: 0, y: 0, width: 10, height: 10)).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.boundingRect.minX + 10) < 1e-9 && abs(r.boundingRect.maxY - 10) < 1e-9)
    }

    @Test("a path of one line (kept without element storage) reads, changes and draws as its elements do")
    @MainActor func oneLine() {
        let a = CGPoint(x: 3, y: 17), b = CGPoint(x: 28, y: 6)
        var line = Path()
        line.move(to: CGPoint(x: 1, y: 1))                       // replaced by the next move
        line.move(to: a)
        #expect(!line.isEmpty && line.currentPoint == a)
        line.addLine(to: b)
        var elements: [Path.Element] = []
        line.forEach { elements.append($0) }
        #expect(elements == [.move(to: a), .line(to: b)])
        #expect(line.currentPoint == b)
        #expect(line.boundingRect == CGRect(x: 3, y: 6, width: 25, height: 11))
        #expect(line.applying(CGAffineTransform(translationX: 1, y: 2)).boundingRect == CGRect(x: 4, y: 8, width: 25, height: 11))
        // The same line as element storage (a third element added and taken back out).
        let stored = Path { p in p.addLines([a, b]) }
        #expect(line.description == stored.description)
        for style in [StrokeStyle(lineWidth: 1), StrokeStyle(lineWidth: 5, lineCap: .round),
                      StrokeStyle(lineWidth: 3, lineCap: .square, dash: [4, 2])] {
            let drawn = renderCanvas(width: 32, height: 24) { c, _ in c.stroke(line, with: .color(.black), style: style) }
            let expected = renderCanvas(width: 32, height: 24) { c, _ in c.stroke(stored, with: .color(.black), style: style) }
            #expect(identical(drawn, expected), "\(style)")
            #expect(rgbaAt(drawn, 15, 11)[3] > 0)
        }
        // Growing past one line, or closing it, gives element storage with the line first.
        var longer = line
        longer.addLine(to: CGPoint(x: 28, y: 20))
        longer.closeSubpath()
        elements = []
        longer.forEach { elements.append($0) }
        #expect(elements == [.move(to: a), .line(to: b), .line(to: CGPoint(x: 28, y: 20)), .closeSubpath])
        var closed = line
        closed.closeSubpath()
        elements = []
        closed.forEach { elements.append($0) }
        #expect(elements == [.move(to: a), .line(to: b), .closeSubpath])
        // A non-finite point is ignored, as everywhere.
        var bad = line
        bad.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
        #expect(bad == line)
    }
}
