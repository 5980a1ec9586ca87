import Foundation
import CanvasGeometry
import CanvasRender

// Conversions between the public Core Graphics types and the engine's own.

extension CGPoint {
    var point: Point { Point(Double(x), Double(y)) }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
    /// The engine rectangle (normalised for negative sizes).
    package var rect: CanvasGeometry.Rect {
        CanvasGeometry.Rect(x: Double(origin.x), y: Double(origin.y),
                            width: Double(size.width), height: Double(size.height))
    }
    package var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// Foundation's `standardized` for a finite rectangle (non-negative size, the
    /// same area), computed here: Foundation's checks for the null rectangle and
    /// its call cost as much as the rest of making a rectangle's path.
    @inline(__always)
    package var standardizedFinite: CGRect {
        var r = self
        if r.size.width < 0 { r.origin.x += r.size.width; r.size.width = -r.size.width }
        if r.size.height < 0 { r.origin.y += r.size.height; r.size.height = -r.size.height }
        return r
    }

    // Foundation's own `contains(_:)`, `intersects(_:)` and `intersection(_:)` trap
    // on Linux when a size is NaN or −∞ (found by the view-tree fuzz target; Apple's
    // Core Graphics answers false or the null rectangle). Rectangles that layout or
    // a host's size may have made non-finite go through these instead.

    /// Whether `point` is inside (the minimum edges in, the maximum edges out, as
    /// `contains(_:)`); false when anything is NaN.
    package func containsSafely(_ point: CGPoint) -> Bool {
        let x0 = origin.x, x1 = origin.x + size.width, y0 = origin.y, y1 = origin.y + size.height
        let (minX, maxX) = x0 <= x1 ? (x0, x1) : (x1, x0)
        let (minY, maxY) = y0 <= y1 ? (y0, y1) : (y1, y0)
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The intersection, or `.null` when either rectangle is not finite or they do
    /// not meet.
    package func intersectionSafely(_ other: CGRect) -> CGRect {
        guard isFiniteRect, other.isFiniteRect else { return .null }
        return intersection(other)
    }
}

extension CGAffineTransform {
    package var engine: Transform {
        Transform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
    package init(_ t: Transform) {
        self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d),
                  tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
    var isFiniteTransform: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension Point {
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension CanvasGeometry.Rect {
    var cgRect: CGRect { CGRect(x: minX, y: minY, width: width, height: height) }
}

extension RoundedCornerStyle {
    var engine: CornerStyle { self == .circular ? .circular : .continuous }
}
