import Testing
import Foundation
import Observation
import OpenCanvas
import RenderTesting

struct Pose: Equatable {
    var scale: Double = 1
    var offset: CGFloat = 0
}

@MainActor
@Suite("Keyframes: timelines, tracks, curves and the animator")
struct KeyframeTests {
    @Test("linear keyframes and moves, track by track")
    func linearAndMove() {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 1)
                LinearKeyframe(0.0, duration: 1)
            }
            KeyframeTrack(\.offset) {
                MoveKeyframe(50)
                LinearKeyframe(100, duration: 0.5, timingCurve: .easeIn)
            }
        }
        #expect(timeline.duration == 2)
        #expect(timeline.value(time: 0).scale == 1)
        #expect(abs(timeline.value(time: 0.5).scale - 1.5) < 1e-9)
        #expect(abs(timeline.value(time: 1.5).scale - 1) < 1e-9)
        #expect(timeline.value(time: 2).scale == 0)
        #expect(timeline.value(time: 99).scale == 0)
        #expect(timeline.value(time: 0).offset == 50)          // a move is immediate
        let eased = 50 + 50 * UnitCurve.easeIn.value(at: 0.5)
        #expect(abs(Double(timeline.value(time: 0.25).offset) - eased) < 1e-9)
        #expect(timeline.value(time: 1).offset == 100)
        #expect(abs(timeline.value(progress: 0.25).scale - 1.5) < 1e-9)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(UnitCurve.circularEaseIn.value(at: 1) == 1 && UnitCurve.circularEaseOut.value(at: 0) == 0)
    }

    @Test("a spring keyframe follows the spring's equation; the next starts from where it is")
    func springs() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                SpringKeyframe(100.0, duration: 0.4, spring: spring)
                LinearKeyframe(0.0, duration: 1)
            }
        }
        for t in [0.05, 0.1, 0.2, 0.35] {
            let expected = 100 + integratedSpring(response: 0.5, damping: 0.7, x0: -100, v0: 0, until: t)
            #expect(abs(timeline.value(time: t) - expected) < 1e-3)
            #expect(abs(spring.value(target: 100.0, time: t) - expected) < 1e-3)
        }
        let handOff = 100 + integratedSpring(response: 0.5, damping: 0.7, x0: -100, v0: 0, until: 0.4)
        #expect(abs(timeline.value(time: 0.9) - handOff / 2) < 1e-3)    // halfway from there to 0
        #expect(abs(Spring(duration: 0.5, bounce: 0.3).bounce - 0.3) < 1e-9)
    }

    @Test("cubic keyframes pass through their values with continuous velocity")
    func cubic() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                CubicKeyframe(10.0, duration: 1)
                CubicKeyframe(30.0, duration: 1)
                CubicKeyframe(0.0, duration: 2)
            }
        }
        #expect(abs(timeline.value(time: 1) - 10) < 1e-9 && abs(timeline.value(time: 2) - 30) < 1e-9)
        #expect(abs(timeline.value(time: 4)) < 1e-9)
        // Slopes on each side of the joints agree (Catmull–Rom tangents).
        for joint in [1.0, 2.0] {
            let h = 1e-5
            let left = (timeline.value(time: joint) - timeline.value(time: joint - h)) / h
            let right = (timeline.value(time: joint + h) - timeline.value(time: joint)) / h
            #expect(abs(left - right) < 1e-2, "at \(joint): \(left) vs \(right)")
        }
        // Given velocities are the tangents at the ends.
        let given = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack { CubicKeyframe(10.0, duration: 1, startVelocity: 0, endVelocity: 0) }
        }
        let h = 1e-5
        #expect(abs((given.value(time: h) - given.value(time: 0)) / h) < 1e-3)
        #expect(abs(given.value(time: 0.5) - 5) < 1e-9)
    }

    @Test("bad durations and values never trap")
    func badInput() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(Double.nan, duration: .nan)
                LinearKeyframe(1.0, duration: -3)
                CubicKeyframe(.infinity, duration: .infinity)
                SpringKeyframe(2.0, duration: .nan, spring: Spring(response: .nan, dampingRatio: .nan))
                CubicKeyframe(1.0, duration: 0)
            }
        }
        for t in [-1.0, 0, 0.5, 1e9, .nan, .infinity] { _ = timeline.value(time: t) }
        #expect(timeline.duration.isFinite)
    }
}

@Observable final class Taps { var count = 0 }

struct Bouncer: View {
    let taps: Taps
    var body: some View {
        KeyframeAnimator(initialValue: Pose(), trigger: taps.count) { pose in
            Color.black.frame(width: 10, height: 10).offset(x: pose.offset)
                .frame(width: 120, height: 10, alignment: .leading)
        } keyframes: { _ in
            KeyframeTrack(\.offset) {
                LinearKeyframe(100, duration: 1)
                LinearKeyframe(50, duration: 1)
            }
        }
    }
}

struct Looping: View {
    var body: some View {
        Color.black.frame(width: 10, height: 10)
            .keyframeAnimator(initialValue: Pose()) { view, pose in
                view.offset(x: pose.offset).frame(width: 120, height: 10, alignment: .leading)
            } keyframes: { _ in
                KeyframeTrack(\.offset) {
                    LinearKeyframe(100, duration: 1)
                    LinearKeyframe(0, duration: 1)
                }
            }
    }
}

@MainActor
@Suite("KeyframeAnimator on the host's clock")
struct KeyframeAnimatorTests {
    func x<V: View>(_ host: HeadlessHost<V>, at t: Double) -> Int? {
        host.date = animationStart.addingTimeInterval(t)
        let image = host.render()
        return (0..<120).first { rgbaAt(image, $0, 5)[3] > 128 }
    }

    @Test("a trigger plays the keyframes once from its change; the end value stays; nothing runs after")
    func triggered() {
        let taps = Taps()
        let host = HeadlessHost(size: CGSize(width: 120, height: 10)) { Bouncer(taps: taps) }
        host.date = animationStart
        _ = host.render()
        #expect(x(host, at: 0.5) == 0)                     // no trigger yet: the initial value
        taps.count = 1                                 // at 0.5 s
        #expect(x(host, at: 0.5) == 0)
        #expect(x(host, at: 1.0) == 50)                    // halfway to 100
        #expect(x(host, at: 2.0) == 75)                    // halfway back to 50
        #expect(x(host, at: 3.0) == 50)
        #expect(host.nextFrameDate == nil)
        #expect(x(host, at: 9.0) == 50)
    }

    @Test("repeating keyframes loop for as long as the view is shown")
    func repeating() {
        let host = HeadlessHost(size: CGSize(width: 120, height: 10)) { Looping() }
        host.date = animationStart
        _ = host.render()
        #expect(x(host, at: 0.5) == 50)
        #expect(x(host, at: 1.5) == 50)
        #expect(x(host, at: 2.25) == 25)
        #expect(x(host, at: 10.75) == 75)
        #expect(host.nextFrameDate != nil)
    }
}

struct Toggler: View {
    let knob: Knob
    var transition: AnyTransition = .opacity
    var body: some View {
        ZStack {
            if knob.shown {
                Color.black.frame(width: 20, height: 20).transition(transition)
            }
        }
        .frame(width: 40, height: 40)
    }
}

@MainActor
@Suite("Transitions")
struct TransitionTests {
    func host(_ knob: Knob, _ transition: AnyTransition = .opacity) -> HeadlessHost<Toggler> {
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { Toggler(knob: knob, transition: transition) }
        host.date = animationStart
        _ = host.render()
        return host
    }

    func at(_ host: HeadlessHost<Toggler>, _ t: Double) -> CGImage {
        host.date = animationStart.addingTimeInterval(t)
        return host.render()
    }

    @Test("an animated insertion fades in, an animated removal fades out, then nothing runs")
    func opacity() {
        let knob = Knob()
        knob.shown = false
        let host = host(knob)
        #expect(rgbaAt(host.render(), 20, 20)[3] == 0)
        withAnimation(.linear(duration: 1)) { knob.shown = true }
        #expect(abs(rgbaAt(at(host, 0.5), 20, 20)[3] - 128) <= 2)
        #expect(rgbaAt(at(host, 1.0), 20, 20)[3] == 255)
        _ = at(host, 2)
        withAnimation(.linear(duration: 1)) { knob.shown = false }
        #expect(abs(rgbaAt(at(host, 2.25), 20, 20)[3] - 191) <= 2)   // still drawn, going out
        #expect(abs(rgbaAt(at(host, 2.5), 20, 20)[3] - 128) <= 2)
        #expect(rgbaAt(at(host, 3.0), 20, 20)[3] == 0)
        #expect(host.nextFrameDate == nil)
    }

    @Test("without an animation a view with a transition comes and goes at once; the first frame does not transition")
    func unanimated() {
        let knob = Knob()
        let host = host(knob, .opacity.animation(.linear(duration: 1)))
        #expect(rgbaAt(host.render(), 20, 20)[3] == 255)      // present from the start
        knob.shown = false
        // The transition's own animation runs even without withAnimation.
        #expect(abs(rgbaAt(at(host, 0.5), 20, 20)[3] - 128) <= 2)
        let knob2 = Knob()
        let host2 = self.host(knob2, .opacity)
        knob2.shown = false
        #expect(rgbaAt(at(host2, 0.1), 20, 20)[3] == 0)
    }

    @Test("move, scale and slide transitions place the view on the way")
    func geometry() {
        let knob = Knob()
        knob.shown = false
        let host = host(knob, .move(edge: .leading))
        withAnimation(.linear(duration: 1)) { knob.shown = true }
        let half = at(host, 0.5)            // 10 points left of its place (its width is 20)
        #expect(rgbaAt(half, 5, 20)[3] == 255 && rgbaAt(half, 22, 20)[3] == 0)
        let knobS = Knob()
        knobS.shown = false
        let scaled = self.host(knobS, .scale)
        withAnimation(.linear(duration: 1)) { knobS.shown = true }
        let s = at(scaled, 0.5)             // 10 × 10 about the centre
        #expect(rgbaAt(s, 20, 20)[3] == 255 && rgbaAt(s, 13, 20)[3] == 0 && rgbaAt(s, 24, 20)[3] == 255)
        let knobC = Knob()
        knobC.shown = false
        let combined = self.host(knobC, .asymmetric(insertion: .scale.combined(with: .opacity), removal: .slide))
        withAnimation(.linear(duration: 1)) { knobC.shown = true }
        #expect(abs(rgbaAt(at(combined, 0.5), 20, 20)[3] - 128) <= 2)
        _ = at(combined, 2)
        withAnimation(.linear(duration: 1)) { knobC.shown = false }
        let out = at(combined, 2.5)         // sliding out to the trailing side: 10 points right
        #expect(rgbaAt(out, 35, 20)[3] == 255 && rgbaAt(out, 15, 20)[3] == 0)
    }
}

struct NestedRemoval: View {
    let knob: Knob
    var body: some View {
        ZStack {
            if knob.shown {
                ZStack { Color.black.frame(width: 20, height: 20).transition(.opacity) }
                    .transition(.opacity)
            }
        }
        .offset(x: 10)
        .frame(width: 40, height: 40)
    }
}

struct CyclingBadge: View {
    let knob: Knob
    var body: some View {
        ZStack {
            if knob.shown {
                Color.black.frame(width: 10, height: 10)
                    .phaseAnimator([1.0, 2.0]) { view, s in view.scaleEffect(s) } animation: { _ in .linear(duration: 0.5) }
            }
        }
        .frame(width: 40, height: 40)
    }
}

extension TransitionTests {
    @Test("only the outermost removed view goes out, with the transform around it")
    func nestedRemoval() {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { NestedRemoval(knob: knob) }
        host.date = animationStart
        _ = host.render()
        withAnimation(.linear(duration: 1)) { knob.shown = false }
        host.date = animationStart.addingTimeInterval(0.5)
        let image = host.render()
        // Once at half opacity (not twice, which would be 75 %), still offset 10 points.
        #expect(abs(rgbaAt(image, 25, 20)[3] - 128) <= 2, "\(rgbaAt(image, 25, 20))")
        #expect(rgbaAt(image, 12, 20)[3] == 0)
    }

    @Test("a removed PhaseAnimator stops cycling and costs no frames")
    func removedPhaseAnimator() async {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { CyclingBadge(knob: knob) }
        host.date = animationStart
        _ = host.render()
        host.advance(by: 0.7)
        knob.shown = false
        host.advance(by: 0.1)
        for _ in 0..<20 { await Task.yield() }
        host.advance(by: 0.1)
        for _ in 0..<20 { await Task.yield() }
        host.advance(by: 0.1)
        #expect(host.nextFrameDate == nil)
        let frames = host.renderCount
        for _ in 0..<20 { await Task.yield() }
        host.advance(by: 5)
        #expect(host.renderCount == frames)
    }
}

struct PlainConditional: View {
    let knob: Knob
    var body: some View {
        VStack(spacing: 0) {
            if knob.shown { Color.black.frame(width: 20, height: 20) } else { Color.clear.frame(width: 20, height: 20) }
            HStack(spacing: 0) {
                ForEach(0..<Int(knob.x), id: \.self) { _ in Color.black.frame(width: 10, height: 20) }
            }
            .frame(width: 40, height: 20, alignment: .leading)
        }
    }
}

extension TransitionTests {
    @Test("views an if or a ForEach inserts or removes under an animation fade (the default transition)")
    func defaultOpacity() {
        let knob = Knob()
        knob.shown = false
        knob.x = 1
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { PlainConditional(knob: knob) }
        host.date = animationStart
        _ = host.render()
        withAnimation(.linear(duration: 1)) {
            knob.shown = true
            knob.x = 2
        }
        host.date = animationStart.addingTimeInterval(0.5)
        var image = host.render()
        #expect(abs(rgbaAt(image, 20, 10)[3] - 128) <= 2)        // the if's new branch, half in
        #expect(rgbaAt(image, 5, 30)[3] == 255)                   // the item that was there
        #expect(abs(rgbaAt(image, 15, 30)[3] - 128) <= 2)        // the new item, half in
        host.date = animationStart.addingTimeInterval(1)
        image = host.render()
        #expect(rgbaAt(image, 20, 10)[3] == 255 && rgbaAt(image, 15, 30)[3] == 255)
        // Without an animation they come and go at once.
        knob.x = 1
        host.date = animationStart.addingTimeInterval(1.1)
        #expect(rgbaAt(host.render(), 15, 30)[3] == 0)
        #expect(host.nextFrameDate == nil)
    }
}

/// Two branches of one type: each keeps its own state.
struct TwoCounters: View {
    let knob: Knob
    var body: some View {
        if knob.shown { CounterBranch(name: "a") } else { CounterBranch(name: "b") }
    }
}

struct CounterBranch: View {
    let name: String
    @State private var count = 0
    var body: some View {
        Button("\(name) \(count)") { count += 1 }
    }
}

extension TransitionTests {
    @Test("the branches of an if/else are different views even when they are of one type")
    func branchIdentity() {
        let knob = Knob()
        let host = HeadlessHost(size: CGSize(width: 100, height: 40)) { TwoCounters(knob: knob) }
        #expect(host.accessibilityReading == ["a 0, Button"])
        host.tap(at: CGPoint(x: 50, y: 20))
        #expect(host.accessibilityReading == ["a 1, Button"])
        knob.shown = false
        #expect(host.accessibilityReading == ["b 0, Button"])
        knob.shown = true
        #expect(host.accessibilityReading == ["a 0, Button"])     // a new view: its state starts again
    }
}
