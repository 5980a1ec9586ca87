import SwiftUI

/// Glowing orbs: radial gradients blended with `.screen` over a dark background.
public struct GlowOrbs: View {
    public init() {}

    public var body: some View {
        Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            context.blendMode = .screen
            let orbs: [(CGPoint, Color)] = [(CGPoint(x: 60, y: 60), .pink), (CGPoint(x: 100, y: 70), .blue),
                                            (CGPoint(x: 80, y: 100), .yellow)]
            for (center, color) in orbs {
                let rect = CGRect(x: center.x - 40, y: center.y - 40, width: 80, height: 80)
                context.fill(Path(ellipseIn: rect),
                             with: .radialGradient(Gradient(colors: [color, color.opacity(0)]), center: center,
                                                   startRadius: 0, endRadius: 40))
            }
        }
        .frame(width: 160, height: 160)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    GlowOrbs()
}
