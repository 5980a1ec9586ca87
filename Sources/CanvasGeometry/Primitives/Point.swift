/// A point or vector in a plane, in double precision.
///
/// The engine works in `Double` throughout its geometry so that user coordinates
/// (`CGFloat` is a `Double` on 64-bit Linux) reach device space without rounding.
@frozen
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable @inline(__always)
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable @inline(__always)
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    @inlinable @inline(__always)
    public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable @inline(__always)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }

    @inlinable @inline(__always)
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }

    @inlinable @inline(__always)
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    @inlinable @inline(__always)
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    @inlinable @inline(__always)
    public func dot(_ o: Point) -> Double { x * o.x + y * o.y }

    /// The z component of the cross product (positive when `o` turns clockwise on a
    /// y-down screen from `self`).
    @inlinable @inline(__always)
    public func cross(_ o: Point) -> Double { x * o.y - y * o.x }

    @inlinable @inline(__always)
    public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable @inline(__always)
    public func distance(to o: Point) -> Double { (self - o).length }

    /// Linear interpolation: `self` at `t = 0`, `o` at `t = 1`.
    @inlinable @inline(__always)
    public func lerp(_ o: Point, _ t: Double) -> Point {
        Point(x + (o.x - x) * t, y + (o.y - y) * t)
    }
}
