import Foundation
import OpenCanvasDrawing

#if !canImport(Darwin)   // Apple platforms have QuartzCore itself
/// A 4 × 4 transform of 3D space, in Core Animation's row-vector convention
/// (`[x' y' z' w'] = [x y z 1] · M`), as `ProjectionTransform(_:)` and
/// `rotation3DEffect` take it.
public struct CATransform3D: Equatable, Hashable, Sendable {
    /// The first row: what x contributes to x', y', z' and w'.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: what y contributes to x', y', z' and w'.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: what z contributes to x', y', z' and w' (`m34` is where a
    /// perspective goes, as -1 / the eye's distance).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (`m41`, `m42`, `m43`) and `m44`.
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity.
    public init() {
        (m11, m12, m13, m14) = (1, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 1, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 1, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 1)
    }

    /// A transform with the given entries, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether two transforms are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `tx`, `ty` and `tz`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale by `sx`, `sy` and `sz` along the axes.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis (`x`, `y`, `z`) (the identity for
/// a zero or non-finite axis), counterclockwise looking down the axis, as Core
/// Animation defines it.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(
        m11: c + ux * ux * k, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
        m21: uy * ux * k - uz * s, m22: c + uy * uy * k, m23: uy * uz * k + ux * s, m24: 0,
        m31: uz * ux * k + uy * s, m32: uz * uy * k - ux * s, m33: c + uz * uz * k, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `a` followed by `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let x = a.rows, y = b.rows
    var r = [[CGFloat]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i][j] += x[i][k] * y[k][j] } } }
    return CATransform3D(rows: r)
}

/// A translation applied before `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation (as `CATransform3DMakeRotation` makes it) applied before `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse, or `t` itself when it is not invertible (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss–Jordan elimination with partial pivoting.
    var a = t.rows, inv: [[CGFloat]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    for col in 0..<4 {
        var pivot = col
        for row in col..<4 where abs(a[row][col]) > abs(a[pivot][col]) { pivot = row }
        guard abs(a[pivot][col]) > 1e-12, a[pivot][col].isFinite else { return t }
        a.swapAt(col, pivot)
        inv.swapAt(col, pivot)
        let p = a[col][col]
        for j in 0..<4 { a[col][j] /= p; inv[col][j] /= p }
        for row in 0..<4 where row != col {
            let f = a[row][col]
            guard f != 0 else { continue }
            for j in 0..<4 { a[row][j] -= f * a[col][j]; inv[row][j] -= f * inv[col][j] }
        }
    }
    return CATransform3D(rows: inv)
}

/// A 3D transform that does what an affine transform does in the plane.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` maps the plane as an affine transform does.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1
        && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t` (its x and y rows and translation).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
#endif

extension ProjectionTransform {
    /// The projection of a 3D transform onto the plane (its x, y and w rows and
    /// columns, z dropped), as SwiftUI makes it.
    public init(_ m: CATransform3D) {
        self.init()
        (m11, m12, m13) = (m.m11, m.m12, m.m14)
        (m21, m22, m23) = (m.m21, m.m22, m.m24)
        (m31, m32, m33) = (m.m41, m.m42, m.m44)
    }
}
