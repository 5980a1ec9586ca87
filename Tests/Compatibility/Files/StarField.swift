import SwiftUI

/// A warp-speed star field: stars from a seeded generator, streaks lengthening
/// with time, in a TimelineView(.animation) canvas.
public struct StarField: View {
    struct Star { var x: Double; var y: Double; var z: Double }
    let stars: [Star]
    let start: Date

    public init(count: Int = 120, start: Date) {
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        stars = (0..<count).map { _ in Star(x: next() * 2 - 1, y: next() * 2 - 1, z: next()) }
        self.start = start
    }

    public var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                let t = timeline.date.timeIntervalSince(start)
                let center = CGPoint(x: size.width / 2, y: size.height / 2)
                for star in stars {
                    let z = 1 - (star.z + t * 0.2).truncatingRemainder(dividingBy: 1)
                    let p = CGPoint(x: center.x + star.x / z * 40, y: center.y + star.y / z * 40)
                    let size = max(0.5, 2 * (1 - z))
                    context.fill(Path(ellipseIn: CGRect(x: p.x - size, y: p.y - size, width: 2 * size, height: 2 * size)),
                                 with: .color(.white.opacity(1 - z)))
                }
            }
        }
        .frame(width: 200, height: 150)
        .ignoresSafeArea()
    }
}

#Preview("Stars") { StarField(start: Date(timeIntervalSinceReferenceDate: 0)) }
