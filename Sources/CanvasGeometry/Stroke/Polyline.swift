/// A flattened subpath: the input of the dasher and the stroker.
public struct Polyline: Sendable {
    public var points: [Point]
    public var closed: Bool
    /// For a polyline of one point (a zero-length subpath or dash): the direction
    /// of the path there, which orients a square cap.
    public var direction: Point

    public init(points: [Point], closed: Bool, direction: Point = Point(1, 0)) {
        self.points = points; self.closed = closed; self.direction = direction
    }
}

extension PathData {
    /// The subpaths as polylines within `tolerance`, with repeated points removed.
    /// Subpaths that are a lone `move` are left out; a subpath whose segments all have
    /// zero length becomes a one-point polyline (a dot for round or square caps).
    public func polylines(tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point] = []
        var hasSegment = false
        var lastDirection = Point(1, 0)
        func push(_ p: Point) {
            if let last = current.last {
                let d = p - last
                if d.x == 0 && d.y == 0 { return }
                let len = d.length
                if len > 0 && len.isFinite { lastDirection = d * (1 / len) }
            }
            current.append(p)
        }
        func finish(closed: Bool) {
            defer { current = []; hasSegment = false }
            guard hasSegment, !current.isEmpty else { return }
            var pts = current
            var isClosed = closed
            if isClosed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
            if pts.count < 3 && isClosed && pts.count == 2 { isClosed = true }
            if pts.count == 1 { isClosed = false }
            result.append(Polyline(points: pts, closed: isClosed, direction: lastDirection))
        }
        var last = Point.zero
        forEach { e in
            switch e {
            case .move(let p):
                finish(closed: false)
                current = [p]
                last = p
            case .line(let p):
                hasSegment = true
                push(p); last = p
            case .quad(let c, let p):
                hasSegment = true
                Flattening.flattenQuad(last, c, p, tolerance: tolerance) { push($0) }
                last = p
            case .cubic(let c1, let c2, let p):
                hasSegment = true
                Flattening.flattenCubic(last, c1, c2, p, tolerance: tolerance) { push($0) }
                last = p
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }
}
