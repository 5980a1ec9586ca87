import SwiftUI

/// A progress ring: a trimmed circle stroke over a faint track, the percentage in
/// the middle, animated when the value changes.
public struct ProgressRing: View {
    var progress: Double
    public init(progress: Double) { self.progress = progress }

    public var body: some View {
        ZStack {
            Circle().stroke(Color.green.opacity(0.2), lineWidth: 10)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(AngularGradient(colors: [.green, .mint, .green], center: .center),
                        style: StrokeStyle(lineWidth: 10, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .animation(.easeOut(duration: 0.5), value: progress)
            Text("\(Int(progress * 100))%").font(.title2.bold()).monospacedDigit()
        }
        .frame(width: 100, height: 100)
        .padding()
    }
}

#Preview("Seventy percent", traits: .sizeThatFitsLayout) {
    ProgressRing(progress: 0.7)
}
