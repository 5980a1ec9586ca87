import Foundation

/// A colour or pattern to use when rendering a shape: a `Color`, a gradient, an
/// image, the foreground style and its hierarchical levels, and styles modified by
/// `opacity`, `blendMode` or `in(_:)`.
public protocol ShapeStyle: Sendable {
    /// How the style paints in `environment`. (An OpenCanvas detail, public so that
    /// the protocol can be conformed to; not in SwiftUI. A new style can return the
    /// paint of an existing one.)
    func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint
}

/// A shape style resolved against an environment. Geometry given in unit space
/// (gradients' `UnitPoint`s, image source rectangles) is mapped onto the
/// rectangle of the drawn object when it is drawn (or onto `rect`, set by
/// `ShapeStyle.in(_:)`).
public struct _ShapeStylePaint: Sendable {
    enum Fill: Sendable {
        case color(Color)
        case linear(AnyGradient, start: UnitPoint, end: UnitPoint)
        /// Radii in points.
        case radial(AnyGradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat)
        case angular(AnyGradient, center: UnitPoint, start: Angle, end: Angle)
        /// Radii as fractions of the rectangle (its half-size is 0.5).
        case elliptical(AnyGradient, center: UnitPoint, startFraction: CGFloat, endFraction: CGFloat)
        case image(Image, sourceRect: CGRect, scale: CGFloat)
    }

    var fill: Fill
    var opacity: Double = 1
    var blendMode: GraphicsContext.BlendMode? = nil
    var rect: CGRect? = nil

    init(_ fill: Fill) { self.fill = fill }

    /// The solid colour, for styles that have one.
    var color: Color? {
        if case .color(let c) = fill { return c.opacity(opacity) }
        return nil
    }
}

extension Color: ShapeStyle {
    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint { _ShapeStylePaint(.color(self)) }
}

/// The foreground style of the environment (`.primary` unless set).
@frozen
public struct ForegroundStyle: ShapeStyle {
    /// The environment's foreground style.
    public init() {}
    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        if let style = environment.foregroundStyle { return style._paint(in: environment) }
        return _ShapeStylePaint(.color(environment.foregroundColor ?? .primary))
    }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// A level of the foreground style: `.primary` is the foreground itself, the
/// others are the same colour less opaque. For the default foreground (the label
/// colour) the levels are Apple's label colours: secondary #3C3C43 at 60 %,
/// tertiary at 30 %, quaternary at 18 %, quinary at 5 %.
@frozen
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int

    /// The foreground style itself.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// The foreground style at 60 % opacity, or the second style of a palette while
    /// one is set.
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// The foreground style at 30 % opacity, or the third style of a palette while
    /// one is set.
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// The foreground style at 18 % opacity.
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    /// The foreground style at 5 % opacity.
    public static let quinary = HierarchicalShapeStyle(level: 4)

    static let opacities = [1, 0.6, 0.3, 0.18, 0.05]

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        let level = min(max(self.level, 0), 4)
        // A palette (`foregroundStyle(_:_:_:)`) names the secondary and tertiary styles.
        if level >= 1, level <= environment.paletteStyles.count {
            return environment.paletteStyles[level - 1]._paint(in: environment)
        }
        if let style = environment.foregroundStyle {
            return _ModifiedShapeStyle(base: style, opacity: HierarchicalShapeStyle.opacities[level], blendMode: nil,
                                       rect: nil)._paint(in: environment)
        }
        if let custom = environment.foregroundColor {
            return _ShapeStylePaint(.color(custom.opacity(HierarchicalShapeStyle.opacities[level])))
        }
        if level == 0 { return _ShapeStylePaint(.color(.primary)) }
        // The label colours: #3C3C43 (light) or #EBEBF5 (dark) at the level's opacity.
        let label = Color(light: (60, 60, 67, HierarchicalShapeStyle.opacities[level]),
                          dark: (235, 235, 245, HierarchicalShapeStyle.opacities[level]), name: nil)
        return _ShapeStylePaint(.color(label))
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground style itself.
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
    /// The foreground style at 60 % opacity, or the second style of a palette while
    /// one is set.
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
    /// The foreground style at 30 % opacity, or the third style of a palette while
    /// one is set.
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
    /// The foreground style at 18 % opacity.
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
    /// The foreground style at 5 % opacity.
    public static var quinary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 4) }
}

/// A type-erased shape style.
@frozen
public struct AnyShapeStyle: ShapeStyle {
    let base: any ShapeStyle
    /// Wraps `style`.
    public init<S: ShapeStyle>(_ style: S) { base = style }
    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint { base._paint(in: environment) }
}

/// A style with its opacity multiplied, its blend mode set, or its unit space
/// mapped to a given rectangle.
public struct _ModifiedShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let opacity: Double
    let blendMode: GraphicsContext.BlendMode?
    let rect: CGRect?

    package init(base: Base, opacity: Double, blendMode: GraphicsContext.BlendMode?, rect: CGRect?) {
        self.base = base
        self.opacity = opacity
        self.blendMode = blendMode
        self.rect = rect
    }

    public func _paint(in environment: EnvironmentValues) -> _ShapeStylePaint {
        var p = base._paint(in: environment)
        p.opacity *= opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        if let blendMode { p.blendMode = blendMode }
        if let rect { p.rect = rect }
        return p
    }
}

extension ShapeStyle {
    /// The style with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> _ModifiedShapeStyle<Self> {
        _ModifiedShapeStyle(base: self, opacity: opacity, blendMode: nil, rect: nil)
    }

    /// The style drawn with `mode`.
    public func blendMode(_ mode: GraphicsContext.BlendMode) -> _ModifiedShapeStyle<Self> {
        _ModifiedShapeStyle(base: self, opacity: 1, blendMode: mode, rect: nil)
    }

    /// The style with its unit space mapped to `rect` instead of the drawn object's
    /// bounds.
    public func `in`(_ rect: CGRect) -> _ModifiedShapeStyle<Self> {
        _ModifiedShapeStyle(base: self, opacity: 1, blendMode: nil, rect: rect)
    }
}

/// The named colours, where a shape style is expected (`Circle().fill(.red)`).
extension ShapeStyle where Self == Color {
    /// Black (`Color.black`).
    public static var black: Color { Color.black }
    /// White (`Color.white`).
    public static var white: Color { Color.white }
    /// Fully transparent (`Color.clear`).
    public static var clear: Color { Color.clear }
    /// System red (`Color.red`).
    public static var red: Color { Color.red }
    /// System orange (`Color.orange`).
    public static var orange: Color { Color.orange }
    /// System yellow (`Color.yellow`).
    public static var yellow: Color { Color.yellow }
    /// System green (`Color.green`).
    public static var green: Color { Color.green }
    /// System mint (`Color.mint`).
    public static var mint: Color { Color.mint }
    /// System teal (`Color.teal`).
    public static var teal: Color { Color.teal }
    /// System cyan (`Color.cyan`).
    public static var cyan: Color { Color.cyan }
    /// System blue (`Color.blue`).
    public static var blue: Color { Color.blue }
    /// System indigo (`Color.indigo`).
    public static var indigo: Color { Color.indigo }
    /// System purple (`Color.purple`).
    public static var purple: Color { Color.purple }
    /// System pink (`Color.pink`).
    public static var pink: Color { Color.pink }
    /// System brown (`Color.brown`).
    public static var brown: Color { Color.brown }
    /// System grey (`Color.gray`).
    public static var gray: Color { Color.gray }
}
