import Foundation
import CanvasGeometry

/// A view that displays one or more lines of read-only text; in a canvas it is
/// resolved and drawn with `GraphicsContext.draw(_:at:anchor:)` or `draw(_:in:)`.
///
/// A text is a sequence of runs (one per `+` operand or interpolated `Text`), each
/// with the attributes its own modifiers set. A modifier applied to a text sets the
/// attribute on every run that has not set it yet, so the innermost modifier wins,
/// as in SwiftUI: `(Text("a").bold() + Text("b")).italic()` is bold-italic "a" and
/// italic "b".
public struct Text: Equatable, Sendable {
    /// What a run shows.
    enum Content: Sendable, Equatable {
        case verbatim(String)
        case localized(LocalizedStringKey, table: String?, bundle: Bundle?)
        /// An image set inline in the text (a system symbol as an icon-font
        /// character, any other image as a box on the baseline). (Indirect: an
        /// image holds its label, a text, and a text keeps its first run inline.)
        indirect case image(Image)
        /// A date in a style (the live styles count from the host's clock).
        case date(Date, DateStyle)
        case dateRange(Date, Date)

        static func == (a: Content, b: Content) -> Bool {
            switch (a, b) {
            case (.date(let x, let s), .date(let y, let t)): return x == y && s == t
            case (.dateRange(let a1, let b1), .dateRange(let a2, let b2)): return a1 == a2 && b1 == b2
            case (.verbatim(let x), .verbatim(let y)): return x == y
            case (.localized(let k, let t, let b1), .localized(let k2, let t2, let b2)): return k == k2 && t == t2 && b1 == b2
            case (.image(let x), .image(let y)): return x.isSame(as: y)
            default: return false
            }
        }
    }

    struct Run: Sendable, Equatable {
        var content: Content
        var attributes = Attributes()
    }

    /// Attributes a run may set (`nil`: not set, the environment decides).
    struct Attributes: Sendable, Equatable {
        var font: Font?
        var weight: Font.Weight?
        var design: Font.Design?
        var width: Font.Width?
        var italic: Bool?
        var monospacedDigit: Bool?
        var tracking: CGFloat?
        var kerning: CGFloat?
        var baselineOffset: CGFloat?
        var underline: LineStyle??
        var strikethrough: LineStyle??
        /// The run's own fill (`.unset`: not set). Kept as a plain enum, not an
        /// optional: copying and testing an optional of this large value went
        /// through the runtime's generic value witnesses, several times a label.
        var fill: Foreground = .unset
        var foreground: Foreground? {
            get { fill.isSet ? fill : nil }
            set { fill = newValue ?? .unset }
        }
        /// Where the run links to (Markdown links, `AttributedString`'s `link`).
        var link: URL?

        /// Sets what `other` sets and this does not.
        mutating func fill(from other: Attributes) {
            font = font ?? other.font
            weight = weight ?? other.weight
            design = design ?? other.design
            width = width ?? other.width
            italic = italic ?? other.italic
            monospacedDigit = monospacedDigit ?? other.monospacedDigit
            tracking = tracking ?? other.tracking
            kerning = kerning ?? other.kerning
            baselineOffset = baselineOffset ?? other.baselineOffset
            if underline == nil { underline = other.underline }
            if strikethrough == nil { strikethrough = other.strikethrough }
            if !fill.isSet { fill = other.fill }
            link = link ?? other.link
        }
    }

    /// A run's own fill.
    enum Foreground: Sendable, Equatable {
        /// No fill of the run's own (the environment's foreground).
        case unset
        case color(Color)
        case style(AnyShapeStyle)

        var isSet: Bool {
            if case .unset = self { return false }
            return true
        }

        static func == (a: Foreground, b: Foreground) -> Bool {
            switch (a, b) {
            case (.unset, .unset): return true
            case (.color(let x), .color(let y)): return x == y
            // Shape styles have no equality; two are the same when they describe alike.
            case (.style(let x), .style(let y)): return String(reflecting: x) == String(reflecting: y)
            default: return false
            }
        }
    }

    var runs: Runs

    init(runs: [Run]) { self.runs = Runs(runs) }
    init(run: Run) { runs = Runs(run) }

    /// Text shown exactly as given (no localization).
    public init(verbatim content: String) {
        runs = Runs(Run(content: .verbatim(content)))
    }

    /// Text from a string value, shown as it is (not localized), as SwiftUI does for
    /// a `StringProtocol` value that is not a literal.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        runs = Runs(Run(content: .verbatim(String(content))))
    }

    /// Text from a localized string key: looked up in `tableName` of `bundle` (the
    /// main bundle by default); interpolated values are formatted for the
    /// environment's locale (see `LocalizedStringKey`).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        runs = Runs(Run(content: .localized(key, table: tableName, bundle: bundle)))
    }

    /// An image set inline in text: a system symbol is drawn from the icon font at
    /// the text's size and colour; any other image at its own size, sitting on the
    /// baseline (a template image in the text's colour), and the line grows to fit it.
    public init(_ image: Image) {
        runs = Runs(Run(content: .image(image)))
    }

    /// Text made of both operands, each keeping its attributes.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = lhs
        joined.runs = lhs.runs + rhs.runs
        return joined
    }

    /// Applies a modifier to every run; `change` sets its attribute where a run has
    /// not set it yet (the innermost modifier wins).
    /// (`consuming`: a chain of modifiers on a new text mutates one run array in
    /// place instead of copying it at each step.)
    consuming func applying(_ change: (inout Attributes) -> Void) -> Text {
        var t = self
        t.runs.updateAttributes(change)
        return t
    }

    /// A style of line for underlines and strikethroughs.
    public struct LineStyle: Hashable, Sendable {
        /// The pattern of the line: solid, dotted or dashed.
        public var pattern: Pattern
        /// The colour of the line; `nil` draws it in the text's colour.
        public var color: Color?

        /// A line style: solid in the text's colour unless told otherwise.
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern; self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        /// The pattern of a line: solid, or dots and dashes whose lengths are multiples
        /// of the line's thickness.
        public struct Pattern: Hashable, Sendable {
            let kind: Int
            /// An unbroken line.
            public static let solid = Pattern(kind: 0)
            /// Dots one thickness long, with gaps of two thicknesses.
            public static let dot = Pattern(kind: 1)
            /// Dashes four thicknesses long, with gaps of two.
            public static let dash = Pattern(kind: 2)
            /// A dash and a dot, repeated.
            public static let dashDot = Pattern(kind: 3)
            /// A dash and two dots, repeated.
            public static let dashDotDot = Pattern(kind: 4)
        }
    }

    /// Where text that does not fit is cut and an ellipsis shown.
    public enum TruncationMode: Hashable, Sendable {
        /// `head` cuts the start of the line, `tail` the end, `middle` the middle; the
        /// ellipsis stands in for what is cut.
        case head, tail, middle
    }

    /// A case text can be drawn in (`textCase(_:)`).
    public enum Case: Hashable, Sendable {
        /// Every letter in upper case, by the locale's rules.
        case uppercase
        /// Every letter in lower case, by the locale's rules.
        case lowercase
    }
}
