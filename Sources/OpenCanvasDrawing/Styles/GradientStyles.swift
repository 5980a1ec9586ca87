import Foundation

/// A linear gradient as a shape style: colours along the line from `startPoint` to
/// `endPoint`, unit points of the drawn shape's bounds.
@frozen
public struct LinearGradient: ShapeStyle {
    var gradient: AnyGradient
    var startPoint: UnitPoint
    var endPoint: UnitPoint

    /// A linear gradient from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = AnyGradient(gradient); self.startPoint = startPoint; self.endPoint = endPoint
    }
    /// A linear gradient of evenly spaced colours from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of colour stops from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    init(any gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.linear(gradient, start: startPoint, end: endPoint))
    }
}

/// A radial gradient as a shape style: `center` is a unit point of the drawn
/// shape's bounds; the radii are in points.
@frozen
public struct RadialGradient: ShapeStyle {
    var gradient: AnyGradient
    var center: UnitPoint
    var startRadius: CGFloat
    var endRadius: CGFloat

    /// A radial gradient around `center`: `startRadius` has location 0 and
    /// `endRadius` location 1.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(any: AnyGradient(gradient), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spaced colours around `center`, from
    /// `startRadius` to `endRadius`.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of colour stops around `center`, from `startRadius` to
    /// `endRadius`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    init(any gradient: AnyGradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius))
    }
}

/// An angular (conic) gradient as a shape style: colours by angle around `center`
/// from `startAngle` to `endAngle`, clockwise on screen. A span under a full turn
/// fills the rest with the last colour, then the first, switching halfway; a span
/// over a full turn shows its last turn.
@frozen
public struct AngularGradient: ShapeStyle {
    var gradient: AnyGradient
    var center: UnitPoint
    var startAngle: Angle
    var endAngle: Angle

    /// An angular gradient around `center` from `startAngle` to `endAngle`. Equal
    /// angles (the defaults) sweep a full turn from `startAngle`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(any: AnyGradient(gradient), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spaced colours around `center` from
    /// `startAngle` to `endAngle` (equal angles sweep a full turn).
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of colour stops around `center` from `startAngle` to
    /// `endAngle` (equal angles sweep a full turn).
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn starting (and ending) at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    /// A full turn of evenly spaced colours starting (and ending) at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    /// A full turn of colour stops starting (and ending) at `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }
    init(any gradient: AnyGradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        // SwiftUI's default start and end angle of zero mean a full turn.
        let end = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
        return _ShapeStylePaint(.angular(gradient, center: center, start: startAngle, end: end))
    }
}

/// A radial gradient stretched to the drawn shape's bounds: the radii are
/// fractions of the bounds (0.5 reaches the edges).
@frozen
public struct EllipticalGradient: ShapeStyle {
    var gradient: AnyGradient
    var center: UnitPoint
    var startRadiusFraction: CGFloat
    var endRadiusFraction: CGFloat

    /// An elliptical gradient around `center`, its radii fractions of the bounds
    /// (by default from 0 to 0.5, which reaches the edges).
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                endRadiusFraction: CGFloat = 0.5) {
        self.init(any: AnyGradient(gradient), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of evenly spaced colours around `center`, its radii
    /// fractions of the bounds.
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of colour stops around `center`, its radii fractions
    /// of the bounds.
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }
    init(any gradient: AnyGradient, center: UnitPoint, startRadiusFraction: CGFloat, endRadiusFraction: CGFloat) {
        self.gradient = gradient; self.center = center
        self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.elliptical(gradient, center: center, startFraction: startRadiusFraction,
                                     endFraction: endRadiusFraction))
    }
}

/// A gradient used directly as a shape style draws top to bottom.
extension Gradient: ShapeStyle {
    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.linear(AnyGradient(self), start: .top, end: .bottom))
    }
}

extension AnyGradient: ShapeStyle {
    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.linear(self, start: .top, end: .bottom))
    }
}

/// An image repeated as a pattern: the unit-space `sourceRect` of the image, at
/// `scale` times its size, tiled across the plane from the drawn shape's origin.
@frozen
public struct ImagePaint: ShapeStyle {
    /// The image to tile.
    public var image: Image
    /// The part of the image to tile, in unit space (the whole image by default).
    public var sourceRect: CGRect
    /// How much the image is scaled: 1 draws it at its own size.
    public var scale: CGFloat

    /// A pattern of the `sourceRect` part of `image` at `scale` times its size.
    public init(image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1) {
        self.image = image; self.sourceRect = sourceRect; self.scale = scale
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        _ShapeStylePaint(.image(image, sourceRect: sourceRect, scale: scale))
    }
}

// MARK: Static factories (`.fill(.linearGradient(...))`)

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint` (see `LinearGradient`).
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of evenly spaced colours from `startPoint` to `endPoint`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of colour stops from `startPoint` to `endPoint`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around `center` from `startRadius` to `endRadius` (see
    /// `RadialGradient`).
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spaced colours around `center`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of colour stops around `center`.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient around `center` from `startAngle` to `endAngle` (see
    /// `AngularGradient`).
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spaced colours from `startAngle` to `endAngle`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of colour stops from `startAngle` to `endAngle`.
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn of the gradient around `center`, starting (and ending) at
    /// `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A full turn of evenly spaced colours around `center`, starting at `angle`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
    /// A full turn of colour stops around `center`, starting at `angle`.
    public static func conicGradient(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(stops: stops, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient around `center`, its radii fractions of the bounds
    /// (see `EllipticalGradient`).
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
                           endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of evenly spaced colours around `center`.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction,
                           endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of colour stops around `center`.
    public static func ellipticalGradient(stops: [Gradient.Stop], center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction,
                           endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == ImagePaint {
    /// An image pattern: the `sourceRect` part of `image` at `scale` times its size,
    /// tiled (see `ImagePaint`).
    public static func image(_ image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                             scale: CGFloat = 1) -> ImagePaint {
        ImagePaint(image: image, sourceRect: sourceRect, scale: scale)
    }
}

// The AnyGradient forms (iOS 16).
extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint` that keeps the gradient's
    /// interpolation space.
    public static func linearGradient(_ gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(any: gradient, startPoint: startPoint, endPoint: endPoint)
    }
}
extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around `center` (the centre by default) that keeps the
    /// gradient's interpolation space.
    public static func radialGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startRadius: CGFloat = 0,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(any: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient from `startAngle` to `endAngle` that keeps the
    /// gradient's interpolation space.
    public static func angularGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(any: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn starting (and ending) at `angle` that keeps the gradient's
    /// interpolation space.
    public static func conicGradient(_ gradient: AnyGradient, center: UnitPoint = .center,
                                     angle: Angle = .zero) -> AngularGradient {
        AngularGradient(any: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
}
extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient around `center` that keeps the gradient's
    /// interpolation space.
    public static func ellipticalGradient(_ gradient: AnyGradient, center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(any: gradient, center: center, startRadiusFraction: startRadiusFraction,
                           endRadiusFraction: endRadiusFraction)
    }
}
