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
    public static let animated: [AnimatedScene] = [analogClock, breathingCircle, particleField, barVisualizer,
                                                   yearGridLive, springMarker, progressRing, growingBars,
                                                   keyframeBounce]

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

extension Scenes {
    /// Particles streaming from spawn points (one at the start; a tap adds one),
    /// 1,000 in all, each a fading dot on a deterministic path.
    public static let particleField = AnimatedScene(
        name: "particle-field", summary: "1,000 particles streaming from spawn points; a tap adds a spawn point",
        size: CGSize(width: 402, height: 874)
    ) {
        AnyView(ParticleField())
    }

    /// Thirty-two bars of a make-believe spectrum at 30 frames per second.
    public static let barVisualizer = AnimatedScene(
        name: "bar-visualizer", summary: "A bar visualizer at .animation(minimumInterval: 1/30)",
        size: CGSize(width: 320, height: 160)
    ) {
        AnyView(TimelineView(.animation(minimumInterval: 1.0 / 30)) { context in
            Canvas { c, size in
                let t = context.date.timeIntervalSince(AnimatedScene.start)
                let n = 32
                let w = size.width / CGFloat(n)
                for i in 0..<n {
                    let f = Double(i)
                    let level = 0.5 + 0.25 * sin(t * 3 + f * 0.4) + 0.2 * sin(t * 7.3 + f * 1.1) + 0.05 * sin(t * 13 + f)
                    let h = size.height * CGFloat(min(max(level, 0.02), 1))
                    c.fill(Path(roundedRect: CGRect(x: CGFloat(i) * w + 1, y: size.height - h, width: w - 2, height: h),
                                cornerRadius: 2),
                           with: .color(Color(hue: 0.55 + 0.3 * f / Double(n), saturation: 0.8, brightness: 0.9)))
                }
            }
        })
    }

    /// The year grid, redrawn at every frame of a timeline (the frame-budget cell).
    public static let yearGridLive = AnimatedScene(
        name: "year-grid-live", summary: "The year grid filling the screen, redrawn every frame",
        size: CGSize(width: 402, height: 874)
    ) {
        AnyView(TimelineView(.animation) { context in
            Canvas { c, size in
                let _ = context.date
                c.scaleBy(x: size.width / Scenes.yearGrid.size.width, y: size.width / Scenes.yearGrid.size.width)
                Scenes.yearGrid.draw(&c, Scenes.yearGrid.size)
            }
        })
    }
}

/// Particles from spawn points: each particle leaves its spawn point on a fixed
/// heading at a fixed speed, fades over its three-second life and is born again.
struct ParticleField: View {
    @State private var spawns: [CGPoint] = [CGPoint(x: 201, y: 437)]
    static let count = 1_000

    var body: some View {
        TimelineView(.animation) { context in
            Canvas { c, size in
                let t = context.date.timeIntervalSince(AnimatedScene.start)
                c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.05, green: 0.05, blue: 0.12)))
                for i in 0..<ParticleField.count {
                    let spawn = spawns[i % spawns.count]
                    let seed = Double(i) * 12.9898
                    let heading = (sin(seed) * 43_758.5453).truncatingRemainder(dividingBy: 1) * 2 * .pi
                    let speed = 40 + 80 * abs((sin(seed * 1.7) * 12_345.678).truncatingRemainder(dividingBy: 1))
                    let life = 3.0
                    let age = (t + Double(i) / Double(ParticleField.count) * life).truncatingRemainder(dividingBy: life)
                    let x = spawn.x + CGFloat(cos(heading) * speed * age)
                    let y = spawn.y + CGFloat(sin(heading) * speed * age)
                    let fade = 1 - age / life
                    c.fill(Path(ellipseIn: CGRect(x: x - 2.5, y: y - 2.5, width: 5, height: 5)),
                           with: .color(Color(hue: 0.08 + 0.1 * fade, saturation: 0.9, brightness: 1, opacity: fade)))
                }
            }
            .onTapGesture { location in spawns.append(location) }
        }
    }
}
