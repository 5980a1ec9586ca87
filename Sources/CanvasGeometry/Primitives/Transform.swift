/// An affine transform with Core Graphics' layout and conventions:
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// `concatenating(t)` applies `self` first, then `t` (as `CGAffineTransform` does).
@frozen
public struct Transform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable
    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `radians`; positive turns clockwise on a y-down screen.
    @inlinable
    public static func rotation(_ radians: Double) -> Transform {
        let s = sin(radians), c = cos(radians)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    @inlinable @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (for vectors).
    @inlinable @inline(__always)
    public func applyToVector(_ p: Point) -> Point {
        Point(a * p.x + c * p.y, b * p.x + d * p.y)
    }

    /// `self` followed by `t`.
    @inlinable
    public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c,
                  b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c,
                  d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx,
                  ty: tx * t.b + ty * t.d + t.ty)
    }

    @inlinable
    public var determinant: Double { a * d - b * c }

    @inlinable
    public var isIdentity: Bool { self == .identity }

    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// True when the transform maps axis-aligned rectangles to axis-aligned rectangles
    /// without swapping axes (scale and translation only).
    @inlinable
    public var isScaleTranslate: Bool { b == 0 && c == 0 }

    /// The inverse, or `nil` when the transform is singular or not finite.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        let r = Transform(a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
                          tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
        return r.isFinite ? r : nil
    }

    /// The largest factor by which the transform stretches a vector (the larger
    /// singular value of the linear part). Used to turn device-space tolerances into
    /// user-space ones.
    public var maxScale: Double {
        // Singular values of [[a c][b d]]: sqrt of eigenvalues of M^T M.
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2
        let diff = ((p - q) * (p - q) / 4 + r * r).squareRoot()
        return (mean + diff).squareRoot()
    }

    /// The smaller singular value of the linear part.
    public var minScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2
        let diff = ((p - q) * (p - q) / 4 + r * r).squareRoot()
        return max(0, mean - diff).squareRoot()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
