/// How a curve flattened in one space is measured for the space it is shown in:
/// the linear part of the map there, divided by its largest stretch.
///
/// A stroke is flattened in its own space (its pen is round there), at the device
/// tolerance divided by the map's largest stretch. Measured by plain lengths, a curve
/// under an uneven map (`scaleBy(x: 100, y: 1)`, a shear) is then cut as finely in
/// every direction as the most stretched one needs; measured through the map, it
/// gets the segments the device needs along each direction and no more. (A shear
/// that squeezed one direction by 10³¹ cut a curve into 2¹⁸ pieces where 2,000
/// were drawn, each a needle across the canvas: 2 s in the scan converter.)
///
/// A conformal map (a rotation with a uniform scale) measures as plain lengths do,
/// exactly, so what it draws does not change.
public struct FlatteningMetric: Sendable {
    @usableFromInline let a, b, c, d: Double
    @usableFromInline let isConformal: Bool

    /// Plain lengths.
    public static let identity = FlatteningMetric()

    private init() {
        (a, b, c, d) = (1, 0, 0, 1)
        isConformal = true
    }

    /// Lengths as `t` shows them, relative to its largest stretch (so never longer
    /// than plain lengths).
    public init(_ t: Transform) {
        let s = t.maxScale
        guard s > 0, s.isFinite, !(t.a == t.d && t.b == -t.c) else {
            self = .identity
            return
        }
        (a, b, c, d) = (t.a / s, t.b / s, t.c / s, t.d / s)
        isConformal = false
    }

    /// The length of `v` as measured.
    @inlinable
    public func length(_ v: Point) -> Double {
        isConformal ? v.length : Point(a * v.x + c * v.y, b * v.x + d * v.y).length
    }
}
