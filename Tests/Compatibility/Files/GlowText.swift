import SwiftUI

/// Neon text: a gradient through a text mask, with a glow from stacked shadows.
public struct GlowText: View {
    let text: String
    public init(_ text: String) { self.text = text }

    public var body: some View {
        LinearGradient(colors: [.pink, .purple, .blue], startPoint: .leading, endPoint: .trailing)
            .mask {
                Text(text).font(.system(size: 36, weight: .heavy, design: .rounded))
            }
            .frame(width: 240, height: 60)
            .shadow(color: .purple.opacity(0.8), radius: 6)
            .shadow(color: .pink.opacity(0.5), radius: 12)
            .background(Color.black)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    GlowText("Neon")
        .preferredColorScheme(.dark)
}
