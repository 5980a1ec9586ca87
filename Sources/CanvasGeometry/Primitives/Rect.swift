/// An axis-aligned rectangle stored by its edges, in double precision.
/// A rectangle is empty when `maxX <= minX` or `maxY <= minY`.
@frozen
public struct Rect: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// A rectangle from an origin and a size; negative sizes are normalised.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = min(x, x + width); maxX = max(x, x + width)
        minY = min(y, y + height); maxY = max(y, y + height)
    }

    public static let empty = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    @inlinable public var width: Double { maxX - minX }
    @inlinable public var height: Double { maxY - minY }
    @inlinable public var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    @inlinable public var isFinite: Bool {
        minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite
    }

    @inlinable
    public func intersection(_ o: Rect) -> Rect {
        Rect(minX: max(minX, o.minX), minY: max(minY, o.minY),
             maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    @inlinable
    public func union(_ o: Rect) -> Rect {
        Rect(minX: min(minX, o.minX), minY: min(minY, o.minY),
             maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The bounding box of this rectangle's corners mapped through `t`.
    public func transformed(by t: Transform) -> Rect {
        if t.b == 0 && t.c == 0 {
            // Scale and translate (the common case): two corners are enough.
            let x0 = t.a * minX + t.tx, x1 = t.a * maxX + t.tx
            let y0 = t.d * minY + t.ty, y1 = t.d * maxY + t.ty
            return Rect(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
        }
        let p0 = t.apply(Point(minX, minY)), p1 = t.apply(Point(maxX, minY))
        let p2 = t.apply(Point(maxX, maxY)), p3 = t.apply(Point(minX, maxY))
        return Rect(minX: min(min(p0.x, p1.x), min(p2.x, p3.x)),
                    minY: min(min(p0.y, p1.y), min(p2.y, p3.y)),
                    maxX: max(max(p0.x, p1.x), max(p2.x, p3.x)),
                    maxY: max(max(p0.y, p1.y), max(p2.y, p3.y)))
    }
}

/// A rectangle of whole pixels: columns `x0 ..< x1`, rows `y0 ..< y1`.
///
/// Guarantees, when made through `init(clamping:)`: all values lie in
/// `0 ... PixelLimits.maxDimension`, and `x0 <= x1`, `y0 <= y1`.
@frozen
public struct PixelRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    @inlinable
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    @inlinable public var width: Int { x1 - x0 }
    @inlinable public var height: Int { y1 - y0 }
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    @inlinable
    public func intersection(_ o: PixelRect) -> PixelRect {
        let nx0 = max(x0, o.x0), ny0 = max(y0, o.y0)
        return PixelRect(x0: nx0, y0: ny0, x1: max(nx0, min(x1, o.x1)), y1: max(ny0, min(y1, o.y1)))
    }

    /// The whole pixels touched by `r` (its edges rounded outwards), intersected with
    /// `bounds`. Non-finite or huge values are clamped in floating point before any
    /// integer conversion, so this never traps.
    public init(covering r: Rect, within bounds: PixelRect) {
        func clampToInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            if !(v >= Double(lo)) { return lo }      // also catches NaN
            if !(v <= Double(hi)) { return hi }
            return Int(v)
        }
        let x0 = clampToInt(r.minX.rounded(.down), bounds.x0, bounds.x1)
        let y0 = clampToInt(r.minY.rounded(.down), bounds.y0, bounds.y1)
        let x1 = clampToInt(r.maxX.rounded(.up), x0, bounds.x1)
        let y1 = clampToInt(r.maxY.rounded(.up), y0, bounds.y1)
        self.init(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

/// Converts a double to an `Int`, clamping to `lo ... hi`. NaN gives `lo`.
@inlinable
public func clampedInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    if !(v >= Double(lo)) { return lo }
    if !(v <= Double(hi)) { return hi }
    return Int(v)
}

/// `⌊v⌋` and `⌈v⌉` as `Int` for a `v` already known to lie well inside `Int`'s range
/// (a coordinate clamped to a pixel rectangle). Truncation and a correction: the
/// baseline x86-64 target has no rounding instruction, so `rounded(.down)` is a call
/// into libm, which on small shapes costs more than the arithmetic around it.
@inlinable @inline(__always)
public func floorInt(clamped v: Double) -> Int {
    let t = Int(v)
    return Double(t) > v ? t - 1 : t
}

/// See `floorInt(clamped:)`.
@inlinable @inline(__always)
public func ceilInt(clamped v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
}
