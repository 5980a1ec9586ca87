import Testing
@testable import CanvasGeometry

@Suite("Polylines written into kept storage")
struct PolylineReuseTests {
    /// Paths of every kind, one after another into one kept array: each result must
    /// equal the polylines made afresh, whatever the spare polylines left before.
    @Test("kept storage gives the same polylines as fresh storage, path after path")
    func sameAsFresh() {
        var rng = Rng(state: 5)
        var kept: [Polyline] = []
        for trial in 0..<300 {
            var path = PathData()
            let subpaths = Int(rng.next() % 5)
            for _ in 0..<subpaths {
                switch rng.next() % 6 {
                case 0: path.move(to: rng.point(100))                        // a lone move
                case 1:
                    path.move(to: rng.point(100))
                    for _ in 0..<Int(rng.next() % 6) { path.line(to: rng.point(100)) }
                case 2:
                    path.move(to: rng.point(100))
                    path.cubic(to: rng.point(100), control1: rng.point(100), control2: rng.point(100))
                    path.close()
                case 3:
                    path.addEllipse(in: Rect(x: rng.unit() * 50, y: rng.unit() * 50, width: rng.unit() * 80,
                                             height: rng.unit() * 80))
                case 4:
                    let p = rng.point(100)
                    path.move(to: p)
                    path.line(to: p)                                            // zero length: a dot
                default:
                    path.move(to: rng.point(100))
                    path.quad(to: rng.point(100), control: rng.point(100))
                    path.line(to: rng.point(100))
                    path.close()
                }
            }
            let halfWidth = trial % 3 == 0 ? 4.0 : 0
            let fresh = path.polylines(tolerance: 0.1, halfWidth: halfWidth)
            let count = path.polylines(tolerance: 0.1, halfWidth: halfWidth, into: &kept)
            #expect(count == fresh.count, "trial \(trial)")
            guard count == fresh.count else { continue }
            for (a, b) in zip(kept[..<count], fresh) {
                #expect(a.points == b.points && a.smooth == b.smooth && a.closed == b.closed
                        && a.direction == b.direction && a.startTangent == b.startTangent
                        && a.endTangent == b.endTangent, "trial \(trial)")
            }
        }
    }

    /// The stroker keeps its polylines in the outline buffer: outlining strokes one
    /// after another into one buffer gives what a fresh buffer gives.
    @Test("strokes outlined into one kept buffer match fresh buffers")
    func strokerKeepsStorage() {
        var rng = Rng(state: 9)
        var kept = OutlineBuffer()
        for trial in 0..<100 {
            var path = PathData()
            path.move(to: rng.point(100))
            for _ in 0..<Int(1 + rng.next() % 8) {
                if rng.next() % 2 == 0 { path.line(to: rng.point(100)) } else {
                    path.cubic(to: rng.point(100), control1: rng.point(100), control2: rng.point(100))
                }
            }
            if trial % 2 == 0 { path.close() }
            var style = StrokeParameters()
            style.width = 0.5 + rng.unit() * 12
            var fresh = OutlineBuffer()
            Stroker.stroke(path, style, tolerance: 0.1, into: &fresh)
            kept.removeAll()
            Stroker.stroke(path, style, tolerance: 0.1, into: &kept)
            #expect(kept.points.count == fresh.points.count && kept.contourEnds.count == fresh.contourEnds.count,
                    "trial \(trial)")
            guard kept.points.count == fresh.points.count else { continue }
            #expect((0..<kept.points.count).allSatisfy { kept.points[$0] == fresh.points[$0] }, "trial \(trial)")
        }
    }
}
