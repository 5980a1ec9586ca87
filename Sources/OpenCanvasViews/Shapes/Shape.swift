import Foundation
import OpenCanvasDrawing

/// A 2D shape that you can use when drawing a view: as a view it fills the frame
/// it is given with the foreground style.
public protocol Shape: Sendable, Animatable, View {
    /// The shape's outline in a frame of reference.
    func path(in rect: CGRect) -> Path
    /// The size the shape takes for a proposal (by default, all of it, and 10 points
    /// in a dimension offered no size).
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
}

extension Shape where Body == _ShapeView<Self, ForegroundStyle> {
    /// The shape filled with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), fillStyle: FillStyle())
    }
}

/// A shape that can be inset, for borders drawn inside its frame.
public protocol InsettableShape: Shape {
    /// The type of shape `inset(by:)` returns.
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side.
    func inset(by amount: CGFloat) -> InsetShape
}

// MARK: Built-in shapes

/// A rectangle filling the frame.
@frozen
public struct Rectangle: InsettableShape {
    /// A rectangle.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    public func inset(by amount: CGFloat) -> _InsetShape<Rectangle> { _InsetShape(shape: self, amount: amount) }
}

/// A rectangle with rounded corners filling the frame.
@frozen
public struct RoundedRectangle: InsettableShape {
    /// The width and height of the rounded corners, in points.
    public var cornerSize: CGSize
    /// The shape of the corners: circular or continuous.
    public var style: RoundedCornerStyle

    /// The corner size, animated.
    public var animatableData: CGSize.AnimatableData {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }

    /// A rounded rectangle with corners of `cornerSize` (continuous corners by default).
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// A rounded rectangle with corners of radius `cornerRadius` (continuous corners by default).
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> {
        // Insetting a rounded rectangle shrinks its corners with it.
        var shrunk = self
        shrunk.cornerSize = CGSize(width: max(0, cornerSize.width - amount), height: max(0, cornerSize.height - amount))
        return _InsetShape(shape: shrunk, amount: amount)
    }
}

/// A rectangle with a radius per corner.
@frozen
public struct UnevenRoundedRectangle: InsettableShape {
    /// The radius of each corner, in points.
    public var cornerRadii: RectangleCornerRadii
    /// The shape of the corners: circular or continuous.
    public var style: RoundedCornerStyle

    /// A rectangle with the given corner radii (continuous corners by default).
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    /// A rectangle with a radius for each corner (0, a square corner, by default).
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }

    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadii: cornerRadii, style: style) }
    public func inset(by amount: CGFloat) -> _InsetShape<UnevenRoundedRectangle> {
        var shrunk = self
        let r = cornerRadii
        shrunk.cornerRadii = RectangleCornerRadii(topLeading: max(0, r.topLeading - amount),
                                                  bottomLeading: max(0, r.bottomLeading - amount),
                                                  bottomTrailing: max(0, r.bottomTrailing - amount),
                                                  topTrailing: max(0, r.topTrailing - amount))
        return _InsetShape(shape: shrunk, amount: amount)
    }
}

/// A circle centred in the frame, as large as fits.
@frozen
public struct Circle: InsettableShape {
    /// A circle.
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized
        let d = min(r.width, r.height)
        return Path(ellipseIn: CGRect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
    }
    public func inset(by amount: CGFloat) -> _InsetShape<Circle> { _InsetShape(shape: self, amount: amount) }
}

/// An ellipse filling the frame.
@frozen
public struct Ellipse: InsettableShape {
    /// An ellipse.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    public func inset(by amount: CGFloat) -> _InsetShape<Ellipse> { _InsetShape(shape: self, amount: amount) }
}

/// A rounded rectangle whose corner radius is half its shorter side.
@frozen
public struct Capsule: InsettableShape {
    /// The shape of the rounded ends: circular or continuous.
    public var style: RoundedCornerStyle
    /// A capsule with ends of the given style (continuous by default).
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized
        return Path(roundedRect: r, cornerRadius: min(r.width, r.height) / 2, style: style)
    }
    public func inset(by amount: CGFloat) -> _InsetShape<Capsule> { _InsetShape(shape: self, amount: amount) }
}

/// A shape drawn in its frame inset on every side.
@frozen
public struct _InsetShape<Content: Shape>: InsettableShape {
    public var shape: Content
    public var amount: CGFloat
    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized.insetBy(dx: amount, dy: amount)
        return r.isNull || r.width < 0 || r.height < 0 ? Path() : shape.path(in: r)
    }
    public func inset(by more: CGFloat) -> _InsetShape<Content> { _InsetShape(shape: shape, amount: amount + more) }
}

extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle with corners of radius `cornerRadius`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    /// A rounded rectangle with corners of `cornerSize`.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle with the given corner radii.
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
    /// A rectangle with a radius for each corner.
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0,
                            bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
                            style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius,
                               style: style)
    }
}

extension Shape where Self == Circle {
    /// A circle.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An ellipse.
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Capsule {
    /// A capsule with continuous ends.
    public static var capsule: Capsule { Capsule() }
    /// A capsule with ends of the given style.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Path: Shape {
    /// A path as a shape is drawn as it is (its coordinates are not fitted to the
    /// frame), as in SwiftUI.
    public func path(in rect: CGRect) -> Path { self }
}
