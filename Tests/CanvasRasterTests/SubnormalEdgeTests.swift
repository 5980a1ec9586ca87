import Testing
@testable import CanvasRaster
import CanvasGeometry

/// Edges whose height is below Double's normal range: their slope overflows to
/// infinity, and an x along the rows would be NaN (0 · ∞). The drawing fuzzer found
/// one (Tools/Fuzz/Regressions/drawing/edge-of-subnormal-height): a 26-pixel line
/// from y = 3.8·10⁻³²¹ to 8.5·10⁻³²¹ sent a NaN cell index into the accumulator.
@Suite("Edges a subnormal distance high")
struct SubnormalEdgeTests {
    /// The fuzzer's two heights, 3.8·10⁻³²¹ and 8.5·10⁻³²¹ (subnormal: as bit patterns).
    static let low = Double(bitPattern: 773), high = Double(bitPattern: 1722)

    /// The fuzzer's shape: a quadrilateral whose top edge slants 26 pixels across a
    /// subnormal height, over the rectangle 0…25.88 × 0…20.
    static func quadrilateral() -> EdgeList {
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 27, y1: 27))
        edges.move(to: Point(25.882963707789983, low))
        edges.line(to: Point(0, high))
        edges.line(to: Point(0, 20))
        edges.line(to: Point(25.882963707789983, 20))
        edges.finish()
        return edges
    }

    @Test("are dropped like horizontal ones, and every kept edge's slope is finite")
    func dropped() {
        let edges = Self.quadrilateral()
        let kept = (0..<edges.edges.count).map { edges.edges.pointer[$0] }
        #expect(kept.allSatisfy { $0.slope.isFinite })
        #expect(!kept.contains { $0.y1 - $0.y0 < 1e-300 })
    }

    @Test("fill what the rest of the path covers, by either method")
    func filled() {
        for method in [ScanConverter.Method.accumulation, .exactSweep] {
            var edges = Self.quadrilateral()
            let scan = ScanConverter()
            scan.method = method
            var spans = SpanBuffer()
            scan.fill(&edges, rule: .nonZero, into: &spans)
            let image = coverageImage(spans, width: 27, height: 27)
            // The quadrilateral is the rectangle 0…25.88 × 0…20 (its top edge is
            // a subnormal slant): full inside, nothing below it.
            #expect(image[10 * 27 + 10] == 255, "\(method)")
            #expect(image[22 * 27 + 10] == 0, "\(method)")
        }
    }
}
