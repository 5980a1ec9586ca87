#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Strokes whose pen is wider than the curve is tight, as a sum of pieces.
///
/// When the half-width exceeds twice a curve's radius of curvature, the inner
/// edge of the stroke is no longer an offset of the curve: the pen's far end
/// swings past the centre of curvature, and the stroke there is bounded by the
/// pen's own positions. The one-outline construction then needs a spoke through
/// every vertex, and a chord's normal (half a flattening step off the curve's)
/// moves the pen's far end sideways by the half-width times that angle.
///
/// So such a polyline is stroked as the union of pieces, all turning the same way
/// so that the non-zero rule fills their union: for each segment, the region the
/// pen sweeps between its positions at the two ends — square to the curve at
/// smooth vertices (the bisector of the two chords) and at the ends (the curve's
/// own tangent), square to the segment at corners — split into its near and far
/// halves (a half whose end swings backwards is a crossed quadrilateral: its two
/// triangles); the join of each corner; and the caps.
extension OutlineBuilder {
    /// Whether some smooth vertex is tighter than the pen: its inner offsets do
    /// not meet within its segments.
    func isTight(_ pts: UnsafeBufferPointer<Point>, closed: Bool) -> Bool {
        let n = pts.count
        guard n > 2 || (closed && n > 1) else { return false }
        let range = closed ? 0..<n : 1..<(n - 1)
        for i in range where i < smooth.count && smooth[i] {
            let prev = pts[(i + n - 1) % n], p = pts[i], next = pts[(i + 1) % n]
            let d0 = p - prev, d1 = next - p
            let len0 = d0.length, len1 = d1.length
            guard len0 > 0, len1 > 0 else { continue }
            let u0 = d0 * (1 / len0), u1 = d1 * (1 / len1)
            let cross = abs(u0.cross(u1)), dot = u0.dot(u1)
            if 1 + dot <= 1e-6 || hw * cross / (1 + dot) > min(len0, len1) { return true }
        }
        return false
    }

    mutating func sweep(_ pts: UnsafeBufferPointer<Point>, closed: Bool, into out: inout OutlineBuffer) {
        let n = pts.count
        let segments = closed ? n : n - 1
        @inline(__always) func direction(_ k: Int) -> Point { unit(pts[k % n], pts[(k + 1) % n]) }
        /// The pen's normal at vertex `i` on segment `k` leaving or arriving there.
        func penNormal(vertex i: Int, segment k: Int) -> Point {
            if !closed && i == 0 { return normal(endDirection(pts, reversed: true) * -1) }
            if !closed && i == n - 1 { return normal(endDirection(pts, reversed: false)) }
            guard i < smooth.count, smooth[i] else { return normal(direction(k)) }
            let before = direction((i + n - 1) % n), after = direction(i % n)
            let bisector = before + after
            let len = bisector.length
            return len > 1e-12 ? normal(bisector * (1 / len)) : normal(direction(k))
        }
        for k in 0..<segments {
            let a = pts[k], b = pts[(k + 1) % n]
            let na = penNormal(vertex: k, segment: k), nb = penNormal(vertex: (k + 1) % n, segment: k)
            sweptHalf(a, b, na, nb, into: &out)
            sweptHalf(a, b, na * -1, nb * -1, into: &out)
        }
        // Corners: the join on the outer side of the turn.
        for i in (closed ? 0 : 1)..<(closed ? n : n - 1) where !(i < smooth.count && smooth[i]) {
            cornerJoin(pts[i], direction((i + n - 1) % n), direction(i % n), into: &out)
        }
        if !closed {
            capPiece(pts[n - 1], direction: endDirection(pts, reversed: false), into: &out)
            capPiece(pts[0], direction: endDirection(pts, reversed: true), into: &out)
        }
    }

    /// The region the half-pen sweeps moving from `a + na` at `a` to `b + nb` at `b`.
    mutating func sweptHalf(_ a: Point, _ b: Point, _ na: Point, _ nb: Point, into out: inout OutlineBuffer) {
        let ta = a + na, tb = b + nb
        // Crossed when the two pen positions cross: the half's end swings backwards.
        if let x = OutlineBuilder.crossing(a, ta, b, tb) {
            piece([a, x, b], into: &out)
            piece([x, ta, tb], into: &out)
        } else {
            piece([a, ta, tb, b], into: &out)
        }
    }

    /// Where segments p0–p1 and q0–q1 cross (strictly inside both), if they do.
    static func crossing(_ p0: Point, _ p1: Point, _ q0: Point, _ q1: Point) -> Point? {
        let r = p1 - p0, s = q1 - q0
        let denominator = r.cross(s)
        guard denominator != 0, denominator.isFinite else { return nil }
        let w = q0 - p0
        let t = w.cross(s) / denominator, u = w.cross(r) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return p0 + r * t
    }

    /// The outer join at a corner between unit directions `u0` and `u1`.
    mutating func cornerJoin(_ p: Point, _ u0: Point, _ u1: Point, into out: inout OutlineBuffer) {
        let cross = u0.cross(u1), dot = u0.dot(u1)
        if abs(cross) < 1e-9 && dot > 0 { return }
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let n0 = normal(u0) * side, n1 = normal(u1) * side
        var polygon = [p, p + n0]
        switch style.join {
        case .round:
            var arcPoints = ScratchBuffer<Point>(capacity: 16)
            let sweep = atan2(n0.cross(n1), n0.dot(n1))
            arc(p, from: n0, sweep: sweep == .pi ? -.pi : sweep, into: &arcPoints)
            for k in 0..<arcPoints.count { polygon.append(arcPoints[k]) }
        case .miter:
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if 1 + dot > 1e-6 && 1 / cosHalf <= miterLimit { polygon.append(p + (n0 + n1) * (1 / (1 + dot))) }
        case .bevel:
            break
        }
        polygon.append(p + n1)
        piece(polygon, into: &out)
    }

    /// A cap at `p`, where the path ends heading in unit direction `u`: the cap the
    /// outline draws (from `p + n` round to `p − n`, turning as the pieces do),
    /// closed across the pen.
    mutating func capPiece(_ p: Point, direction u: Point, into out: inout OutlineBuffer) {
        guard style.cap != .butt else { return }
        let start = out.points.count
        let n = normal(u)
        out.add(p + n)
        cap(p, direction: u, into: &out)
        out.add(p - n)
        out.closeContour(from: start)
    }

    /// Adds a simple polygon as a contour of its own, turned the way every piece
    /// turns (negative shoelace area, as the outline's segment rectangles do).
    mutating func piece(_ polygon: [Point], into out: inout OutlineBuffer) {
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        let start = out.points.count
        if area < 0 {
            for p in polygon { out.add(p) }
        } else {
            for p in polygon.reversed() { out.add(p) }
        }
        out.closeContour(from: start)
    }
}
