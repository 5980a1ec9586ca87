import Foundation
import CX11
import CanvasGeometry
import OpenCanvas
import OpenCanvasDrawing
import OpenCanvasViews
import OpenCanvasHeadless

/// Shows a view in an X11 window: frames are drawn when something changed or a
/// timeline is due (an idle window sleeps in `poll` and uses no CPU), the view is
/// laid out again when the window is resized, mouse presses, moves and releases
/// reach gestures as taps and drags, and Escape or the close button ends `run()`.
/// HiDPI: the scale comes from the X resources' `Xft.dpi` (96 dpi = 1×). Frames
/// are presented through MIT-SHM where the server has it. A frame with a canvas
/// that `rendersAsynchronously` is rasterized on a worker thread while events go
/// on being handled, and shown whole when it is done.
@MainActor
public final class WindowHost<Content: View> {
    nonisolated(unsafe) private let x: OpaquePointer
    private let host: HeadlessHost<Content>
    /// Pixels per point.
    public let scale: CGFloat
    /// Whether the window is still open.
    public private(set) var isOpen = true
    private var pixelSize: (Int32, Int32)
    /// The frame on screen (shown again on expose), and the display list it was
    /// drawn from.
    private var shown: CGImage?
    private var shownFrame: RecordedFrame?
    /// The frame shown before it: the next frame is drawn into its memory (only the
    /// rows where the two frames' drawing differs), so a stream of frames allocates
    /// no pixels — the host cannot reuse the frame on screen, which the window keeps.
    private var spare: CGImage?
    private var spareFrame: RecordedFrame?
    /// A frame being rasterized on a worker thread, and where it lands.
    private var inFlight = false
    private let mailbox = FrameMailbox()
    /// When the last frame was drawn, and the display's refresh interval (60 Hz:
    /// Xlib does not tell the rate without extensions).
    private var lastFrame = -Double.infinity     // monotonic seconds (systemUptime)
    static var frameInterval: TimeInterval { 1.0 / 60 }
    /// Frames rasterized off the main thread so far.
    public private(set) var asynchronousFrames = 0

    /// Publishes the accessibility tree on AT-SPI (`nil`: not published).
    private var accessibility: AtspiBridge?
    /// The render count and window origin the published tree was made at.
    private var publishedFrame = -1
    private let title: String

    /// Opens a window of `size` points on `display` (`nil`: `$DISPLAY`); `nil` when
    /// there is no display to open, or the size is impossible. Its accessibility
    /// tree is published on `accessibilityBus` for screen readers (see
    /// `AccessibilityBus`; without a session bus nothing is).
    public init?(title: String = "OpenCanvas", size: CGSize, display: String? = nil, scale: CGFloat? = nil,
                 accessibilityBus: AccessibilityBus = .automatic, @ViewBuilder content: @escaping () -> Content) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            Diagnostics.report(.invalidSize)
            return nil
        }
        // Open at scale 1 first to read the display's scale, then size the window.
        let probe: OpaquePointer? = display.map { d in d.withCString { oc_x11_open($0, 1, 1, title) } }
            ?? oc_x11_open(nil, 1, 1, title)
        guard let probe else { return nil }
        // A given scale that is not a positive finite number is ignored, as the
        // headless host does; the display's is clamped to 0.5…10.
        let s = scale.flatMap { $0.isFinite && $0 > 0 ? min($0, 10) : nil }
            ?? min(max(CGFloat(oc_x11_scale(probe)), 0.5), 10)
        oc_x11_close(probe)
        let w = Int32(clamping: Int((size.width * s).rounded(.up).clamped(1, 16384)))
        let h = Int32(clamping: Int((size.height * s).rounded(.up).clamped(1, 16384)))
        let opened: OpaquePointer? = display.map { d in d.withCString { oc_x11_open($0, w, h, title) } }
            ?? oc_x11_open(nil, w, h, title)
        guard let opened else { return nil }
        x = opened
        self.scale = s
        pixelSize = (w, h)
        host = HeadlessHost(size: size, scale: s, content: content)
        host.date = Date()
        // A desktop's controls take focus from Tab.
        host.keyboardNavigation = true
        // A change on another thread (an @Observable model) wakes the event loop.
        let mailbox = self.mailbox
        host.setWakeHandler { mailbox.wake() }
        self.title = title
        // Named as GTK names applications: after the program.
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "opencanvas").lastPathComponent
        accessibility = AtspiBridge(bus: accessibilityBus, applicationName: program)
    }

    /// Whether the accessibility tree is published on AT-SPI (a bus was reached
    /// and the registry took the application).
    public var publishesAccessibility: Bool { accessibility?.isConnected ?? false }

    /// Why the accessibility tree is not published, when it is not ("" otherwise).
    public var accessibilityFailure: String { accessibility == nil ? AtspiBridge.lastFailure : "" }

    deinit {
        oc_x11_close(x)
    }

    /// Whether frames go through MIT-SHM.
    public var usesSharedMemory: Bool { oc_x11_uses_shm(x) != 0 }

    /// Handles events and draws frames until the window is closed; between them,
    /// runs what waits on the main queue (`.task` bodies, main-actor tasks). Call
    /// it from the main thread outside any task (as `main.swift` code runs).
    public func run() {
        while isOpen {
            // Live tasks may resume from the main queue at any time: look at least
            // every 50 ms then. Otherwise sleep until an event or a due frame.
            processEvents(timeout: host.hasRunningTasks ? 0.05 : nil)
            drainMainQueue()
        }
    }

    /// Handles events and draws frames until the window is closed, letting other
    /// main-actor work (`.task` bodies, completions) run between them: for an
    /// `async` `main`.
    public func run() async {
        while isOpen {
            processEvents(timeout: host.hasRunningTasks ? 0.05 : nil)
            await Task.yield()
        }
    }

    /// Runs the jobs waiting on the main queue (a few run-loop passes).
    package func drainMainQueue() {
        for _ in 0..<8 where RunLoop.main.run(mode: .default, before: Date()) {}
    }

    /// Draws a frame if one is due, then waits for events up to `timeout` seconds
    /// (`nil`: until an event or the next frame that is due) and handles them.
    public func processEvents(timeout: TimeInterval?) {
        guard isOpen else { return }
        host.date = Date()
        drawFrameIfDue()
        var wait = timeout.map { max(0, $0) }
        // While a frame is in flight, the worker's wake-up ends the wait.
        if !inFlight, let due = host.nextFrameDate {
            // Frames are paced to the display: at most one per refresh interval.
            let paced = lastFrame + Self.frameInterval - ProcessInfo.processInfo.systemUptime
            let untilDue = max(0, due.timeIntervalSinceNow, paced)
            wait = min(wait ?? untilDue, untilDue)
        }
        let ms = wait.map { Int32(clamping: Int(($0 * 1000).rounded(.up).clamped(0, 1e9))) } ?? -1
        var event = oc_event()
        var kind = nextEvent(timeout: ms, &event)
        while kind != Int32(OC_EVENT_NONE.rawValue) {
            handle(event)
            guard isOpen else { return }
            kind = nextEvent(timeout: 0, &event)
        }
        host.date = Date()
        drawFrameIfDue()
        publishAccessibility()
    }

    /// The next event, waiting up to `timeout` ms; the accessibility bus's calls
    /// are answered meanwhile (they arrive as `OC_EVENT_EXTERNAL`).
    private func nextEvent(timeout: Int32, _ event: inout oc_event) -> Int32 {
        guard let accessibility else { return oc_x11_next_event(x, timeout, mailbox.readEnd, &event) }
        // Calls libdbus read already (during a blocking call) never wake poll.
        accessibility.dispatch()
        carryOutRequests(accessibility)
        var fds = accessibility.pollDescriptors()
        // Requests still waiting are carried out after this frame, without a wait.
        let wait = accessibility.hasPendingRequests ? 0 : timeout
        let kind = oc_x11_next_event_polling(x, wait, mailbox.readEnd, &fds, Int32(fds.count), &event)
        if kind == Int32(OC_EVENT_EXTERNAL.rawValue) {
            accessibility.dispatch(fds)
            carryOutRequests(accessibility)
        }
        if !accessibility.isConnected { self.accessibility = nil }
        return kind
    }

    /// Carries out waiting requests for up to 10 ms (at least one), then goes back
    /// to answering calls: each request may draw a frame first (a tap hit-tests the
    /// newest state), and a flood of them must not keep the window from answering
    /// (libatspi gives up on an application that does not answer within a second).
    private func carryOutRequests(_ accessibility: AtspiBridge) {
        let start = ProcessInfo.processInfo.systemUptime
        repeat {
            let requests = accessibility.takeRequests(limit: 1)
            if requests.isEmpty { return }
            carryOut(requests)
            accessibility.dispatch()
        } while ProcessInfo.processInfo.systemUptime - start < 0.01
    }

    /// Does what screen readers asked: actions as taps (or the element's own
    /// actions), values set, focus moved. The frame that follows shows it, and its
    /// tree goes out with the change events.
    private func carryOut(_ requests: [AtspiBridge.Request]) {
        guard !requests.isEmpty else { return }
        host.date = Date()
        for request in requests {
            switch request {
            case .action(let identity, let index):
                guard let element = host.accessibilityElement(identity: identity) else { continue }
                let names = host.actionNames(of: element)
                if names.indices.contains(index) { host.accessibilityPerformAction(named: names[index], on: element) }
            case .setValue(let identity, let value):
                guard let element = host.accessibilityElement(identity: identity) else { continue }
                if !host.accessibilitySetValue(value, identity: identity), let current = element.numericValue?.current, value != current {
                    host.accessibilityAdjust(element, value > current ? .increment : .decrement)
                }
            case .grabFocus(let identity):
                _ = host.accessibilityFocus(identity: identity)
            }
        }
    }

    /// Publishes the tree of the frame laid out last, if it is new.
    private func publishAccessibility() {
        guard let accessibility, host.renderCount != publishedFrame else { return }
        publishedFrame = host.renderCount
        var origin: (Int32, Int32) = (0, 0)
        _ = oc_x11_window_origin(x, &origin.0, &origin.1)
        let host = self.host
        accessibility.publish(host.accessibilityTree, title: title, pixelSize: pixelSize, scale: scale, origin: origin,
                              actionNames: { host.actionNames(of: $0) })
    }

    private func point(_ e: oc_event) -> CGPoint {
        CGPoint(x: CGFloat(e.x) / scale, y: CGFloat(e.y) / scale)
    }

    private func handle(_ e: oc_event) {
        host.date = Date()
        switch e.kind {
        case Int32(OC_EVENT_EXPOSE.rawValue):
            if let shown { show(shown, number: shownNumber) }
        case Int32(OC_EVENT_RESIZE.rawValue):
            pixelSize = (e.width, e.height)
            host.resize(to: CGSize(width: CGFloat(e.width) / scale, height: CGFloat(e.height) / scale))
        case Int32(OC_EVENT_DOWN.rawValue) where e.button == 1:
            host.pointerDown(at: point(e))
        case Int32(OC_EVENT_MOVE.rawValue) where e.button == 1:
            host.pointerMove(to: point(e))
        case Int32(OC_EVENT_MOVE.rawValue):
            host.hover(at: point(e))
        case Int32(OC_EVENT_LEAVE.rawValue):
            host.hover(at: nil)
        case Int32(OC_EVENT_KEY_DOWN.rawValue), Int32(OC_EVENT_KEY_UP.rawValue):
            let down = e.kind == Int32(OC_EVENT_KEY_DOWN.rawValue)
            guard let press = X11Keys.press(e, down: down) else { break }
            let handled = host.keyEvent(press)
            // Escape that no view takes ends the window, as before views heard keys.
            if down, !handled, press.key == .escape { isOpen = false }
        case Int32(OC_EVENT_UP.rawValue) where e.button == 1:
            host.pointerUp(at: point(e))
        case Int32(OC_EVENT_WAKE.rawValue):
            if let (number, image, frame) = mailbox.take() {
                inFlight = false
                // A frame drawn here meanwhile (a press hit-tests the newest state)
                // is newer: the worker's is dropped.
                if number == host.renderCount {
                    host.finish(image: image, drawnFrom: frame)
                    show(image, number: number, frame: frame)
                }
            }
        case Int32(OC_EVENT_CLOSE.rawValue):
            isOpen = false
        default:
            break
        }
    }

    /// Records a frame if something changed; rasterizes it here, or on a worker
    /// when a canvas in it renders asynchronously (one frame in flight at a time).
    private func drawFrameIfDue() {
        // A frame the host drew on its own (a pointer press hit-tests the newest
        // state, rendering it first) is shown.
        if !inFlight, !host.needsRender, host.renderCount > shownNumber {
            show(host.render(), number: host.renderCount)
        }
        guard !inFlight, host.needsRender,
              ProcessInfo.processInfo.systemUptime - lastFrame >= Self.frameInterval - 0.001,
              let frame = host.recordFrame() else { return }
        lastFrame = ProcessInfo.processInfo.systemUptime
        let (reused, reusedFrame) = takeSpare()
        // (Without the wake-up pipe, a worker's frame could not be noticed: draw here.)
        guard frame.asynchronous, mailbox.readEnd >= 0 else {
            let image = frame.rasterizeCountingRows(reusing: reused, drawnFrom: reusedFrame).image
            host.finish(image: image, drawnFrom: frame)
            show(image, number: frame.number, frame: frame)
            return
        }
        inFlight = true
        asynchronousFrames += 1
        let mailbox = self.mailbox
        let spare = SpareFrame(image: reused, frame: reusedFrame)
        Thread.detachNewThread {
            mailbox.deliver(frame.number, frame.rasterizeCountingRows(reusing: spare.image, drawnFrom: spare.frame).image,
                            frame)
        }
    }

    /// The spare frame, when nothing else holds its pixels.
    private func takeSpare() -> (CGImage?, RecordedFrame?) {
        guard var image = spare else { return (nil, nil) }
        spare = nil
        let frame = spareFrame
        spareFrame = nil
        return isKnownUniquelyReferenced(&image) ? (image, frame) : (nil, nil)
    }

    /// The number of the frame on screen.
    private var shownNumber = 0

    private func show(_ image: CGImage, number: Int, frame: RecordedFrame? = nil) {
        if shown !== image {
            // The frame leaving the screen becomes the spare (when its list is known).
            if let previous = shown, let previousFrame = shownFrame {
                spare = previous
                spareFrame = previousFrame
            }
            shownFrame = frame
        }
        shownNumber = number
        shown = image
        guard image.width > 0, image.height > 0 else { return }
        image.premultiplied.withUnsafeBufferPointer {
            oc_x11_present(x, $0.baseAddress, Int32(image.width), Int32(image.height))
        }
    }

    // MARK: For tests and tools

    /// The window's pixels as the X server has them.
    public func screenshot() -> CGImage? {
        let (w, h) = pixelSize
        var rgba = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        guard oc_x11_capture(x, &rgba, w, h) != 0 else { return nil }
        return CGImage(width: Int(w), height: Int(h), premultiplied: rgba)
    }

    /// Sends the window a click at a point (points), as a user would.
    public func sendClick(at p: CGPoint) {
        oc_x11_send_click(x, pixels(p.x), pixels(p.y))
    }

    /// Sends the window a drag from one point to another in `steps` moves.
    public func sendDrag(from a: CGPoint, to b: CGPoint, steps: Int = 8) {
        oc_x11_send_drag(x, pixels(a.x), pixels(a.y), pixels(b.x), pixels(b.y), Int32(clamping: steps))
    }

    /// Asks the window for a new size (points).
    public func requestResize(to size: CGSize) {
        oc_x11_resize(x, pixels(size.width), pixels(size.height))
    }

    /// Points to whole pixels; non-finite and huge values are clamped, never trapped on.
    private func pixels(_ v: CGFloat) -> Int32 {
        let p = (v * scale).rounded()
        return p.isFinite ? Int32(p.clamped(-1_000_000, 1_000_000)) : 0
    }

    /// Sends the window an Escape key press, as a user would.
    public func sendEscape() { oc_x11_send_escape(x) }

    /// Sends the window a key press and release, as a user would (X11 keysyms:
    /// Return, Tab, the arrows, …; a character's own keysym otherwise).
    public func sendKey(_ key: KeyEquivalent, modifiers: EventModifiers = []) {
        guard let keysym = X11Keys.keysym(of: key) else { return }
        oc_x11_send_key(x, keysym, X11Keys.bits(of: modifiers))
    }

    /// Sends the window a pointer move with no button held (`nil`: the pointer
    /// leaving the window), as a test's hover.
    public func sendHover(at p: CGPoint?) {
        if let p { oc_x11_send_hover(x, pixels(p.x), pixels(p.y)) } else { oc_x11_send_hover(x, -1, -1) }
    }

    /// Sends the window manager's close message.
    public func sendClose() { oc_x11_send_close(x) }

    /// Whether a frame is due now (state changed since the last frame).
    public var needsFrame: Bool { host.needsRender }

    /// How many threads rasterize each frame (`HeadlessHost.threadCount`; an
    /// OpenCanvas addition).
    public var threadCount: Int {
        get { host.threadCount }
        set { host.threadCount = newValue }
    }

    /// The appearance the window's views are drawn in (`.light` by default) unless
    /// a view prefers one; changing it draws the window again.
    public var colorScheme: ColorScheme {
        get { host.colorScheme }
        set { host.colorScheme = newValue }
    }

    /// Whether Tab reaches every control (`HeadlessHost.keyboardNavigation`; on
    /// by default in a window, as on a desktop).
    public var keyboardNavigation: Bool {
        get { host.keyboardNavigation }
        set { host.keyboardNavigation = newValue }
    }

    /// Whether a frame is being rasterized on a worker thread.
    public var frameInFlight: Bool { inFlight }

    /// Frames drawn so far.
    public var renderCount: Int { host.renderCount }

    /// The accessibility elements of the frame laid out last, in reading order
    /// (what the AT-SPI bridge publishes, flattened).
    public var accessibilityElements: [AccessibilityElement] { host.accessibilityElements }

    /// The accessibility elements of the frame laid out last as a tree, with
    /// their focus and actions (what the AT-SPI bridge publishes).
    package var accessibilityTree: [AccessibilityElement] { host.accessibilityTree }

    /// The window's top-left corner on the screen, in pixels (AT-SPI reports
    /// extents in screen coordinates).
    public var screenOrigin: CGPoint {
        var origin: (Int32, Int32) = (0, 0)
        _ = oc_x11_window_origin(x, &origin.0, &origin.1)
        return CGPoint(x: CGFloat(origin.0), y: CGFloat(origin.1))
    }
}

private extension CGFloat {
    func clamped(_ lo: CGFloat, _ hi: CGFloat) -> CGFloat { Swift.min(Swift.max(self, lo), hi) }
}

/// Where a worker thread leaves a rasterized frame, and the pipe that wakes the
/// main thread's `poll` when it does. The worker holds it too, so the pipe
/// outlives a window closed while a frame is in flight.
private final class FrameMailbox: Sendable {
    private let slot = Locked<(Int, CGImage, RecordedFrame)?>(nil)
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    func deliver(_ number: Int, _ image: CGImage, _ frame: RecordedFrame) {
        slot.withLock { $0 = (number, image, frame) }
        wake()
    }

    /// Wakes the main thread's `poll` (from any thread).
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func take() -> (Int, CGImage, RecordedFrame)? { slot.withLock { frame in defer { frame = nil }; return frame } }
}

/// The pixels and display list a worker draws its frame into (handed over whole:
/// nothing on the main thread refers to them any more).
private struct SpareFrame: @unchecked Sendable {
    let image: CGImage?
    let frame: RecordedFrame?
}
