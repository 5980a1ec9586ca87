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
        // The edge list's count for a piece: √(0.75·d / tolerance) rounded up. With
        // s = √(0.75·d / 0.1), the box's count is n = ⌈s⌉ and the leaf's ⌈s·√(0.1/t)⌉.
        for s in [256.5, 257, 1e6 + 0.3, 65_536, 1e40, 3e150] {
            let n = s.rounded(.up)
            let t = EdgeList.leafTolerance(0.1, segments: n)
            let leaf = (s * (0.1 / t).squareRoot()).rounded(.up)
            #expect(leaf <= 256 && leaf >= 200, "s \(s): \(leaf) segments")
        }
        // An unmeasurable piece is one chord; small ones keep the box's tolerance.
        #expect(EdgeList.leafTolerance(0.1, segments: .infinity) == .infinity)
        #expect(EdgeList.leafTolerance(0.1, segments: .nan) == 0.1)
        #expect(EdgeList.leafTolerance(0.1, segments: 256) == 0.1)
        #expect(EdgeList.leafTolerance(0.1, segments: 3) == 0.1)
    }
}
