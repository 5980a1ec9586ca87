import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Seeded streams of hostile events (taps and drags anywhere, NaN and huge
/// coordinates included; random keys and text, control characters and emoji
/// among them; clock jumps; appearance flips) into an app of every control and
/// container, started from hostile values (NaN, extreme integers, dates out of
/// range, selections no option has). Nothing may trap or hang.
@MainActor
@Suite("Stress: hostile event streams into controls and containers")
struct ControlStressTests {
    struct Sink: View {
        @State var value: Double
        @State var count: Int
        @State var on = false
        @State var choice: Int
        @State var text: String
        @State var date: Date
        @State var color = Color.red
        @State var items: [Int]
        @State var path: [Int] = []
        @State var showsSheet = false
        @State var showsAlert = false
        @State var tab = 0

        var body: some View {
            TabView(selection: $tab) {
                NavigationStack(path: $path) {
                    Form {
                        Section("Controls") {
                            Slider(value: $value, in: 0...1)
                            Stepper("Count \(count)", value: $count)
                            Toggle("On", isOn: $on)
                            Picker("Choice", selection: $choice) { ForEach(0..<3) { Text("Option \($0)").tag($0) } }
                            Picker("Segments", selection: $choice) { ForEach(0..<3) { Text("S\($0)").tag($0) } }
                                .pickerStyle(.segmented)
                            TextField("Text", text: $text, axis: .vertical)
                            DatePicker("Date", selection: $date)
                            ColorPicker("Color", selection: $color)
                            Menu("Menu") { Button("Sheet") { showsSheet = true }; Button("Alert") { showsAlert = true } }
                        }
                        Section {
                            ForEach(items, id: \.self) { NavigationLink("Item \($0)", value: $0) }
                                .onDelete { items.remove(atOffsets: $0) }
                                .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                        }
                    }
                    .navigationTitle("Sink")
                    .toolbar { EditButton() }
                    .navigationDestination(for: Int.self) { n in
                        Picker("Wheel", selection: $choice) { ForEach(0..<5) { Text("W\($0)").tag($0) } }
                            .pickerStyle(.wheel)
                            .navigationTitle("Item \(n)")
                    }
                }
                .tabItem { Label("Sink", systemImage: "star") }
                .tag(0)
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVGrid(columns: [GridItem(.adaptive(minimum: 40))]) {
                            ForEach(0..<5_000, id: \.self) { Text("\($0)").id($0) }
                        }
                    }
                    .onTapGesture { proxy.scrollTo(count, anchor: UnitPoint(x: value, y: value)) }
                }
                .tabItem { Label("Grid", systemImage: "square.grid.2x2") }
                .tag(1)
            }
            .sheet(isPresented: $showsSheet) { TextEditor(text: $text) }
            .alert("Alert", isPresented: $showsAlert) { Button("OK") {} }
        }
    }

    @Test("seeded event streams: no trap, no hang")
    func hostileEvents() {
        let seeds = ProcessInfo.processInfo.environment["OPENCANVAS_STRESS_CONTROL_SEEDS"].flatMap { Int($0) } ?? 3
        for seed in 0..<UInt64(max(0, seeds)) { run(seed: seed, events: 60) }
    }

    func run(seed: UInt64, events: Int) {
        var rng = SplitMix64(seed: seed)
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -5, 0.5]
        let counts = [Int.max, Int.min, 0, 7]
        let dates = [Date(timeIntervalSinceReferenceDate: .nan), .distantFuture, .distantPast,
                     Date(timeIntervalSinceReferenceDate: 1e18), Date(timeIntervalSince1970: 1_795_963_040)]
        let texts = ["", "é\u{301}👩‍👩‍👧\r\n\t\u{0}", String(repeating: "w", count: 5_000), "a\nb\nc"]
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        let sink = Sink(value: pick(values), count: pick(counts), choice: pick([-1, 0, 2, 99]), text: pick(texts),
                        date: pick(dates), items: Array(0..<Int(rng.next() % 30)))
        let host = HeadlessHost(size: CGSize(width: 390, height: 700)) { sink }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let points: [CGFloat] = [.nan, .infinity, -1e9, 1e9, -1, 0]
        func coordinate(_ limit: CGFloat) -> CGFloat {
            rng.next() % 10 == 0 ? pick(points) : CGFloat(rng.next() % 1000) / 1000 * limit
        }
        let keys: [KeyEquivalent] = [.return, .tab, .delete, .deleteForward, .leftArrow, .rightArrow, .upArrow, .downArrow,
                                     .home, .end, .escape, .space, "a", "Z", "é", "\u{1}", "😀"]
        for _ in 0..<events {
            switch rng.next() % 9 {
            case 0, 1, 2: host.tap(at: CGPoint(x: coordinate(390), y: coordinate(700)))
            case 3: host.drag(from: CGPoint(x: coordinate(390), y: coordinate(700)),
                              to: CGPoint(x: coordinate(390), y: coordinate(700)), steps: Int(rng.next() % 6))
            case 4: _ = host.press(key: pick(keys), modifiers: rng.next() % 3 == 0 ? [.shift] : (rng.next() % 4 == 0 ? [.control] : []))
            case 5: host.type(pick(["hello", "\u{7F}\u{8}", "👩‍💻", "\n\n"]))
            case 6: host.advance(by: pick([0.1, 0.5, 2, .nan, -1, 1e12]))
            case 7: host.colorScheme = rng.next() % 2 == 0 ? .dark : .light
            default: _ = host.accessibilityReading
            }
            _ = host.render()
        }
    }
}
