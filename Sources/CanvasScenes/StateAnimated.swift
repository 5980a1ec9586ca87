import Foundation
import OpenCanvas

// Scenes animated by state: a change made in `withAnimation` (from a button, or
// from a timeline's entry so that exports run by themselves) moves the views
// that depend on it, on the host's clock.

extension Scenes {
    /// A marker springing across a canvas track: the Move button, and every 1.5 s
    /// of the timeline, sends it to the other end.
    public static let springMarker = AnimatedScene(
        name: "spring-marker", summary: "A marker springing across a canvas (withAnimation(.spring(response: 0.4, dampingFraction: 0.6)))",
        size: CGSize(width: 320, height: 140)
    ) {
        AnyView(SpringMarker())
    }

    /// A progress ring animating its trim to each new value of a timeline.
    public static let progressRing = AnimatedScene(
        name: "progress-ring", summary: "A progress ring animating its trim (easeInOut) to each new value",
        size: CGSize(width: 200, height: 200)
    ) {
        AnyView(ProgressRing())
    }

    /// A bar chart whose bars grow to new data, staggered springs.
    public static let growingBars = AnimatedScene(
        name: "growing-bars", summary: "A bar chart growing to new data every two seconds (staggered springs)",
        size: CGSize(width: 320, height: 200)
    ) {
        AnyView(GrowingBars())
    }
}

/// The track and marker, drawn by a canvas from an animatable position (0…1).
struct MarkerTrack: View, Animatable {
    var position: CGFloat
    var animatableData: CGFloat {
        get { position }
        set { position = newValue }
    }

    var body: some View {
        Canvas { c, size in
            let y = size.height / 2, inset: CGFloat = 44
            var track = Path()
            track.move(to: CGPoint(x: inset, y: y))
            track.addLine(to: CGPoint(x: size.width - inset, y: y))
            c.stroke(track, with: .color(Color(white: 0.85)), style: StrokeStyle(lineWidth: 6, lineCap: .round))
            let x = inset + (size.width - 2 * inset) * position
            var done = Path()
            done.move(to: CGPoint(x: inset, y: y))
            done.addLine(to: CGPoint(x: max(inset, min(x, size.width - inset)), y: y))
            c.stroke(done, with: .color(.blue), style: StrokeStyle(lineWidth: 6, lineCap: .round))
            c.fill(Path(ellipseIn: CGRect(x: x - 14, y: y - 14, width: 28, height: 28)), with: .color(.orange))
            c.stroke(Path(ellipseIn: CGRect(x: x - 14, y: y - 14, width: 28, height: 28)), with: .color(.white), lineWidth: 3)
        }
    }
}

struct SpringMarker: View {
    @State private var atEnd = false
    static let spring = Animation.spring(response: 0.4, dampingFraction: 0.6)

    var body: some View {
        VStack(spacing: 8) {
            MarkerTrack(position: atEnd ? 1 : 0)
                .frame(height: 80)
            TimelineView(.periodic(from: AnimatedScene.start, by: 1.5)) { context in
                Button("Move") { withAnimation(Self.spring) { atEnd.toggle() } }
                    .onAppear { withAnimation(Self.spring) { atEnd = true } }
                    .onChange(of: context.date) { withAnimation(Self.spring) { atEnd.toggle() } }
            }
        }
        .padding(12)
    }
}

struct ProgressRing: View {
    @State private var progress: CGFloat = 0
    static let steps: [CGFloat] = [0.35, 0.8, 1, 0.15]

    var body: some View {
        TimelineView(.periodic(from: AnimatedScene.start, by: 1)) { context in
            ZStack {
                Circle().stroke(Color(white: 0.9), lineWidth: 18)
                Circle()
                    .trim(from: 0, to: progress)
                    .stroke(Color.green, style: StrokeStyle(lineWidth: 18, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                Text("\(Int((progress * 100).rounded())) %").font(.title2).bold()
            }
            .padding(24)
            .onAppear { step(context.date) }
            .onChange(of: context.date) { step(context.date) }
        }
    }

    private func step(_ date: Date) {
        let i = Int(max(0, date.timeIntervalSince(AnimatedScene.start)).rounded(.down)) % Self.steps.count
        withAnimation(.easeInOut(duration: 0.6)) { progress = Self.steps[i] }
    }
}

struct GrowingBars: View {
    @State private var round = 0
    static let data: [[CGFloat]] = [
        [0.2, 0.5, 0.35, 0.8, 0.6, 0.9, 0.45], [0.7, 0.3, 0.9, 0.4, 0.75, 0.2, 0.6], [0.4, 0.85, 0.55, 0.25, 0.95, 0.5, 0.3],
    ]

    var body: some View {
        TimelineView(.periodic(from: AnimatedScene.start, by: 2)) { context in
            HStack(alignment: .bottom, spacing: 10) {
                ForEach(0..<7, id: \.self) { i in
                    let value = Self.data[round % Self.data.count][i]
                    RoundedRectangle(cornerRadius: 5)
                        .fill(value > 0.7 ? Color.orange : Color.blue)
                        .frame(width: 30, height: 10 + 150 * value)
                        .animation(.spring(response: 0.5, dampingFraction: 0.65).delay(Double(i) * 0.06), value: round)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
            .padding(16)
            .onChange(of: context.date) { round += 1 }
        }
    }
}

extension Scenes {
    /// A ball that squashes, leaps and lands, over and over (`KeyframeAnimator`),
    /// beside a badge pulsing through three phases (`PhaseAnimator`).
    public static let keyframeBounce = AnimatedScene(
        name: "keyframe-bounce", summary: "A ball bouncing by keyframes (KeyframeAnimator) and a badge pulsing by phases (PhaseAnimator)",
        size: CGSize(width: 320, height: 220)
    ) {
        AnyView(KeyframeBounce())
    }
}

struct BallPose {
    var height: CGFloat = 0
    var squash: CGFloat = 1
    var angle = Angle.zero
}

struct KeyframeBounce: View {
    var body: some View {
        HStack(alignment: .bottom, spacing: 40) {
            KeyframeAnimator(initialValue: BallPose()) { pose in
                Canvas { c, size in
                    let ground = size.height - 10
                    c.fill(Path(CGRect(x: 0, y: ground, width: size.width, height: 3)), with: .color(Color(white: 0.8)))
                    let w = 60 * (2 - pose.squash), h = 60 * pose.squash
                    let rect = CGRect(x: size.width / 2 - w / 2, y: ground - h - pose.height, width: w, height: h)
                    var ball = c
                    ball.translateBy(x: rect.midX, y: rect.midY)
                    ball.rotate(by: pose.angle)
                    ball.fill(Path(ellipseIn: CGRect(x: -w / 2, y: -h / 2, width: w, height: h)),
                              with: .linearGradient(Gradient(colors: [.orange, .red]), startPoint: CGPoint(x: 0, y: -h / 2),
                                                    endPoint: CGPoint(x: 0, y: h / 2)))
                    ball.stroke(Path { p in p.move(to: CGPoint(x: -w / 2, y: 0)); p.addLine(to: CGPoint(x: w / 2, y: 0)) },
                                with: .color(.white), lineWidth: 3)
                }
                .frame(width: 140, height: 200)
            } keyframes: { _ in
                KeyframeTrack(\.squash) {
                    CubicKeyframe(0.7, duration: 0.15)
                    CubicKeyframe(1.15, duration: 0.2)
                    CubicKeyframe(1, duration: 0.55)
                    SpringKeyframe(0.75, duration: 0.2, spring: .init(duration: 0.2, bounce: 0.4))
                    CubicKeyframe(1, duration: 0.3)
                }
                KeyframeTrack(\.height) {
                    LinearKeyframe(0, duration: 0.15)
                    CubicKeyframe(110, duration: 0.45)
                    CubicKeyframe(0, duration: 0.45, endVelocity: -400)
                    MoveKeyframe(0)
                    LinearKeyframe(0, duration: 0.35)
                }
                KeyframeTrack(\.angle) {
                    LinearKeyframe(.zero, duration: 0.15)
                    LinearKeyframe(.degrees(180), duration: 0.9, timingCurve: .easeInOut)
                    MoveKeyframe(.zero)
                }
            }
            Circle()
                .fill(Color.blue)
                .frame(width: 60, height: 60)
                .phaseAnimator([1.0, 1.3, 0.8]) { view, scale in
                    view.scaleEffect(scale).opacity(scale > 1 ? 0.7 : 1)
                } animation: { scale in
                    scale > 1 ? .spring(duration: 0.4, bounce: 0.5) : .easeInOut(duration: 0.5)
                }
                .frame(width: 100, height: 100)
        }
        .padding(10)
    }
}
