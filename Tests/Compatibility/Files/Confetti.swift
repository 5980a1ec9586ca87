import SwiftUI

/// Confetti: tagged symbol views, drawn many times in a canvas, each piece
/// spinning and falling with time.
public struct Confetti: View {
    let start: Date
    let colors: [Color] = [.red, .yellow, .green, .blue, .purple]
    public init(start: Date) { self.start = start }

    public var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                let t = timeline.date.timeIntervalSince(start)
                for i in 0..<40 {
                    guard let piece = context.resolveSymbol(id: i % colors.count) else { continue }
                    var c = context
                    let x = Double((i * 47) % Int(max(size.width, 1)))
                    let y = (Double(i * 13) + t * 60).truncatingRemainder(dividingBy: size.height)
                    c.translateBy(x: x, y: y)
                    c.rotate(by: .degrees(t * 90 + Double(i) * 30))
                    c.draw(piece, at: .zero)
                }
            } symbols: {
                ForEach(0..<5) { i in
                    Rectangle().fill(colors[i]).frame(width: 6, height: 10).tag(i)
                }
            }
        }
        .frame(width: 200, height: 160)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Confetti(start: Date(timeIntervalSinceReferenceDate: 0))
}
