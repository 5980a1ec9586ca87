#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PathData {
    /// Core Graphics' `addArc(tangent1End:tangent2End:radius:)`: an arc of `radius`
    /// tangent to the line from the current point to `t1` and to the line from `t1` to
    /// `t2`, preceded by a line from the current point to the first tangent point; the
    /// current point ends at the second tangent point. With no current point the path
    /// first moves to `t1`. A zero radius, coincident or collinear points give a line
    /// to `t1` (no NaN); a negative radius is ignored.
    public mutating func addTangentArc(_ t1: Point, _ t2: Point, radius: Double, transform t: Transform = .identity) {
        guard t1.isFinite, t2.isFinite, radius.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        guard radius >= 0 else { return Diagnostics.report(.negativeRadius) }
        guard let current = currentPoint, let inverse = t.inverted else {
            move(to: t.apply(t1))
            return
        }
        // Work in the arc's own space: the current point is stored transformed.
        let p0 = inverse.apply(current)
        let v1 = p0 - t1, v2 = t2 - t1
        let l1 = v1.length, l2 = v2.length
        guard radius > 0, l1 > 0, l2 > 0 else { return line(to: t.apply(t1)) }
        let u1 = v1 * (1 / l1), u2 = v2 * (1 / l2)
        let cosTheta = max(-1, min(1, u1.dot(u2)))
        let theta = acos(cosTheta)                       // angle at t1 between the two lines
        guard theta > 1e-9, theta < .pi - 1e-9 else { return line(to: t.apply(t1)) }
        let d = radius / tan(theta / 2)                  // from t1 to each tangent point
        let a = t1 + u1 * d, b = t1 + u2 * d
        let bisector = (u1 + u2) * (1 / (u1 + u2).length)
        let center = t1 + bisector * (radius / sin(theta / 2))
        let start = atan2(a.y - center.y, a.x - center.x)
        var sweep = atan2(b.y - center.y, b.x - center.x) - start
        // The short way round (the arc turns by π − θ).
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addArc(center: center, radius: radius, start: start, sweep: sweep, transform: t)
    }
}
