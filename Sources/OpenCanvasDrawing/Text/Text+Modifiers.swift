import Foundation
import CanvasGeometry

// Modifiers that return `Text` (so the result can still be concatenated with `+`).
// Each sets its attribute on the runs that have not set it (the innermost wins).
extension Text {
    /// The font of the runs that have not set one (`nil` leaves the text unchanged).
    public consuming func font(_ font: Font?) -> Text {
        guard let font else { return self }
        return applying { if $0.font == nil { $0.font = font } }
    }

    /// The font weight of the runs that have not set one (`nil` leaves the text
    /// unchanged).
    public consuming func fontWeight(_ weight: Font.Weight?) -> Text {
        guard let weight else { return self }
        return applying { if $0.weight == nil { $0.weight = weight } }
    }

    /// The design of the system font (`.serif`, `.rounded`, `.monospaced`).
    public consuming func fontDesign(_ design: Font.Design?) -> Text {
        guard let design else { return self }
        return applying { if $0.design == nil { $0.design = design } }
    }

    /// The width of the font (see `Font.Width`).
    public consuming func fontWidth(_ width: Font.Width?) -> Text {
        guard let width else { return self }
        return applying { if $0.width == nil { $0.width = width } }
    }

    /// The bold weight, for the runs that have not set a weight.
    public consuming func bold() -> Text { fontWeight(.bold) }

    /// Bold when `isActive`; otherwise the text unchanged.
    public consuming func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    /// Italic, for the runs that have not set it.
    public consuming func italic() -> Text { applying { if $0.italic == nil { $0.italic = true } } }

    /// Italic when `isActive`; otherwise the text unchanged.
    public consuming func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

    /// The monospaced design of the system font.
    public consuming func monospaced(_ isActive: Bool = true) -> Text { isActive ? fontDesign(.monospaced) : self }

    /// Digits of equal width (tabular figures), other characters unchanged.
    public consuming func monospacedDigit() -> Text { applying { if $0.monospacedDigit == nil { $0.monospacedDigit = true } } }

    /// Extra space between characters, in points (non-finite values are ignored).
    public consuming func tracking(_ tracking: CGFloat) -> Text {
        guard tracking.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { if $0.tracking == nil { $0.tracking = tracking } }
    }

    /// Extra space between characters, in points, added to the font's own kerning.
    /// (SwiftUI adjusts kerning pairs; with one extra advance per character the two
    /// differ only in how they combine, so both add here.)
    public consuming func kerning(_ kerning: CGFloat) -> Text {
        guard kerning.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { if $0.kerning == nil { $0.kerning = kerning } }
    }

    /// Raises (positive) or lowers the text relative to its baseline, in points.
    public consuming func baselineOffset(_ offset: CGFloat) -> Text {
        guard offset.isFinite else { Diagnostics.report(.nonFiniteValue); return self }
        return applying { if $0.baselineOffset == nil { $0.baselineOffset = offset } }
    }

    /// Underlines the text; the line is the text's colour unless `color` is given.
    public consuming func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        applying { if $0.underline == nil { $0.underline = .some(isActive ? LineStyle(pattern: pattern, color: color) : nil) } }
    }

    /// Strikes the text through; the line is the text's colour unless `color` is given.
    public consuming func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        applying { if $0.strikethrough == nil { $0.strikethrough = .some(isActive ? LineStyle(pattern: pattern, color: color) : nil) } }
    }

    /// The colour of the text (`nil` leaves it to the environment).
    public consuming func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return applying { if !$0.fill.isSet { $0.fill = .color(color) } }
    }

    /// The fill of the text: a colour, gradient or other shape style. A gradient
    /// spans the whole text's frame.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        if let color = style as? Color { return foregroundColor(color) }
        return applying { if !$0.fill.isSet { $0.fill = .style(AnyShapeStyle(style)) } }
    }
}
