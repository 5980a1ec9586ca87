/// Where glyph outlines come from (a font face of the text layer above). The
/// renderer only needs outlines in font units and a stable identity for its glyph
/// cache, so the geometry layer knows fonts through this protocol alone.
public protocol GlyphOutlineSource: AnyObject, Sendable {
    /// Unique in the process: part of glyph cache keys.
    var faceID: UInt32 { get }
    var unitsPerEm: Double { get }
    /// The glyph's outline in font units, y up.
    func outline(glyph: UInt32) -> PathData
    /// The control box of the glyph's outline, in font units, y up (empty for none).
    func outlineBounds(glyph: UInt32) -> Rect
}
