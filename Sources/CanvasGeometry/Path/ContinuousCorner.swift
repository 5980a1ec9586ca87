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
/// lines; the circular corner is written in the same steps (with degenerate first
/// and last curves) so the two can be blended.
///
/// The continuous numbers are the geometry of UIKit's `UIBezierPath(roundedRect:
/// cornerRadius:)` (the iOS 7 smooth corner) as measured and published by PaintCode
/// ("Code for iOS 7 rounded rectangles"); SwiftUI's `.continuous` style draws the
/// same curve.
public enum CornerGeometry {
    /// How far along each side a continuous corner reaches, in radii.
    public static let continuousReach = 1.52866483

    /// The corner's twelve points as (a, b), blended `f` of the way from continuous
    /// (0) to circular (1): 0 the start; 1–3 the first cubic's controls and end; 4 the
    /// first line's end; 5–7 the second cubic; 8 the second line's end; 9–11 the
    /// third cubic. (A switch of constants, so walking a corner allocates nothing.)
    @inlinable
    public static func point(_ i: Int, blend f: Double) -> (Double, Double) {
        let continuous: (Double, Double), circular: (Double, Double)
        switch i {
        case 0: continuous = (continuousReach, 0); circular = (1, 0)
        case 1: continuous = (1.08849323, 0); circular = (1, 0)
        case 2: continuous = (0.86840689, 0); circular = (1, 0)
        case 3: continuous = (0.66993427, 0.06549600); circular = (1, 0)
        case 4: continuous = (0.63149399, 0.07491100); circular = (1, 0)
        case 5: continuous = (0.37282392, 0.16905899); circular = (1 - kappa, 0)
        case 6: continuous = (0.16905899, 0.37282392); circular = (0, 1 - kappa)
        case 7: continuous = (0.07491100, 0.63149399); circular = (0, 1)
        case 8: continuous = (0.06549600, 0.66993427); circular = (0, 1)
        case 9: continuous = (0, 0.86840689); circular = (0, 1)
        case 10: continuous = (0, 1.08849323); circular = (0, 1)
        default: continuous = (0, continuousReach); circular = (0, 1)
        }
        return (continuous.0 + (circular.0 - continuous.0) * f, continuous.1 + (circular.1 - continuous.1) * f)
    }

    /// The blend that makes a corner of `radius` reach no further than `available`
    /// along its sides: 0 when the full continuous corner fits, 1 when only a circular
    /// one does (radius equal to the space).
    @inlinable
    public static func blend(radius: Double, available: Double) -> Double {
        guard radius > 0 else { return 0 }
        let reach = continuousReach * radius
        if reach <= available { return 0 }
        return min(1, max(0, (reach - available) / (reach - radius)))
    }
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
        continuousRoundedRect(r, radii: c, transform: t, into: &s)
    }

    /// A rectangle with continuous corners, starting at the middle of the right side
    /// and going down first; each corner may use its share of the two sides it touches.
    @inlinable
    public static func continuousRoundedRect<S: PathSink>(_ r: Rect, radii c: CornerRadii, transform t: Transform,
                                                           into s: inout S) {
        let w = r.width, h = r.height
        func available(_ mine: Double, _ neighbour: Double, _ side: Double) -> Double {
            mine + neighbour > 0 ? side * mine / (mine + neighbour) : side / 2
        }
        s.move(to: t.apply(Point(r.maxX, (r.minY + r.maxY) / 2)))
        continuousCorner(at: Point(r.maxX, r.maxY), entering: Point(0, -1), leaving: Point(-1, 0),
                         radii: (c.bottomRight.y, c.bottomRight.x),
                         room: (available(c.bottomRight.y, c.topRight.y, h), available(c.bottomRight.x, c.bottomLeft.x, w)),
                         transform: t, into: &s)
        continuousCorner(at: Point(r.minX, r.maxY), entering: Point(1, 0), leaving: Point(0, -1),
                         radii: (c.bottomLeft.x, c.bottomLeft.y),
                         room: (available(c.bottomLeft.x, c.bottomRight.x, w), available(c.bottomLeft.y, c.topLeft.y, h)),
                         transform: t, into: &s)
        continuousCorner(at: Point(r.minX, r.minY), entering: Point(0, 1), leaving: Point(1, 0),
                         radii: (c.topLeft.y, c.topLeft.x),
                         room: (available(c.topLeft.y, c.bottomLeft.y, h), available(c.topLeft.x, c.topRight.x, w)),
                         transform: t, into: &s)
        continuousCorner(at: Point(r.maxX, r.minY), entering: Point(-1, 0), leaving: Point(0, 1),
                         radii: (c.topRight.x, c.topRight.y),
                         room: (available(c.topRight.x, c.topLeft.x, w), available(c.topRight.y, c.bottomRight.y, h)),
                         transform: t, into: &s)
        s.close()
    }

    /// One continuous corner at `p`: `entering` points back along the side it is
    /// entered by, `leaving` forward along the side it leaves by; `radii` and `room`
    /// along each (entering, leaving). A corner without both radii is a sharp one.
    @inlinable
    static func continuousCorner<S: PathSink>(at p: Point, entering: Point, leaving: Point, radii: (Double, Double),
                                              room: (Double, Double), transform t: Transform, into s: inout S) {
        guard radii.0 > 0 && radii.1 > 0 else {
            s.line(to: t.apply(p))
            return
        }
        let f = max(CornerGeometry.blend(radius: radii.0, available: room.0),
                    CornerGeometry.blend(radius: radii.1, available: room.1))
        func point(_ i: Int) -> Point {
            let (a, b) = CornerGeometry.point(i, blend: f)
            return t.apply(p + entering * (a * radii.0) + leaving * (b * radii.1))
        }
        s.line(to: point(0))
        s.cubic(to: point(3), control1: point(1), control2: point(2))
        s.line(to: point(4))
        s.cubic(to: point(7), control1: point(5), control2: point(6))
        s.line(to: point(8))
        s.cubic(to: point(11), control1: point(9), control2: point(10))
    }
}
