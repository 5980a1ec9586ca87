import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender

extension GraphicsContext {
    /// A colour, gradient, image pattern or shape style to fill or stroke with.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            case foreground
            case linear(AnyGradient, start: CGPoint, end: CGPoint, options: GradientOptions)
            case radial(AnyGradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions)
            case conic(AnyGradient, center: CGPoint, angle: Angle, options: GradientOptions)
            case style(AnyShapeStyle)
            case tiledImage(Image, origin: CGPoint, sourceRect: CGRect, scale: CGFloat)
            case palette([Shading])
        }
        let kind: Kind
        /// A solid colour's components, kept apart from `kind` so that recording reads
        /// them in place (binding the colour out of `kind` copies its name through
        /// value witnesses, a tenth of recording a small shape); `nil` otherwise.
        let solid: SolidComponents?

        init(kind: Kind, solid: SolidComponents? = nil) {
            self.kind = kind; self.solid = solid
        }

        /// A solid colour's extended sRGB components, light and (for colours that
        /// adapt) dark.
        struct SolidComponents: Sendable {
            typealias Components = (red: Double, green: Double, blue: Double, opacity: Double)
            var light: Components
            var dark: Components?

            @inline(__always)
            init(_ c: Color) {
                light = (c.red, c.green, c.blue, c.opacity)
                if let d = c.dark { dark = (d.red, d.green, d.blue, d.opacity) } else { dark = nil }
            }

            @inline(__always)
            func components(_ scheme: ColorScheme) -> Components {
                if scheme == .dark, let dark { return dark }
                return light
            }
        }

        /// A solid colour.
        public static func color(_ color: Color) -> Shading {
            Shading(kind: .color(color), solid: SolidComponents(color))
        }

        /// A solid colour from red, green and blue components in `colorSpace`.
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double,
                                 blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        /// A solid grey of `white` in `colorSpace`.
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double,
                                 opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// The environment's foreground style (`.primary` unless set).
        public static var foreground: Shading { Shading(kind: .foreground) }

        /// An axial gradient from `startPoint` to `endPoint` in user space.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linear(AnyGradient(gradient), start: startPoint, end: endPoint, options: options))
        }

        /// A radial gradient around `center` (user space): `startRadius` has
        /// location 0 and `endRadius` location 1.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat,
                                          endRadius: CGFloat, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radial(AnyGradient(gradient), center: center, startRadius: startRadius,
                                  endRadius: endRadius, options: options))
        }

        /// A conic gradient sweeping a full turn clockwise around `center`, starting
        /// and ending at `angle`.
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = Angle(),
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .conic(AnyGradient(gradient), center: center, angle: angle, options: options))
        }

        /// Any shape style. Unit-space geometry maps onto the drawn object's bounding
        /// rectangle (or the style's own rectangle, set with `ShapeStyle.in(_:)`);
        /// the style may change the opacity and blend mode.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            if style is ForegroundStyle { return .foreground }
            return Shading(kind: .style(AnyShapeStyle(style)))
        }

        /// The unit-space `sourceRect` of `image`, at `scale` times its size,
        /// repeated across the plane from `origin` (user space).
        public static func tiledImage(_ image: Image, origin: CGPoint = .zero,
                                      sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                                      scale: CGFloat = 1) -> Shading {
            Shading(kind: .tiledImage(image, origin: origin, sourceRect: sourceRect, scale: scale))
        }

        /// A shading with several levels (for multicolour symbols); shapes and text
        /// use the first level. An empty array draws nothing.
        public static func palette(_ array: [Shading]) -> Shading {
            Shading(kind: .palette(array))
        }
    }

    /// Options for gradient shadings.
    @frozen
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Repeat the gradient beyond its ends.
        public static let `repeat` = GradientOptions(rawValue: 1)
        /// Repeat it back and forth (wins over `repeat`).
        public static let mirror = GradientOptions(rawValue: 2)
        /// Interpolate colours in linear light.
        public static let linearColor = GradientOptions(rawValue: 4)

        var extend: GradientExtend {
            contains(.mirror) ? .mirror : contains(.repeat) ? .repeat : .pad
        }
    }

    /// A shading fixed against this context's environment (the foreground and
    /// shape styles resolved).
    public func resolve(_ shading: Shading) -> Shading {
        switch shading.kind {
        case .foreground:
            if let style = environment.foregroundStyle { return Shading(kind: .style(style)) }
            return .color(foregroundColor)
        case .style(let s): return Shading(kind: .style(AnyShapeStyle(_FixedShapeStyle(paint: s._paint(in: environment)))))
        case .palette(let levels): return .palette(levels.map(resolve))
        default: return shading
        }
    }

    var foregroundColor: Color { environment.foregroundColor ?? .primary }

    /// What a shading paints over an object whose bounds are `bounds` (user space).
    struct ResolvedPaint {
        var paint: Paint
        var opacity: Double
        var blendMode: BlendMode?
    }

    /// The paint of a shading, or `nil` when it would draw nothing (a transparent
    /// colour, no gradient stops, bad geometry).
    func resolvePaint(_ shading: Shading, bounds: CGRect) -> ResolvedPaint? {
        switch shading.kind {
        case .color(let c): return solid(c)
        case .foreground:
            if let style = environment.foregroundStyle { return stylePaint(style._paint(in: environment), bounds: bounds) }
            return solid(foregroundColor)
        case .linear(let g, let s, let e, let options):
            return gradient(g, .linear(start: s.point, end: e.point), options: options,
                            valid: s.isFinite && e.isFinite)
        case .radial(let g, let c, let r0, let r1, let options):
            guard r0.isFinite, r1.isFinite, c.isFinite else { Diagnostics.report(.nonFiniteValue); return nil }
            guard r0 >= 0, r1 >= 0 else { Diagnostics.report(.negativeRadius); return nil }
            return gradient(g, .radial(center: c.point, startRadius: Double(r0), endRadius: Double(r1)),
                            options: options, valid: true)
        case .conic(let g, let c, let angle, let options):
            return gradient(g, .conic(center: c.point, startAngle: angle.radians, endAngle: angle.radians + 2 * .pi),
                            options: options, valid: c.isFinite && angle.radians.isFinite)
        case .style(let s):
            return stylePaint(s._paint(in: environment), bounds: bounds)
        case .tiledImage(let image, let origin, let sourceRect, let scale):
            return imagePaint(image, origin: origin, sourceRect: sourceRect, scale: scale)
                .map { ResolvedPaint(paint: $0, opacity: 1, blendMode: nil) }
        case .palette(let levels):
            guard let first = levels.first else { return nil }
            return resolvePaint(first, bounds: bounds)
        }
    }

    private func solid(_ adaptive: Color) -> ResolvedPaint? {
        let c = adaptive.appearance(environment.colorScheme)
        guard c.opacity > 0, c.red.isFinite, c.green.isFinite, c.blue.isFinite else { return nil }
        return ResolvedPaint(paint: .solid(RGBA(r: c.red, g: c.green, b: c.blue, a: min(c.opacity, 1))),
                             opacity: 1, blendMode: nil)
    }

    private func gradient(_ g: AnyGradient, _ geometry: GradientGeometry, options: GradientOptions,
                          valid: Bool, transform: Transform = .identity) -> ResolvedPaint? {
        guard valid else { Diagnostics.report(.nonFiniteValue); return nil }
        let colors = g.colors(linearOption: options.contains(.linearColor), scheme: environment.colorScheme)
        guard !colors.isEmpty else { return nil }
        return ResolvedPaint(paint: .gradient(GradientPaint(colors: colors, geometry: geometry, extend: options.extend,
                                                            transform: transform)),
                             opacity: 1, blendMode: nil)
    }

    /// A shape style's paint, its unit space mapped onto `bounds`.
    func stylePaint(_ p: _ShapeStylePaint, bounds: CGRect) -> ResolvedPaint? {
        let r = (p.rect ?? bounds).standardized
        guard r.isFiniteRect else { Diagnostics.report(.nonFiniteGeometry); return nil }
        func at(_ u: UnitPoint) -> Point {
            Point(Double(r.minX + u.x * r.width), Double(r.minY + u.y * r.height))
        }
        var resolved: ResolvedPaint?
        switch p.fill {
        case .color(let c):
            resolved = solid(c)
        case .linear(let g, let s, let e):
            resolved = gradient(g, .linear(start: at(s), end: at(e)), options: [], valid: at(s).isFinite && at(e).isFinite)
        case .radial(let g, let c, let r0, let r1):
            guard r0 >= 0, r1 >= 0 else { Diagnostics.report(.negativeRadius); return nil }
            resolved = gradient(g, .radial(center: at(c), startRadius: Double(r0), endRadius: Double(r1)), options: [],
                                valid: at(c).isFinite && r0.isFinite && r1.isFinite)
        case .angular(let g, let c, let a0, let a1):
            resolved = gradient(g, .conic(center: at(c), startAngle: a0.radians, endAngle: a1.radians), options: [],
                                valid: at(c).isFinite && a0.radians.isFinite && a1.radians.isFinite)
        case .elliptical(let g, let c, let f0, let f1):
            // A circle in the unit square, stretched onto the rectangle.
            guard f0 >= 0, f1 >= 0 else { Diagnostics.report(.negativeRadius); return nil }
            let unit = Transform(a: Double(r.width), b: 0, c: 0, d: Double(r.height),
                                 tx: Double(r.minX), ty: Double(r.minY))
            resolved = gradient(g, .radial(center: Point(Double(c.x), Double(c.y)), startRadius: Double(f0),
                                           endRadius: Double(f1)),
                                options: [], valid: c.x.isFinite && c.y.isFinite && f0.isFinite && f1.isFinite,
                                transform: unit)
        case .image(let image, let sourceRect, let scale):
            resolved = imagePaint(image, origin: r.origin, sourceRect: sourceRect, scale: scale)
                .map { ResolvedPaint(paint: $0, opacity: 1, blendMode: nil) }
        }
        guard var out = resolved else { return nil }
        out.opacity *= p.opacity
        out.blendMode = p.blendMode
        return out
    }

    /// An image as a repeating pattern whose tile's top-left corner is at `origin`.
    func imagePaint(_ image: Image, origin: CGPoint, sourceRect: CGRect, scale: CGFloat) -> Paint? {
        guard origin.isFinite, sourceRect.isFiniteRect, scale.isFinite, scale > 0 else {
            Diagnostics.report(.nonFiniteValue)
            return nil
        }
        guard let (levels, pixelsPerPoint) = image.pixels(displayScale: environment.displayScale) else { return nil }
        let pixels = levels.base
        let w = Double(pixels.width), h = Double(pixels.height)
        let s = sourceRect.standardized
        let bounds = pixels.bounds
        let source = PixelRect(x0: clampedInt((Double(s.minX) * w).rounded(), 0, bounds.x1),
                               y0: clampedInt((Double(s.minY) * h).rounded(), 0, bounds.y1),
                               x1: clampedInt((Double(s.maxX) * w).rounded(), 0, bounds.x1),
                               y1: clampedInt((Double(s.maxY) * h).rounded(), 0, bounds.y1))
        guard !source.isEmpty else { return nil }
        let k = Double(scale) / pixelsPerPoint          // user units per image pixel
        let map = Transform(a: k, b: 0, c: 0, d: k, tx: Double(origin.x) - Double(source.x0) * k,
                            ty: Double(origin.y) - Double(source.y0) * k)
        return .image(CanvasRender.ImagePaint(levels: levels, source: source, transform: map, wrap: .tile,
                                              quality: image.quality))
    }
}

/// A shape style already resolved against an environment.
package struct _FixedShapeStyle: ShapeStyle {
    let paint: _ShapeStylePaint
    package init(paint: _ShapeStylePaint) { self.paint = paint }
    package func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint { paint }
}
