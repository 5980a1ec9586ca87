import Testing
@testable import CanvasRaster
import CanvasGeometry

/// Curves whose control points lie far beyond what doubles can place to a pixel.
/// The edge list halves a curve until each piece needs at most 256 segments, up to
/// 100 times; the `cgcontext` fuzzer found pieces still needing millions after that
/// (Tools/Fuzz/Regressions/cgcontext/curve-pieces-still-huge-after-100-halvings):
/// each was cut into 65,536 lines, 0.4 s for one input.
@Suite("Curves beyond 10⁶⁰ px")
struct HugeCurveTests {
    @Test("a piece left after the last halving gets at most 256 segments, whatever its size")
    func leafSegments() {
        for n in [257.0, 1e6, 1e40, 1e150, .infinity] {
            let tolerance = EdgeList.leafTolerance(0.1, segments: n)
            // Segment counts grow with 1/√tolerance.
            let segments = (n * (0.1 / tolerance).squareRoot()).rounded(.down)
            #expect(segments <= 256 || n.isInfinite, "n \(n): \(segments)")
            #expect(tolerance >= 0.1)
        }
        #expect(EdgeList.leafTolerance(0.1, segments: 256) == 0.1)
        #expect(EdgeList.leafTolerance(0.1, segments: 3) == 0.1)
    }
}
