import Foundation

/// A key for a value in the environment.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// A collection of values propagated through a view hierarchy, and handed to a
/// canvas through `GraphicsContext.environment`.
public struct EnvironmentValues: @unchecked Sendable, CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(values.count) values set)" }
}

private struct DisplayScaleKey: EnvironmentKey {
    static let defaultValue: CGFloat = 1
}

private struct FontKey: EnvironmentKey {
    static let defaultValue: Font? = nil
}

private struct ForegroundColorKey: EnvironmentKey {
    static let defaultValue: Color? = nil
}

extension EnvironmentValues {
    /// Pixels per point of the surface being drawn.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// The default font for text; `nil` means `.body`.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The foreground colour (`.foreground` shading); `nil` means `.primary`.
    var foregroundColor: Color? {
        get { self[ForegroundColorKey.self] }
        set { self[ForegroundColorKey.self] = newValue }
    }
}

private struct SurfaceColorModeKey: EnvironmentKey {
    static let defaultValue = ColorRenderingMode.nonLinear
}

extension EnvironmentValues {
    /// The colour mode of the surface being rendered into (set by `ImageRenderer`).
    var surfaceColorMode: ColorRenderingMode {
        get { self[SurfaceColorModeKey.self] }
        set { self[SurfaceColorModeKey.self] = newValue }
    }
}
