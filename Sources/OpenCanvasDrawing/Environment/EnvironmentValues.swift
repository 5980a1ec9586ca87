import Foundation

/// A key for a value in the environment.
public protocol EnvironmentKey {
    /// The type of the key's value.
    associatedtype Value
    /// The key's value where none has been set.
    static var defaultValue: Value { get }
}

/// A collection of values propagated through a view hierarchy, and handed to a
/// canvas through `GraphicsContext.environment`.
///
/// The built-in values are stored fields (text reads several of them for every
/// label drawn, and a typed field costs nothing to read); values of custom keys
/// live in a dictionary.
public struct EnvironmentValues: @unchecked Sendable, CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]

    /// An environment with every value at its default.
    public init() {}

    /// The value for a custom key: its `defaultValue` until one is set.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(values.count) custom values set)" }

    /// Pixels per point of the surface being drawn.
    public var displayScale: CGFloat = 1

    /// The default font for text; `nil` means `.body`.
    public var font: Font? = nil

    /// What `fontWeight`, `fontWidth`, `fontDesign`, `bold`, `italic` and
    /// `monospacedDigit` on a view set for the text inside it: applied to the
    /// environment's font and to a text's own, unless the text sets them itself.
    package var fontAdjustments = FontAdjustments()

    /// The foreground colour (`.foreground` shading); `nil` means `.primary`.
    package var foregroundColor: Color? = nil

    /// A foreground style that is not a plain colour (`.foregroundStyle` with a
    /// gradient), fixed against the environment it was set in; it wins over
    /// `foregroundColor`.
    package var foregroundStyle: AnyShapeStyle? = nil

    /// The second and third styles of `foregroundStyle(_:_:_:)` (a palette): what
    /// `.secondary` and `.tertiary` are while one is set.
    package var paletteStyles: [AnyShapeStyle] = []

    /// How system symbols are coloured (`nil`: their default, monochrome here).
    public var symbolRenderingMode: SymbolRenderingMode? = nil

    /// The tint of controls (`nil`: the accent colour).
    package var tint: Color? = nil

    /// The colour mode of the surface being rendered into (set by `ImageRenderer`).
    package var surfaceColorMode = ColorRenderingMode.nonLinear

    /// The locale that formats numbers in text and picks line-break rules
    /// (`Locale.current` by default).
    public var locale: Locale {
        get { storedLocale ?? Locale.current }
        set {
            storedLocale = newValue
            localeIdentifier = newValue.identifier
        }
    }
    private var storedLocale: Locale? = nil
    /// The locale's identifier, kept with it (asked for every text drawn).
    private(set) var localeIdentifier: String? = nil

    /// How lines of multiline text align with each other (`.leading` by default;
    /// leading is the paragraph's start side, so right for Arabic and Hebrew).
    public var multilineTextAlignment = TextAlignment.leading

    /// The most lines text may take; `nil` (the default) for no limit.
    public var lineLimit: Int? = nil

    /// The case text is drawn in (`textCase(_:)`); `nil` draws it as written.
    public var textCase: Text.Case? = nil

    /// Where text that does not fit is cut (`.tail` by default).
    public var truncationMode = Text.TruncationMode.tail

    /// The appearance views are drawn in: system and label colours take their
    /// light or dark values from it (`.light` unless a host, `.environment(\.colorScheme, …)`
    /// or `.preferredColorScheme(_:)` says otherwise).
    public var colorScheme = ColorScheme.light

    /// Whether the views take part in interaction (`false` under `.disabled(true)`:
    /// their gestures, and so their buttons, do nothing).
    public var isEnabled = true

    /// Whether the nearest focusable view around (`focusable()`, a text field) has
    /// keyboard focus.
    public var isFocused = false

    /// The host's clock (what live date text counts from); `nil` outside a host.
    package var clock: HostClock? = nil
}

/// The date a host's views see, shared with the text they resolve (the tree's
/// environments are kept between frames; the clock moves under them).
package final class HostClock: @unchecked Sendable {
    package var date: Date
    package init(_ date: Date) { self.date = date }
}

/// The possible appearances: light and dark.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// How lines of multiline text align with each other.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// Aligned to the leading edge (the paragraph's start side), centred, or aligned
    /// to the trailing edge.
    case leading, center, trailing
}
