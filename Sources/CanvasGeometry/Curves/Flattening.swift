/// How finely curves are cut into line segments.
///
/// Uniform subdivision of a degree-n Bézier into `k` pieces deviates from the curve by
/// at most `n(n−1)/8 · M / k²`, where `M` is the largest second difference of the
/// control points (Wang's formula). Solving for `k` gives the segment counts below;
/// the tests check the bound numerically against dense samples of the curve.
public enum Flattening {
    /// The largest distance, in device pixels, between a curve and its polyline.
    public static let tolerance = 0.1

    /// Segments needed for a quadratic within `tolerance` (lengths measured by `metric`).
    @inlinable
    public static func quadSegments(_ p0: Point, _ p1: Point, _ p2: Point,
                                     tolerance: Double, metric: FlatteningMetric = .identity) -> Double {
        let dd = metric.length(p0 - p1 * 2 + p2)
        return (0.25 * dd / tolerance).squareRoot().rounded(.up)
    }

    /// Segments needed for a cubic within `tolerance` (lengths measured by `metric`).
    @inlinable
    public static func cubicSegments(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                      tolerance: Double, metric: FlatteningMetric = .identity) -> Double {
        let d1 = metric.length(p0 - p1 * 2 + p2)
        let d2 = metric.length(p1 - p2 * 2 + p3)
        return (0.75 * max(d1, d2) / tolerance).squareRoot().rounded(.up)
    }

    /// Calls `emit` with the end point of each segment of the quad (the start point
    /// `p0` is not emitted). `maxSegments` caps the work; callers subdivide larger
    /// curves first.
    @inlinable
    public static func flattenQuad(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double,
                                    metric: FlatteningMetric = .identity, emit: (Point) -> Void) {
        let n = max(1, min(Int(clamping: quadSegments(p0, p1, p2, tolerance: tolerance, metric: metric)), 1 << 16))
        if n == 1 { return emit(p2) }
        let step = 1 / Double(n)
        for i in 1..<n { emit(Bezier.quadPoint(p0, p1, p2, Double(i) * step)) }
        emit(p2)
    }

    @inlinable
    public static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                     tolerance: Double, metric: FlatteningMetric = .identity, emit: (Point) -> Void) {
        let n = max(1, min(Int(clamping: cubicSegments(p0, p1, p2, p3, tolerance: tolerance, metric: metric)), 1 << 16))
        if n == 1 { return emit(p3) }
        // Forward differencing in double precision: exact enough for n ≤ 65536.
        let h = 1 / Double(n)
        let ax = -p0.x + 3 * p1.x - 3 * p2.x + p3.x, ay = -p0.y + 3 * p1.y - 3 * p2.y + p3.y
        let bx = 3 * (p0.x - 2 * p1.x + p2.x), by = 3 * (p0.y - 2 * p1.y + p2.y)
        let cx = 3 * (p1.x - p0.x), cy = 3 * (p1.y - p0.y)
        var x = p0.x, y = p0.y
        var d1x = ax * h * h * h + bx * h * h + cx * h, d1y = ay * h * h * h + by * h * h + cy * h
        var d2x = 6 * ax * h * h * h + 2 * bx * h * h, d2y = 6 * ay * h * h * h + 2 * by * h * h
        let d3x = 6 * ax * h * h * h, d3y = 6 * ay * h * h * h
        for _ in 1..<n {
            x += d1x; y += d1y
            d1x += d2x; d1y += d2y
            d2x += d3x; d2y += d3y
            emit(Point(x, y))
        }
        emit(p3)
    }
}

extension Int {
    /// `Int(clamping:)` for doubles: NaN gives 0, out-of-range values saturate.
    @inlinable
    public init(clamping v: Double) {
        if !(v > -9.2e18) { self = v.isNaN ? 0 : Int.min }
        else if !(v < 9.2e18) { self = Int.max }
        else { self = Int(v) }
    }
}
