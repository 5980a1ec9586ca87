import Foundation

// `Text(AttributedString)` and SwiftUI's attribute scope: the attributes a text run
// can take from an attributed string (`s.font = .title`, `s.foregroundColor = .red`,
// `s[range].strikethroughStyle = .single`, …), plus Foundation's `link`.

extension AttributeScopes {
    /// The attributes SwiftUI's `Text` reads from an `AttributedString`.
    public struct SwiftUIAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let kern: KerningAttribute
        public let tracking: TrackingAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let foundation: FoundationAttributes
    }

    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeScopes.SwiftUIAttributes {
    public enum FontAttribute: AttributedStringKey {
        public typealias Value = Font
        public static let name = "SwiftUI.Font"
    }

    public enum ForegroundColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = "SwiftUI.ForegroundColor"
    }

    public enum StrikethroughStyleAttribute: AttributedStringKey {
        public typealias Value = Text.LineStyle
        public static let name = "SwiftUI.StrikethroughStyle"
    }

    public enum UnderlineStyleAttribute: AttributedStringKey {
        public typealias Value = Text.LineStyle
        public static let name = "SwiftUI.UnderlineStyle"
    }

    public enum KerningAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = "SwiftUI.Kern"
    }

    public enum TrackingAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = "SwiftUI.Tracking"
    }

    public enum BaselineOffsetAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = "SwiftUI.BaselineOffset"
    }
}

extension AttributeDynamicLookup {
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
