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

/// How lines of multiline text align with each other.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

private struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { Locale.current } }
private struct MultilineTextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
private struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
private struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }

extension EnvironmentValues {
    /// The locale that formats numbers in text and picks line-break rules.
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    /// How lines of multiline text align with each other (`.leading` by default;
    /// leading is the paragraph's start side, so right for Arabic and Hebrew).
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineTextAlignmentKey.self] }
        set { self[MultilineTextAlignmentKey.self] = newValue }
    }

    /// The most lines text may take; `nil` (the default) for no limit.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// Where text that does not fit is cut (`.tail` by default).
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }
}
