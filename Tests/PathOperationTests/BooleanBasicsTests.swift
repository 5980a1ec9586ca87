import Testing
import Foundation
import CanvasGeometry

/// The operations on shapes whose answers are known exactly.
@Suite("Boolean operations: known answers")
struct BooleanBasicsTests {
    let a = TestShapes.rect(0, 0, 10, 10)
    let b = TestShapes.rect(5, 5, 10, 10)

    @Test("overlapping squares: the four operations' areas")
    func squares() {
        #expect(abs(a.combined(with: b, operation: .union, evenOdd: false).signedArea - 175) < 1e-9)
        #expect(abs(a.combined(with: b, operation: .intersection, evenOdd: false).signedArea - 25) < 1e-9)
        #expect(abs(a.combined(with: b, operation: .subtraction, evenOdd: false).signedArea - 75) < 1e-9)
        #expect(abs(a.combined(with: b, operation: .symmetricDifference, evenOdd: false).signedArea - 150) < 1e-9)
    }

    @Test("the intersection of two squares is the square between them, lines only")
    func intersectionIsSquare() {
        let r = a.combined(with: b, operation: .intersection, evenOdd: false)
        #expect(r.subpathCount == 1)
        let c = r.segmentCounts
        #expect(c.lines == 3 && c.quads == 0 && c.cubics == 0 && c.closes == 1)
        #expect(Set(r.points.map { "\($0.x),\($0.y)" }) == ["5.0,5.0", "10.0,5.0", "10.0,10.0", "5.0,10.0"])
    }

    @Test("results run clockwise on screen (positive area), holes the other way")
    func orientation() {
        // A square drawn counter-clockwise comes out clockwise.
        let ccw = TestShapes.polygon([Point(0, 0), Point(0, 10), Point(10, 10), Point(10, 0)])
        #expect(ccw.signedArea < 0)
        let n = ccw.normalized(evenOdd: false)
        #expect(abs(n.signedArea - 100) < 1e-9)
        // A ring: the hole's contour has negative area of its own.
        let ring = TestShapes.rect(0, 0, 30, 30).combined(with: TestShapes.rect(10, 10, 10, 10),
                                                         operation: .subtraction, evenOdd: false)
        #expect(ring.subpathCount == 2)
        #expect(abs(ring.signedArea - 800) < 1e-9)
    }

    @Test("two circles' union keeps cubic curves")
    func curvesStayCurves() {
        let c1 = TestShapes.circle(20, 20, 10), c2 = TestShapes.circle(32, 20, 10)
        let u = c1.combined(with: c2, operation: .union, evenOdd: false)
        let counts = u.segmentCounts
        #expect(u.subpathCount == 1)
        #expect(counts.lines == 0 && counts.cubics >= 4 && counts.cubics <= 8)
        // Exact area of the lens: 2r²acos(d/2r) − (d/2)√(4r² − d²).
        let r = 10.0, d = 12.0
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let expected = 2 * c1.signedArea - lens * (c1.signedArea / (Double.pi * r * r))
        #expect(abs(u.signedArea - expected) / expected < 2e-3)
    }
}
