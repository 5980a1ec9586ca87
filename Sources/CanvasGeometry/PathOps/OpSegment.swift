/// One segment of a path as the path operations see it: a line, a quadratic or a
/// cubic Bézier, kept in its own degree so that the results keep lines as lines and
/// curves as the curves they came from.
///
/// The operations cut every curve at its x and y extrema first, so most code here
/// may assume a segment is monotone in both axes: its bounding box is the box of its
/// end points, and a horizontal or vertical line meets it at most once.
struct OpSegment {
    enum Kind: UInt8 { case line, quad, cubic }

    var kind: Kind
    /// End points and controls: a line uses `p0, p3`; a quad `p0, p1, p3`
    /// (control in `p1`); a cubic all four.
    var p0: Point, p1: Point, p2: Point, p3: Point

    static func line(_ a: Point, _ b: Point) -> OpSegment {
        OpSegment(kind: .line, p0: a, p1: a, p2: b, p3: b)
    }

    static func quad(_ a: Point, _ c: Point, _ b: Point) -> OpSegment {
        OpSegment(kind: .quad, p0: a, p1: c, p2: c, p3: b)
    }

    static func cubic(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point) -> OpSegment {
        OpSegment(kind: .cubic, p0: a, p1: c1, p2: c2, p3: b)
    }

    var start: Point { p0 }
    var end: Point { p3 }

    func point(at t: Double) -> Point {
        switch kind {
        case .line: return t == 1 ? p3 : p0.lerp(p3, t)
        case .quad: return t == 1 ? p3 : Bezier.quadPoint(p0, p1, p3, t)
        case .cubic: return t == 1 ? p3 : Bezier.cubicPoint(p0, p1, p2, p3, t)
        }
    }

    func derivative(at t: Double) -> Point {
        switch kind {
        case .line:
            return p3 - p0
        case .quad:
            return ((p1 - p0) * (1 - t) + (p3 - p1) * t) * 2
        case .cubic:
            let u = 1 - t
            let a = (p1 - p0) * (u * u), b = (p2 - p1) * (2 * u * t), c = (p3 - p2) * (t * t)
            return (a + b + c) * 3
        }
    }

    /// The direction the segment leaves its start in (or arrives at its end in, with
    /// `atEnd`), falling back past coincident control points.
    func tangent(atEnd: Bool) -> Point {
        let candidates: [Point]
        switch kind {
        case .line: candidates = [p3 - p0]
        case .quad: candidates = atEnd ? [p3 - p1, p3 - p0] : [p1 - p0, p3 - p0]
        case .cubic: candidates = atEnd ? [p3 - p2, p3 - p1, p3 - p0] : [p1 - p0, p2 - p0, p3 - p0]
        }
        for c in candidates where c.x != 0 || c.y != 0 { return c }
        return p3 - p0
    }

    var reversed: OpSegment {
        switch kind {
        case .line: return .line(p3, p0)
        case .quad: return .quad(p3, p1, p0)
        case .cubic: return .cubic(p3, p2, p1, p0)
        }
    }

    /// The part of the segment between parameters `t0 < t1`.
    func subsegment(_ t0: Double, _ t1: Double) -> OpSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        switch kind {
        case .line:
            return .line(point(at: t0), point(at: t1))
        case .quad:
            var (a, b, c) = (p0, p1, p3)
            if t1 < 1 { (a, b, c) = Bezier.splitQuad(a, b, c, at: t1).0 }
            if t0 > 0 { (a, b, c) = Bezier.splitQuad(a, b, c, at: t0 / t1).1 }
            return .quad(a, b, c)
        case .cubic:
            var (a, b, c, d) = (p0, p1, p2, p3)
            if t1 < 1 { (a, b, c, d) = Bezier.splitCubic(a, b, c, d, at: t1).0 }
            if t0 > 0 { (a, b, c, d) = Bezier.splitCubic(a, b, c, d, at: t0 / t1).1 }
            return .cubic(a, b, c, d)
        }
    }

    /// The same segment with its end points moved to `a` and `b` (the vertices they
    /// were snapped to); each control moves with the end point it belongs to, so the
    /// tangents are kept.
    func withEnds(_ a: Point, _ b: Point) -> OpSegment {
        let da = a - p0, db = b - p3
        switch kind {
        case .line: return .line(a, b)
        case .quad: return .quad(a, p1 + (da + db) * 0.5, b)
        case .cubic: return .cubic(a, p1 + da, p2 + db, b)
        }
    }

    /// The box of the end points: the segment's bounds once it is monotone.
    var endBounds: Rect {
        Rect(minX: min(p0.x, p3.x), minY: min(p0.y, p3.y), maxX: max(p0.x, p3.x), maxY: max(p0.y, p3.y))
    }

    /// The box of all control points: always contains the segment.
    var controlBounds: Rect {
        switch kind {
        case .line: return endBounds
        case .quad:
            return Rect(minX: min(p0.x, p1.x, p3.x), minY: min(p0.y, p1.y, p3.y),
                        maxX: max(p0.x, p1.x, p3.x), maxY: max(p0.y, p1.y, p3.y))
        case .cubic:
            return Rect(minX: min(p0.x, p1.x, p2.x, p3.x), minY: min(p0.y, p1.y, p2.y, p3.y),
                        maxX: max(p0.x, p1.x, p2.x, p3.x), maxY: max(p0.y, p1.y, p2.y, p3.y))
        }
    }

    /// Parameters in (0, 1) where the segment turns in x or y, sorted.
    var extrema: [Double] {
        switch kind {
        case .line: return []
        case .quad: return Bezier.quadExtrema(p0, p1, p3).sorted()
        case .cubic: return Bezier.cubicExtrema(p0, p1, p2, p3).sorted()
        }
    }

    /// Moves an end by a rounding error, keeping a line's control points on it.
    mutating func moveStart(to p: Point) {
        p0 = p
        if kind == .line { p1 = p }
    }

    mutating func moveEnd(to p: Point) {
        p3 = p
        if kind == .line { p2 = p }
    }

    /// True when every control point lies within `tol` of the start: a segment that
    /// is a point for the operations' purposes.
    func isDegenerate(_ tol: Double) -> Bool {
        let b = controlBounds
        return b.width <= tol && b.height <= tol
    }

    /// Signed area between the segment and the origin (Green's theorem:
    /// ½∮(x dy − y dx)), exact for each degree.
    var areaTerm: Double {
        switch kind {
        case .line:
            return 0.5 * p0.cross(p3)
        case .quad:
            // ∫ for a quadratic Bézier: (1/3)·[2·(p0×p1) + 2·(p1×p2) + p0×p2] / 2.
            return (2 * p0.cross(p1) + 2 * p1.cross(p3) + p0.cross(p3)) / 6
        case .cubic:
            let a = 6 * p0.cross(p1) + 3 * p0.cross(p2) + p0.cross(p3)
            let b = 3 * p1.cross(p2) + 3 * p1.cross(p3) + 6 * p2.cross(p3)
            return (a + b) / 20
        }
    }

    /// For a monotone segment, the parameter where coordinate `axis` (0 = x, 1 = y)
    /// equals `value`: Newton's method on the coordinate's polynomial, kept inside a
    /// shrinking bracket (a step that leaves it bisects instead), so it is robust to
    /// the tiny overshoot that splitting at computed extrema leaves. `value` must lie
    /// between the end points' coordinates.
    func parameter(where axis: Int, equals value: Double) -> Double {
        let c0 = axis == 0 ? p0.x : p0.y
        let c3 = axis == 0 ? p3.x : p3.y
        if c0 == c3 { return 0.5 }
        if kind == .line { return min(max((value - c0) / (c3 - c0), 0), 1) }
        let c1 = axis == 0 ? p1.x : p1.y, c2 = axis == 0 ? p2.x : p2.y
        // c(t) − value = ((a·t + b)·t + c)·t + d
        let a, b, c: Double
        if kind == .quad {
            a = 0; b = c0 - 2 * c1 + c3; c = 2 * (c1 - c0)
        } else {
            a = c3 - c0 + 3 * (c1 - c2); b = 3 * (c2 - 2 * c1 + c0); c = 3 * (c1 - c0)
        }
        let d = c0 - value
        let increasing = c3 > c0
        var lo = 0.0, hi = 1.0
        var t = min(max((value - c0) / (c3 - c0), 0), 1)
        for _ in 0..<64 {
            let f = ((a * t + b) * t + c) * t + d
            if f == 0 { return t }
            if (f < 0) == increasing { lo = t } else { hi = t }
            let slope = (3 * a * t + 2 * b) * t + c
            var next = t - f / slope
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - t) <= 1e-15 || hi - lo <= 1e-15 { return next }
            t = next
        }
        return t
    }

    /// For a monotone segment, the other coordinate where coordinate `axis` equals
    /// `value` (exact at the end points).
    func coordinate(crossing axis: Int, at value: Double) -> Double {
        let c0 = axis == 0 ? p0.x : p0.y
        let c3 = axis == 0 ? p3.x : p3.y
        let o0 = axis == 0 ? p0.y : p0.x
        let o3 = axis == 0 ? p3.y : p3.x
        if value == c0 { return o0 }
        if value == c3 { return o3 }
        if kind == .line { return o0 + (o3 - o0) * ((value - c0) / (c3 - c0)) }
        let p = point(at: parameter(where: axis, equals: value))
        return axis == 0 ? p.y : p.x
    }

    /// The parameter of the point of this monotone segment nearest `q`, when that
    /// point is within `tol` of `q`; nil otherwise.
    func parameter(near q: Point, tol: Double) -> Double? {
        let b = endBounds
        guard q.x >= b.minX - tol, q.x <= b.maxX + tol, q.y >= b.minY - tol, q.y <= b.maxY + tol
        else { return nil }
        if q.distance(to: p0) <= tol { return 0 }
        if q.distance(to: p3) <= tol { return 1 }
        var t: Double
        if kind == .line {
            let d = p3 - p0
            let len2 = d.dot(d)
            guard len2 > 0 else { return nil }
            t = min(max((q - p0).dot(d) / len2, 0), 1)
        } else {
            // Solve along the axis the segment spans most, then polish by Newton on
            // the distance so that steep parts are measured across, not along.
            let axis = b.width >= b.height ? 0 : 1
            let v = min(max(axis == 0 ? q.x : q.y, axis == 0 ? b.minX : b.minY), axis == 0 ? b.maxX : b.maxY)
            t = parameter(where: axis, equals: v)
            for _ in 0..<4 {
                let d = derivative(at: t)
                let dd = d.dot(d)
                guard dd > 0 else { break }
                t = min(max(t + (q - point(at: t)).dot(d) / dd, 0), 1)
            }
        }
        return point(at: t).distance(to: q) <= tol ? t : nil
    }
}
