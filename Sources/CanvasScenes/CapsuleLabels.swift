import Foundation
import OpenCanvas

extension Scenes {
    /// Labels measured with `ResolvedText.measure(in:)` and set into capsules that
    /// flow in rows, as tag clouds and chart legends do.
    public static let capsuleLabels = Scene(
        name: "capsule-labels",
        summary: "Labels measured into capsules, flowing in rows",
        size: CGSize(width: 360, height: 200)
    ) { context, size in
        let words: [(String, Font, Color)] = [
            ("Swift", .headline, .orange), ("Linux", .body, .blue), ("Canvas", .title3, .purple),
            ("HarfBuzz", .callout, .teal), ("FreeType", .footnote, .green), ("fontconfig", .caption, .indigo),
            ("TimelineView", .body.weight(.semibold), .pink), ("ICU", .caption2, .brown),
            ("GraphicsContext", .subheadline, .mint), ("العربية", .body, .red), ("日本語", .callout, .cyan),
            ("Symbols ★", .headline, .yellow), ("PNG", .footnote, .gray), ("JPEG", .footnote, .gray),
        ]
        let paddingX: CGFloat = 10, paddingY: CGFloat = 4, gap: CGFloat = 8
        var x: CGFloat = 12, y: CGFloat = 12, rowHeight: CGFloat = 0
        for (word, font, color) in words {
            let text = context.resolve(Text(word).font(font).foregroundColor(.white))
            let box = text.measure(in: size)
            let capsule = CGSize(width: box.width + 2 * paddingX, height: box.height + 2 * paddingY)
            if x + capsule.width > size.width - 12 {
                x = 12
                y += rowHeight + gap
                rowHeight = 0
            }
            let rect = CGRect(origin: CGPoint(x: x, y: y), size: capsule)
            context.fill(Path(roundedRect: rect, cornerRadius: capsule.height / 2), with: .color(color))
            context.draw(text, at: CGPoint(x: rect.midX, y: rect.midY))
            x += capsule.width + gap
            rowHeight = max(rowHeight, capsule.height)
        }
    }
}
