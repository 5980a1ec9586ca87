import Testing
import Foundation
import Observation
import OpenCanvas
import RenderTesting
import CanvasScenes

@Observable final class Knob {
    var x: CGFloat = 0
    var progress: CGFloat = 0
    var shown = true
}

/// The values a probe's canvas was drawn with, frame by frame.
@MainActor final class DrawnValues { var values: [CGFloat] = [] }

/// An `Animatable` view whose canvas records the value it is drawn with.
struct ValueProbe: View, Animatable {
    var value: CGFloat
    let drawn: DrawnValues
    var animatableData: CGFloat {
        get { value }
        set { value = newValue }
    }
    var body: some View {
        Canvas { _, _ in drawn.values.append(value) }
    }
}

struct ProbeScene: View {
    let knob: Knob
    let drawn: DrawnValues
    var body: some View { ValueProbe(value: knob.x, drawn: drawn) }
}

let animationStart = Date(timeIntervalSinceReferenceDate: 800_000_000)

/// The probe's value at `times` (seconds after the change) for a change from 0 to
/// `to` made in `withAnimation(animation)`.
@MainActor func sampled(_ animation: Animation, to: CGFloat = 100, at times: [Double]) -> [Double] {
    let knob = Knob(), drawn = DrawnValues()
    let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { ProbeScene(knob: knob, drawn: drawn) }
    host.date = animationStart
    _ = host.render()
    withAnimation(animation) { knob.x = to }
    return times.map { t in
        host.date = animationStart.addingTimeInterval(t)
        _ = host.render()
        return Double(drawn.values.last ?? .nan)
    }
}

/// A damped spring integrated numerically (RK4, 1/4000 s steps): the reference
/// the closed forms are checked against.
func integratedSpring(response: Double, damping: Double, x0: Double, v0: Double, until t: Double) -> Double {
    let w = 2 * Double.pi / response
    var x = x0, v = v0
    let h = 1.0 / 4000
    var time = 0.0
    func a(_ x: Double, _ v: Double) -> Double { -w * w * x - 2 * damping * w * v }
    while time < t - 1e-12 {
        let dt = min(h, t - time)
        let k1x = v, k1v = a(x, v)
        let k2x = v + dt / 2 * k1v, k2v = a(x + dt / 2 * k1x, v + dt / 2 * k1v)
        let k3x = v + dt / 2 * k2v, k3v = a(x + dt / 2 * k2x, v + dt / 2 * k2v)
        let k4x = v + dt * k3v, k4v = a(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        time += dt
    }
    return x
}

/// A cubic Bézier timing curve evaluated by dense sampling of its parameter (an
/// independent reference for the Newton/bisection solve).
func sampledBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

@MainActor
@Suite("State-driven animation: curves, springs, transactions")
struct AnimationTests {
    @Test("linear and eased curves match their closed forms")
    func timingCurves() {
        let times = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, 1.5]
        let linear = sampled(.linear(duration: 1), at: times)
        for (t, v) in zip(times, linear) { #expect(abs(v - 100 * min(t, 1)) < 1e-4, "linear at \(t): \(v)") }
        let curves: [(Animation, (Double, Double, Double, Double))] = [
            (.easeIn(duration: 1), (0.42, 0, 1, 1)), (.easeOut(duration: 1), (0, 0, 0.58, 1)),
            (.easeInOut(duration: 1), (0.42, 0, 0.58, 1)), (.timingCurve(0.2, 0.9, 0.3, 1.4, duration: 1), (0.2, 0.9, 0.3, 1.4)),
        ]
        for (animation, c) in curves {
            for (t, v) in zip(times, sampled(animation, at: times)) {
                let expected = t >= 1 ? 100 : 100 * sampledBezier(c.0, c.1, c.2, c.3, at: t)
                #expect(abs(v - expected) < 1e-4, "\(animation) at \(t): \(v) vs \(expected)")
            }
        }
        // Default durations: 0.35 s.
        #expect(sampled(.easeInOut, at: [0.35]) == [100])
        #expect(sampled(.linear, at: [0.175]).first.map { abs($0 - 50) < 1e-4 } == true)
    }

    @Test("springs match the integrated equation of motion", arguments: [
        (Animation.spring(response: 0.5, dampingFraction: 0.5), 0.5, 0.5),
        (Animation.spring(response: 0.4, dampingFraction: 1), 0.4, 1.0),
        (Animation.spring(response: 0.3, dampingFraction: 1.6), 0.3, 1.6),
        (Animation.spring(duration: 0.5, bounce: 0.3), 0.5, 0.7),
        (Animation.bouncy, 0.5, 0.7), (Animation.snappy, 0.5, 0.85), (Animation.smooth, 0.5, 1.0),
        (Animation.spring(duration: 0.6, bounce: -0.5), 0.6, 2.0),
        (Animation.interactiveSpring, 0.15, 0.86), (Animation.spring, 0.5, 1.0),
    ])
    func springs(animation: Animation, response: Double, damping: Double) {
        let times = [0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.7]
        for (t, v) in zip(times, sampled(animation, at: times)) {
            // Displacement from the target starts at −100 with no velocity.
            let expected = 100 + integratedSpring(response: response, damping: damping, x0: -100, v0: 0, until: t)
            #expect(abs(v - expected) < 1e-3 || (abs(expected - 100) < 0.05 && abs(v - 100) < 0.05),
                    "\(animation) at \(t): \(v) vs \(expected)")
        }
        // Bouncy springs overshoot, critically and over-damped ones never do.
        let path = sampled(animation, at: stride(from: 0.0, through: 8, by: 1.0 / 120).map { $0 })
        let overshoot = (path.max() ?? 0) - 100
        // (ζ = 0.86 overshoots by e^(−πζ/√(1−ζ²)) ≈ 0.5 %.)
        if damping < 0.9 { #expect(overshoot > 0.1) } else { #expect(overshoot < 1e-6) }
        #expect(path.last == 100)    // settled, and then exactly at the target
    }

    @Test("delay, speed, repeatCount with and without autoreverse")
    func modifiers() {
        #expect(sampled(.linear(duration: 1).delay(0.5), at: [0.25, 0.5, 1.0]).map { ($0 * 1000).rounded() / 1000 } == [0, 0, 50])
        #expect(sampled(.linear(duration: 1).speed(2), at: [0.25, 0.5]).map { ($0 * 1000).rounded() / 1000 } == [50, 100])
        #expect(sampled(.linear(duration: 1).repeatCount(3, autoreverses: true), at: [0.5, 1.25, 2.25, 3.5])
            .map { ($0 * 1000).rounded() / 1000 } == [50, 75, 25, 100])
        #expect(sampled(.linear(duration: 1).repeatCount(2, autoreverses: false), at: [0.5, 1.25, 2.5])
            .map { ($0 * 1000).rounded() / 1000 } == [50, 25, 100])
        let forever = sampled(.linear(duration: 1).repeatForever(), at: [0.5, 1.5, 100.25, 101.25])
        #expect(forever.map { ($0 * 1000).rounded() / 1000 } == [50, 50, 25, 75])
    }

    @Test("a spring retargeted mid-flight keeps its position and velocity")
    func retargetedSpring() {
        let knob = Knob(), drawn = DrawnValues()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { ProbeScene(knob: knob, drawn: drawn) }
        host.date = animationStart
        _ = host.render()
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.6)
        withAnimation(spring) { knob.x = 100 }
        func value(at t: Double) -> Double {
            host.date = animationStart.addingTimeInterval(t)
            _ = host.render()
            return Double(drawn.values.last ?? .nan)
        }
        let h = 1e-4, t0 = 0.12
        let before = value(at: t0 - h), atSwitch = value(at: t0)
        let velocityBefore = (atSwitch - before) / h
        #expect(velocityBefore > 100)     // well under way towards 100
        withAnimation(spring) { knob.x = -50 }
        _ = host.render()                       // the retarget frame, still at t0
        #expect(abs(Double(drawn.values.last ?? .nan) - atSwitch) < 1e-9)
        let after = value(at: t0 + h)
        let velocityAfter = (after - atSwitch) / h
        #expect(abs(velocityAfter - velocityBefore) / abs(velocityBefore) < 0.02,
                "velocity \(velocityBefore) before, \(velocityAfter) after")
        // It then turns round and settles at the new target.
        #expect(value(at: t0 + 3) == -50)
        // A timing curve that takes over starts from the value on screen.
        withAnimation(.linear(duration: 1)) { knob.x = 0 }
        _ = host.render()
        #expect(drawn.values.last == -50)
    }

    @Test("changes outside an animation jump; withAnimation(nil) and disablesAnimations too")
    func unanimated() {
        let knob = Knob(), drawn = DrawnValues()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { ProbeScene(knob: knob, drawn: drawn) }
        host.date = animationStart
        _ = host.render()
        knob.x = 40
        _ = host.render()
        #expect(drawn.values.last == 40)
        #expect(host.nextFrameDate == nil)   // nothing runs, nothing is due
        withAnimation(nil) { knob.x = 10 }
        _ = host.render()
        #expect(drawn.values.last == 10)
        var transaction = Transaction(animation: .linear(duration: 1))
        transaction.animation = nil
        withTransaction(transaction) { knob.x = 20 }
        _ = host.render()
        #expect(drawn.values.last == 20)
    }

    @Test("withAnimation's completion runs once the animation is done")
    func completion() {
        let knob = Knob(), drawn = DrawnValues()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { ProbeScene(knob: knob, drawn: drawn) }
        host.date = animationStart
        _ = host.render()
        var completed = 0
        withAnimation(.easeOut(duration: 0.5)) { knob.x = 10 } completion: { completed += 1 }
        host.advance(by: 0.25)
        #expect(completed == 0)
        host.advance(by: 0.3)
        #expect(completed == 1)
        host.advance(by: 1)
        #expect(completed == 1)
        #expect(host.nextFrameDate == nil)
    }
}

// MARK: - Views and modifiers that animate

struct RingScene: View {
    let knob: Knob
    var body: some View {
        Circle()
            .trim(from: 0, to: knob.progress)
            .stroke(Color.black, style: StrokeStyle(lineWidth: 10))
            .frame(width: 80, height: 80)
            .frame(width: 100, height: 100)
    }
}

struct BadgeScene: View {
    let knob: Knob
    @State private var phase = 0.0
    var body: some View {
        ZStack {
            if knob.shown {
                Rectangle()
                    .fill(Color.red)
                    .frame(width: 20, height: 20)
                    .opacity(phase)
                    .animation(.linear(duration: 1).repeatForever(autoreverses: true), value: phase)
                    .onAppear { phase = 1 }
            }
        }
        .frame(width: 40, height: 40)
    }
}

struct ModifierScene: View {
    let knob: Knob
    var body: some View {
        Rectangle()
            .fill(knob.x > 0 ? Color.blue : Color.red)
            .frame(width: 20 + knob.x, height: 20)
            .offset(x: knob.x)
            .opacity(knob.x > 0 ? 0.5 : 1)
            .animation(.linear(duration: 1), value: knob.x)
            .frame(width: 300, height: 100, alignment: .leading)
    }
}

struct TurnScene: View {
    let knob: Knob
    var body: some View {
        Rectangle()
            .fill(Color.black)
            .frame(width: 20, height: 20)
            .rotationEffect(.degrees(Double(knob.x)))
            .scaleEffect(1 + knob.x / 90)
    }
}

/// A custom shape with animatable data: a bar of a height fraction.
struct Bar: Shape {
    var fraction: CGFloat
    var animatableData: CGFloat {
        get { fraction }
        set { fraction = newValue }
    }
    func path(in rect: CGRect) -> Path {
        Path(CGRect(x: rect.minX, y: rect.maxY - rect.height * fraction, width: rect.width, height: rect.height * fraction))
    }
}

struct BarScene: View {
    let knob: Knob
    var body: some View {
        Bar(fraction: knob.progress).fill(Color.black).frame(width: 10, height: 100)
    }
}

/// Reads the TimelineView's date and an animated offset in one frame.
struct ClockAndSpring: View {
    let knob: Knob
    var body: some View {
        ZStack {
            TimelineView(.animation) { context in
                Canvas { c, size in
                    let t = context.date.timeIntervalSince(animationStart)
                    c.fill(Path(CGRect(x: (t * 40).truncatingRemainder(dividingBy: size.width), y: 0, width: 6, height: 6)),
                           with: .color(.green))
                }
            }
            Circle().fill(Color.orange).frame(width: 12, height: 12).offset(x: knob.x, y: 10)
        }
        .frame(width: 120, height: 40)
    }
}

@MainActor
@Suite("What animates: trim, modifiers, custom shapes, lifetimes, one clock")
struct AnimatedViewTests {
    func host<V: View>(_ view: V, width: CGFloat = 100, height: CGFloat = 100) -> HeadlessHost<V> {
        let host = HeadlessHost(size: CGSize(width: width, height: height)) { view }
        host.date = animationStart
        _ = host.render()
        return host
    }

    func at<V: View>(_ host: HeadlessHost<V>, _ t: Double) -> CGImage {
        host.date = animationStart.addingTimeInterval(t)
        return host.render()
    }

    /// Whether the ring's stroke is inked at an angle (degrees clockwise from 3 o'clock).
    func inked(_ image: CGImage, degrees: Double) -> Bool {
        let a = degrees * .pi / 180
        let p = rgbaAt(image, Int((50 + 40 * cos(a)).rounded()), Int((50 + 40 * sin(a)).rounded()))
        return p[3] > 200
    }

    @Test("a trim animates: the ring's pixels at fixed times")
    func trim() throws {
        let knob = Knob()
        let host = host(RingScene(knob: knob))
        withAnimation(.linear(duration: 1)) { knob.progress = 1 }
        let quarter = at(host, 0.25)
        #expect(inked(quarter, degrees: 10) && inked(quarter, degrees: 80))
        #expect(!inked(quarter, degrees: 100) && !inked(quarter, degrees: 200))
        let most = at(host, 0.6)
        #expect(inked(most, degrees: 200) && !inked(most, degrees: 230) && !inked(most, degrees: 300))
        let done = at(host, 1.2)
        #expect(inked(done, degrees: 300) && inked(done, degrees: 350))
        // The same moment at 3×, as a picture to look at.
        let knob3 = Knob()
        let host3 = HeadlessHost(size: CGSize(width: 100, height: 100), scale: 3) { RingScene(knob: knob3) }
        host3.date = animationStart
        _ = host3.render()
        withAnimation(.linear(duration: 1)) { knob3.progress = 1 }
        host3.date = animationStart.addingTimeInterval(0.6)
        try ReferenceImage.check(host3.render(), named: "animation-trim-0.6")
    }

    @Test("frame, offset, opacity and colour animate with .animation(_:value:)")
    func modifiers() {
        let knob = Knob()
        let host = host(ModifierScene(knob: knob), width: 300)
        knob.x = 60                       // no withAnimation: the modifier animates it
        let start = at(host, 0)
        #expect(rgbaAt(start, 10, 50) == [255, 59, 48, 255])     // where it was, red
        // Halfway, x = 30: 50 wide from 30 to 80, opacity 0.75, the colour between.
        let half = at(host, 0.5)
        let centre = rgbaAt(half, 55, 50)
        #expect(abs(centre[3] - 191) <= 2 && centre[0] > 100 && centre[2] > 150, "\(centre)")
        #expect(rgbaAt(half, 25, 50)[3] == 0 && rgbaAt(half, 85, 50)[3] == 0)
        #expect(rgbaAt(half, 35, 50)[3] > 0 && rgbaAt(half, 75, 50)[3] > 0)
        // The end, x = 60: 80 wide from 60 to 140, blue at half opacity.
        let end = at(host, 1.5)
        let p = rgbaAt(end, 100, 50)
        #expect(near(p, [0, 122, 255, 128], 2), "\(p)")
        #expect(rgbaAt(end, 55, 50)[3] == 0 && rgbaAt(end, 145, 50)[3] == 0)
        #expect(host.nextFrameDate == nil)
    }

    @Test("rotationEffect and scaleEffect animate about the centre")
    func rotationAndScale() {
        let knob = Knob()
        let host = host(TurnScene(knob: knob))
        withAnimation(.linear(duration: 1)) { knob.x = 90 }
        let start = at(host, 0)          // a 20-point square
        #expect(rgbaAt(start, 58, 58)[3] == 255 && rgbaAt(start, 62, 50)[3] == 0)
        // Halfway: turned 45° and scaled 1.5, a diamond reaching 21.2 points out.
        let half = at(host, 0.5)
        #expect(rgbaAt(half, 69, 50)[3] == 255 && rgbaAt(half, 50, 31)[3] == 255)
        #expect(rgbaAt(half, 73, 50)[3] == 0 && rgbaAt(half, 62, 62)[3] == 0)
        #expect(rgbaAt(half, 57, 57)[3] == 255)
        // The end: turned 90° (a square again), twice the size.
        let end = at(host, 1)
        #expect(rgbaAt(end, 69, 69)[3] == 255 && rgbaAt(end, 72, 50)[3] == 0)
    }

    @Test("a custom Shape's animatableData animates")
    func customShape() {
        let knob = Knob()
        let host = host(BarScene(knob: knob))
        withAnimation(.easeInOut(duration: 1)) { knob.progress = 1 }
        let half = at(host, 0.5)                   // easeInOut(0.5) = 0.5: 50 of 100 points
        #expect(rgbaAt(half, 50, 52)[3] == 255 && rgbaAt(half, 50, 48)[3] == 0)
        let end = at(host, 1)
        #expect(rgbaAt(end, 50, 1)[3] == 255)
    }

    @Test("repeatForever runs until its view goes away, then costs no frames")
    func repeatForeverStops() {
        let knob = Knob()
        let host = host(BadgeScene(knob: knob), width: 40, height: 40)
        _ = at(host, 0)                      // onAppear sets the phase: the animation starts
        let a = at(host, 0.5), b = at(host, 1.5), c = at(host, 2.25)
        #expect(abs(rgbaAt(a, 20, 20)[3] - 128) <= 2)
        #expect(abs(rgbaAt(b, 20, 20)[3] - 128) <= 2)
        #expect(abs(rgbaAt(c, 20, 20)[3] - 64) <= 2)
        #expect(host.nextFrameDate != nil)
        knob.shown = false
        let gone = at(host, 2.5)
        #expect(rgbaAt(gone, 20, 20)[3] == 0)
        #expect(host.nextFrameDate == nil)
        let frames = host.renderCount
        host.advance(by: 10)
        #expect(host.renderCount == frames)
    }

    @Test("an animation and a TimelineView in one view give the same frames on every run")
    func oneClock() {
        func run() -> [CGImage] {
            let knob = Knob()
            let host = host(ClockAndSpring(knob: knob), width: 120, height: 40)
            withAnimation(.spring(duration: 0.6, bounce: 0.3)) { knob.x = 40 }
            return host.recordFrames(seconds: 1, fps: 20)
        }
        let first = run(), second = run()
        #expect(first.count == 21)     // both ends
        #expect(zip(first, second).allSatisfy { identical($0, $1) })
        // The frames differ from each other (both motions are on the clock).
        #expect(!identical(first[2], first[3]))
    }
}


@MainActor
@Suite("Gallery scenes animated by state")
struct StateAnimatedSceneTests {
    func frames(_ name: String, seconds: Double = 2.4, scale: CGFloat = 1) throws -> [CGImage] {
        let scene = try #require(Scenes.animatedNamed(name))
        let host = HeadlessHost(size: scene.size, scale: scale) { scene.view() }
        host.date = AnimatedScene.start
        return host.recordFrames(seconds: seconds, fps: 10)
    }

    @Test("each scene moves, the same way on every run, and a middle frame matches its reference",
          arguments: [("spring-marker", 2), ("progress-ring", 3), ("growing-bars", 22), ("keyframe-bounce", 5)])
    func scenes(name: String, frame: Int) throws {
        let first = try frames(name), second = try frames(name)
        #expect(first.count == 25)
        #expect(zip(first, second).allSatisfy { identical($0, $1) })
        #expect(!identical(first[frame], first[frame + 1]))
        let scene = try #require(Scenes.animatedNamed(name))
        let host = HeadlessHost(size: scene.size, scale: 2) { scene.view() }
        host.date = AnimatedScene.start
        _ = host.render()
        host.advance(to: AnimatedScene.start.addingTimeInterval(Double(frame) / 10))
        try ReferenceImage.check(host.render(), named: "state-animated-\(name)")
    }

    @Test("the spring marker's Move button sends it back, from where it is, with its velocity")
    func moveButton() throws {
        let scene = try #require(Scenes.animatedNamed("spring-marker"))
        let host = HeadlessHost(size: scene.size) { scene.view() }
        host.date = AnimatedScene.start
        _ = host.render()                          // onAppear: off to the far end
        host.advance(by: 0.1)
        // The marker's centre row (y = 12 + 40): its orange is right of the middle.
        func markerX(_ image: CGImage) -> Int? {
            (0..<image.width).first { x in
                let p = rgbaAt(image, x, 52)
                return p[0] > 240 && p[1] > 120 && p[1] < 180 && p[2] < 40
            }
        }
        let before = try #require(markerX(host.render()))
        #expect(before > 100)
        host.tap(at: CGPoint(x: 160, y: 112))      // Move
        host.advance(by: 0.02)
        let after = try #require(markerX(host.render()))
        // Still moving right for a moment (the spring keeps its velocity), then back.
        #expect(after > before)
        host.advance(by: 1)
        let back = try #require(markerX(host.render()))
        #expect(back < 60)
    }
}

/// State read only inside a `ForEach`'s content closure.
struct ForEachReader: View {
    @State private var wide = false
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<2, id: \.self) { _ in
                Color.black.frame(width: wide ? 40 : 10, height: 10)
            }
        }
        .onTapGesture { wide = true }
        .frame(width: 50, height: 20)
    }
}

/// `.transaction` and disabled animations.
struct DisabledScene: View {
    let knob: Knob
    var body: some View {
        VStack(spacing: 0) {
            Color.black.frame(width: 10 + knob.x, height: 10)
                .animation(.linear(duration: 1), value: knob.x)
            Color.black.frame(width: 10 + knob.x, height: 10)
                .transaction { $0.animation = nil }
        }
        .frame(width: 200, height: 20, alignment: .leading)
    }
}

@MainActor
@Suite("Transactions reaching views")
struct TransactionTests {
    @Test("state read inside a ForEach's content re-renders the view")
    func forEachReads() {
        let host = HeadlessHost(size: CGSize(width: 50, height: 20)) { ForEachReader() }
        #expect(rgbaAt(host.render(), 40, 5)[3] == 0)
        host.tap(at: CGPoint(x: 25, y: 5))
        #expect(rgbaAt(host.render(), 40, 5)[3] == 255)
    }

    @Test("disablesAnimations skips .animation(_:value:); .transaction can remove an animation")
    func disabled() {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 200, height: 20)) { DisabledScene(knob: knob) }
        host.date = animationStart
        _ = host.render()
        var transaction = Transaction()
        transaction.disablesAnimations = true
        withTransaction(transaction) { knob.x = 100 }
        var image = host.render()
        #expect(rgbaAt(image, 105, 5)[3] == 255)       // no animation: at once
        withAnimation(.linear(duration: 1)) { knob.x = 0 }
        host.date = animationStart.addingTimeInterval(0.5)
        image = host.render()
        // The first bar: .animation(value:) animates (halfway, 60 wide); the
        // second: its transaction has no animation, so it is already 10 wide.
        #expect(rgbaAt(image, 55, 5)[3] == 255 && rgbaAt(image, 65, 5)[3] == 0)
        #expect(rgbaAt(image, 15, 15)[3] == 0)
    }
}

@MainActor
@Suite("Animation: more springs and bad input")
struct AnimationBadInputTests {
    @Test("interpolatingSpring from mass, stiffness and damping matches the equation of motion")
    func interpolatingSpring() {
        // m = 1, k = 170, c = 15: ω = √170, ζ = 15 / (2√170); starting at 2 changes per second.
        let times = [0.05, 0.1, 0.3]
        let values = sampled(.interpolatingSpring(mass: 1, stiffness: 170, damping: 15, initialVelocity: 2), at: times)
        let response = 2 * Double.pi / 170.0.squareRoot(), damping = 15 / (2 * 170.0.squareRoot())
        for (t, v) in zip(times, values) {
            let expected = 100 + integratedSpring(response: response, damping: damping, x0: -100, v0: 200, until: t)
            #expect(abs(v - expected) < 1e-3, "at \(t): \(v) vs \(expected)")
        }
    }

    @Test("a completion runs even when the body changed nothing a view shows")
    func completionWithoutChanges() async {
        var ran = false
        withAnimation(.linear(duration: 1)) {} completion: { ran = true }
        for _ in 0..<100 where !ran { await Task.yield() }
        #expect(ran)
    }

    @Test("non-finite and impossible animation parameters and values never trap")
    func badInput() {
        let animations: [Animation] = [
            .linear(duration: .nan), .easeIn(duration: -1), .easeOut(duration: .infinity),
            .timingCurve(.nan, 2, -5, .infinity, duration: .nan), .spring(response: .nan, dampingFraction: .nan),
            .spring(response: 0, dampingFraction: -3), .spring(duration: -1, bounce: .infinity),
            .interpolatingSpring(mass: 0, stiffness: -1, damping: .nan, initialVelocity: .infinity),
            .linear(duration: 1).delay(.nan).speed(.nan).speed(0).repeatCount(-5),
            .linear(duration: 1e-300).repeatForever(), .spring(response: 1e-9, dampingFraction: 0),
            .spring(response: 1e9, dampingFraction: 1e9),
        ]
        for a in animations {
            let v = sampled(a, at: [0, 0.1, 1, 100, 1e9])
            #expect(v.allSatisfy { $0.isFinite }, "\(a): \(v)")
        }
        // Non-finite targets jump instead of animating.
        #expect(sampled(.linear(duration: 1), to: .infinity, at: [0.5]).first?.isInfinite == true)
        #expect(sampled(.linear(duration: 1), to: .nan, at: [0.5]).first?.isNaN == true)
        let knob = Knob(), drawn = DrawnValues()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { ProbeScene(knob: knob, drawn: drawn) }
        host.date = animationStart
        _ = host.render()
        withAnimation(.spring) { knob.x = .greatestFiniteMagnitude }
        host.advance(by: 0.1)
        #expect(drawn.values.last?.isFinite == true)
    }
}

struct RotatedTapTarget: View {
    let taps: TapLog
    var body: some View {
        Color.green
            .frame(width: 40, height: 20)
            .onTapGesture { location in taps.points.append(location) }
            .rotationEffect(.degrees(90))
            .frame(width: 100, height: 100)
    }
}

@MainActor final class TapLog { var points: [CGPoint] = [] }

@MainActor
@Suite("Hit testing through transform effects")
struct TransformHitTests {
    @Test("a tap on a rotated view lands at the point in the view's own space")
    func rotatedTap() {
        let taps = TapLog()
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { RotatedTapTarget(taps: taps) }
        // Rotated 90° about its centre (50, 50): the 40 × 20 bar stands upright.
        // (50, 35) is 15 points above the centre: before turning, 15 points left of
        // it, (35, 50), which is (5, 10) in the bar's own frame.
        host.tap(at: CGPoint(x: 50, y: 35))
        host.tap(at: CGPoint(x: 65, y: 50))     // outside the turned bar
        #expect(taps.points.count == 1)
        if let p = taps.points.first {
            #expect(abs(p.x - 5) < 1e-9 && abs(p.y - 10) < 1e-9, "\(p)")
        }
    }
}

/// A bar sized from a GeometryReader's size and animated state.
struct GeometryBar: View {
    let knob: Knob
    var body: some View {
        GeometryReader { proxy in
            Color.black.frame(width: proxy.size.width * knob.progress, height: 10)
        }
        .frame(width: 100, height: 10)
    }
}

/// Two @State values changed in two transactions as it appears; the probe shows their sum.
struct TwoChanges: View {
    let knob: Knob
    let drawn: DrawnValues
    let log: Log
    @State private var a: CGFloat = 0
    @State private var b: CGFloat = 0
    var body: some View {
        ZStack {
            if knob.shown { ValueProbe(value: a + b, drawn: drawn) }
        }
        .onAppear {
            withAnimation(.linear(duration: 1)) { a = 10 } completion: { log.lines.append("first") }
            withAnimation(.linear(duration: 2)) { b = 10 } completion: { log.lines.append("second") }
        }
    }
}

@MainActor
@Suite("Animation details: modifier order, completions, geometry readers, global taps")
struct AnimationDetailTests {
    @Test("delay wraps what it is applied to: speed(2).delay(1) waits 1 s, delay(1).speed(2) 0.5 s")
    func delayAndSpeedOrder() {
        #expect(sampled(.linear(duration: 1).speed(2).delay(1), at: [0.9, 1.25]).map { ($0 * 1000).rounded() / 1000 } == [0, 50])
        #expect(sampled(.linear(duration: 1).delay(1).speed(2), at: [0.45, 0.75]).map { ($0 * 1000).rounded() / 1000 } == [0, 50])
    }

    @Test("two completions for changes to one view in one frame both run; a removed view's runs too")
    func completions() {
        let knob = Knob(), drawn = DrawnValues(), log = Log()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { TwoChanges(knob: knob, drawn: drawn, log: log) }
        host.date = animationStart
        _ = host.render()                 // onAppear: both changes, in two transactions
        host.advance(by: 0.5)
        // The later transaction animates the sum (halfway to 20 over 2 s); the earlier
        // one's change was taken over before it ran, so it is done at once.
        #expect(abs((drawn.values.last ?? 0) - 5) < 1e-6)
        #expect(log.lines == ["first"])
        // The view goes away mid-run: its animation ends, and the completion runs.
        knob.shown = false
        host.advance(by: 0.1)
        #expect(log.lines == ["first", "second"])
    }

    @Test("a GeometryReader's content animates with the body's transaction")
    func geometryReader() {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 100, height: 10)) { GeometryBar(knob: knob) }
        host.date = animationStart
        _ = host.render()
        withAnimation(.linear(duration: 1)) { knob.progress = 1 }
        host.date = animationStart.addingTimeInterval(0.5)
        let half = host.render()
        #expect(rgbaAt(half, 45, 5)[3] == 255 && rgbaAt(half, 55, 5)[3] == 0)
        host.date = animationStart.addingTimeInterval(1)
        #expect(rgbaAt(host.render(), 95, 5)[3] == 255)
    }
}

struct RotatedGlobalTap: View {
    let taps: TapLog
    var body: some View {
        Color.green
            .frame(width: 40, height: 20)
            .onTapGesture(coordinateSpace: .global) { location in taps.points.append(location) }
            .rotationEffect(.degrees(90))
            .frame(width: 100, height: 100)
    }
}

extension TransformHitTests {
    @Test("in the global space a tap on a rotated view is where it was on screen")
    func rotatedGlobalTap() {
        let taps = TapLog()
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { RotatedGlobalTap(taps: taps) }
        host.tap(at: CGPoint(x: 50, y: 35))
        #expect(taps.points == [CGPoint(x: 50, y: 35)])
    }
}

/// A square dragged by a `@GestureState` offset, and a long press being detected.
struct DraggedSquare: View {
    @GestureState private var drag: CGSize = .zero
    @GestureState private var pressing = false
    var body: some View {
        VStack(spacing: 0) {
            Color.blue.frame(width: 20, height: 20)
                .offset(drag)
                .gesture(DragGesture(minimumDistance: 0).updating($drag) { value, state, _ in state = value.translation })
                .frame(width: 100, height: 50, alignment: .topLeading)
            (pressing ? Color.red : Color.green).frame(width: 100, height: 50)
                .gesture(LongPressGesture(minimumDuration: 1).updating($pressing) { value, state, _ in state = value })
        }
    }
}

@MainActor
@Suite("GestureState")
struct GestureStateTests {
    @Test("updating sets the state while the drag is in progress; it resets when the pointer lifts")
    func drag() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { DraggedSquare() }
        #expect(rgbaAt(host.render(), 10, 10)[3] == 255)
        host.pointerDown(at: CGPoint(x: 10, y: 10))
        host.pointerMove(to: CGPoint(x: 40, y: 25))
        let moved = host.render()
        #expect(rgbaAt(moved, 10, 10)[3] == 0 && rgbaAt(moved, 45, 30)[3] == 255)
        host.pointerUp(at: CGPoint(x: 40, y: 25))
        let back = host.render()
        #expect(rgbaAt(back, 10, 10)[3] == 255 && rgbaAt(back, 45, 30)[3] == 0)
    }

    @Test("a long press's updating reports the press as it begins, and resets at the end")
    func longPress() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { DraggedSquare() }
        #expect(rgbaAt(host.render(), 50, 75) == [52, 199, 89, 255])
        host.pointerDown(at: CGPoint(x: 50, y: 75))
        #expect(rgbaAt(host.render(), 50, 75) == [255, 59, 48, 255])
        host.pointerUp(at: CGPoint(x: 50, y: 75))
        #expect(rgbaAt(host.render(), 50, 75) == [52, 199, 89, 255])
    }
}

struct Pulsing: View {
    let knob: Knob
    var triggered = false
    var body: some View {
        Group {
            if triggered {
                PhaseAnimator([0.0, 1.0, 2.0], trigger: knob.x) { phase in
                    Color.black.frame(width: 10 + 10 * phase, height: 10)
                } animation: { _ in .linear(duration: 1) }
            } else {
                Color.black
                    .phaseAnimator([0.0, 1.0, 2.0]) { view, phase in
                        view.frame(width: 10 + 10 * phase, height: 10)
                    } animation: { _ in .linear(duration: 1) }
            }
        }
        .frame(width: 40, height: 10, alignment: .leading)
    }
}

@MainActor
@Suite("PhaseAnimator")
struct PhaseAnimatorTests {
    /// The drawn width at each time (frames every 0.05 s).
    func widths<V: View>(_ view: V, times: [Double], change: ((Double) -> Void)? = nil) -> [Int] {
        let host = HeadlessHost(size: CGSize(width: 40, height: 10)) { view }
        host.date = animationStart
        _ = host.render()
        var out: [Int] = []
        var t = 0.0
        for target in times {
            while t < target - 1e-9 {
                t = min(target, t + 0.05)
                change?(t)
                host.date = animationStart.addingTimeInterval(t)
                _ = host.render()
            }
            let image = host.render()
            out.append((0..<40).filter { rgbaAt(image, $0, 5)[3] > 128 }.count)
        }
        return out
    }

    @Test("without a trigger it cycles through the phases, each step animated")
    func continuous() {
        let w = widths(Pulsing(knob: Knob()), times: [0.5, 1.5, 2.5, 3.5, 4.5])
        // 10 → 20 over the first second, → 30, → back to 10, and round again.
        let expected = [15, 25, 20, 15, 25]
        #expect(zip(w, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(w)")
    }

    @Test("with a trigger each change runs every phase once and comes back to the first")
    func triggered() {
        let knob = Knob()
        let w = widths(Pulsing(knob: knob, triggered: true), times: [0.5, 1.0, 1.5, 2.5, 3.5, 4.5, 6.0]) { t in
            if abs(t - 1.0) < 1e-9 { knob.x = 1 }
        }
        #expect(zip(w, [10, 10, 15, 25, 20, 10, 10]).allSatisfy { abs($0 - $1) <= 1 }, "\(w)")
    }
}

/// A bar whose width is its own state, inside a Group under a frame.
struct GrowingInGroup: View {
    let knob: Knob
    var body: some View {
        Group { Bar2(knob: knob) }
            .frame(width: 40, height: 10, alignment: .leading)
    }
}

struct Bar2: View {
    let knob: Knob
    var body: some View { Color.black.frame(width: 10 + knob.x, height: 10) }
}

@MainActor
@Suite("Layout of kept trees")
struct KeptLayoutTests {
    @Test("a group lays its children out again when one of them changes size")
    func groupForgetsOldSizes() {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 40, height: 10)) { GrowingInGroup(knob: knob) }
        func width() -> Int {
            let image = host.render()
            return (0..<40).filter { rgbaAt(image, $0, 5)[3] > 128 }.count
        }
        #expect(width() == 10)
        knob.x = 20                      // only Bar2's body is evaluated again
        #expect(width() == 30)
    }
}

extension GestureStateTests {
    @Test("a long press that moves too far fails, and its gesture state resets at once")
    func longPressMovedAway() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { DraggedSquare() }
        host.pointerDown(at: CGPoint(x: 50, y: 75))
        #expect(rgbaAt(host.render(), 50, 75) == [255, 59, 48, 255])
        host.pointerMove(to: CGPoint(x: 70, y: 75))       // 20 points: past the 10-point limit
        #expect(rgbaAt(host.render(), 50, 75) == [52, 199, 89, 255])
        host.pointerUp(at: CGPoint(x: 70, y: 75))
    }
}
