import Foundation
import CanvasGeometry
import CanvasText

/// `Image(systemName:)` on Linux: SF Symbol names mapped (`SystemSymbolNames`) to
/// glyphs of Material Icons, drawn as vector templates through the text stack.
///
/// Sizing: a symbol follows the font in the environment (`.body` by default) as SF
/// Symbols do. Material's icons are drawn on a 24-unit grid with a 2-unit margin,
/// so the icon's em is 1.2 × the font's point size — a "star.fill" at 17 points is
/// then about 17 points wide, as SF's is. Set in text, the icon is lowered by
/// 0.24 × the point size, which centres it on the capitals of Inter.
enum SystemSymbols {
    static let emScale = 1.2
    static let inlineBaselineShift = -0.24
    static let fontRequest = FontRequest(family: "Material Icons")

    struct Glyph {
        var scalar: Unicode.Scalar
        var face: FontFace
        var id: UInt32
    }

    private static let reported = Locked<Set<String>>([])

    /// The glyph for an SF Symbol name; `nil` (reported once per name, as SwiftUI
    /// logs "No symbol named … found in system symbol set") when the name is not
    /// mapped or the icon font is not installed.
    static func glyph(named name: String) -> Glyph? {
        guard let code = SystemSymbolNames.codepoints[name], let scalar = Unicode.Scalar(code) else {
            report(name, "OpenCanvas: no symbol named '\(name)' found in system symbol set")
            return nil
        }
        guard let face = FontLibrary.shared.face(for: fontRequest), face.familyName.hasPrefix("Material Icons") else {
            report("\u{0}font", "OpenCanvas: the Material Icons font (Debian fonts-material-design-icons-iconfont) is not installed; system images draw nothing")
            return nil
        }
        let id = face.glyphIndex(for: scalar)
        guard id != 0 else {
            report(name, "OpenCanvas: the icon font has no glyph for the symbol '\(name)'")
            return nil
        }
        return Glyph(scalar: scalar, face: face, id: id)
    }

    private static func report(_ key: String, _ message: String) {
        let first = reported.withLock { $0.insert(key).inserted }
        if first { Diagnostics.report(.imageUnavailable, message) }
    }

    /// All mapped names (for tests and the gallery).
    static var names: [String] { SystemSymbolNames.codepoints.keys.sorted() }
}

/// A resolved system symbol: its glyph, the em size it is drawn at, and its ink box
/// in font units (y up).
struct SymbolDrawing {
    var glyph: SystemSymbols.Glyph
    var em: Double
    var ink: Rect
    var pointSize: Double

    init?(name: String, font: Font) {
        guard let glyph = SystemSymbols.glyph(named: name) else { return nil }
        let style = font.textStyle
        guard style.size > 0 else { return nil }
        let ink = glyph.face.outlineBounds(glyph: glyph.id)
        guard !ink.isEmpty else { return nil }
        self.glyph = glyph
        self.pointSize = min(style.size, 16384)
        self.em = pointSize * SystemSymbols.emScale
        self.ink = ink
    }

    var scale: Double { em / glyph.face.unitsPerEm }
    var size: CGSize { CGSize(width: ink.width * scale, height: ink.height * scale) }
    /// From the top of the ink to the text baseline it would sit on inline.
    var baseline: CGFloat { ink.maxY * scale + SystemSymbols.inlineBaselineShift * pointSize }

    /// The outline mapped so that its ink box fills `rect`.
    func outline(in rect: CGRect) -> PathData {
        let sx = Double(rect.width) / ink.width, sy = Double(rect.height) / ink.height
        let t = Transform(a: sx, b: 0, c: 0, d: -sy, tx: Double(rect.minX) - ink.minX * sx, ty: Double(rect.minY) + ink.maxY * sy)
        return glyph.face.outline(glyph: glyph.id).transformed(by: t)
    }
}
