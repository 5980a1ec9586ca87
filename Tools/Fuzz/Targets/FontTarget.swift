import CanvasGeometry
import CanvasText
import Foundation
import OpenCanvas

/// A font file through the font loader (FreeType and HarfBuzz, as `FontLibrary`
/// opens faces): the bytes are written to a file, opened as a face, and used as
/// text is — metrics, shaping with features, glyph outlines and colour bitmaps —
/// and the glyphs drawn. The first byte picks the face index in a collection.
enum FontTarget {
    /// One file per process, rewritten for each input (FreeType reads it when the
    /// face opens and HarfBuzz keeps its own copy, so the next input may replace it).
    static let file: String = {
        let folder = FileManager.default.temporaryDirectory.path
        return "\(folder)/opencanvas-fuzz-font-\(getpid()).ttf"
    }()

    @MainActor
    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes.dropFirst())) else { return }
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let face = FontLibrary.shared.uncachedFace(path: file, index: Int(first % 4)) else { return }
        let metrics = [face.ascender, face.descender, face.lineGap, face.unitsPerEm, face.reach,
                       face.underlinePosition, face.underlineThickness]
        for value in metrics where !value.isFinite { fatalError("font: a face metric is \(value)") }
        var glyphs: [UInt32] = []
        for text in ["Hamburgefonstiv 0123", "ﬁ office ÅÉ", "مرحبا", "👍🏽"] {
            for glyph in face.shape(text, features: ["kern", "liga", "tnum"]) {
                guard glyph.xAdvance.isFinite, glyph.xOffset.isFinite, glyph.yOffset.isFinite else {
                    fatalError("font: a shaped glyph has a non-finite position")
                }
                glyphs.append(glyph.id)
            }
        }
        for scalar in "Ag€".unicodeScalars { glyphs.append(face.glyphIndex(for: scalar)) }
        // Glyph ids the font may not have: the loader must refuse them quietly.
        glyphs += [0, 1, 2, 0xFFFF, UInt32(first) << 8]
        var outlines = Path()
        var advance = 0.0
        let scale = 20 / face.unitsPerEm
        for glyph in glyphs.prefix(64) {
            _ = face.freeTypeAdvance(glyph: glyph)
            _ = face.outlineBounds(glyph: glyph)
            if let bitmap = face.colorBitmap(glyph: glyph), bitmap.rgba.count != bitmap.width * bitmap.height * 4 {
                fatalError("font: a colour bitmap's bytes do not match its size")
            }
            face.outline(glyph: glyph).forEach { element in
                func p(_ q: Point) -> CGPoint { CGPoint(x: advance + q.x * scale, y: 24 - q.y * scale) }
                switch element {
                case .move(let a): outlines.move(to: p(a))
                case .line(let a): outlines.addLine(to: p(a))
                case .quad(let c, let a): outlines.addQuadCurve(to: p(a), control: p(c))
                case .cubic(let c1, let c2, let a): outlines.addCurve(to: p(a), control1: p(c1), control2: p(c2))
                case .close: outlines.closeSubpath()
                }
            }
            advance += 6
        }
        let canvas = Canvas { context, _ in context.fill(outlines, with: .color(.black)) }
        _ = ImageRenderer(content: canvas.frame(width: 48, height: 32)).cgImage
    }
}
