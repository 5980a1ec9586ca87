import SwiftUI

/// Three loading dots that pulse in turn, through a phase animator.
public struct LoadingDots: View {
    public init() {}

    public var body: some View {
        HStack(spacing: 8) {
            ForEach(0..<3) { i in
                Circle()
                    .fill(.gray)
                    .frame(width: 12, height: 12)
                    .phaseAnimator([0.6, 1.0]) { dot, scale in
                        dot.scaleEffect(scale).opacity(scale)
                    } animation: { _ in .easeInOut(duration: 0.4).delay(Double(i) * 0.15) }
            }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    LoadingDots()
}
