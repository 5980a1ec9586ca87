import Testing
import Foundation
import Observation
import OpenCanvasWindow
import RenderTesting

/// A private X server for one test: `Xvfb :N`, stopped when the test ends.
final class VirtualDisplay {
    let name: String
    private let number: Int
    private let process = Process()

    /// Starts Xvfb on the first free display number from 90, with `dpi` in the
    /// X resources (`Xft.dpi`, through xrdb) when given.
    init?(dpi: Int? = nil) {
        var number = 90 + Int.random(in: 0..<400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        name = ":\(number)"
        self.number = number
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [name, "-screen", "0", "640x480x24", "-nolisten", "tcp",
                             // Keep the root window's properties (xrdb's resources) when clients leave.
                             "-noreset"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, process.isRunning else { kill(process.processIdentifier, SIGKILL); return nil }
            usleep(20_000)
        }
        usleep(100_000)
        if let dpi {
            let xrdb = Process()
            xrdb.executableURL = URL(fileURLWithPath: "/usr/bin/xrdb")
            xrdb.arguments = ["-display", name, "-nocpp", "-merge"]
            let input = Pipe()
            xrdb.standardInput = input
            guard (try? xrdb.run()) != nil else { kill(process.processIdentifier, SIGKILL); return nil }
            input.fileHandleForWriting.write(Data("Xft.dpi: \(dpi)\n".utf8))
            try? input.fileHandleForWriting.close()
            xrdb.waitUntilExit()
        }
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit that.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // A killed server leaves its lock and socket behind.
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}

@MainActor final class WindowProbe {
    var taps: [CGPoint] = []
    var drags: [(start: CGPoint, end: CGPoint)] = []
    var canvasSizes: [CGSize] = []
}

/// A canvas filled blue on its left half and a rose on its right; every tap adds
/// a black square where it landed.
struct WindowScene: View {
    let probe: WindowProbe
    @State private var marks: [CGPoint] = []

    var body: some View {
        Canvas { context, size in
            probe.canvasSizes.append(size)
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)), with: .color(.blue))
            context.fill(Path(CGRect(x: size.width / 2, y: 0, width: size.width / 2, height: size.height)),
                         with: .color(Color(red: 1, green: 0.5, blue: 0.5)))
            for m in marks {
                context.fill(Path(CGRect(x: m.x - 5, y: m.y - 5, width: 10, height: 10)), with: .color(.black))
            }
        }
        .onTapGesture { location in
            probe.taps.append(location)
            marks.append(location)
        }
        .simultaneousGesture(DragGesture(minimumDistance: 20).onEnded { value in
            probe.drags.append((value.startLocation, value.location))
        })
    }
}

private let xvfbInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")

/// The window host on a real X server (Xvfb, installed by `.ci/run`).
@Suite(.serialized, .enabled(if: xvfbInstalled, "needs Xvfb (Debian's xvfb)"))
@MainActor struct WindowHostTests {
    /// Handles events until `done` holds or two seconds pass.
    func pump(_ window: WindowHost<WindowScene>, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(2)
        while !done(), Date() < deadline { window.processEvents(timeout: 0.02) }
    }

    @Test func opensDrawsTapsDragsResizesAndCloses() throws {
        let display = try #require(VirtualDisplay())
        let probe = WindowProbe()
        let window = try #require(WindowHost(title: "test", size: CGSize(width: 120, height: 80), display: display.name) {
            WindowScene(probe: probe)
        })
        #expect(window.scale == 1)
        #expect(window.usesSharedMemory)    // Xvfb has MIT-SHM
        pump(window) { window.renderCount > 0 }

        // The window's pixels, read back from the X server, are the frame over white.
        var shot = try #require(window.screenshot())
        #expect(shot.width == 120 && shot.height == 80)
        #expect(rgbaAt(shot, 10, 10) == [0, 122, 255, 255])
        #expect(rgbaAt(shot, 100, 70) == [255, 128, 128, 255])

        // A click at (30, 40) points is a tap there; the canvas redraws with a mark.
        window.sendClick(at: CGPoint(x: 30, y: 40))
        pump(window) { !probe.taps.isEmpty && !window.needsFrame }
        #expect(probe.taps == [CGPoint(x: 30, y: 40)])
        shot = try #require(window.screenshot())
        #expect(rgbaAt(shot, 30, 40) == [0, 0, 0, 255])
        #expect(rgbaAt(shot, 36, 40) == [0, 122, 255, 255])

        // A drag reaches the drag gesture with its start and end, and is no tap.
        window.sendDrag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 90, y: 60))
        pump(window) { !probe.drags.isEmpty }
        #expect(probe.drags.count == 1)
        #expect(probe.drags.first?.start == CGPoint(x: 10, y: 10))
        #expect(probe.drags.first?.end == CGPoint(x: 90, y: 60))
        #expect(probe.taps.count == 1)

        // An idle window draws nothing and waits in poll, not in a busy loop.
        let frames = window.renderCount
        let cpu = threadCPUTime()
        window.processEvents(timeout: 0.3)
        #expect(window.renderCount == frames)
        #expect(threadCPUTime() - cpu < 0.1)

        // Resizing lays the view out again at the new size and redraws.
        window.requestResize(to: CGSize(width: 200, height: 100))
        pump(window) { probe.canvasSizes.last == CGSize(width: 200, height: 100) && !window.needsFrame }
        #expect(probe.canvasSizes.last == CGSize(width: 200, height: 100))
        shot = try #require(window.screenshot())
        #expect(shot.width == 200 && shot.height == 100)
        #expect(rgbaAt(shot, 95, 50) == [0, 122, 255, 255])
        #expect(rgbaAt(shot, 105, 50) == [255, 128, 128, 255])

        // The window manager's close message ends it.
        window.sendClose()
        pump(window) { !window.isOpen }
        #expect(!window.isOpen)
    }

    @Test func scaleComesFromXftDpi() throws {
        let display = try #require(VirtualDisplay(dpi: 192))
        let probe = WindowProbe()
        let window = try #require(WindowHost(size: CGSize(width: 60, height: 40), display: display.name) {
            WindowScene(probe: probe)
        })
        #expect(window.scale == 2)
        pump(window) { window.renderCount > 0 }
        let shot = try #require(window.screenshot())
        #expect(shot.width == 120 && shot.height == 80)
        #expect(probe.canvasSizes.last == CGSize(width: 60, height: 40))
        // A click at 20 points lands at 40 pixels and is reported in points.
        window.sendClick(at: CGPoint(x: 20, y: 10))
        pump(window) { !probe.taps.isEmpty }
        #expect(probe.taps == [CGPoint(x: 20, y: 10)])
    }

    @Test func pointerMovesWithoutAButtonAreHover() throws {
        let display = try #require(VirtualDisplay())
        final class Phases { var seen: [HoverPhase] = [] }
        let phases = Phases()
        let window = try #require(WindowHost(size: CGSize(width: 80, height: 60), display: display.name) {
            Color.green.onContinuousHover { phases.seen.append($0) }
        })
        let deadline = Date().addingTimeInterval(2)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        window.sendHover(at: CGPoint(x: 20, y: 30))
        while phases.seen.isEmpty, Date() < deadline { window.processEvents(timeout: 0.02) }
        window.sendHover(at: nil)
        while phases.seen.count < 2, Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(phases.seen == [.active(CGPoint(x: 20, y: 30)), .ended])
    }

    @Test func keysReachTheFocusedViewAndTabMovesFocus() throws {
        let display = try #require(VirtualDisplay())
        final class Keys { var seen: [String] = [] }
        let keys = Keys()
        let window = try #require(WindowHost(size: CGSize(width: 80, height: 60), display: display.name) {
            Color.green.focusable().onKeyPress { press in
                keys.seen.append(press.key == .leftArrow ? "left" : press.characters)
                return press.key == .escape ? .ignored : .handled
            }
        })
        let deadline = Date().addingTimeInterval(3)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        window.sendKey("q")                              // nothing focused yet: nobody hears it
        window.sendKey(.tab)                             // focus moves to the green view
        window.sendKey("a", modifiers: .shift)
        window.sendKey(.leftArrow)
        while keys.seen.count < 2, Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(keys.seen == ["A", "left"])
        // Escape that the view ignores still ends the window.
        window.sendEscape()
        while window.isOpen, Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(!window.isOpen)
    }

    @Test func aTextFieldTakesTypedTextThroughTheInputMethod() throws {
        let display = try #require(VirtualDisplay())
        final class Typed { var text = "" }
        let typed = Typed()
        struct Field: View {
            @State var text = ""
            let typed: Typed
            var body: some View {
                TextField("Name", text: $text).onChange(of: text) { _, new in typed.text = new }.padding()
            }
        }
        let window = try #require(WindowHost(size: CGSize(width: 200, height: 60), display: display.name) {
            Field(typed: typed)
        })
        let deadline = Date().addingTimeInterval(3)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        window.sendKey(.tab)                             // focus the field
        window.sendKey("o")
        window.sendKey("k", modifiers: .shift)
        window.sendKey("é")                              // a Latin-1 keysym
        window.sendKey("ж")                              // a Unicode keysym (0x01000436)
        window.sendKey(.delete)
        while typed.text != "oKé", Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(typed.text == "oKé")
    }

    @Test func controlsAndASheetWorkInTheWindow() throws {
        let display = try #require(VirtualDisplay())
        final class Seen { var on = false; var shape = 0; var sheet = false }
        let seen = Seen()
        struct Panel: View {
            @State var on = false
            @State var shape = 0
            @State var showsSheet = false
            let seen: Seen
            var body: some View {
                VStack(spacing: 12) {
                    Toggle("Grid", isOn: $on)
                    Picker("Shape", selection: $shape) { Text("A").tag(0); Text("B").tag(1) }.pickerStyle(.segmented)
                    Button("Open") { showsSheet = true }
                }
                .padding(10)
                .frame(maxHeight: .infinity, alignment: .top)
                .onChange(of: on) { _, v in seen.on = v }
                .onChange(of: shape) { _, v in seen.shape = v }
                .sheet(isPresented: $showsSheet) { Text("Sheet").onAppear { seen.sheet = true } }
            }
        }
        let window = try #require(WindowHost(size: CGSize(width: 240, height: 200), display: display.name) {
            Panel(seen: seen)
        })
        let deadline = Date().addingTimeInterval(4)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        // The switch is the row's trailing 51 points (the row is 220 wide from x 10); the
        // segments share the 220 points below it; the button is centred under them.
        window.sendClick(at: CGPoint(x: 230 - 25, y: 10 + 15.5))
        window.sendClick(at: CGPoint(x: 10 + 220 * 0.75, y: 10 + 31 + 12 + 16))
        window.sendClick(at: CGPoint(x: 120, y: 10 + 31 + 12 + 32 + 12 + 11))
        while !(seen.on && seen.shape == 1 && seen.sheet), Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(seen.on && seen.shape == 1 && seen.sheet)
    }

    @Test func escapeEndsTheWindow() throws {
        let display = try #require(VirtualDisplay())
        let window = try #require(WindowHost(size: CGSize(width: 30, height: 30), display: display.name) { Color.red })
        let deadline = Date().addingTimeInterval(2)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        window.sendEscape()
        while window.isOpen, Date() < deadline { window.processEvents(timeout: 0.02) }
        #expect(!window.isOpen)
        // A closed window ignores further calls.
        window.processEvents(timeout: 0)
        window.run()
    }

    @Test func noDisplayIsNil() {
        #expect(WindowHost(size: CGSize(width: 10, height: 10), display: ":4999") { EmptyView() } == nil)
        #expect(WindowHost(size: CGSize(width: CGFloat.nan, height: 10), display: ":4999") { EmptyView() } == nil)
    }
}

/// CPU seconds the calling thread has used (other tests run on other threads).
func threadCPUTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// A canvas that may render asynchronously, redrawn at every tap.
struct AsynchronousScene: View {
    @State private var taps = 0
    var body: some View {
        Canvas(rendersAsynchronously: true) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(taps.isMultiple(of: 2) ? .green : .red))
        }
        .onTapGesture { taps += 1 }
    }
}

extension WindowHostTests {
    @Test func asynchronousCanvasRasterizesOffTheMainThread() throws {
        let display = try #require(VirtualDisplay())
        let window = try #require(WindowHost(size: CGSize(width: 50, height: 30), display: display.name) {
            AsynchronousScene()
        })
        let deadline = Date().addingTimeInterval(2)
        func pump(until done: () -> Bool) {
            while !done(), Date() < deadline { window.processEvents(timeout: 0.02) }
        }
        pump { window.asynchronousFrames == 1 && !window.frameInFlight }
        var shot = try #require(window.screenshot())
        #expect(rgbaAt(shot, 25, 15) == [52, 199, 89, 255])    // system green
        window.sendClick(at: CGPoint(x: 25, y: 15))
        pump { window.asynchronousFrames == 2 && !window.frameInFlight }
        shot = try #require(window.screenshot())
        #expect(rgbaAt(shot, 25, 15) == [255, 59, 48, 255])    // system red
        #expect(window.asynchronousFrames == 2)
    }
}

@Observable final class SquarePosition {
    var x: CGFloat = 0
}

struct SpringingSquare: View {
    let knob: SquarePosition
    var body: some View {
        Color.blue.frame(width: 20, height: 20).offset(x: knob.x)
            .frame(width: 120, height: 40, alignment: .leading)
    }
}

extension WindowHostTests {
    @Test func animationsRunAtTheDisplaysPaceThenStop() throws {
        let display = try #require(VirtualDisplay())
        let knob = SquarePosition()
        let window = try #require(WindowHost(size: CGSize(width: 120, height: 40), display: display.name) {
            SpringingSquare(knob: knob)
        })
        let deadline = Date().addingTimeInterval(3)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        let before = window.renderCount
        withAnimation(.easeInOut(duration: 0.4)) { knob.x = 100 }
        let start = Date()
        while Date().timeIntervalSince(start) < 0.8 { window.processEvents(timeout: 0.05) }
        let frames = window.renderCount - before
        // About 60 frames a second while it runs (0.4 s), none once it has settled.
        #expect(frames >= 8 && frames <= 40, "\(frames) frames")
        let shot = try #require(window.screenshot())
        #expect(rgbaAt(shot, 110, 20) == [0, 122, 255, 255])
        let settled = window.renderCount
        window.processEvents(timeout: 0.3)
        #expect(window.renderCount == settled)
    }
}

@MainActor final class TaskProbe { var started = false; var finished = false }

/// A view whose `.task` waits, then changes state the canvas shows.
struct TaskScene: View {
    let probe: TaskProbe
    @State private var done = false
    var body: some View {
        Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(done ? .green : .red)) }
            .task {
                probe.started = true
                try? await Task.sleep(nanoseconds: 30_000_000)
                done = true
                probe.finished = true
            }
    }
}

extension WindowHostTests {
    @Test func tasksRunBetweenEvents() async throws {
        let display = try #require(VirtualDisplay())
        let probe = TaskProbe()
        let window = try #require(WindowHost(size: CGSize(width: 30, height: 30), display: display.name) {
            TaskScene(probe: probe)
        })
        let deadline = Date().addingTimeInterval(3)
        while !(probe.finished && !window.needsFrame), Date() < deadline {
            window.processEvents(timeout: 0.02)
            await Task.yield()
        }
        #expect(probe.started && probe.finished)
        let shot = try #require(window.screenshot())
        #expect(rgbaAt(shot, 15, 15) == [52, 199, 89, 255])
    }
}

extension WindowHostTests {
    @Test func aLostServerEndsTheWindowNotTheProcess() throws {
        var display = VirtualDisplay()   // the only reference: setting it to nil kills the server
        try #require(display != nil)
        let window = try #require(WindowHost(size: CGSize(width: 30, height: 30), display: display!.name) { Color.red })
        let deadline = Date().addingTimeInterval(2)
        while window.renderCount == 0, Date() < deadline { window.processEvents(timeout: 0.02) }
        display = nil                    // the X server is killed
        while window.isOpen, Date() < deadline { window.processEvents(timeout: 0.05) }
        #expect(!window.isOpen)
        #expect(window.screenshot() == nil)
        window.sendClick(at: CGPoint(x: 5, y: 5))
        window.requestResize(to: CGSize(width: 50, height: 50))
    }
}
