/// The resolved style of a run of text: everything layout needs (colour is not:
/// spans carry a tag that the drawing layer maps to a shading).
public struct TextStyle: Hashable, Sendable {
    public var font: FontRequest
    /// Point size (the em size).
    public var size: Double
    /// Distance between baselines of successive lines, or `nil` for the font's own.
    public var lineHeight: Double?
    /// Extra space after every character, in points (`tracking` and `kerning`).
    public var tracking: Double
    /// Raises the text above the baseline, in points.
    public var baselineOffset: Double
    /// Digits of equal width (the OpenType `tnum` feature).
    public var monospacedDigits: Bool
    public var underline: TextDecoration?
    public var strikethrough: TextDecoration?
    /// Horizontal scale of the glyphs and their advances (a font width the face
    /// does not have, synthesized: 1 is the face's own width).
    public var widthScale: Double

    public init(font: FontRequest = FontRequest(), size: Double = 17, lineHeight: Double? = nil,
                tracking: Double = 0, baselineOffset: Double = 0, monospacedDigits: Bool = false,
                underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil, widthScale: Double = 1) {
        self.font = font; self.size = size; self.lineHeight = lineHeight; self.tracking = tracking
        self.baselineOffset = baselineOffset; self.monospacedDigits = monospacedDigits
        self.underline = underline; self.strikethrough = strikethrough
        self.widthScale = widthScale.isFinite ? min(2, max(0.25, widthScale)) : 1
    }
}

/// An underline or strikethrough.
public struct TextDecoration: Hashable, Sendable {
    public enum Pattern: Hashable, Sendable { case solid, dot, dash, dashDot, dashDotDot }
    public var pattern: Pattern
    /// The tag of the line's own colour, or `nil` for the colour of its text.
    public var colorTag: Int?

    public init(pattern: Pattern = .solid, colorTag: Int? = nil) {
        self.pattern = pattern; self.colorTag = colorTag
    }
}

/// A piece of text in one style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var style: TextStyle
    /// Names what paints the span (an index into the drawing layer's shadings).
    public var colorTag: Int
    /// A box set inline instead of glyphs (an image in a text): each character of
    /// the span is one such box.
    public var attachment: TextAttachment?

    public init(_ text: String, style: TextStyle, colorTag: Int = 0, attachment: TextAttachment? = nil) {
        self.text = text; self.style = style; self.colorTag = colorTag; self.attachment = attachment
    }
}

/// A box set inline in text: its size in points and the distance from its top down
/// to the baseline it sits on; `id` names it for the drawing layer.
public struct TextAttachment: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var baseline: Double
    public var id: Int

    public init(width: Double, height: Double, baseline: Double, id: Int) {
        self.width = width; self.height = height; self.baseline = baseline; self.id = id
    }
}

/// How a laid-out text fits its frame.
public struct TextLayoutOptions: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case leading, center, trailing }
    public enum Truncation: Hashable, Sendable { case head, middle, tail }

    /// Lines wrap to this width (nil: only at line separators).
    public var maxWidth: Double?
    /// Lines that do not fit this height are dropped, the last shown one truncated.
    public var maxHeight: Double?
    /// At most this many lines (nil: no limit).
    public var lineLimit: Int?
    public var truncation: Truncation
    public var alignment: Alignment
    /// The width lines are aligned in (nil: the widest line's).
    public var alignmentWidth: Double?
    /// A BCP 47 language for line-break rules and shaping (nil: root rules).
    public var locale: String?

    public init(maxWidth: Double? = nil, maxHeight: Double? = nil, lineLimit: Int? = nil,
                truncation: Truncation = .tail, alignment: Alignment = .leading, alignmentWidth: Double? = nil,
                locale: String? = nil) {
        self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.lineLimit = lineLimit
        self.truncation = truncation; self.alignment = alignment; self.alignmentWidth = alignmentWidth
        self.locale = locale
    }
}
