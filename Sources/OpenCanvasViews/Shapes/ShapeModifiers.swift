import Foundation
import CanvasGeometry
import OpenCanvasDrawing

extension Shape {
    /// The part of the shape's outline between two fractions of its length.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, from: startFraction, to: endFraction)
    }

    /// The shape mapped through `transform`.
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }

    /// The shape moved by `offset` within its frame.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }
    /// The shape moved by `offset`'s x and y within its frame.
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y))
    }
    /// The shape moved by `x` and `y` points within its frame.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }

    /// The shape scaled about `anchor` (its frame is unchanged).
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    /// The shape scaled by `scale` in both directions about `anchor` (its frame is unchanged).
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }

    /// The shape rotated by `angle` about `anchor` (clockwise on screen for a
    /// positive angle).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// The outline of the shape's stroke, as a shape.
    public func stroke(style: StrokeStyle) -> _StrokedShape<Self> { _StrokedShape(shape: self, style: style) }
    /// The outline of the shape's stroke of `lineWidth` points, as a shape.
    public func stroke(lineWidth: CGFloat = 1) -> _StrokedShape<Self> {
        _StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth))
    }
}

@frozen
public struct _TrimmedShape<Content: Shape>: Shape {
    public var shape: Content
    public var from: CGFloat
    public var to: CGFloat
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: from, to: to) }
    /// The trimmed shape's data with its start and end fractions.
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(from, to)) }
        set { shape.animatableData = newValue.first; (from, to) = (newValue.second.first, newValue.second.second) }
    }
}

/// A shape mapped through an affine transform.
@frozen
public struct TransformedShape<Content: Shape>: Shape {
    /// The shape transformed.
    public var shape: Content
    /// The transform applied to the shape's path.
    public var transform: CGAffineTransform
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
}

/// A shape moved by an offset within its frame.
@frozen
public struct OffsetShape<Content: Shape>: Shape {
    /// The shape moved.
    public var shape: Content
    /// How far the shape is moved, in points.
    public var offset: CGSize
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
    /// The shape's data with its offset.
    public var animatableData: AnimatablePair<Content.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(shape.animatableData, offset.animatableData) }
        set { shape.animatableData = newValue.first; offset.animatableData = newValue.second }
    }
}

/// `transform` applied about the point at `anchor` in `rect`.
func about(_ anchor: UnitPoint, in rect: CGRect, _ transform: CGAffineTransform) -> CGAffineTransform {
    let a = CGPoint(x: rect.minX + rect.width * anchor.x, y: rect.minY + rect.height * anchor.y)
    return CGAffineTransform(translationX: -a.x, y: -a.y).concatenating(transform)
        .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
}

/// A shape scaled about an anchor point of its frame.
@frozen
public struct ScaledShape<Content: Shape>: Shape {
    /// The shape scaled.
    public var shape: Content
    /// The horizontal and vertical scale factors.
    public var scale: CGSize
    /// The point of the frame the shape is scaled about.
    public var anchor: UnitPoint
    /// The shape's data with its scale and anchor.
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGSize.AnimatableData, UnitPoint.AnimatableData>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(scale.animatableData, anchor.animatableData)) }
        set {
            shape.animatableData = newValue.first
            scale.animatableData = newValue.second.first
            anchor.animatableData = newValue.second.second
        }
    }
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(about(anchor, in: rect, CGAffineTransform(scaleX: scale.width, y: scale.height)))
    }
}

/// A shape rotated about an anchor point of its frame.
@frozen
public struct RotatedShape<Content: Shape>: Shape {
    /// The shape rotated.
    public var shape: Content
    /// The angle of rotation (clockwise on screen for a positive angle).
    public var angle: Angle
    /// The point of the frame the shape is rotated about.
    public var anchor: UnitPoint
    /// The shape's data with its angle (in radians) and anchor.
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<Double, UnitPoint.AnimatableData>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(angle.radians, anchor.animatableData)) }
        set {
            shape.animatableData = newValue.first
            angle.radians = newValue.second.first
            anchor.animatableData = newValue.second.second
        }
    }
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(about(anchor, in: rect, CGAffineTransform(rotationAngle: angle.radians)))
    }
}

@frozen
public struct _StrokedShape<Content: Shape>: Shape {
    public var shape: Content
    public var style: StrokeStyle
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(style) }
    public var animatableData: AnimatablePair<Content.AnimatableData, CGFloat> {
        get { AnimatablePair(shape.animatableData, style.lineWidth) }
        set { shape.animatableData = newValue.first; style.lineWidth = newValue.second }
    }
}
