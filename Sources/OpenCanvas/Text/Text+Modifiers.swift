import Foundation
import CanvasGeometry

// Modifiers that return `Text` (so the result can still be concatenated with `+`).
// Each sets its attribute on the runs that have not set it (the innermost wins).
extension Text {
    public func font(_ font: Font?) -> Text {
        guard let font else { return self }
        return applying { $0.font = font }
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        guard let weight else { return self }
        return applying { $0.weight = weight }
    }

    /// The design of the system font (`.serif`, `.rounded`, `.monospaced`).
    public func fontDesign(_ design: Font.Design?) -> Text {
        guard let design else { return self }
        return applying { $0.design = design }
    }

    public func bold() -> Text { fontWeight(.bold) }

    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    public func italic() -> Text { applying { $0.italic = true } }

    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

    /// The monospaced design of the system font.
    public func monospaced(_ isActive: Bool = true) -> Text { isActive ? fontDesign(.monospaced) : self }

    /// Digits of equal width (tabular figures), other characters unchanged.
    public func monospacedDigit() -> Text { applying { $0.monospacedDigit = true } }

    /// Extra space between characters, in points (non-finite values are ignored).
    public func tracking(_ tracking: CGFloat) -> Text {
        guard tracking.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { $0.tracking = tracking }
    }

    /// Extra space between characters, in points, added to the font's own kerning.
    /// (SwiftUI adjusts kerning pairs; with one extra advance per character the two
    /// differ only in how they combine, so both add here.)
    public func kerning(_ kerning: CGFloat) -> Text {
        guard kerning.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { $0.kerning = kerning }
    }

    /// Raises (positive) or lowers the text relative to its baseline, in points.
    public func baselineOffset(_ offset: CGFloat) -> Text {
        guard offset.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { $0.baselineOffset = offset }
    }

    /// Underlines the text; the line is the text's colour unless `color` is given.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        applying { $0.underline = .some(isActive ? LineStyle(pattern: pattern, color: color) : nil) }
    }

    /// Strikes the text through; the line is the text's colour unless `color` is given.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        applying { $0.strikethrough = .some(isActive ? LineStyle(pattern: pattern, color: color) : nil) }
    }

    /// The colour of the text (`nil` leaves it to the environment).
    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return applying { $0.foreground = .color(color) }
    }

    /// The fill of the text: a colour, gradient or other shape style. A gradient
    /// spans the whole text's frame.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        if let color = style as? Color { return foregroundColor(color) }
        return applying { $0.foreground = .style(AnyShapeStyle(style)) }
    }
}
