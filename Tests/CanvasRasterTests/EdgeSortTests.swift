import Testing
@testable import CanvasRaster
import CanvasGeometry

@Suite("Sorting edges by their top without allocating")
struct EdgeSortTests {
    /// The edges of a random polygon of `n` vertices with tops on few rows (many
    /// ties), sorted by `sortByTop`, against the standard library's stable sort.
    @Test("sortByTop orders by top and keeps the order of ties", arguments: [0, 1, 5, 31, 32, 33, 64, 97, 500, 4_099])
    func sortsStably(vertices n: Int) {
        var rng = SplitMix(state: UInt64(n) &+ 17)
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 200, y1: 200))
        if n > 0 {
            // Whole-row ys: many edges start on one row, so stability shows.
            func point() -> Point { Point(rng.unit() * 200, Double(rng.next() % 12) * 16) }
            edges.move(to: point())
            for _ in 1..<max(2, n) { edges.line(to: point()) }
            edges.close()
        }
        edges.finish()
        let before = (0..<edges.edges.count).map { (index: $0, edge: edges.edges[$0]) }
        let expected = before.sorted { $0.edge.y0 < $1.edge.y0 }   // stable in Swift
        edges.sortByTop()
        #expect(edges.edges.count == before.count)
        for (k, e) in expected.enumerated() {
            let got = edges.edges[k]
            #expect(got.y0 == e.edge.y0 && got.x0 == e.edge.x0 && got.y1 == e.edge.y1 && got.x1 == e.edge.x1
                    && got.direction == e.edge.direction, "edge \(k) of \(before.count)")
        }
    }
}
