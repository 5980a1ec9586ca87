import SwiftUI

/// Rain: drops falling at their own speeds, wrapped top to bottom, a canvas over
/// a gradient sky.
public struct RainEffect: View {
    let start: Date
    public init(start: Date) { self.start = start }

    public var body: some View {
        ZStack {
            LinearGradient(colors: [.gray, .black], startPoint: .top, endPoint: .bottom)
            TimelineView(.animation(minimumInterval: 1.0 / 30)) { timeline in
                Canvas { context, size in
                    let t = timeline.date.timeIntervalSince(start)
                    for i in 0..<80 {
                        let x = Double((i * 37) % Int(max(size.width, 1)))
                        let speed = 120 + Double((i * 53) % 80)
                        let y = (Double(i * 29) + t * speed).truncatingRemainder(dividingBy: Double(size.height) + 20) - 10
                        var drop = Path()
                        drop.move(to: CGPoint(x: x, y: y))
                        drop.addLine(to: CGPoint(x: x - 2, y: y + 10))
                        context.stroke(drop, with: .color(.cyan.opacity(0.7)), lineWidth: 1.2)
                    }
                }
            }
        }
        .frame(width: 200, height: 140)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    RainEffect(start: Date(timeIntervalSinceReferenceDate: 0))
}
