import Testing
import Foundation
import Observation
import OpenCanvas
import RenderTesting

/// A counter view: a canvas that draws `count` bars and counts its renders.
@MainActor final class Renders { var canvas = 0 }

struct Counter: View {
    let renders: Renders
    @State private var count = 0

    var body: some View {
        VStack(spacing: 0) {
            Canvas { context, size in
                renders.canvas += 1
                for i in 0..<count {
                    context.fill(Path(CGRect(x: Double(i) * 10, y: 0, width: 8, height: size.height)), with: .color(.black))
                }
            }
            .frame(width: 100, height: 20)
            Button("Add") { count += 1 }
                .frame(width: 100, height: 30)
        }
    }
}

@Observable final class Model {
    var marks: [CGPoint] = []
}

struct Marks: View {
    let model: Model
    var body: some View {
        Canvas { context, _ in
            for p in model.marks {
                context.fill(Path(ellipseIn: CGRect(x: p.x - 3, y: p.y - 3, width: 6, height: 6)), with: .color(.red))
            }
        }
        .onTapGesture { location in model.marks.append(location) }
    }
}

struct Toggle2: View {
    @State var on = false
    var body: some View {
        VStack(spacing: 0) {
            if on { Color.green.frame(width: 20, height: 20) } else { Color.red.frame(width: 20, height: 20) }
            Child(flag: $on)
        }
    }
}

struct Child: View {
    @Binding var flag: Bool
    var body: some View {
        Color.blue.frame(width: 20, height: 20).onTapGesture { flag.toggle() }
    }
}

@MainActor
@Suite("The headless host: state, re-rendering, taps and buttons")
struct HostTests {
    @Test("a tap on a button changes @State; the canvas that reads it redraws, and only then")
    func counter() {
        let renders = Renders()
        let host = HeadlessHost(size: CGSize(width: 100, height: 50)) { Counter(renders: renders) }
        let first = host.render()
        #expect(renders.canvas == 1 && host.renderCount == 1)
        #expect(first.pixel(x: 4, y: 10).alpha == 0)
        _ = host.render()
        #expect(renders.canvas == 1 && host.renderCount == 1)       // nothing changed: no new frame
        host.tap(at: CGPoint(x: 50, y: 35))                          // the button
        #expect(host.needsRender)
        let second = host.render()
        #expect(renders.canvas == 2)
        #expect(second.pixel(x: 4, y: 10).alpha == 255 && second.pixel(x: 14, y: 10).alpha == 0)
        host.tap(at: CGPoint(x: 50, y: 35))
        host.tap(at: CGPoint(x: 50, y: 10))                          // the canvas: no gesture
        let third = host.render()
        #expect(third.pixel(x: 14, y: 10).alpha == 255 && third.pixel(x: 24, y: 10).alpha == 0)
        #expect(renders.canvas == 3)
    }

    @Test("tap locations are in the view's own space; an @Observable model re-renders the canvas that read it")
    func observableMarks() {
        let model = Model()
        let host = HeadlessHost(size: CGSize(width: 200, height: 100)) {
            Marks(model: model).frame(width: 100, height: 50).padding(.leading, 40)
        }
        _ = host.render()
        host.tap(at: CGPoint(x: 90, y: 40))
        // The root (140 × 50) is centred: the canvas's frame starts at (70, 25).
        #expect(model.marks == [CGPoint(x: 20, y: 15)])
        #expect(host.needsRender)
        let image = host.render()
        #expect(image.pixel(x: 90, y: 40).red > 200 && image.pixel(x: 90, y: 40).alpha == 255)
        // Outside the view, or not finite: nothing.
        host.tap(at: CGPoint(x: 10, y: 10))
        host.tap(at: CGPoint(x: CGFloat.nan, y: 10))
        host.tap(at: CGPoint(x: 500, y: 10))
        #expect(model.marks.count == 1)
    }

    @Test("a @Binding changes its parent's @State; state follows view identity through if/else")
    func bindings() {
        let host = HeadlessHost(size: CGSize(width: 20, height: 40)) { Toggle2() }
        #expect(host.render().pixel(x: 10, y: 10).red > 200)
        host.tap(at: CGPoint(x: 10, y: 30))
        let on = host.render()
        #expect(on.pixel(x: 10, y: 10).green > 150 && on.pixel(x: 10, y: 10).red < 100)
        host.tap(at: CGPoint(x: 10, y: 30))
        #expect(host.render().pixel(x: 10, y: 10).red > 200)
    }

    @Test("hit testing: the frontmost view wins, inner gestures first, gaps and hidden views take no taps")
    func hitTesting() {
        var log: [String] = []
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            ZStack {
                Color.gray.onTapGesture { log.append("back") }
                HStack(spacing: 20) {
                    Color.red.frame(width: 20, height: 20).onTapGesture { log.append("red") }
                    Color.blue.frame(width: 20, height: 20)
                }
                .onTapGesture { log.append("stack") }
                Circle().frame(width: 20, height: 20).offset(y: 30).onTapGesture { log.append("circle") }
                Color.green.frame(width: 10, height: 10).offset(y: -40).allowsHitTesting(false)
            }
        }
        host.tap(at: CGPoint(x: 35, y: 50))       // red: inner gesture before the stack's
        host.tap(at: CGPoint(x: 65, y: 50))       // blue: no gesture of its own: the stack's
        host.tap(at: CGPoint(x: 50, y: 50))       // the gap between them: through to the back
        host.tap(at: CGPoint(x: 50, y: 80))       // the circle's centre
        host.tap(at: CGPoint(x: 41, y: 71))       // the circle's frame corner, outside its shape
        host.tap(at: CGPoint(x: 50, y: 10))       // green does not take taps
        #expect(log == ["red", "stack", "back", "circle", "back", "back"])
    }

    @Test("double taps: a count-2 gesture fires on the second tap of a sequence")
    func doubleTap() {
        var singles = 0, doubles = 0
        let host = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Color.red.onTapGesture(count: 2) { doubles += 1 }.background { Color.clear }
                .overlay { Color.clear.contentShape(Rectangle()).allowsHitTesting(false) }
                .onTapGesture { singles += 1 }
        }
        host.tap(at: CGPoint(x: 25, y: 25))
        host.tap(at: CGPoint(x: 26, y: 25))
        #expect(doubles == 1)
        host.date = host.date.addingTimeInterval(5)
        host.tap(at: CGPoint(x: 25, y: 25))
        #expect(doubles == 1)
        #expect(singles >= 1)
    }

    @Test("DragGesture: changed and ended values in the view's space; a short drag is a tap")
    func drag() throws {
        var changes: [DragGesture.Value] = [], ended: DragGesture.Value?, taps = 0
        let host = HeadlessHost(size: CGSize(width: 200, height: 100)) {
            Color.red.frame(width: 100, height: 100)
                .gesture(DragGesture().onChanged { changes.append($0) }.onEnded { ended = $0 })
                .simultaneousGesture(TapGesture().onEnded { taps += 1 })
        }
        host.drag(from: CGPoint(x: 60, y: 50), to: CGPoint(x: 120, y: 50), steps: 6)   // the view's frame starts at x 50
        let end = try #require(ended)
        #expect(end.startLocation == CGPoint(x: 10, y: 50))
        #expect(end.location == CGPoint(x: 70, y: 50))
        #expect(end.translation == CGSize(width: 60, height: 0))
        #expect(abs(end.velocity.width - 600) < 0.01)            // 10 points per 1/60 s (Date keeps ~0.1 µs)
        #expect(abs(end.predictedEndLocation.x - 220) < 0.01)
        // Recognized once it has moved its minimum distance (10 points, the first move).
        #expect(changes.count == 6)
        #expect(changes.first?.translation.width == 10)
        #expect(taps == 0)
        host.drag(from: CGPoint(x: 60, y: 50), to: CGPoint(x: 65, y: 50), steps: 2)
        #expect(taps == 1)                                       // under the drag's minimum distance
    }

    @Test("priorities: a child's gesture wins over its parent's, a high-priority parent over its child, simultaneous ones both fire")
    func priorities() {
        var log: [String] = []
        let normal = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Color.red.onTapGesture { log.append("child") }.onTapGesture { log.append("parent") }
        }
        normal.tap(at: CGPoint(x: 25, y: 25))
        let high = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Color.red.onTapGesture { log.append("child") }.highPriorityGesture(TapGesture().onEnded { log.append("high") })
        }
        high.tap(at: CGPoint(x: 25, y: 25))
        let both = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Color.red.onTapGesture { log.append("child") }
                .simultaneousGesture(SpatialTapGesture().onEnded { log.append("at \(Int($0.location.x))") })
        }
        both.tap(at: CGPoint(x: 25, y: 25))
        #expect(log == ["child", "high", "child", "at 25"])
    }

    @Test("LongPressGesture needs the press held long enough, without moving")
    func longPress() {
        var pressed = 0
        let host = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Color.red.gesture(LongPressGesture(minimumDuration: 0.5).onEnded { _ in pressed += 1 })
        }
        host.press(at: CGPoint(x: 25, y: 25), duration: 0.2)
        #expect(pressed == 0)
        host.press(at: CGPoint(x: 25, y: 25), duration: 0.6)
        #expect(pressed == 1)
        host.tap(at: CGPoint(x: 25, y: 25))
        #expect(pressed == 1)
    }

    @Test("resize lays the view out again; impossible sizes give an empty image")
    func resize() {
        let host = HeadlessHost(size: CGSize(width: 40, height: 20), scale: 2) { Color.red }
        #expect(host.render().width == 80)
        host.resize(to: CGSize(width: 10, height: 10))
        #expect(host.render().width == 20)
        host.resize(to: CGSize(width: -1, height: CGFloat.nan))
        #expect(host.render().width == 0)
    }

    // Found by the view-tree fuzz target: Foundation's CGRect.contains(_:) traps on
    // Linux when a width is NaN or −∞, and every pointer event asked it whether the
    // point was inside the host.
    @Test("pointer events on a host of an impossible size hit nothing and do not trap")
    func eventsAfterAnImpossibleSize() {
        var taps = 0
        let host = HeadlessHost(size: CGSize(width: 40, height: 20)) { Color.red.onTapGesture { taps += 1 } }
        host.tap(at: CGPoint(x: 5, y: 5))
        #expect(taps == 1)
        for size in [CGSize(width: CGFloat.nan, height: 20), CGSize(width: -CGFloat.infinity, height: 20),
                     CGSize(width: 40, height: CGFloat.nan)] {
            host.resize(to: size)
            host.tap(at: CGPoint(x: 5, y: 5))
            host.drag(from: CGPoint(x: 5, y: 5), to: CGPoint(x: 9, y: 9))
            host.press(at: CGPoint(x: 5, y: 5), duration: 1)
            host.hover(at: CGPoint(x: 5, y: 5))
        }
        #expect(taps == 1)
        #expect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4).containsSafely(CGPoint(x: 1, y: 1)) == false)
        #expect(CGRect(x: 10, y: 0, width: -10, height: 4).containsSafely(CGPoint(x: 1, y: 1)))
        #expect(CGRect(x: 0, y: 0, width: 10, height: 4).containsSafely(CGPoint(x: 10, y: 1)) == false)
        #expect(CGRect(x: 0, y: 0, width: -CGFloat.infinity, height: 4).intersectionSafely(CGRect(x: 0, y: 0, width: 1, height: 1)).isNull)
    }
}
