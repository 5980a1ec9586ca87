import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// The path operations through the public API: `Path`, `CGPath` and `Shape`. The
/// geometry itself is tested against an oracle in PathOperationTests; here the
/// names, defaults, fill rules and the drawn pixels.
@MainActor @Suite("Path operations: Path, CGPath and Shape")
struct PathOperationsTests {
    let square = Path(CGRect(x: 0, y: 0, width: 20, height: 20))
    let other = Path(CGRect(x: 10, y: 10, width: 20, height: 20))

    func area(_ p: Path) -> Double {
        // Shoelace on a fine flattening: the result's own measure.
        var total = 0.0
        var start = CGPoint.zero, last = CGPoint.zero
        func add(_ a: CGPoint, _ b: CGPoint) { total += Double(a.x * b.y - b.x * a.y) / 2 }
        p.forEach { e in
            switch e {
            case .move(let to): add(last, start); start = to; last = to
            case .line(let to): add(last, to); last = to
            case .quadCurve(let to, _), .curve(let to, _, _): add(last, to); last = to
            case .closeSubpath: add(last, start); last = start
            }
        }
        add(last, start)
        return total
    }

    @Test("the four area operations on Path")
    func pathOperations() {
        #expect(abs(area(square.union(other)) - 700) < 1e-9)
        #expect(abs(area(square.intersection(other)) - 100) < 1e-9)
        #expect(abs(area(square.subtracting(other)) - 300) < 1e-9)
        #expect(abs(area(square.symmetricDifference(other)) - 600) < 1e-9)
        #expect(square.intersection(other).boundingRect == CGRect(x: 10, y: 10, width: 10, height: 10))
    }

    @Test("eoFill decides the insides: a ring under even-odd, a square under non-zero")
    func fillRules() {
        var nested = Path(CGRect(x: 0, y: 0, width: 30, height: 30))
        nested.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        let probe = Path(CGRect(x: 12, y: 12, width: 6, height: 6))
        #expect(nested.intersection(probe, eoFill: true).isEmpty)
        #expect(!nested.intersection(probe, eoFill: false).isEmpty)
        // normalized defaults to even-odd, as in SwiftUI.
        #expect(abs(area(nested.normalized()) - 800) < 1e-9)
        #expect(abs(area(nested.normalized(eoFill: false)) - 900) < 1e-9)
        // The result is the same area under both rules.
        let n = nested.normalized()
        #expect(n.contains(CGPoint(x: 15, y: 15), eoFill: false) == n.contains(CGPoint(x: 15, y: 15), eoFill: true))
    }

    @Test("line operations keep the receiver's lines, open")
    func lineOperations() {
        var line = Path()
        line.move(to: CGPoint(x: -10, y: 15))
        line.addLine(to: CGPoint(x: 40, y: 15))
        #expect(line.lineIntersection(square).boundingRect == CGRect(x: 0, y: 15, width: 20, height: 0))
        var elements: [Path.Element] = []
        line.lineSubtraction(square).forEach { elements.append($0) }
        #expect(elements == [.move(to: CGPoint(x: -10, y: 15)), .line(to: CGPoint(x: 0, y: 15)),
                             .move(to: CGPoint(x: 20, y: 15)), .line(to: CGPoint(x: 40, y: 15))])
    }

    @Test("CGPath: operations, components, flattening, intersects")
    func cgPath() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let b = CGPath(ellipseIn: CGRect(x: 10, y: 0, width: 20, height: 20), transform: nil)
        let far = CGPath(rect: CGRect(x: 100, y: 100, width: 5, height: 5), transform: nil)
        let touching = CGPath(rect: CGRect(x: 20, y: 0, width: 5, height: 5), transform: nil)
        #expect(a.intersects(b))
        #expect(!a.intersects(far))
        #expect(!a.intersects(touching))          // an edge in common is not area in common
        #expect(a.union(b).boundingBoxOfPath.width == 30)
        #expect(a.subtracting(b, using: .evenOdd).boundingBoxOfPath.maxX <= 20)
        #expect(!a.symmetricDifference(b).isEmpty && !a.intersection(b).isEmpty)
        // The square's right side is the circle's vertical diameter; the rest is outside.
        let inside = a.lineIntersection(b).boundingBoxOfPath
        #expect(abs(inside.minX - 20) < 1e-9 && inside.width < 1e-9 && abs(inside.height - 20) < 1e-9)
        #expect(!a.lineSubtraction(b).isEmpty)
        let both = a.union(far)
        let parts = both.componentsSeparated()
        #expect(parts.count == 2)
        #expect(parts[0].boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(both.normalized().boundingBoxOfPath == both.boundingBoxOfPath)
        // Flattening: only lines, more of them for a finer threshold.
        var lines = 0, curves = 0
        Path(b.flattened(threshold: 0.1)).forEach {
            if case .line = $0 { lines += 1 }
            if case .curve = $0 { curves += 1 }
        }
        #expect(curves == 0 && lines > 8)
        #expect(Path(b.flattened(threshold: 0.01)).description.count > Path(b.flattened(threshold: 1)).description.count)
    }

    @Test("Shape operations return shapes that draw the combined area")
    func shapes() {
        // A crescent: a circle with a shifted circle cut out of it.
        let crescent = Circle().subtracting(Circle().offset(x: 12, y: 0))
        let image = render(crescent.fill(Color.black).frame(width: 40, height: 40))
        #expect(pixelMismatch(image, 5, 20, (0, 0, 0, 255), tolerance: 0) == nil)       // kept edge
        #expect(pixelMismatch(image, 30, 20, (0, 0, 0, 0), tolerance: 0) == nil)        // cut away
        let both = Rectangle().intersection(Circle())
        let path = both.path(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(abs(area(path) - area(Circle().path(in: CGRect(x: 0, y: 0, width: 40, height: 40)))) < 1e-6)
        let union = Rectangle().inset(by: 10).union(Circle(), eoFill: true)
        #expect(union.path(in: CGRect(x: 0, y: 0, width: 40, height: 40)).contains(CGPoint(x: 20, y: 2)))
        let ring = Circle().symmetricDifference(Circle().scale(0.5))
        #expect(!ring.path(in: CGRect(x: 0, y: 0, width: 40, height: 40)).contains(CGPoint(x: 20, y: 20)))
        let rim = Circle().lineIntersection(Rectangle().offset(x: 20)).path(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(rim.boundingRect.minX >= 20 - 1e-9)
        // A circle inside its frame's rectangle (touching it) has no line outside it.
        #expect(Circle().lineSubtraction(Rectangle()).path(in: CGRect(x: 0, y: 0, width: 40, height: 40)).isEmpty)
    }
}
