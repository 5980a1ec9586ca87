/// How the corners of a rounded rectangle are drawn.
public enum CornerStyle: Sendable, Hashable {
    /// Quarter ellipses: curvature jumps where the corner meets the straight side.
    case circular
    /// Apple's "continuous" corner: the curve leaves the side about 1.53 radii before
    /// the corner and its curvature eases in, so there is no visible kink.
    case continuous
}

/// One corner, walked from the side it is entered by to the side it is left by, in
/// the corner's own frame: `a` is the distance from the corner along the entering
/// side, `b` along the leaving side, both in radii. Three cubics joined by two short
/// lines; the circular corner is written in the same five steps (with degenerate
/// first and last curves) so the two can be blended.
///
/// The continuous numbers are the geometry of UIKit's `UIBezierPath(roundedRect:
/// cornerRadius:)` (the iOS 7 smooth corner) as measured and published by PaintCode
/// ("Code for iOS 7 rounded rectangles"); SwiftUI's `.continuous` style draws the
/// same curve.
public enum CornerGeometry {
    /// How far along each side a continuous corner reaches, in radii.
    public static let continuousReach = 1.52866483

    /// [c1a, c1b, c2a, c2b, a, b] per curve; lines are the pairs in between.
    static let continuousCurves: [[Double]] = [
        [1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600],
        [0.37282392, 0.16905899, 0.16905899, 0.37282392, 0.07491100, 0.63149399],
        [0, 0.86840689, 0, 1.08849323, 0, continuousReach],
    ]
    static let continuousLines: [[Double]] = [[0.63149399, 0.07491100], [0.06549600, 0.66993427]]

    static let circularCurves: [[Double]] = [
        [1, 0, 1, 0, 1, 0],
        [1 - kappa, 0, 0, 1 - kappa, 0, 1],
        [0, 1, 0, 1, 0, 1],
    ]
    static let circularLines: [[Double]] = [[1, 0], [0, 1]]

    /// The corner's points as (a, b) pairs, blended `f` of the way from continuous
    /// (0) to circular (1): start, then for each step its points.
    public static func steps(blend f: Double) -> [(Double, Double)] {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        var out: [(Double, Double)] = []
        out.reserveCapacity(13)
        out.append((mix(continuousReach, 1), 0))
        for i in 0..<3 {
            let c = continuousCurves[i], r = circularCurves[i]
            for k in stride(from: 0, to: 6, by: 2) { out.append((mix(c[k], r[k]), mix(c[k + 1], r[k + 1]))) }
            if i < 2 {
                let cl = continuousLines[i], rl = circularLines[i]
                out.append((mix(cl[0], rl[0]), mix(cl[1], rl[1])))
            }
        }
        return out
    }

    /// The blend that makes a corner of `radius` reach no further than `available`
    /// along its sides: 0 when the full continuous corner fits, 1 when only a circular
    /// one does (radius equal to the space).
    public static func blend(radius: Double, available: Double) -> Double {
        guard radius > 0 else { return 0 }
        let reach = continuousReach * radius
        if reach <= available { return 0 }
        return min(1, max(0, (reach - available) / (reach - radius)))
    }
}

/// One corner of a rounded rectangle, for walking it: the corner point, unit vectors
/// back along the side it is entered by and forward along the side it is left by,
/// the radii along each, and the room each side leaves it.
private struct CornerWalk {
    var p: Point, inDir: Point, outDir: Point
    var rin: Double, rout: Double
    var availIn: Double, availOut: Double
}

extension ShapeOutline {
    /// A rounded rectangle with `style` corners. Radii must fit the sides (see
    /// `CornerRadii.fitted(to:)`); continuous corners that do not fully fit are blended
    /// towards circular ones, so a radius of half the shorter side gives round ends
    /// (a capsule), as in SwiftUI.
    @inlinable
    public static func roundedRect<S: PathSink>(_ r: Rect, radii c: CornerRadii, style: CornerStyle,
                                                 transform t: Transform, into s: inout S) {
        if style == .circular { return roundedRect(r, radii: c, transform: t, into: &s) }
        for e in continuousRoundedRect(r, radii: c) {
            switch e {
            case .move(let p): s.move(to: t.apply(p))
            case .line(let p): s.line(to: t.apply(p))
            case .quad(let c, let p): s.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): s.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: s.close()
            }
        }
    }

    /// The elements of a rectangle with continuous corners, starting at the middle
    /// of the right side and going down first.
    public static func continuousRoundedRect(_ r: Rect, radii c: CornerRadii) -> [PathData.Element] {
        let w = r.width, h = r.height
        // Each corner may use its share of the two sides it touches.
        func available(_ mine: Double, _ neighbour: Double, _ side: Double) -> Double {
            mine + neighbour > 0 ? side * mine / (mine + neighbour) : side / 2
        }
        let corners = [
            CornerWalk(p: Point(r.maxX, r.maxY), inDir: Point(0, -1), outDir: Point(-1, 0),
                       rin: c.bottomRight.y, rout: c.bottomRight.x,
                       availIn: available(c.bottomRight.y, c.topRight.y, h),
                       availOut: available(c.bottomRight.x, c.bottomLeft.x, w)),
            CornerWalk(p: Point(r.minX, r.maxY), inDir: Point(1, 0), outDir: Point(0, -1),
                       rin: c.bottomLeft.x, rout: c.bottomLeft.y,
                       availIn: available(c.bottomLeft.x, c.bottomRight.x, w),
                       availOut: available(c.bottomLeft.y, c.topLeft.y, h)),
            CornerWalk(p: Point(r.minX, r.minY), inDir: Point(0, 1), outDir: Point(1, 0),
                       rin: c.topLeft.y, rout: c.topLeft.x,
                       availIn: available(c.topLeft.y, c.bottomLeft.y, h),
                       availOut: available(c.topLeft.x, c.topRight.x, w)),
            CornerWalk(p: Point(r.maxX, r.minY), inDir: Point(-1, 0), outDir: Point(0, 1),
                       rin: c.topRight.x, rout: c.topRight.y,
                       availIn: available(c.topRight.x, c.topLeft.x, w),
                       availOut: available(c.topRight.y, c.bottomRight.y, h)),
        ]
        var out: [PathData.Element] = [.move(Point(r.maxX, (r.minY + r.maxY) / 2))]
        out.reserveCapacity(34)
        for corner in corners {
            guard corner.rin > 0 && corner.rout > 0 else {
                out.append(.line(corner.p))
                continue
            }
            let f = max(CornerGeometry.blend(radius: corner.rin, available: corner.availIn),
                        CornerGeometry.blend(radius: corner.rout, available: corner.availOut))
            let pts = CornerGeometry.steps(blend: f)
            func map(_ ab: (Double, Double)) -> Point {
                corner.p + corner.inDir * (ab.0 * corner.rin) + corner.outDir * (ab.1 * corner.rout)
            }
            out.append(.line(map(pts[0])))
            var i = 1
            for step in 0..<5 {
                if step % 2 == 0 {
                    out.append(.cubic(map(pts[i]), map(pts[i + 1]), map(pts[i + 2])))
                    i += 3
                } else {
                    out.append(.line(map(pts[i])))
                    i += 1
                }
            }
        }
        out.append(.close)
        return out
    }
}
