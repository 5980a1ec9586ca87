import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// An affine transform, as Core Graphics defines it (Linux Foundation has none):
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The coefficient of x in x' (the horizontal scale when there is no rotation).
    public var a: CGFloat
    /// The coefficient of x in y'.
    public var b: CGFloat
    /// The coefficient of y in x'.
    public var c: CGFloat
    /// The coefficient of y in y' (the vertical scale when there is no rotation).
    public var d: CGFloat
    /// The translation along x.
    public var tx: CGFloat
    /// The translation along y.
    public var ty: CGFloat

    /// All components zero (as the C struct's zero initializer gives).
    public init() {
        a = 0; b = 0; c = 0; d = 0; tx = 0; ty = 0
    }

    /// A transform with the given components.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A translation by `tx` along x and `ty` along y.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` along x and `sy` along y.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians (clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `t1.concatenating(t2)`: apply `self`, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; a singular transform is returned unchanged, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let inv = 1 / det
        return CGAffineTransform(a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
                                 tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
    }

    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

extension CGPoint {
    /// The point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (no translation).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the rectangle's corners mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let s = standardized
        let pts = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                   CGPoint(x: s.maxX, y: s.maxY), CGPoint(x: s.minX, y: s.maxY)].map { $0.applying(t) }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
#endif
