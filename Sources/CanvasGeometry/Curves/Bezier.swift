/// Evaluation, subdivision and extrema of quadratic and cubic Bézier curves.
public enum Bezier {
    @inlinable
    public static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                     u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    @inlinable
    public static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                   _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Splits a cubic at `t` (de Casteljau); returns the two halves' control points.
    @inlinable
    public static func splitCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                   at t: Double) -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t)
        let m = d.lerp(e, t)
        return ((p0, a, d, m), (m, e, c, p3))
    }

    @inlinable
    public static func splitQuad(_ p0: Point, _ p1: Point, _ p2: Point,
                                  at t: Double) -> ((Point, Point, Point), (Point, Point, Point)) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t)
        let m = a.lerp(b, t)
        return ((p0, a, m), (m, b, p2))
    }

    /// Parameters in (0, 1) where the quad's x or y derivative is zero.
    public static func quadExtrema(_ p0: Point, _ p1: Point, _ p2: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let den = a - 2 * b + c
            if den != 0 {
                let t = (a - b) / den
                if t > 0 && t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// Parameters in (0, 1) where the cubic's x or y derivative is zero.
    public static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // derivative / 3 = A t² + B t + C
            let A = -a + 3 * b - 3 * c + d
            let B = 2 * (a - 2 * b + c)
            let C = b - a
            for t in solveQuadratic(A, B, C) where t > 0 && t < 1 { ts.append(t) }
        }
        return ts
    }

    /// Real roots of `a t² + b t + c = 0` (a linear equation when `a` is tiny).
    public static func solveQuadratic(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) <= 1e-12 * scale {
            return b != 0 ? [-c / b] : []
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        let s = disc.squareRoot()
        // Numerically stable form.
        let q = -0.5 * (b + (b >= 0 ? s : -s))
        var roots: [Double] = []
        if q != 0 { roots.append(c / q) }
        roots.append(q / a)
        return roots
    }
}
