// `import CoreText` on Linux: the part of Core Text that turns text into outlines
// (`CTFont`: a font by name and size, its metrics, glyphs, advances and glyph
// paths), from OpenCanvas's bridge, with Core Graphics' types it takes.
@_exported import CoreGraphics
@_exported import class OpenCanvasDrawing.CTFont
@_exported import enum OpenCanvasDrawing.CTFontOrientation
@_exported import typealias OpenCanvasDrawing.CFIndex
@_exported import typealias OpenCanvasDrawing.UniChar
@_exported import typealias OpenCanvasDrawing.CGGlyph
@_exported import func OpenCanvasDrawing.CTFontCreateWithName
@_exported import func OpenCanvasDrawing.CTFontCreateCopyWithAttributes
@_exported import func OpenCanvasDrawing.CTFontGetSize
@_exported import func OpenCanvasDrawing.CTFontGetMatrix
@_exported import func OpenCanvasDrawing.CTFontGetUnitsPerEm
@_exported import func OpenCanvasDrawing.CTFontGetAscent
@_exported import func OpenCanvasDrawing.CTFontGetDescent
@_exported import func OpenCanvasDrawing.CTFontGetLeading
@_exported import func OpenCanvasDrawing.CTFontCopyFamilyName
@_exported import func OpenCanvasDrawing.CTFontGetGlyphsForCharacters
@_exported import func OpenCanvasDrawing.CTFontGetAdvancesForGlyphs
@_exported import func OpenCanvasDrawing.CTFontCreatePathForGlyph
