import SwiftUI

/// An analog clock: a periodic timeline around a canvas with rotated hands.
public struct AnalogClock: View {
    public init() {}

    public var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { timeline in
            Canvas { context, size in
                let radius = min(size.width, size.height) / 2
                let center = CGPoint(x: size.width / 2, y: size.height / 2)
                context.stroke(Path(ellipseIn: CGRect(x: center.x - radius + 2, y: center.y - radius + 2,
                                                      width: 2 * radius - 4, height: 2 * radius - 4)),
                               with: .color(.primary), lineWidth: 2)
                let seconds = Calendar(identifier: .gregorian).component(.second, from: timeline.date)
                var hand = context
                hand.translateBy(x: center.x, y: center.y)
                hand.rotate(by: .degrees(Double(seconds) * 6))
                hand.stroke(Path { p in p.move(to: .zero); p.addLine(to: CGPoint(x: 0, y: -radius + 8)) },
                            with: .color(.red), style: StrokeStyle(lineWidth: 2, lineCap: .round))
            }
        }
        .frame(width: 100, height: 100)
    }
}

#Preview { AnalogClock() }
