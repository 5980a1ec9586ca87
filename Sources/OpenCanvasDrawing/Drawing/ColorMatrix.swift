import Foundation

/// A 4 × 5 matrix for `GraphicsContext.Filter.colorMatrix`, like SVG's
/// `feColorMatrix`: `R' = r1·R + r2·G + r3·B + r4·A + r5` (likewise G', B', A'),
/// on unpremultiplied colour. Starts as the identity.
@frozen
public struct ColorMatrix: Equatable, Sendable {
    /// The row for red: `R' = r1·R + r2·G + r3·B + r4·A + r5`.
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    /// The row for green: `G' = g1·R + g2·G + g3·B + g4·A + g5`.
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    /// The row for blue: `B' = b1·R + b2·G + b3·B + b4·A + b5`.
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    /// The row for alpha: `A' = a1·R + a2·G + a3·B + a4·A + a5`.
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    /// The identity matrix, which leaves colours unchanged.
    public init() {}
}

/// A projective transformation of the plane, in Core Graphics' row-vector
/// convention: `[x' y' w'] = [x y 1] · M`, the point being `(x'/w', y'/w')`.
@frozen
public struct ProjectionTransform: Equatable, Sendable {
    /// The first row: what x contributes to x', y' and w'.
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    /// The second row: what y contributes to x', y' and w'.
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    /// The third row: the constant terms of x', y' and w' (`m31` and `m32` translate).
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    /// The identity transform.
    public init() {}

    /// The affine transform `m` (`a`, `b`, `c`, `d`, `tx`, `ty`), with the last
    /// column 0, 0, 1.
    public init(_ m: CGAffineTransform) {
        m11 = m.a; m12 = m.b; m21 = m.c; m22 = m.d; m31 = m.tx; m32 = m.ty
    }

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool { self == ProjectionTransform() }

    /// Whether the last column is 0, 0, 1, so that the transform is affine.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// `self` followed by `rhs`.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        let a = rows, b = rhs.rows
        var r = [[CGFloat]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[i][j] += a[i][k] * b[k][j] } } }
        return ProjectionTransform(rows: r)
    }

    /// Inverts in place; returns false (and leaves the value unchanged) if singular.
    @discardableResult
    public mutating func invert() -> Bool {
        let m = rows
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        guard det != 0, det.isFinite else { return false }
        let inv: [[CGFloat]] = [
            [c00, m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [c01, m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [c02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ].map { $0.map { $0 / det } }
        self = ProjectionTransform(rows: inv)
        return true
    }

    /// The inverse transform, or the transform unchanged if it is singular (see
    /// `invert()`).
    public func inverted() -> ProjectionTransform {
        var m = self
        m.invert()
        return m
    }

    var rows: [[CGFloat]] { [[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]] }

    init(rows r: [[CGFloat]]) {
        m11 = r[0][0]; m12 = r[0][1]; m13 = r[0][2]
        m21 = r[1][0]; m22 = r[1][1]; m23 = r[1][2]
        m31 = r[2][0]; m32 = r[2][1]; m33 = r[2][2]
    }
}
