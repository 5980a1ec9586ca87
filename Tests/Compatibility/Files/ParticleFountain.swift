import SwiftUI

/// A fountain of particles: a time-driven canvas, as particle-system tutorials
/// write it (TimelineView(.animation) around a Canvas, deterministic motion from
/// the timeline's date).
public struct ParticleFountain: View {
    public let start: Date
    public init(start: Date) { self.start = start }

    public var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                let t = timeline.date.timeIntervalSince(start)
                context.blendMode = .plusLighter
                for i in 0..<60 {
                    let seed = Double(i) * 12.9898
                    let life = (t + Double(i) * 0.05).truncatingRemainder(dividingBy: 3)
                    let angle = -Double.pi / 2 + sin(seed) * 0.5
                    let speed = 60 + 20 * cos(seed * 3)
                    let x = size.width / 2 + cos(angle) * speed * life
                    let y = size.height - 10 + sin(angle) * speed * life + 20 * life * life
                    let radius = 6 * (1 - life / 3)
                    context.opacity = 1 - life / 3
                    context.fill(Path(ellipseIn: CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius)),
                                 with: .color(.cyan))
                }
            }
        }
        .frame(width: 200, height: 200)
        .background(Color.black)
    }
}

struct ParticleFountain_Previews: PreviewProvider {
    static var previews: some View {
        ParticleFountain(start: Date(timeIntervalSinceReferenceDate: 0))
            .previewLayout(.sizeThatFits)
    }
}
