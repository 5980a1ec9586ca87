import Foundation

/// A colour or pattern to use when rendering a shape. (OpenCanvas has the solid
/// colour styles so far: `Color` and `.foreground`; gradients come with the paint
/// issue.)
public protocol ShapeStyle: Sendable {
    /// The solid colour this style draws with in `environment`. (An OpenCanvas
    /// detail, public so that the protocol can be conformed to; not in SwiftUI.)
    func _color(in environment: EnvironmentValues) -> Color
}

extension Color: ShapeStyle {
    public func _color(in environment: EnvironmentValues) -> Color { self }
}

/// The foreground style of the environment (`.primary` unless set).
@frozen
public struct ForegroundStyle: ShapeStyle {
    public init() {}
    public func _color(in environment: EnvironmentValues) -> Color { environment.foregroundColor ?? .primary }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension GraphicsContext.Shading {
    /// A shading from any shape style.
    public static func style<S: ShapeStyle>(_ style: S) -> GraphicsContext.Shading {
        if style is ForegroundStyle { return .foreground }
        return .color(style._color(in: EnvironmentValues()))
    }
}

/// The named colours, where a shape style is expected (`Circle().fill(.red)`).
extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
}
