import SwiftUI

/// Ripples: concentric strokes scaled and faded by their index.
public struct Ripples: View {
    public init() {}

    public var body: some View {
        ZStack {
            ForEach(0..<5) { i in
                Circle()
                    .stroke(Color.teal, lineWidth: 3)
                    .scaleEffect(0.2 + Double(i) * 0.2)
                    .opacity(1 - Double(i) * 0.18)
            }
        }
        .frame(width: 120, height: 120)
    }
}

#Preview {
    Ripples()
}
