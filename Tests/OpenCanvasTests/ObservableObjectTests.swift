import Testing
import Foundation
import OpenCanvas

@MainActor final class ClickModel: ObservableObject {
    static var made = 0
    @Published var count = 0
    init() { ClickModel.made += 1 }
}

struct OwnsClickModel: View {
    @StateObject var counter = ClickModel()
    var body: some View {
        VStack {
            Text("count \(counter.count)")
            ShowsClickModel(counter: counter)
        }
        .frame(width: 200, height: 200)
        .contentShape(Rectangle())
        .onTapGesture { counter.count += 1 }
        .environmentObject(counter)
    }
}

struct ShowsClickModel: View {
    @ObservedObject var counter: ClickModel
    var body: some View {
        VStack {
            Text("observed \(counter.count)")
            ReadsEnvironment()
        }
    }
}

struct ReadsEnvironment: View {
    @EnvironmentObject var counter: ClickModel
    var body: some View { Text("environment \(counter.count)") }
}

struct Ticker: View {
    @State private var ticks: [Double] = []
    let start: Date
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    var body: some View {
        Text("ticks \(ticks.map { String(format: "%.0f", $0) }.joined(separator: ","))")
            .onReceive(timer) { date in ticks.append(date.timeIntervalSince(start)) }
    }
}

struct Listener: View {
    let subject: PassthroughSubject<String, Never>
    @State private var last = "none"
    var body: some View { Text("last \(last)").onReceive(subject) { last = $0 } }
}

@MainActor @Suite("Observable objects, @StateObject, @ObservedObject, @EnvironmentObject, onReceive")
struct ObservableObjectTests {
    @Test func objectsAreKeptAndTheirChangesRedraw() {
        ClickModel.made = 0
        let host = HeadlessHost(size: CGSize(width: 200, height: 200)) { OwnsClickModel() }
        #expect(host.accessibilityReading == ["count 0", "observed 0", "environment 0"])
        #expect(!host.needsRender)
        // A tap changes the object: every view that reads it is drawn again.
        host.tap(at: CGPoint(x: 5, y: 5))
        #expect(host.needsRender)
        #expect(host.accessibilityReading == ["count 1", "observed 1", "environment 1"])
        // The state object was made once, though the body ran again.
        #expect(ClickModel.made == 1)
    }

    @Test func timersFireOnTheHostsClock() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000_000)
        var frames: [Date] = []
        let host = HeadlessHost(size: CGSize(width: 300, height: 40)) { Ticker(start: start) }
        host.date = start
        host.onFrame = { date, _ in frames.append(date) }
        _ = host.render()
        host.advance(by: 3.5)
        #expect(host.accessibilityReading == ["ticks 1,2,3"])
        // A frame at each tick, showing it (none at 3.5 s: nothing changed then).
        #expect(frames.map { $0.timeIntervalSince(start) } == [1, 2, 3])
    }

    @Test func publishersReachTheView() {
        let subject = PassthroughSubject<String, Never>()
        let host = HeadlessHost(size: CGSize(width: 200, height: 40)) { Listener(subject: subject) }
        #expect(host.accessibilityReading == ["last none"])
        subject.send("hello")
        #expect(host.accessibilityReading == ["last hello"])
    }
}
