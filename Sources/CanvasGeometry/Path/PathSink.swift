/// Anything that accepts path elements: path storage, the rasterizer's edge builder,
/// the stroker. Shape outlines are written once, generically, for every sink.
public protocol PathSink {
    mutating func move(to p: Point)
    mutating func line(to p: Point)
    mutating func quad(to p: Point, control c: Point)
    mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point)
    mutating func close()
}

extension PathData: PathSink {}

extension PathData {
    /// Sends every element to `sink`, mapped through `t`.
    @inlinable
    public func replay<S: PathSink>(into sink: inout S, transform t: Transform = .identity) {
        var i = 0
        points.withUnsafeBufferPointer { pts in
            for v in verbs {
                switch v {
                case .move: sink.move(to: t.apply(pts[i]))
                case .line: sink.line(to: t.apply(pts[i]))
                case .quad: sink.quad(to: t.apply(pts[i + 1]), control: t.apply(pts[i]))
                case .cubic:
                    sink.cubic(to: t.apply(pts[i + 2]), control1: t.apply(pts[i]), control2: t.apply(pts[i + 1]))
                case .close: sink.close()
                }
                i &+= v.pointCount
            }
        }
    }
}

/// Outlines of the built-in shapes, written for any `PathSink`.
///
/// Start points and directions (SwiftUI §21): a rectangle starts at (minX, minY) and
/// runs (maxX, minY) → (maxX, maxY) → (minX, maxY); ellipses and rounded rectangles
/// start at the middle of the right edge and run towards the bottom first. On a
/// y-down screen all three turn clockwise.
public enum ShapeOutline {
    @inlinable
    public static func rect<S: PathSink>(_ r: Rect, transform t: Transform, into s: inout S) {
        s.move(to: t.apply(Point(r.minX, r.minY)))
        s.line(to: t.apply(Point(r.maxX, r.minY)))
        s.line(to: t.apply(Point(r.maxX, r.maxY)))
        s.line(to: t.apply(Point(r.minX, r.maxY)))
        s.close()
    }

    @inlinable
    public static func ellipse<S: PathSink>(in r: Rect, transform t: Transform, into s: inout S) {
        let cx = (r.minX + r.maxX) / 2, cy = (r.minY + r.maxY) / 2
        let kx = r.width / 2 * kappa, ky = r.height / 2 * kappa
        s.move(to: t.apply(Point(r.maxX, cy)))
        s.cubic(to: t.apply(Point(cx, r.maxY)),
                control1: t.apply(Point(r.maxX, cy + ky)), control2: t.apply(Point(cx + kx, r.maxY)))
        s.cubic(to: t.apply(Point(r.minX, cy)),
                control1: t.apply(Point(cx - kx, r.maxY)), control2: t.apply(Point(r.minX, cy + ky)))
        s.cubic(to: t.apply(Point(cx, r.minY)),
                control1: t.apply(Point(r.minX, cy - ky)), control2: t.apply(Point(cx - kx, r.minY)))
        s.cubic(to: t.apply(Point(r.maxX, cy)),
                control1: t.apply(Point(cx + kx, r.minY)), control2: t.apply(Point(r.maxX, cy - ky)))
        s.close()
    }

    /// A rectangle whose corners are quarter ellipses with the given radii. The radii
    /// must already fit the sides (see `CornerRadii.fitted(to:)`).
    @inlinable
    public static func roundedRect<S: PathSink>(_ r: Rect, radii c: CornerRadii, transform t: Transform,
                                                 into s: inout S) {
        let k = 1 - kappa
        let cy = (r.minY + r.maxY) / 2
        s.move(to: t.apply(Point(r.maxX, cy)))
        s.line(to: t.apply(Point(r.maxX, r.maxY - c.bottomRight.y)))
        if c.bottomRight.x > 0 && c.bottomRight.y > 0 {
            s.cubic(to: t.apply(Point(r.maxX - c.bottomRight.x, r.maxY)),
                    control1: t.apply(Point(r.maxX, r.maxY - c.bottomRight.y * k)),
                    control2: t.apply(Point(r.maxX - c.bottomRight.x * k, r.maxY)))
        }
        s.line(to: t.apply(Point(r.minX + c.bottomLeft.x, r.maxY)))
        if c.bottomLeft.x > 0 && c.bottomLeft.y > 0 {
            s.cubic(to: t.apply(Point(r.minX, r.maxY - c.bottomLeft.y)),
                    control1: t.apply(Point(r.minX + c.bottomLeft.x * k, r.maxY)),
                    control2: t.apply(Point(r.minX, r.maxY - c.bottomLeft.y * k)))
        }
        s.line(to: t.apply(Point(r.minX, r.minY + c.topLeft.y)))
        if c.topLeft.x > 0 && c.topLeft.y > 0 {
            s.cubic(to: t.apply(Point(r.minX + c.topLeft.x, r.minY)),
                    control1: t.apply(Point(r.minX, r.minY + c.topLeft.y * k)),
                    control2: t.apply(Point(r.minX + c.topLeft.x * k, r.minY)))
        }
        s.line(to: t.apply(Point(r.maxX - c.topRight.x, r.minY)))
        if c.topRight.x > 0 && c.topRight.y > 0 {
            s.cubic(to: t.apply(Point(r.maxX, r.minY + c.topRight.y)),
                    control1: t.apply(Point(r.maxX - c.topRight.x * k, r.minY)),
                    control2: t.apply(Point(r.maxX, r.minY + c.topRight.y * k)))
        }
        s.close()
    }
}

extension CornerRadii {
    /// Radii made non-negative and scaled down together, as Core Graphics does, so
    /// that the two radii meeting on any side never exceed that side.
    public func fitted(to r: Rect) -> CornerRadii {
        func nonNegative(_ p: Point) -> Point {
            Point(p.x.isFinite ? max(0, p.x) : 0, p.y.isFinite ? max(0, p.y) : 0)
        }
        var c = CornerRadii(topLeft: nonNegative(topLeft), topRight: nonNegative(topRight),
                            bottomRight: nonNegative(bottomRight), bottomLeft: nonNegative(bottomLeft))
        var f = 1.0
        let w = r.width, h = r.height
        func fit(_ a: Double, _ b: Double, _ side: Double) {
            if a + b > side { f = min(f, side / (a + b)) }
        }
        fit(c.topLeft.x, c.topRight.x, w)
        fit(c.bottomLeft.x, c.bottomRight.x, w)
        fit(c.topLeft.y, c.bottomLeft.y, h)
        fit(c.topRight.y, c.bottomRight.y, h)
        if f < 1 {
            c.topLeft = c.topLeft * f; c.topRight = c.topRight * f
            c.bottomRight = c.bottomRight * f; c.bottomLeft = c.bottomLeft * f
        }
        return c
    }
}
