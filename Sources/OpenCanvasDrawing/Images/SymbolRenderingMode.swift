/// How a system symbol's layers are coloured. OpenCanvas's symbols come from an
/// icon font whose glyphs have one layer and no colours of their own, so every
/// mode draws the symbol in one colour: the foreground style (`.monochrome`,
/// `.hierarchical`, `.multicolor`), or the first style of a palette (`.palette`,
/// which is what `foregroundStyle(_:_:)` sets first). The modes are kept in the
/// environment, so that code that sets them compiles and reads them back.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let palette = SymbolRenderingMode(name: "palette")
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

extension Image {
    /// Sets how the symbol's layers are coloured (see `SymbolRenderingMode`).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
}
