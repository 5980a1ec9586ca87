#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PathData {
    /// The winding number of the path around `p`, with every subpath closed and
    /// curves flattened within `tolerance`.
    public func winding(at p: Point, tolerance: Double) -> Int {
        var w = 0
        func edge(_ a: Point, _ b: Point) {
            // Half-open rule on y, so shared vertices count once.
            if a.y <= p.y {
                if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
            } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                w -= 1
            }
        }
        var start = Point.zero, last = Point.zero
        var open = false
        forEach { e in
            switch e {
            case .move(let q):
                if open { edge(last, start) }
                start = q; last = q; open = true
            case .line(let q):
                edge(last, q); last = q
            case .quad(let c, let q):
                Flattening.flattenQuad(last, c, q, tolerance: tolerance) { edge(last, $0); last = $0 }
            case .cubic(let c1, let c2, let q):
                Flattening.flattenCubic(last, c1, c2, q, tolerance: tolerance) { edge(last, $0); last = $0 }
            case .close:
                if open { edge(last, start) }
                last = start; open = false
            }
        }
        if open { edge(last, start) }
        return w
    }

    /// Appends a circular arc as cubic Béziers (at most 90° each), from angle `start`
    /// sweeping by `sweep` radians (positive towards +y, clockwise on a y-down
    /// screen). A line joins the current point to the arc's start if a subpath is
    /// open; otherwise the arc starts a new subpath.
    public mutating func addArc(center: Point, radius: Double, start: Double, sweep: Double,
                                 transform t: Transform = .identity) {
        guard center.isFinite, radius.isFinite, start.isFinite, sweep.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        guard radius >= 0 else { return Diagnostics.report(.negativeRadius) }
        let p0 = t.apply(Point(center.x + radius * cos(start), center.y + radius * sin(start)))
        if isEmpty || needsMove { move(to: p0) } else { line(to: p0) }
        if radius == 0 || sweep == 0 { return }
        // Quarter turns, rounded up (with slack for rounding noise), at most two turns.
        let n = max(1, min(8, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up))))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for _ in 0..<n {
            let b = a + step
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            let c1 = Point(center.x + radius * (ca - k * sa), center.y + radius * (sa + k * ca))
            let c2 = Point(center.x + radius * (cb + k * sb), center.y + radius * (sb - k * cb))
            let e = Point(center.x + radius * cb, center.y + radius * sb)
            cubic(to: t.apply(e), control1: t.apply(c1), control2: t.apply(c2))
            a = b
        }
    }
}
