import SwiftUI
import CoreText

/// Two semicircular notches on a shape's left and right sides, halfway down.
struct SideNotches: Shape {
    var radius: CGFloat = 10

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addEllipse(in: CGRect(x: rect.minX - radius, y: rect.midY - radius, width: 2 * radius, height: 2 * radius))
        path.addEllipse(in: CGRect(x: rect.maxX - radius, y: rect.midY - radius, width: 2 * radius, height: 2 * radius))
        return path
    }
}

/// A ticket: a rounded rectangle with notches cut from its sides (Shape's
/// `subtracting`), and on top, in a canvas, its number's glyph outlines punched out
/// of a disc and a perforation line clipped to the ticket (Path's operations).
public struct Ticket: View {
    let number: String
    public init(number: String = "42") { self.number = number }

    static func outlines(of text: String, size: CGFloat) -> Path {
        let font = CTFontCreateWithName("Inter-Bold" as CFString, size, nil)
        let characters = Array(text.utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        _ = CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count)
        var path = Path()
        var x: CGFloat = 0
        for glyph in glyphs {
            var advance = CGSize.zero
            _ = CTFontGetAdvancesForGlyphs(font, .horizontal, [glyph], &advance, 1)
            var flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: x, ty: 0)
            if let outline = CTFontCreatePathForGlyph(font, glyph, &flip) { path.addPath(Path(outline)) }
            x += advance.width
        }
        return path
    }

    public var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 12)
                .subtracting(SideNotches())
                .fill(Color.orange)
            Canvas { context, size in
                let ticket = RoundedRectangle(cornerRadius: 12).path(in: CGRect(origin: .zero, size: size))
                    .subtracting(SideNotches().path(in: CGRect(origin: .zero, size: size)))
                var perforation = Path()
                perforation.move(to: CGPoint(x: size.width * 0.68, y: -10))
                perforation.addLine(to: CGPoint(x: size.width * 0.68, y: size.height + 10))
                context.stroke(perforation.lineIntersection(ticket), with: .color(.white),
                               style: StrokeStyle(lineWidth: 2, dash: [4, 4]))
                let digits = Self.outlines(of: number, size: 28)
                let box = digits.boundingRect
                let center = CGPoint(x: size.width * 0.84, y: size.height / 2)
                let placed = digits.offsetBy(dx: center.x - box.midX, dy: center.y - box.midY)
                let disc = Path(ellipseIn: CGRect(x: center.x - 24, y: center.y - 24, width: 48, height: 48))
                context.fill(disc.subtracting(placed), with: .color(.white))
                context.draw(Text("ADMIT ONE").font(.headline).foregroundStyle(.white),
                             at: CGPoint(x: size.width * 0.34, y: size.height / 2))
            }
        }
        .frame(width: 220, height: 90)
    }
}

#Preview("Ticket 42", traits: .sizeThatFitsLayout) {
    Ticket()
}
