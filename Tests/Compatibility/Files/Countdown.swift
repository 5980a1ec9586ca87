import SwiftUI

/// A countdown to a date: the remaining seconds, updated every second.
public struct Countdown: View {
    let target: Date
    public init(target: Date) { self.target = target }

    public var body: some View {
        TimelineView(.periodic(from: .distantPast, by: 1)) { timeline in
            let remaining = max(0, Int(target.timeIntervalSince(timeline.date).rounded(.up)))
            Text("\(remaining) s")
                .font(.system(.title, design: .monospaced))
                .foregroundStyle(remaining < 10 ? .red : .primary)
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Countdown(target: Date(timeIntervalSinceReferenceDate: 8))
}
