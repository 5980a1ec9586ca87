import Foundation
import OpenCanvas
import CoreText

extension Scenes {
    /// The path operations of iOS 17: a circle and a rounded square combined by each
    /// area operation (the result filled, both inputs outlined thinly), the square's
    /// outline clipped by the circle with the two line operations, and text outlines
    /// (glyph paths from Core Text) unioned with a swash and subtracted from a tag.
    public static let pathOperations = Scene(
        name: "path-operations",
        summary: "union, intersection, subtracting, symmetric difference, line operations; text outlines combined",
        size: CGSize(width: 540, height: 300)
    ) { context, size in
        let cell = 90.0
        func inputs(_ k: Int) -> (Path, Path) {
            let x = Double(k) * cell
            let square = Path(roundedRect: CGRect(x: x + 12, y: 16, width: 50, height: 50), cornerRadius: 10)
            let circle = Path(ellipseIn: CGRect(x: x + 34, y: 34, width: 46, height: 46))
            return (square, circle)
        }
        let names = ["union", "intersection", "subtracting", "symmetric\ndifference", "line\nintersection",
                     "line\nsubtraction"]
        let guide = StrokeStyle(lineWidth: 0.75, dash: [3, 2])
        for k in 0..<6 {
            let (square, circle) = inputs(k)
            switch k {
            case 0: context.fill(square.union(circle), with: .color(.blue))
            case 1: context.fill(square.intersection(circle), with: .color(.purple))
            case 2: context.fill(square.subtracting(circle), with: .color(.orange))
            case 3: context.fill(square.symmetricDifference(circle), with: .color(.teal))
            case 4: context.stroke(square.lineIntersection(circle), with: .color(.red), lineWidth: 3)
            default: context.stroke(square.lineSubtraction(circle), with: .color(.green), lineWidth: 3)
            }
            context.stroke(square, with: .color(.gray), style: guide)
            context.stroke(circle, with: .color(.gray), style: guide)
            for (line, text) in names[k].split(separator: "\n").enumerated() {
                context.draw(Text(String(text)).font(.caption),
                             at: CGPoint(x: Double(k) * cell + 46, y: 100 + 14 * Double(line)), anchor: .top)
            }
        }

        // Left: the word unioned with a swash under it, as one outline.
        let word = glyphOutlines(of: "Canvas", fontName: "Inter-Bold", size: 54, baseline: CGPoint(x: 24, y: 214))
        var swash = Path()
        swash.move(to: CGPoint(x: 20, y: 226))
        swash.addQuadCurve(to: CGPoint(x: 220, y: 214), control: CGPoint(x: 120, y: 196))
        swash.addQuadCurve(to: CGPoint(x: 20, y: 236), control: CGPoint(x: 120, y: 214))
        swash.closeSubpath()
        let joined = word.union(swash)
        context.fill(joined, with: .linearGradient(Gradient(colors: [.indigo, .pink]),
                                                   startPoint: CGPoint(x: 20, y: 160), endPoint: CGPoint(x: 220, y: 240)))
        context.stroke(joined, with: .color(.black), lineWidth: 1)
        context.draw(Text("text outlines ∪ swash").font(.caption), at: CGPoint(x: 125, y: 262), anchor: .top)

        // Right: a tag with the word cut out of it, and a hole for its string.
        let tagRect = CGRect(x: 290, y: 150, width: 230, height: 96)
        var tag = Path(roundedRect: tagRect, cornerRadius: 22)
        let hole = Path(ellipseIn: CGRect(x: tagRect.minX + 14, y: tagRect.midY - 8, width: 16, height: 16))
        tag = tag.subtracting(hole)
            .subtracting(glyphOutlines(of: "Sale", fontName: "Inter-Bold", size: 64, baseline: CGPoint(x: 350, y: 222)))
        context.fill(tag, with: .color(.green))
        context.draw(Text("tag − text outlines").font(.caption), at: CGPoint(x: tagRect.midX, y: 262), anchor: .top)
        _ = size
    }

    /// Text as outlines, as drawing code does it with Core Text: one path of every
    /// glyph of `word` (no shaping or kerning: each glyph by its advance), the
    /// baseline starting at `origin`, in y-down canvas space.
    public static func glyphOutlines(of word: String, fontName: String, size: CGFloat, baseline origin: CGPoint) -> Path {
        let font = CTFontCreateWithName(fontName as CFString, size, nil)
        let characters = Array(word.utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        _ = CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count)
        var advances = [CGSize](repeating: .zero, count: characters.count)
        _ = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, characters.count)
        var path = Path()
        var x = origin.x
        for (glyph, advance) in zip(glyphs, advances) {
            // Core Text's outlines point y up: flip them onto the baseline.
            var flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: x, ty: origin.y)
            if let glyphPath = CTFontCreatePathForGlyph(font, glyph, &flip) { path.addPath(Path(glyphPath)) }
            x += advance.width
        }
        return path
    }
}
