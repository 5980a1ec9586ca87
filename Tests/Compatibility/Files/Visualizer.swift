import SwiftUI

/// An audio-visualizer style bar set driven by the animation timeline.
public struct Visualizer: View {
    let start: Date
    public init(start: Date) { self.start = start }

    public var body: some View {
        TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSince(start)
            HStack(alignment: .bottom, spacing: 3) {
                ForEach(0..<8, id: \.self) { i in
                    Capsule()
                        .fill(LinearGradient(colors: [.pink, .orange], startPoint: .top, endPoint: .bottom))
                        .frame(width: 8, height: 10 + 30 * abs(sin(t * 2 + Double(i))))
                }
            }
            .frame(height: 40, alignment: .bottom)
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Visualizer(start: Date(timeIntervalSinceReferenceDate: 0))
        .preferredColorScheme(.dark)
}
