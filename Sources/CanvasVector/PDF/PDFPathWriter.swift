import CanvasGeometry
import CanvasRender

/// Writes path elements as PDF path operators (`m`, `l`, `c`, `h`); quadratic
/// curves become the cubic curves that trace them exactly.
struct PDFPathWriter: PathSink {
    var out = PDFBytes()
    private var current = Point(0, 0)
    private var start = Point(0, 0)
    /// Whether any element was written.
    private(set) var isEmpty = true
    /// The box of every point written (control points included).
    private(set) var bounds = Rect.empty

    private var hasBounds = false

    private mutating func include(_ p: Point) {
        if !hasBounds { bounds = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y); hasBounds = true; return }
        bounds = Rect(minX: min(bounds.minX, p.x), minY: min(bounds.minY, p.y),
                      maxX: max(bounds.maxX, p.x), maxY: max(bounds.maxY, p.y))
    }

    mutating func move(to p: Point) {
        out.numbers(p.x, p.y); out.op("m")
        include(p)
        current = p; start = p; isEmpty = false
    }

    mutating func line(to p: Point) {
        out.numbers(p.x, p.y); out.op("l")
        include(p)
        current = p; isEmpty = false
    }

    mutating func quad(to p: Point, control c: Point) {
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = p + (c - p) * (2.0 / 3)
        cubic(to: p, control1: c1, control2: c2)
    }

    mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        out.numbers(c1.x, c1.y, c2.x, c2.y, p.x, p.y); out.op("c")
        include(c1); include(c2); include(p)
        current = p; isEmpty = false
    }

    mutating func close() {
        guard !isEmpty else { return }
        out.op("h")
        current = start
    }

    /// The operators for `geometry` under `transform` (a rectangle under a
    /// scale-and-translate transform as `re`).
    static func operators(for geometry: Geometry, transform: Transform = .identity) -> PDFPathWriter {
        var writer = PDFPathWriter()
        if case .rect(let r) = geometry, transform.isScaleTranslate {
            let m = r.transformed(by: transform)
            writer.out.numbers(m.minX, m.minY, m.width, m.height)
            writer.out.op("re")
            writer.bounds = m
            writer.hasBounds = true
            writer.isEmpty = false
            return writer
        }
        geometry.replay(into: &writer, transform: transform)
        return writer
    }
}
