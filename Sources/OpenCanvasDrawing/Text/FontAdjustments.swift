import Foundation

/// Font attributes a view sets for the text inside it (`fontWeight(_:)`,
/// `fontWidth(_:)`, `fontDesign(_:)`, `bold()`, `italic()`, `monospacedDigit()`
/// on a view): the outermost layer of a text's attributes, under what the text
/// sets itself.
package struct FontAdjustments: Sendable, Equatable {
    package var weight: Font.Weight?
    package var design: Font.Design?
    package var width: Font.Width?
    package var italic: Bool?
    package var monospacedDigit: Bool?

    package init() {}

    var attributes: Text.Attributes? {
        guard self != FontAdjustments() else { return nil }
        var a = Text.Attributes()
        a.weight = weight
        a.design = design
        a.width = width
        a.italic = italic
        a.monospacedDigit = monospacedDigit
        return a
    }
}
