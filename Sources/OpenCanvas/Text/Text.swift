import Foundation

/// A view that displays one or more lines of read-only text; in a canvas it is
/// resolved and drawn with `GraphicsContext.draw(_:at:anchor:)`.
public struct Text: Equatable, Sendable {
    var content: String
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var color: Color?
    var tracking: CGFloat = 0

    /// Text shown exactly as given (no localization).
    public init(verbatim content: String) {
        self.content = content
    }

    /// Text from any string.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public func font(_ font: Font?) -> Text {
        var t = self
        t.font = font
        return t
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var t = self
        t.weight = weight
        return t
    }

    public func bold() -> Text { fontWeight(.bold) }

    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    public func italic() -> Text {
        var t = self
        t.isItalic = true
        return t
    }

    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

    /// The colour of the text (`nil` uses the environment's foreground).
    public func foregroundColor(_ color: Color?) -> Text {
        var t = self
        t.color = color
        return t
    }

    /// Extra space between characters, in points.
    public func tracking(_ tracking: CGFloat) -> Text {
        var t = self
        t.tracking = tracking.isFinite ? tracking : 0
        return t
    }

    /// Extra space between characters, in points (applied as tracking).
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }
}
