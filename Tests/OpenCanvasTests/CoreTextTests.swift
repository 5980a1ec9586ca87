import Testing
import Foundation
import OpenCanvas
import CoreText

/// The Core Text subset: fonts by name, glyphs for characters, advances and glyph
/// outlines in Core Text's y-up coordinates.
@Suite("Core Text: fonts, glyphs and glyph outlines")
struct CoreTextTests {
    @Test("glyphs for characters, a surrogate pair's second slot 0, missing ones reported")
    func glyphs() {
        let font = CTFontCreateWithName("Inter" as CFString, 20, nil)
        #expect(CTFontGetSize(font) == 20)
        #expect(CTFontCopyFamilyName(font) as String == "Inter")
        var chars = Array("Ab".utf16)
        var glyphs = [CGGlyph](repeating: 9, count: 2)
        #expect(CTFontGetGlyphsForCharacters(font, chars, &glyphs, 2))
        #expect(glyphs[0] != 0 && glyphs[1] != 0 && glyphs[0] != glyphs[1])
        // U+1F600 is not in Inter: false, both slots 0 (the second is the pair's tail).
        chars = Array("A\u{1F600}".utf16)
        glyphs = [CGGlyph](repeating: 9, count: 3)
        #expect(!CTFontGetGlyphsForCharacters(font, chars, &glyphs, 3))
        #expect(glyphs[0] != 0 && glyphs[1] == 0 && glyphs[2] == 0)
        #expect(CTFontGetGlyphsForCharacters(font, chars, &glyphs, 0))     // nothing asked
        // Size 0 is Core Text's default, 12; names carry weight and slant.
        #expect(CTFontGetSize(CTFontCreateWithName("Inter" as CFString, 0, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateWithName("Inter" as CFString, .nan, nil)) == 12)
    }

    @Test("advances add up, scale with the size, and a bold face is wider")
    func advances() {
        let regular = CTFontCreateWithName("Inter-Regular" as CFString, 10, nil)
        let bigger = CTFontCreateWithName("Inter-Regular" as CFString, 20, nil)
        let bold = CTFontCreateWithName("Inter-Bold" as CFString, 10, nil)
        func width(_ font: CTFont, _ s: String) -> (Double, [CGSize]) {
            let chars = Array(s.utf16)
            var glyphs = [CGGlyph](repeating: 0, count: chars.count)
            _ = CTFontGetGlyphsForCharacters(font, chars, &glyphs, chars.count)
            var advances = [CGSize](repeating: .zero, count: chars.count)
            let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, chars.count)
            return (total, advances)
        }
        let (total, each) = width(regular, "Hello")
        #expect(abs(total - each.reduce(0) { $0 + Double($1.width) }) < 1e-9)
        #expect(total > 20 && total < 35)
        #expect(abs(width(bigger, "Hello").0 - 2 * total) < 1e-6)
        #expect(width(bold, "Hello").0 > total)
        #expect(CTFontGetAscent(regular) > 7 && CTFontGetAscent(regular) < 12 && CTFontGetDescent(regular) > 1)
    }

    @Test("a glyph's outline: y up from the baseline, transformed, empty for a space, nil for no glyph")
    func outlines() throws {
        let font = CTFontCreateWithName("Inter" as CFString, 100, nil)
        let chars = Array("H ".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        _ = CTFontGetGlyphsForCharacters(font, chars, &glyphs, 2)
        let h = try #require(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let box = h.boundingBoxOfPath
        // A capital stands on the baseline and rises about 0.73 em.
        #expect(abs(box.minY) < 0.5 && box.maxY > 65 && box.maxY < 80)
        var flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 10, ty: 200)
        let flipped = try #require(CTFontCreatePathForGlyph(font, glyphs[0], &flip)).boundingBoxOfPath
        #expect(abs(flipped.maxY - 200) < 0.5 && abs(flipped.minX - (box.minX + 10)) < 1e-9)
        let space = try #require(CTFontCreatePathForGlyph(font, glyphs[1], nil))
        #expect(space.isEmpty)
        #expect(CTFontCreatePathForGlyph(font, 65_000, nil) == nil)
        // Outlines combine with the path operations: "H" minus its own crossbar's band.
        let band = CGPath(rect: CGRect(x: -10, y: 30, width: 200, height: 12), transform: nil)
        let cut = h.subtracting(band)
        #expect(cut.componentsSeparated().count == 4)    // two legs, each cut in two
    }
}
