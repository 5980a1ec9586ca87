import Testing
import Foundation
import Observation
import OpenCanvasWindow
import CanvasScenes

/// A private D-Bus session bus (`dbus-daemon --session`), as `dbus-run-session`
/// starts one: the AT-SPI bus launcher and registry are activated on it when the
/// window asks for them, and all of it ends with the daemon.
final class PrivateSessionBus {
    let address: String
    let runtimeDirectory: String
    private let process = Process()

    init?(display: String) {
        runtimeDirectory = NSTemporaryDirectory() + "opencanvas-atspi-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // The accessibility bus's socket goes under $XDG_RUNTIME_DIR: one per test.
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        // The first line is the bus's address.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { kill(process.processIdentifier, SIGKILL); return nil }
        address = text
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        return environment
    }

    deinit {
        // The bus launcher and the registry leave when their bus goes.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

@Observable @MainActor final class Counter {
    var count = 0
}

/// What the screen reader test reads: a heading, a button with a named action,
/// the count it changes (and texts that come and go with it), a toggle, a slider, a text field, the seeds' year grid
/// (one labelled canvas) and a chart whose bars are accessibility children.
struct ScreenReaderScene: View {
    let counter: Counter
    @State private var showsGrid = false
    @State private var size = 0.4
    @State private var name = ""

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Counter").accessibilityAddTraits(.isHeader)
            Button("Add") { counter.count += 1 }
                .accessibilityHint("Adds one")
                .accessibilityAction(named: "Add ten") { counter.count += 10 }
            Text("Count: \(counter.count)")
            // Elements that come and go: children-changed events.
            if counter.count == 0 { Text("Nothing added yet") }
            if counter.count >= 10 { Text("Ten or more") }
            Toggle("Grid", isOn: $showsGrid)
            Slider(value: $size) { Text("Size") }
            TextField("Name", text: $name)
            Scenes.yearGrid.view
                .accessibilityLabel("2027: 365 days, 22 of them on trips")
            Canvas { context, size in
                for (i, v) in [3.0, 5, 2].enumerated() {
                    let h = size.height * v / 5
                    context.fill(Path(CGRect(x: Double(i) * 40 + 4, y: size.height - h, width: 32, height: h)), with: .color(.blue))
                }
            }
            .frame(width: 120, height: 50)
            .accessibilityLabel("Sales")
            .accessibilityChildren {
                HStack(alignment: .bottom, spacing: 8) {
                    ForEach(Array(["Jan", "Feb", "Mar"].enumerated()), id: \.offset) { i, month in
                        Rectangle().frame(width: 32, height: 50 * [3.0, 5, 2][i] / 5)
                            .accessibilityLabel(month)
                            .accessibilityValue("\(Int([3.0, 5, 2][i])) units")
                    }
                }
            }
        }
        .padding(8)
    }
}

/// Labels and trees a bridge must not trip on: a NUL inside a label, a
/// 100 KB label, bidi overrides, a slider over ±1e300, hundreds of
/// elements, containers 60 deep, an element a billion points away.
struct HostileAccessibilityScene: View {
    let counter: Counter
    @State private var small = 0.5
    @State private var huge = 0.0

    var body: some View {
        VStack(spacing: 0) {
            Button("Press") { counter.count += 1 }
            Text("a\u{0}b")
            Color.red.frame(width: 10, height: 10).accessibilityLabel(String(repeating: "ж", count: 50_000))
            Color.blue.frame(width: 10, height: 10).accessibilityLabel("👍🏽 مرحبا \u{202E}evil\u{FFFF}")
            Slider(value: $small) { Text("Small") }
            Slider(value: $huge, in: -1e300...1e300) { Text("Huge") }
            Color.green.frame(width: 10, height: 10).offset(x: 1e9).accessibilityLabel("far away")
            nested(60)
            ForEach(0..<400, id: \.self) { i in
                Color.clear.frame(width: 1, height: 1).accessibilityLabel("item \(i)")
            }
        }
    }

    private func nested(_ depth: Int) -> AnyView {
        var view = AnyView(Text("deepest"))
        for level in 0..<depth {
            view = AnyView(VStack { view }.accessibilityElement(children: .contain).accessibilityLabel("level \(level)"))
        }
        return view
    }
}

private let atspiInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
    && FileManager.default.fileExists(atPath: "/usr/libexec/at-spi-bus-launcher")
    && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")

/// The window's accessibility on AT-SPI, read the way a screen reader reads it:
/// a pyatspi client (atspi_client.py) in a private D-Bus session under Xvfb.
@Suite(.serialized, .enabled(if: atspiInstalled, "needs Xvfb, dbus-daemon, at-spi2-core and python3-pyatspi"))
@MainActor struct AtspiTests {
    struct Line: Decodable {
        let kind: String
        let depth: Int?
        let role: String?
        let name: String?
        let description: String?
        let states: [String]?
        let extents: [Int]?
        let actions: [String]?
        let value: Double?
        let type: String?
        let source: String?
        let detail1: Int?
        let toolkit: String?
        let message: String?

        enum CodingKeys: String, CodingKey {
            case kind, depth, role, name, description, states, extents, actions, value, type, source, detail1, toolkit, message
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.decode(String.self, forKey: .kind)
            depth = try c.decodeIfPresent(Int.self, forKey: .depth)
            role = try c.decodeIfPresent(String.self, forKey: .role)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            description = try c.decodeIfPresent(String.self, forKey: .description)
            states = try c.decodeIfPresent([String].self, forKey: .states)
            extents = try c.decodeIfPresent([Int].self, forKey: .extents)
            actions = try c.decodeIfPresent([String].self, forKey: .actions)
            // A node's value is [current, minimum, maximum, increment]; a read's is one number.
            if let list = try? c.decodeIfPresent([Double].self, forKey: .value) { value = list.first } else {
                value = try? c.decodeIfPresent(Double.self, forKey: .value)
            }
            type = try c.decodeIfPresent(String.self, forKey: .type)
            source = try c.decodeIfPresent(String.self, forKey: .source)
            detail1 = try c.decodeIfPresent(Int.self, forKey: .detail1)
            toolkit = try c.decodeIfPresent(String.self, forKey: .toolkit)
            message = try c.decodeIfPresent(String.self, forKey: .message)
        }
    }

    /// Runs a Python client (beside this file) on the session bus with the app's
    /// name, handling the window's events until it exits (at most `seconds`);
    /// `watch` sees its output so far after each pass. Returns what it printed.
    func runClient(_ name: String, bus: PrivateSessionBus, display: VirtualDisplay, window: WindowHost<some View>,
                   seconds: TimeInterval, watch: (String) -> Void = { _ in }) throws -> String {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: transcript.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: transcript) }
        let out = try FileHandle(forWritingTo: transcript)
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        client.arguments = [script.path, URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent]
        var environment = bus.environment
        environment["DISPLAY"] = display.name
        client.environment = environment
        client.standardOutput = out
        client.standardError = out
        try client.run()
        let end = Date().addingTimeInterval(seconds)
        while client.isRunning, Date() < end {
            window.processEvents(timeout: 0.01)
            if let text = try? String(contentsOf: transcript, encoding: .utf8) { watch(text) }
        }
        if client.isRunning { client.terminate() }
        // Foundation lets go of a Process (its arguments and environment) once it has
        // seen it exit: wait for that, so nothing of the client outlives the test.
        client.waitUntilExit()
        try out.close()
        return try String(contentsOf: transcript, encoding: .utf8)
    }

    @Test func aScreenReaderReadsActsAndHearsTheWindow() throws {
        let display = try #require(VirtualDisplay())
        let bus = try #require(PrivateSessionBus(display: display.name))
        let counter = Counter()
        let window = try #require(WindowHost(title: "Screen reader test", size: CGSize(width: 400, height: 420),
                                             display: display.name, scale: 2, accessibilityBus: .session(address: bus.address)) {
            ScreenReaderScene(counter: counter)
        })
        #expect(window.publishesAccessibility, "\(window.accessibilityFailure)")
        let deadline = Date().addingTimeInterval(3)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }

        // The client runs while the window answers it; once it listens, Tab moves
        // focus and it hears where it went.
        var pressedTab = false
        let text = try runClient("atspi_client.py", bus: bus, display: display, window: window, seconds: 40) { output in
            if !pressedTab, output.contains("\"listening\"") {
                pressedTab = true
                window.sendKey(.tab)
            }
        }
        print("--- what the screen reader client read ---\n" + text)
        let lines = text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        #expect(!lines.contains { $0.kind == "error" }, "\(lines.filter { $0.kind == "error" }.compactMap(\.message))")

        // The application, by its program's name, with its frame and elements.
        let app = try #require(lines.first { $0.kind == "app" })
        #expect(app.toolkit == "OpenCanvas")
        let nodes = lines.prefix { $0.kind != "action" }.filter { $0.kind == "node" }
        func node(_ role: String, _ name: String) -> Line? { nodes.first { $0.role == role && $0.name == name } }
        #expect(node("frame", "Screen reader test")?.depth == 1)
        #expect(node("heading", "Counter")?.depth == 2)
        let add = try #require(node("push button", "Add"))
        #expect(add.description == "Adds one")
        #expect(add.actions == ["click", "Add ten"])
        #expect(add.states?.contains("enabled") == true && add.states?.contains("showing") == true)
        #expect(node("label", "Count: 0") != nil)
        #expect(node("label", "Nothing added yet") != nil)
        let grid = try #require(node("toggle button", "Grid"))
        #expect(grid.states?.contains("checkable") == true && grid.states?.contains("checked") == false)
        let slider = try #require(node("slider", "Size"))
        #expect(slider.value == 0.4)
        #expect(slider.actions == ["increment", "decrement"])
        #expect(node("entry", "Name")?.states?.contains("focusable") == true)
        #expect(node("label", "2027: 365 days, 22 of them on trips") != nil)
        // The chart's bars are children of its element, in reading order.
        let sales = try #require(nodes.firstIndex { $0.name == "Sales" })
        #expect(nodes[sales].role == "panel")
        #expect(nodes[(sales + 1)...].prefix(3).map(\.name) == ["Jan, 3 units", "Feb, 5 units", "Mar, 2 units"])
        #expect(nodes[(sales + 1)...].prefix(3).allSatisfy { $0.depth == nodes[sales].depth! + 1 })

        // Extents are screen pixels: the window's origin plus the frame at scale 2.
        let origin = window.screenOrigin
        let element = try #require(window.accessibilityElements.first { $0.label == "Add" })
        let f = element.frame
        #expect(add.extents == [Int(origin.x + (f.minX * 2).rounded(.down)), Int(origin.y + (f.minY * 2).rounded(.down)),
                                Int((f.maxX * 2).rounded(.up) - (f.minX * 2).rounded(.down)),
                                Int((f.maxY * 2).rounded(.up) - (f.minY * 2).rounded(.down))])

        // The button's action ran as a tap; the next frame's label reads the count.
        let reads = lines.filter { $0.kind == "read" }
        #expect(reads.first?.name == "Count: 1")
        #expect(reads.dropFirst().first?.name == "Count: 11")
        #expect(counter.count == 11)
        #expect(reads.first { $0.name == "Grid" }?.states?.contains("checked") == true)
        #expect(reads.first { $0.name == "Size" }?.value == 0.75)

        // And the client heard each change as it happened.
        let events = lines.filter { $0.kind == "event" }
        #expect(events.contains { $0.type == "object:property-change:accessible-name" && $0.source == "Count: 1" })
        #expect(events.contains { $0.type == "object:state-changed:checked" && $0.detail1 == 1 })
        #expect(events.contains { $0.type == "object:property-change:accessible-value" && $0.source == "Size" })
        #expect(events.contains { $0.type == "object:children-changed:remove" && $0.source == "Screen reader test" })
        #expect(events.contains { $0.type == "object:children-changed:add" && $0.source == "Screen reader test" })
        #expect(events.contains { $0.type == "object:state-changed:defunct" && $0.detail1 == 1 })

        // Tab gave the first control in reading order focus, and the client heard it.
        #expect(pressedTab)
        #expect(events.contains { $0.type == "object:state-changed:focused" && $0.source == "Add" && $0.detail1 == 1 })
        #expect(events.contains { $0.type.map { $0.hasPrefix("focus") } == true && $0.source == "Add" })
        let focused = try #require(lines.last { $0.kind == "focused" })
        #expect(focused.name == "Add" && focused.role == "push button")

        // Tab goes on in reading order; Space flips the focused toggle, an arrow
        // moves the focused slider, and the tree says which element has focus.
        func focusedLabel() -> String? {
            let end = Date().addingTimeInterval(2)
            while window.needsFrame, Date() < end { window.processEvents(timeout: 0.01) }
            return window.accessibilityTree.flatMap { [$0] + $0.children }.first { $0.isFocused }?.label
        }
        window.sendKey(.tab)
        window.processEvents(timeout: 0.05)
        #expect(focusedLabel() == "Grid")
        window.sendKey(.space)
        window.processEvents(timeout: 0.05)
        #expect(window.accessibilityElements.first { $0.label == "Grid" }?.value == "off")
        window.sendKey(.tab)
        window.sendKey(.rightArrow)
        window.processEvents(timeout: 0.05)
        #expect(focusedLabel() == "Size")
        #expect(window.accessibilityElements.first { $0.label == "Size" }?.value == "85%")
        window.sendKey(.tab)
        window.processEvents(timeout: 0.05)
        #expect(focusedLabel() == "Name")
        window.sendKey(.tab, modifiers: .shift)
        window.processEvents(timeout: 0.05)
        #expect(focusedLabel() == "Size")
    }

    @Test func hostileCallsAndLabelsNeitherTrapNorStopTheWindow() throws {
        let display = try #require(VirtualDisplay())
        let bus = try #require(PrivateSessionBus(display: display.name))
        let counter = Counter()
        let window = try #require(WindowHost(title: "Hostile", size: CGSize(width: 300, height: 600), display: display.name,
                                             accessibilityBus: .session(address: bus.address)) {
            HostileAccessibilityScene(counter: counter)
        })
        #expect(window.publishesAccessibility, "\(window.accessibilityFailure)")
        let deadline = Date().addingTimeInterval(3)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        let text = try runClient("atspi_hostile.py", bus: bus, display: display, window: window, seconds: 60)
        print("--- the hostile client ---\n" + text.split(separator: "\n").filter { !$0.contains("\"call\"") }.joined(separator: "\n"))
        let lines = text.split(separator: "\n").compactMap { line -> [String: Any]? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(!lines.contains { $0["kind"] as? String == "error" }, "\(text.suffix(2000))")
        let calls = lines.filter { $0["kind"] as? String == "call" }
        // Every bad call got an answer (an error or a harmless value), none a timeout.
        #expect(calls.count >= 30)
        #expect(calls.allSatisfy { ($0["status"] as? String) == "ok" || ($0["status"] as? String)?.hasPrefix("GDBus.Error:") == true
                                   || ($0["status"] as? String)?.contains("Timeout") == false }, "\(calls)")
        let summary = try #require(lines.first { $0["kind"] as? String == "hostile" })
        #expect((summary["objects"] as? Int ?? 0) > 460)
        #expect(summary["sliders"] as? Int == 2)
        // Then a screen reader still walks it all, hostile names included.
        let walk = try #require(lines.first { $0["kind"] as? String == "walk" })
        #expect((walk["count"] as? Int ?? 0) > 460)
        // 100 KB of label arrives cut at 64 KiB, at a character.
        #expect(walk["longest"] as? Int == 32_768)
        #expect((walk["names"] as? [String])?.contains("a b") == true, "\(walk)")
        // After a burst of 200 clicks the window still answers (a patient client).
        let after = try #require(lines.first { $0["kind"] as? String == "after-burst" })
        #expect(after["status"] as? String == "ok")
        #expect((after["children"] as? Int ?? 0) > 400)
        // The burst of clicks went to the button, as far as the request queue holds.
        let end2 = Date().addingTimeInterval(1)
        while Date() < end2 { window.processEvents(timeout: 0.01) }
        #expect(counter.count > 0 && counter.count <= 200)
        #expect(window.isOpen && window.publishesAccessibility)
        // The sliders took no value they cannot have: NaN and the infinities were refused, 1e308 clamped.
        let sliders = window.accessibilityElements.filter { $0.traits.contains(.adjustable) }
        #expect(sliders.count == 2)
        #expect(sliders.allSatisfy { $0.value.map { !$0.contains("nan") } ?? false })
    }
}
