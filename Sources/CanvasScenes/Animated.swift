import Foundation
import OpenCanvas

/// A scene that moves: a view driven by `TimelineView`, exported frame by frame
/// from a fixed start date (the same frames on every run).
public struct AnimatedScene: Sendable {
    public let name: String
    public let summary: String
    public let size: CGSize
    /// The clock's start: 2026-11-29 10:09:30 UTC.
    public static let start = Date(timeIntervalSinceReferenceDate: 817_639_770)
    public let view: @MainActor @Sendable () -> AnyView
}

extension Scenes {
    public static let animated: [AnimatedScene] = [analogClock, breathingCircle]

    public static func animatedNamed(_ name: String) -> AnimatedScene? { animated.first { $0.name == name } }

    /// A clock whose second hand ticks once a second (`.periodic`).
    public static let analogClock = AnimatedScene(
        name: "analog-clock", summary: "An analog clock ticking every second (TimelineView .periodic)",
        size: CGSize(width: 200, height: 200)
    ) {
        AnyView(TimelineView(.periodic(from: AnimatedScene.start, by: 1)) { context in
            Canvas { c, size in
                let centre = CGPoint(x: size.width / 2, y: size.height / 2)
                let r = min(size.width, size.height) / 2 - 8
                c.fill(Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)),
                       with: .color(Color(white: 0.96)))
                c.stroke(Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)),
                         with: .color(.black), lineWidth: 3)
                let t = context.date.timeIntervalSinceReferenceDate
                func hand(_ turns: Double, _ length: CGFloat, _ width: CGFloat, _ color: Color) {
                    let a = turns * 2 * .pi
                    var p = Path()
                    p.move(to: centre)
                    p.addLine(to: CGPoint(x: centre.x + length * CGFloat(sin(a)), y: centre.y - length * CGFloat(cos(a))))
                    c.stroke(p, with: .color(color), style: StrokeStyle(lineWidth: width, lineCap: .round))
                }
                hand((t / 43_200).truncatingRemainder(dividingBy: 1), r * 0.5, 6, .black)
                hand((t / 3600).truncatingRemainder(dividingBy: 1), r * 0.75, 4, .black)
                hand((t / 60).truncatingRemainder(dividingBy: 1), r * 0.85, 1.5, .orange)
            }
        })
    }

    /// A circle that breathes in and out over four seconds (`.animation`).
    public static let breathingCircle = AnimatedScene(
        name: "breathing-circle", summary: "A circle breathing over four seconds (TimelineView .animation)",
        size: CGSize(width: 160, height: 160)
    ) {
        AnyView(TimelineView(.animation) { context in
            Canvas { c, size in
                let t = context.date.timeIntervalSince(AnimatedScene.start)
                let phase = (1 - cos(t / 4 * 2 * .pi)) / 2
                let r = 20 + 50 * CGFloat(phase)
                let g = Gradient(colors: [.teal, .blue])
                c.fill(Path(ellipseIn: CGRect(x: size.width / 2 - r, y: size.height / 2 - r, width: 2 * r, height: 2 * r)),
                       with: .radialGradient(g, center: CGPoint(x: size.width / 2, y: size.height / 2), startRadius: 0,
                                             endRadius: r))
            }
        })
    }
}
