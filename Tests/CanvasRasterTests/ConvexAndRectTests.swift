import Testing
import Foundation
@testable import CanvasRaster
import CanvasGeometry

func coverageImage(_ spans: SpanBuffer, width: Int, height: Int) -> [UInt8] {
    var image = [UInt8](repeating: 0, count: width * height)
    for (key, a) in spans.coverageMap() where key.x >= 0 && key.x < width && key.y >= 0 && key.y < height {
        image[key.y * width + key.x] = a
    }
    return image
}

@Suite("Convex fast path and rectangle coverage against the references")
struct ConvexAndRectTests {
    @Test("random convex polygons through the convex path match the brute-force reference")
    func convexPolygons() {
        var rng = SplitMix(state: 99)
        let size = 40
        for trial in 0..<80 {
            // Points on an ellipse, in angle order: convex.
            let n = 3 + Int(rng.next() % 12)
            var angles = (0..<n).map { _ in rng.unit() * 2 * Double.pi }
            angles.sort()
            let cx = rng.unit() * 40, cy = rng.unit() * 40, rx = 2 + rng.unit() * 30, ry = 2 + rng.unit() * 30
            var poly = angles.map { Point(cx + rx * cos($0), cy + ry * sin($0)) }
            if trial % 2 == 1 { poly.reverse() }
            var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: size, y1: size))
            edges.move(to: poly[0])
            for p in poly.dropFirst() { edges.line(to: p) }
            edges.finish()
            #expect(edges.isConvex)
            var spans = SpanBuffer()
            ScanConverter().fill(&edges, rule: .nonZero, into: &spans)
            let ours = coverageImage(spans, width: size, height: size)
            let reference = ReferenceRasterizer(width: size, height: size).coverage(polygons: [poly], rule: .nonZero)
            for i in 0..<(size * size) where abs(Double(ours[i]) / 255 - reference[i]) > 2.0 / 255 {
                Issue.record("trial \(trial) pixel (\(i % size), \(i / size)): \(ours[i]) vs \(reference[i] * 255)")
                return
            }
        }
    }

    @Test("self-intersecting and multi-contour paths are not taken for convex")
    func convexityTest() {
        var bowtie = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
        bowtie.move(to: Point(0, 0)); bowtie.line(to: Point(10, 10)); bowtie.line(to: Point(10, 0)); bowtie.line(to: Point(0, 10))
        bowtie.finish()
        #expect(!bowtie.isConvex)
        var two = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
        two.move(to: Point(0, 0)); two.line(to: Point(3, 0)); two.line(to: Point(3, 3)); two.close()
        two.move(to: Point(5, 5)); two.line(to: Point(8, 5)); two.line(to: Point(8, 8)); two.close()
        #expect(!two.isConvex)
        // A pentagram turns one way at every vertex but winds twice.
        var star = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 100, y1: 100))
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let p = Point(50 + 40 * cos(a), 50 + 40 * sin(a))
            if k == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.finish()
        #expect(!star.isConvex)
    }

    @Test("rectangle coverage equals the scan converter's")
    func rectangles() {
        var rng = SplitMix(state: 5)
        for _ in 0..<200 {
            let r = Rect(x: rng.unit() * 30 - 5, y: rng.unit() * 30 - 5, width: rng.unit() * 20, height: rng.unit() * 20)
            let clip = PixelRect(x0: 0, y0: 0, x1: 32, y1: 32)
            var direct = SpanBuffer()
            RectCoverage.fill(r, clip: clip, antialiased: true, into: &direct)
            var edges = EdgeList(clip: clip)
            ShapeOutline.rect(r, transform: .identity, into: &edges)
            edges.finish()
            var general = SpanBuffer()
            ScanConverter().fill(&edges, rule: .nonZero, into: &general)
            let a = coverageImage(direct, width: 32, height: 32), b = coverageImage(general, width: 32, height: 32)
            for i in 0..<a.count { #expect(abs(Int(a[i]) - Int(b[i])) <= 1) }
            // The separable form gives the same coverage.
            if let box = PixelBox(r, clip: clip, antialiased: true) {
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 {
                        let h = box.x1 - box.x0 == 1 ? box.firstColumn : (x == box.x0 ? box.firstColumn : (x == box.x1 - 1 ? box.lastColumn : 1))
                        let v = box.y1 - box.y0 == 1 ? box.firstRow : (y == box.y0 ? box.firstRow : (y == box.y1 - 1 ? box.lastRow : 1))
                        #expect(abs(h * v * 255 - Double(a[y * 32 + x])) <= 1)
                    }
                }
            }
        }
    }

    @Test("without anti-aliasing, pixels whose centres are inside are covered")
    func aliased() {
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
        ShapeOutline.rect(Rect(x: 1.4, y: 1.6, width: 3.2, height: 2), transform: .identity, into: &edges)
        edges.finish()
        var spans = SpanBuffer()
        AliasedScan.fill(&edges, rule: .nonZero, into: &spans)
        let image = coverageImage(spans, width: 10, height: 10)
        // Column centres in [1.4, 4.6): 1.5 … 4.5 → columns 1…4; row centres in [1.6, 3.6): 2.5, 3.5.
        for y in 0..<10 { for x in 0..<10 {
            let inside = (1...4).contains(x) && (2...3).contains(y)
            #expect(image[y * 10 + x] == (inside ? 255 : 0))
        } }
    }
}
