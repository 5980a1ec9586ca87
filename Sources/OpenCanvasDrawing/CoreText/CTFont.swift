import Foundation
import CanvasGeometry
import CanvasText

#if !canImport(Darwin)   // Apple platforms have Core Foundation's and Core Graphics' own
/// Core Foundation's signed index and count type.
public typealias CFIndex = Int
/// A UTF-16 code unit, as Core Foundation and Core Text take characters.
public typealias UniChar = UInt16
/// A glyph index in a font.
public typealias CGGlyph = UInt16
#endif

/// The part of Core Text that drawing code uses to turn text into outlines: a font
/// by name and size, its metrics, the glyphs for characters, their advances and
/// each glyph's outline as a `CGPath` (then combined with the path operations,
/// filled, stroked or clipped to).
///
/// Glyph outlines and metrics are in Core Text's coordinates: points at the font's
/// size, the baseline at y = 0 and y pointing up (so drawing into a y-down canvas
/// flips them, as on Apple platforms).
public final class CTFont: @unchecked Sendable, CustomStringConvertible {   // immutable
    let face: FontFace?
    let size: Double
    let matrix: CGAffineTransform
    let name: String

    init(name: String, size: Double, matrix: CGAffineTransform) {
        self.name = name
        self.size = size
        self.matrix = matrix
        face = FontLibrary.shared.face(for: CTFont.request(forName: name))
    }

    /// A PostScript or family name as a font request: "Inter-SemiBoldItalic" is the
    /// Inter family at weight 600, italic; a name that is only a family keeps the
    /// regular style. Names of Apple's system fonts (".SFUI…", "SF Pro…",
    /// "Helvetica", "HelveticaNeue") ask for the system font, as fontconfig would not
    /// know them; an unknown family gets fontconfig's closest match, as Core Text
    /// falls back to a default font.
    static func request(forName name: String) -> FontRequest {
        var family = name, style = ""
        if let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash]); style = String(name[name.index(after: dash)...]).lowercased()
        }
        var weight = 400, italic = false
        if style.hasSuffix("italic") || style.hasSuffix("oblique") {
            italic = true
            style = String(style.dropLast(style.hasSuffix("italic") ? 6 : 7))
        }
        let weights: [(String, Int)] = [("thin", 100), ("hairline", 100), ("extralight", 200), ("ultralight", 200),
                                        ("light", 300), ("regular", 400), ("book", 400), ("roman", 400), ("", 400),
                                        ("medium", 500), ("semibold", 600), ("demibold", 600), ("bold", 700),
                                        ("extrabold", 800), ("ultrabold", 800), ("heavy", 800), ("black", 900)]
        if let w = weights.first(where: { $0.0 == style })?.1 {
            weight = w
        } else {
            family = name            // the dash was part of the family's name
        }
        let system = family.hasPrefix(".") || family.hasPrefix("SF") || family == "Helvetica"
            || family == "HelveticaNeue" || family.isEmpty
        return FontRequest(family: system ? nil : family, weight: weight, italic: italic)
    }

    /// Font units to this font's points.
    var scale: Double { face.map { size / $0.unitsPerEm } ?? 0 }

    /// The name asked for and the size.
    public var description: String { "CTFont(\(name), \(size) pt)" }
}

/// Whether a glyph is laid out for horizontal or vertical text.
public enum CTFontOrientation: UInt32, Sendable {
    /// The font's own orientation: horizontal here.
    case `default` = 0
    /// Glyphs laid out along a horizontal line.
    case horizontal = 1
    /// Glyphs laid out down a vertical line.
    case vertical = 2
}

/// A font by PostScript or family name at `size` points (0 means Core Text's
/// default, 12), optionally transformed by `matrix`.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat,
                                 _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let points = size.isFinite && size > 0 ? min(Double(size), 16_384) : 12
    return CTFont(name: String(name), size: points, matrix: matrix?.pointee ?? .identity)
}

/// The same font at another size (0 keeps the size) and matrix.
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: Any?) -> CTFont {
    let points = size.isFinite && size > 0 ? min(Double(size), 16_384) : font.size
    return CTFont(name: font.name, size: points, matrix: matrix?.pointee ?? font.matrix)
}

/// The point size.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { CGFloat(font.size) }
/// The font's matrix.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// Design units per em (0 when no font could be loaded).
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.face?.unitsPerEm ?? 0) }
/// The distance from the baseline to the top of the tallest glyphs, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat((font.face?.ascender ?? 0) * font.scale) }
/// The distance from the baseline down to the lowest glyphs, positive, in points.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat((font.face?.descender ?? 0) * font.scale) }
/// The extra space between lines, in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat((font.face?.lineGap ?? 0) * font.scale) }
/// The family name of the face that was found.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { CFString(string: font.face?.familyName ?? "") }

/// Fills `glyphs` with the glyph of each UTF-16 character. A surrogate pair's glyph
/// goes in the pair's first slot and 0 in its second, as Core Text does. Returns
/// false when some character has no glyph in the font (its slot holds 0); no
/// fallback fonts are consulted.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    guard count > 0 else { return true }
    var all = true
    var k = 0
    while k < count {
        let unit = characters[k]
        var scalar: Unicode.Scalar?
        var width = 1
        if UTF16.isLeadSurrogate(unit), k + 1 < count, UTF16.isTrailSurrogate(characters[k + 1]) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(characters[k + 1]) - 0xDC00)
            scalar = Unicode.Scalar(value)
            width = 2
        } else {
            scalar = Unicode.Scalar(unit)           // nil for a lone surrogate
        }
        let index = scalar.flatMap { font.face?.glyphIndex(for: $0) } ?? 0
        let glyph = index <= UInt32(UInt16.max) ? CGGlyph(index) : 0
        glyphs[k] = glyph
        if width == 2 { glyphs[k + 1] = 0 }
        if glyph == 0 { all = false }
        k += width
    }
    return all
}

/// Each glyph's advance in points (into `advances` when given); returns their sum.
/// Vertical advances are not measured: a vertical orientation gives the
/// horizontal ones, turned to point down the line.
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation,
                                       _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    guard count > 0, let face = font.face else { return 0 }
    var total = 0.0
    for k in 0..<count {
        let advance = face.freeTypeAdvance(glyph: UInt32(glyphs[k])) * font.scale
        total += advance
        advances?[k] = orientation == .vertical ? CGSize(width: 0, height: advance) : CGSize(width: advance, height: 0)
    }
    return total
}

/// The outline of a glyph in points (y up, origin on the baseline at the glyph's
/// origin), transformed by the font's matrix and then by `matrix`. `nil` for a
/// glyph the font does not have or that has no outline (a colour bitmap); an
/// empty path for one that draws nothing, such as a space.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph,
                                     _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard let face = font.face, face.colorBitmap(glyph: UInt32(glyph)) == nil else { return nil }
    let outline = face.outline(glyph: UInt32(glyph))
    if outline.isEmpty {
        return face.freeTypeAdvance(glyph: UInt32(glyph)) > 0 || glyph == 0 ? CGPath(path: Path()) : nil
    }
    let s = font.scale
    var t = CGAffineTransform(scaleX: s, y: s).concatenating(font.matrix)
    if let m = matrix?.pointee { t = t.concatenating(m) }
    var data = PathData()
    data.append(outline, transform: Transform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d),
                                              tx: Double(t.tx), ty: Double(t.ty)))
    return CGPath(path: Path(data: data))
}
