import Foundation

// `Text(AttributedString)` and SwiftUI's attribute scope: the attributes a text run
// can take from an attributed string (`s.font = .title`, `s.foregroundColor = .red`,
// `s[range].strikethroughStyle = .single`, …), plus Foundation's `link`.

extension AttributeScopes {
    /// The attributes SwiftUI's `Text` reads from an `AttributedString`.
    public struct SwiftUIAttributes: AttributeScope {
        /// The font of the run.
        public let font: FontAttribute
        /// The colour of the run's text.
        public let foregroundColor: ForegroundColorAttribute
        /// A line through the run's text.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// A line under the run's text.
        public let underlineStyle: UnderlineStyleAttribute
        /// Extra space between characters, in points, added to the font's own kerning
        /// (as `Text.kerning(_:)`); a non-finite value is ignored.
        public let kern: KerningAttribute
        /// Extra space between characters, in points (as `Text.tracking(_:)`); a
        /// non-finite value is ignored.
        public let tracking: TrackingAttribute
        /// How far the run is raised above the baseline, in points (negative lowers it);
        /// a non-finite value is ignored.
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's attributes (such as `link`).
        public let foundation: FoundationAttributes
    }

    /// SwiftUI's attribute scope.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeScopes.SwiftUIAttributes {
    /// The key of the font attribute.
    public enum FontAttribute: AttributedStringKey {
        /// The attribute's value: a font.
        public typealias Value = Font
        /// The attribute's name.
        public static let name = "SwiftUI.Font"
    }

    /// The key of the foreground colour attribute.
    public enum ForegroundColorAttribute: AttributedStringKey {
        /// The attribute's value: a colour.
        public typealias Value = Color
        /// The attribute's name.
        public static let name = "SwiftUI.ForegroundColor"
    }

    /// The key of the strikethrough attribute.
    public enum StrikethroughStyleAttribute: AttributedStringKey {
        /// The attribute's value: a line style.
        public typealias Value = Text.LineStyle
        /// The attribute's name.
        public static let name = "SwiftUI.StrikethroughStyle"
    }

    /// The key of the underline attribute.
    public enum UnderlineStyleAttribute: AttributedStringKey {
        /// The attribute's value: a line style.
        public typealias Value = Text.LineStyle
        /// The attribute's name.
        public static let name = "SwiftUI.UnderlineStyle"
    }

    /// The key of the kerning attribute.
    public enum KerningAttribute: AttributedStringKey {
        /// The attribute's value, in points.
        public typealias Value = CGFloat
        /// The attribute's name.
        public static let name = "SwiftUI.Kern"
    }

    /// The key of the tracking attribute.
    public enum TrackingAttribute: AttributedStringKey {
        /// The attribute's value, in points.
        public typealias Value = CGFloat
        /// The attribute's name.
        public static let name = "SwiftUI.Tracking"
    }

    /// The key of the baseline offset attribute.
    public enum BaselineOffsetAttribute: AttributedStringKey {
        /// The attribute's value, in points.
        public typealias Value = CGFloat
        /// The attribute's name.
        public static let name = "SwiftUI.BaselineOffset"
    }
}

extension AttributeDynamicLookup {
    /// SwiftUI's attributes as properties of an attributed string or its runs
    /// (`s.font = .title`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// Text from an attributed string: each run keeps its font, foreground colour,
    /// strikethrough, underline, kerning, tracking and baseline offset; a run with
    /// a `link` is drawn in the accent colour. The string is shown as it is (no
    /// localization, no Markdown).
    // Disfavoured: Linux's AttributedString is ExpressibleByStringLiteral, and a
    // literal must stay a LocalizedStringKey (`Text("**Hi**")` is Markdown).
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        typealias A = AttributeScopes.SwiftUIAttributes
        var runs: [Run] = []
        for run in attributedContent.runs {
            let string = String(attributedContent[run.range].characters)
            guard !string.isEmpty else { continue }
            var attributes = Attributes()
            attributes.font = run[A.FontAttribute.self]
            if let color = run[A.ForegroundColorAttribute.self] {
                attributes.foreground = .color(color)
            } else if run.link != nil {
                attributes.foreground = .color(.accentColor)
            }
            attributes.link = run.link
            if let line = run[A.StrikethroughStyleAttribute.self] { attributes.strikethrough = .some(line) }
            if let line = run[A.UnderlineStyleAttribute.self] { attributes.underline = .some(line) }
            if let k = run[A.KerningAttribute.self], k.isFinite { attributes.kerning = k }
            if let t = run[A.TrackingAttribute.self], t.isFinite { attributes.tracking = t }
            if let b = run[A.BaselineOffsetAttribute.self], b.isFinite { attributes.baselineOffset = b }
            runs.append(Run(content: .verbatim(string), attributes: attributes))
        }
        self.init(runs: runs.isEmpty ? [Run(content: .verbatim(""))] : runs)
    }
}
