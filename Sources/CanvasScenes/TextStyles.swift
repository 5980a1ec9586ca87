import Foundation
import OpenCanvas

extension Scenes {
    /// The text styles at their default sizes, each anchored at its leading edge,
    /// with measured boxes behind two of them.
    public static let textStyles = Scene(
        name: "text-styles",
        summary: "Font text styles from largeTitle to caption2, two with measured boxes",
        size: CGSize(width: 300, height: 300)
    ) { context, size in
        let styles: [(String, Font)] = [
            ("Large Title", .largeTitle), ("Title", .title), ("Title 2", .title2), ("Title 3", .title3),
            ("Headline", .headline), ("Body", .body), ("Callout", .callout), ("Subheadline", .subheadline),
            ("Footnote", .footnote), ("Caption", .caption), ("Caption 2", .caption2),
        ]
        var y: CGFloat = 6
        for (i, (name, font)) in styles.enumerated() {
            let text = context.resolve(Text(name).font(font))
            let box = text.measure(in: size)
            if i == 0 || i == 5 {
                context.fill(Path(roundedRect: CGRect(x: 10, y: y, width: box.width, height: box.height), cornerRadius: 3),
                             with: .color(.yellow.opacity(0.35)))
            }
            context.draw(text, at: CGPoint(x: 10, y: y), anchor: .topLeading)
            y += box.height
        }
    }
}
