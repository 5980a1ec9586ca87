import Testing
import Foundation
import Observation
import OpenCanvas
import RenderTesting

@MainActor final class Log { var lines: [String] = [] }

struct LifecycleView: View {
    let log: Log
    @State var showDetail = true
    @State var count = 0

    var body: some View {
        VStack {
            if showDetail {
                Text("Detail")
                    .onAppear { log.lines.append("appear") }
                    .onDisappear { log.lines.append("disappear") }
            }
            Color.red.frame(width: 20, height: 20)
                .onTapGesture { showDetail.toggle(); count += 1 }
                .onChange(of: count) { old, new in log.lines.append("count \(old)→\(new)") }
        }
    }
}

struct TaskView: View {
    let log: Log
    @State var shown = true
    var body: some View {
        ZStack {
            Color.white.onTapGesture { shown = false }
            if shown {
                Color.clear.frame(width: 1, height: 1).task {
                    log.lines.append("started")
                    // The cancellation is recorded as it happens (on the main actor,
                    // where the host cancels it), not when the task next runs: in a
                    // parallel test run the main actor may be busy for a long time.
                    await withTaskCancellationHandler {
                        try? await Task.sleep(nanoseconds: 600_000_000_000)
                    } onCancel: {
                        MainActor.assumeIsolated { log.lines.append("cancelled") }
                    }
                }
            }
        }
    }
}

struct Rewriter: View {
    @State var n = 0
    var body: some View {
        // Writing state while the body is built: deferred to the next frame.
        let _ = (n < 3 ? (n += 1) : ())
        Text("n = \(n)")
    }
}

@Observable final class Settings { var name = "A" }

struct TapCounter: View {
    @State var taps = 0
    var body: some View { Color.red.onTapGesture { taps += 1 }.accessibilityLabel("taps \(taps)") }
}

struct Resettable: View {
    @State var generation = 0
    var body: some View {
        VStack(spacing: 0) {
            TapCounter().frame(width: 20, height: 20).id(generation)
            Color.blue.frame(width: 20, height: 20).onTapGesture { generation += 1 }
        }
    }
}

struct Editor: View {
    @Bindable var settings: Settings
    var body: some View {
        Color.blue.frame(width: 10, height: 10).onTapGesture { $settings.name.wrappedValue = "B" }
    }
}

struct Themed: View {
    @Environment(\.font) var font
    var body: some View { Text(font == .largeTitle ? "large" : "other") }
}

@MainActor final class Counts { var bodies: [String: Int] = [:]; var renders: [String: Int] = [:] }

struct Tile: View {
    let name: String
    let counts: Counts
    @State private var taps = 0
    var body: some View {
        let _ = counts.bodies[name, default: 0] += 1
        let _ = taps            // the body reads the state too
        Canvas { context, size in
            counts.renders[name, default: 0] += 1
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width * CGFloat(taps) / 4, height: size.height)),
                         with: .color(.black))
        }
        .frame(width: 40, height: 40)
        .onTapGesture { taps += 1 }
    }
}

private struct AccentKey: EnvironmentKey { static let defaultValue = "none" }
extension EnvironmentValues {
    var accentName: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

struct AccentReader: View {
    @Environment(\.accentName) var accent
    var body: some View { Text("accent \(accent)") }
}

@Observable final class Levels { var left = 0.0; var right = 0.0 }

struct Meters: View {
    let levels: Levels
    let counts: Counts
    var body: some View {
        HStack(spacing: 0) {
            Canvas { c, s in
                counts.renders["left", default: 0] += 1
                c.fill(Path(CGRect(x: 0, y: 0, width: s.width * levels.left, height: s.height)), with: .color(.red))
            }
            Canvas { c, s in
                counts.renders["right", default: 0] += 1
                c.fill(Path(CGRect(x: 0, y: 0, width: s.width * levels.right, height: s.height)), with: .color(.blue))
            }
        }
        .frame(width: 80, height: 20)
    }
}

@MainActor
@Suite("State, environment, lifecycle and styles in a host")
struct StateTests {
    @Test("a state change re-runs the body and canvas that read it, and nothing else")
    func fineGrained() {
        let counts = Counts()
        let host = HeadlessHost(size: CGSize(width: 80, height: 40)) {
            HStack(spacing: 0) { Tile(name: "a", counts: counts); Tile(name: "b", counts: counts) }
        }
        _ = host.render()
        #expect(counts.bodies == ["a": 1, "b": 1] && counts.renders == ["a": 1, "b": 1])
        host.tap(at: CGPoint(x: 60, y: 20))                  // tile b
        let image = host.render()
        #expect(counts.bodies == ["a": 1, "b": 2])
        #expect(counts.renders == ["a": 1, "b": 2])
        #expect(image.pixel(x: 45, y: 20).alpha == 255 && image.pixel(x: 5, y: 20).alpha == 0)
        _ = host.render()                                     // nothing changed
        #expect(counts.renders == ["a": 1, "b": 2])
    }

    @Test("an @Observable property re-runs only the canvases that read it")
    func observedCanvases() {
        let counts = Counts(), levels = Levels()
        let host = HeadlessHost(size: CGSize(width: 80, height: 20)) { Meters(levels: levels, counts: counts) }
        _ = host.render()
        levels.left = 0.5
        #expect(host.needsRender)
        let image = host.render()
        #expect(counts.renders == ["left": 2, "right": 1])
        #expect(image.pixel(x: 5, y: 10).red > 200 && image.pixel(x: 30, y: 10).alpha == 0)
        levels.right = 1
        _ = host.render()
        #expect(counts.renders == ["left": 2, "right": 2])
    }

    @Test(".task starts when the view appears and is cancelled when it goes away")
    func task() async {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 50, height: 50)) { TaskView(log: log) }
        _ = host.render()
        // Tasks run when the executor gets to them: wait (up to 60 s) rather than count yields,
        // which a loaded machine can exhaust first.
        await waitUntil { !log.lines.isEmpty }
        #expect(log.lines.first == "started")
        host.tap(at: CGPoint(x: 5, y: 5))                      // removes the view with the task
        _ = host.render()
        await waitUntil { log.lines.contains("cancelled") }
        #expect(log.lines.contains("cancelled"))
    }

    @Test("symbols drawn in a canvas are pictures: their gestures never run")
    func symbolsTakeNoTaps() {
        var tapped = 0
        let host = HeadlessHost(size: CGSize(width: 50, height: 50)) {
            Canvas { context, _ in
                if let s = context.resolveSymbol(id: 0) { context.draw(s, in: CGRect(x: 0, y: 0, width: 50, height: 50)) }
            } symbols: {
                Color.red.frame(width: 10, height: 10).onTapGesture { tapped += 1 }.tag(0)
            }
        }
        host.tap(at: CGPoint(x: 25, y: 25))
        #expect(tapped == 0)
        #expect(host.render().pixel(x: 25, y: 25).red > 200)
        #expect(host.accessibilityReading.isEmpty)
    }

    @Test("custom EnvironmentKeys reach @Environment through .environment; ImageRenderer announces changes")
    func customEnvironment() {
        let host = HeadlessHost(size: CGSize(width: 200, height: 50)) {
            VStack { AccentReader(); AccentReader().environment(\.accentName, "teal") }
        }
        #expect(host.accessibilityReading == ["accent none", "accent teal"])
        let renderer = ImageRenderer(content: Color.red.frame(width: 2, height: 2))
        var changes = 0
        var bag = Set<AnyCancellable>()
        renderer.objectWillChange.sink { changes += 1 }.store(in: &bag)
        renderer.scale = 2
        renderer.proposedSize = ProposedViewSize(width: 4, height: 4)
        #expect(changes == 2)
        bag.removeAll()
        renderer.scale = 3
        #expect(changes == 2)
    }

    @Test("onAppear, onDisappear and onChange run after the frame that caused them")
    func lifecycle() {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { LifecycleView(log: log) }
        _ = host.render()
        #expect(log.lines == ["appear"])
        host.tap(at: CGPoint(x: 50, y: 50 + 15))     // the red square is below the text
        _ = host.render()
        #expect(log.lines == ["appear", "disappear", "count 0→1"])
        host.tap(at: CGPoint(x: 50, y: 50))
        _ = host.render()
        #expect(log.lines == ["appear", "disappear", "count 0→1", "appear", "count 1→2"])
    }

    @Test("state written while a body is built is deferred to the next frame, never a loop or a crash")
    func deferredWrites() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 30)) { Rewriter() }
        var frames = 0
        while host.needsRender && frames < 10 {
            _ = host.render()
            frames += 1
        }
        #expect(frames == 4)         // n = 0, 1, 2, then 3 stays
        #expect(host.accessibilityReading == ["n = 3"])
    }

    @Test("@Bindable makes bindings to an @Observable model; @Environment reads the view's environment")
    func bindableAndEnvironment() {
        let settings = Settings()
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { Editor(settings: settings) }
        host.tap(at: CGPoint(x: 5, y: 5))
        #expect(settings.name == "B")
        let themed = HeadlessHost(size: CGSize(width: 200, height: 50)) { Themed().font(.largeTitle) }
        #expect(themed.accessibilityReading == ["large"])
    }

    @Test(".id resets a view's state when the id changes; drags to non-finite points do nothing")
    func identity() {
        let host = HeadlessHost(size: CGSize(width: 20, height: 40)) { Resettable() }
        host.tap(at: CGPoint(x: 10, y: 10))
        host.date = host.date.addingTimeInterval(1)
        host.tap(at: CGPoint(x: 10, y: 10))
        #expect(host.accessibilityReading == ["taps 2"])
        host.tap(at: CGPoint(x: 10, y: 30))
        #expect(host.accessibilityReading == ["taps 0"])
        host.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: CGFloat.nan, y: 10))
        host.drag(from: CGPoint(x: -50, y: 10), to: CGPoint(x: 10, y: 10))
        #expect(host.accessibilityReading == ["taps 0"])
    }

    @Test("ScrollView: content at the scroll offset, clipped; a drag scrolls it, clamped; taps reach the rows")
    func scrollView() {
        var tapped: [Int] = []
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<10) { i in
                        Text("Row \(i)").frame(width: 100, height: 30).onTapGesture { tapped.append(i) }
                    }
                }
            }
        }
        host.tap(at: CGPoint(x: 50, y: 15))
        host.drag(from: CGPoint(x: 50, y: 90), to: CGPoint(x: 50, y: 30), steps: 6)     // 60 points up
        host.tap(at: CGPoint(x: 50, y: 15))                                            // now row 2
        #expect(tapped == [0, 2])
        // The text (22 points tall) is centred in its 30-point row, now at the top.
        #expect(host.accessibilityElements.first { $0.label == "Row 2" }?.frame.minY == 4)
        host.drag(from: CGPoint(x: 50, y: 90), to: CGPoint(x: 50, y: 0), steps: 9)
        host.drag(from: CGPoint(x: 50, y: 90), to: CGPoint(x: 50, y: 0), steps: 9)
        host.drag(from: CGPoint(x: 50, y: 90), to: CGPoint(x: 50, y: 0), steps: 9)
        // Clamped: the last row's bottom at the bottom of the view (offset 200).
        #expect(host.accessibilityElements.last?.frame.maxY == 96)
        host.tap(at: CGPoint(x: 50, y: 95))
        #expect(tapped.last == 9)
    }

    @Test("two view types of one name are two views: swapping them in an AnyView starts the other's state afresh")
    func sameNamedTypes() {
        let counts = SameNameCounts()
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { SameNameSwitcher(counts: counts) }
        _ = host.render()
        host.tap(at: CGPoint(x: 20, y: 20)); _ = host.render()
        host.tap(at: CGPoint(x: 20, y: 20)); _ = host.render()
        #expect(counts.seen.last == "first 2")
        counts.showsSecond = true
        _ = host.render()
        // `First.Row` and `Second.Row` both print as "Row": their state is not shared.
        #expect(counts.seen.last == "second 0")
    }

    @Test("foregroundStyle and tint: gradients and colours reach text, shapes and buttons")
    func styles() throws {
        let gradient = LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
        let image = try #require(render(Rectangle().fill(.foreground).frame(width: 100, height: 10).foregroundStyle(gradient)))
        #expect(image.pixel(x: 2, y: 5).red > 200 && image.pixel(x: 97, y: 5).blue > 200)
        let secondary = try #require(render(Rectangle().fill(.secondary).frame(width: 10, height: 10).foregroundStyle(Color.green)))
        #expect(secondary.pixel(x: 5, y: 5).alpha == 153)        // 60 % of the green
        let tinted = try #require(render(Button("Go") {}.font(.system(size: 30)).tint(.red)))
        var red = 0
        for y in 0..<tinted.height { for x in 0..<tinted.width {
            let p = tinted.pixel(x: x, y: y)
            if p.alpha > 200 && p.red > 200 && p.blue < 100 { red += 1 }
        } }
        #expect(red > 20)
    }
}

/// Yields until `condition` holds or `seconds` pass (long: other main-actor tests run meanwhile).
@MainActor
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() && Date() < deadline { try? await Task.sleep(nanoseconds: 1_000_000) }
}

@MainActor @Observable final class SameNameCounts {
    var showsSecond = false
    @ObservationIgnored var seen: [String] = []
}

enum First {
    struct Row: View {
        let counts: SameNameCounts
        var body: some View { TapCountingTile(name: "first", color: .red, counts: counts) }
    }
}

enum Second {
    struct Row: View {
        let counts: SameNameCounts
        var body: some View { TapCountingTile(name: "second", color: .blue, counts: counts) }
    }
}

/// Its state lives below the row: under two rows of one identity it would be one.
struct TapCountingTile: View {
    let name: String
    let color: Color
    let counts: SameNameCounts
    @State private var taps = 0
    var body: some View {
        counts.seen.append("\(name) \(taps)")
        return color.onTapGesture { taps += 1 }
    }
}

struct SameNameSwitcher: View {
    let counts: SameNameCounts
    var body: some View {
        counts.showsSecond ? AnyView(Second.Row(counts: counts)) : AnyView(First.Row(counts: counts))
    }
}
