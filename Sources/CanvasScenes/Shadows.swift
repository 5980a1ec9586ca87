import Foundation
import OpenCanvas

extension Scenes {
    /// Shadows: a soft drop shadow under a card, a coloured offset shadow, an inner
    /// shadow (`invertsAlpha` + `shadowAbove` + `.sourceAtop`, Apple's recipe), a
    /// shadow alone (`shadowOnly`), a multiplied shadow composited apart from its
    /// object (`disablesGroup`), and a shadow under text.
    public static let shadows = Scene(
        name: "shadows",
        summary: "drop, coloured, inner, shadow-only and ungrouped shadows, and text with a shadow",
        size: CGSize(width: 300, height: 200)
    ) { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(white: 0.93)))

        var drop = context
        drop.addFilter(.shadow(color: .black.opacity(0.4), radius: 6, x: 0, y: 4))
        drop.fill(Path(roundedRect: CGRect(x: 16, y: 16, width: 80, height: 60), cornerRadius: 10), with: .color(.white))

        var colored = context
        colored.addFilter(.shadow(color: .purple.opacity(0.7), radius: 3, x: 6, y: 6))
        colored.fill(Path(ellipseIn: CGRect(x: 116, y: 16, width: 60, height: 60)), with: .color(.yellow))

        var inner = context
        inner.addFilter(.shadow(color: .black.opacity(0.7), radius: 4, x: 3, y: 3, blendMode: .sourceAtop,
                                options: [.invertsAlpha, .shadowAbove]))
        inner.fill(Path(roundedRect: CGRect(x: 200, y: 16, width: 84, height: 60), cornerRadius: 14),
                   with: .color(.blue))

        var only = context
        only.addFilter(.shadow(color: .black, radius: 5, x: 0, y: 0, options: .shadowOnly))
        only.fill(Path(ellipseIn: CGRect(x: 26, y: 106, width: 60, height: 60)), with: .color(.red))

        // The shadow multiplies the striped background; the object is drawn apart.
        for k in 0..<6 {
            context.fill(Path(CGRect(x: 110 + CGFloat(k) * 14, y: 96, width: 7, height: 84)), with: .color(.orange))
        }
        var ungrouped = context
        ungrouped.addFilter(.shadow(color: .blue, radius: 4, x: 8, y: 8, blendMode: .multiply,
                                    options: .disablesGroup))
        ungrouped.fill(Path(CGRect(x: 116, y: 104, width: 50, height: 50)), with: .color(.green.opacity(0.8)))

        var text = context
        text.addFilter(.shadow(color: .black.opacity(0.5), radius: 2, x: 2, y: 2))
        text.draw(Text("Shadow").font(.title2).bold().foregroundColor(.pink), at: CGPoint(x: 240, y: 140))
    }
}
