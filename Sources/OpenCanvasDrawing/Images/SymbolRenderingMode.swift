/// How a system symbol's layers are coloured. OpenCanvas's symbols come from an
/// icon font whose glyphs have one layer and no colours of their own, so every
/// mode draws the symbol in one colour: the foreground style (`.monochrome`,
/// `.hierarchical`, `.multicolor`), or the first style of a palette (`.palette`,
/// which is what `foregroundStyle(_:_:)` sets first). The modes are kept in the
/// environment, so that code that sets them compiles and reads them back.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    /// Every layer in the foreground style.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// Layers in levels of the foreground style (here the one layer in the
    /// foreground style).
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Layers in the styles of a palette (here the one layer in its first style).
    public static let palette = SymbolRenderingMode(name: "palette")
    /// The symbol's own colours (here the foreground style: the symbols have none).
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

extension Image {
    /// Sets how the symbol's layers are coloured (see `SymbolRenderingMode`).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
}
