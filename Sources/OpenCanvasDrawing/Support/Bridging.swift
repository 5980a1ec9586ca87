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
