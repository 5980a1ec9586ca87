import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender
import OpenCanvasDrawing
import OpenCanvasViews

/// Runs a view without a window: renders frames to images, delivers taps, and
/// re-renders only when state a body or canvas read has changed. For tests and
/// servers:
///
///     let host = HeadlessHost(size: CGSize(width: 390, height: 844), scale: 3) { ContentView() }
///     let image = host.render()
///     host.tap(at: CGPoint(x: 120, y: 300))
///     let next = host.render()          // with the tap's state changes
@MainActor
public final class HeadlessHost<Content: View> {
    /// The size the root view is offered, in points.
    public private(set) var size: CGSize
    /// Pixels per point of rendered images.
    public let scale: CGFloat
    /// The clock the host's views see (and that separates taps into sequences).
    /// Setting it moves timelines to it (the next render shows their entries);
    /// `advance(to:)` also renders every entry on the way.
    public var date: Date {
        didSet {
            clock.date = date
            graph.advanceTimelines(to: date)
        }
    }
    /// The date as the views' text sees it (live date styles).
    private let clock: HostClock
    /// Called with each frame `advance(by:)` / `advance(to:)` renders.
    public var onFrame: ((Date, CGImage) -> Void)?
    /// How many frames have been rendered (a frame is rendered only when something
    /// changed since the last).
    public private(set) var renderCount = 0

    /// The last frame's cost in seconds: making and laying out views, recording
    /// their drawing (canvas renderers run here), rasterizing (for the benchmark).
    package private(set) var frameTimings = (layout: 0.0, record: 0.0, raster: 0.0)
    /// Called between recording a frame and rasterizing it (the benchmark counts
    /// each part's heap allocations).
    package var willRasterize: (() -> Void)?
    /// How many rows the last frame drew: all of them, or only those where its
    /// drawing differs from the frame before, when it was drawn into that frame's
    /// memory (for tests).
    package private(set) var rowsRedrawn = 0

    /// The view hierarchy and its frame protocol.
    private let tree: ViewTree
    private var graph: ViewGraph { tree.graph }
    private var root: ViewNode? { tree.root }
    /// Kept across frames: glyph masks and scratch buffers outlive the frame.
    private let renderers = RendererPool()

    /// How many threads rasterize each frame (an OpenCanvas addition): the frame
    /// is cut into that many horizontal bands drawn at once. By default the
    /// machine's processors (at most 8), or `OPENCANVAS_RENDER_THREADS` when set;
    /// 1 draws on one thread. The pixels are the same byte for byte whatever the
    /// count; small frames are drawn on one thread anyway.
    public var threadCount: Int = Renderer.defaultThreadCount
    private var image: CGImage?
    /// What `image` was drawn from: the next frame drawn into its memory redraws
    /// only the rows where its drawing differs.
    private var lastFrame: RecordedFrame?
    private var lastTap: (date: Date, point: CGPoint, count: Int)?
    private let hover = HoverTracker()

    /// A host that offers `content` `size` points and renders it at `scale` pixels
    /// per point (1 when `scale` is not finite and positive); its clock starts at
    /// the current date.
    public init(size: CGSize, scale: CGFloat = 1, @ViewBuilder content: @escaping () -> Content) {
        self.size = size
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        let now = Date()
        self.clock = HostClock(now)
        self.date = now
        self.tree = ViewTree(content: content)
        tree.graph.date = now
        let tree = self.tree
        tree.graph.focus.onFocusChange = { [weak tree] in tree?.discardLayout() }
    }

    /// The appearance the views are drawn in (`.light` by default), unless a view
    /// prefers one (`preferredColorScheme(_:)`). An OpenCanvas addition: on an
    /// iPhone the user's setting decides.
    public var colorScheme: ColorScheme = .light {
        didSet { if colorScheme != oldValue { tree.discardLayout() } }
    }

    /// Whether Tab reaches every control, not only text fields and `focusable()`
    /// views (macOS's keyboard navigation, iOS's Full Keyboard Access): the focused
    /// control shows a ring, Space or Return presses a button or flips a toggle,
    /// the arrows move a slider. Off by default, as on an iPhone; the window host
    /// turns it on. An OpenCanvas addition.
    public var keyboardNavigation = false {
        didSet { if keyboardNavigation != oldValue { tree.discardLayout() } }
    }

    /// Whether state that the last frame read has changed.
    public var needsRender: Bool { tree.needsFrame }

    /// Runs the frame protocol (bodies that read changed state, layout, recording)
    /// if something changed.
    private func update() -> GraphicsContext.Recorder? {
        var environment = EnvironmentValues()
        environment.displayScale = scale
        environment.clock = clock
        environment.colorScheme = colorScheme
        // (Set only when on: off is the key's default, and setting a custom key
        // copies the environment's dictionary of them.)
        if keyboardNavigation { environment.keyboardNavigation = true }
        var recorder = tree.update(size: size, environment: environment, date: date)
        if recorder != nil { graph.focus.resolve(root: root) }
        // Focus moved as the frame ended (a focus state set in code, a field
        // tapped): the views that read it are made again, in this frame.
        if recorder != nil, root == nil, let again = tree.update(size: size, environment: environment, date: date) {
            recorder = again
            graph.focus.resolve(root: root)
        }
        frameTimings.layout = tree.timings.layout
        frameTimings.record = tree.timings.record
        return recorder
    }

    /// The current frame's pixels: rendered again if anything changed since the
    /// last call, the same image otherwise. An impossible size (zero, negative,
    /// beyond 16384 pixels) gives an empty image and a diagnostic.
    public func render() -> CGImage {
        if let frame = recordFrame() {
            willRasterize?()
            let t = DispatchTime.now().uptimeNanoseconds
            // The last frame's memory is drawn into when nothing else holds it.
            let previous = isKnownUniquelyReferenced(&image) ? image : nil
            image = nil
            let (pixels, rows) = frame.rasterizeCountingRows(reusing: previous, drawnFrom: previous == nil ? nil : lastFrame)
            rowsRedrawn = rows
            frameTimings.raster = Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
            finish(image: pixels, drawnFrom: frame)
        }
        return image ?? CGImage(width: 0, height: 0, premultiplied: [])
    }

    /// Records a frame if anything changed (`nil` otherwise); `finish` takes its pixels.
    package func recordFrame() -> RecordedFrame? {
        guard let recorder = update() else { return nil }
        renderCount += 1
        return RecordedFrame(list: recorder.list, size: size, scale: scale,
                             asynchronous: recorder.allowsAsynchronousRasterizing, number: renderCount,
                             renderers: renderers, threads: threadCount)
    }

    /// Makes a frame's pixels the current image.
    package func finish(image pixels: CGImage, drawnFrom frame: RecordedFrame? = nil) {
        image = pixels
        // Kept to compare the next frame with (one list: the frame's own); a frame
        // whose list is not known is drawn whole next time.
        lastFrame = frame
    }

    /// Taps at a point (in the root's coordinates, points): the frontmost view there
    /// with a tap gesture runs it. Taps at the same place within 0.3 s of `date`
    /// count as one sequence (double taps). Points outside the view or not finite
    /// do nothing.
    public func tap(at point: CGPoint) {
        guard let session = begin(at: point) else { return }
        var count = 1
        if let last = lastTap, date.timeIntervalSince(last.date) <= 0.3, date >= last.date,
           hypot(point.x - last.point.x, point.y - last.point.y) <= 20 {
            count = last.count + 1
        }
        lastTap = (date, point, count)
        session.end(at: point, time: date, tapCount: count)
    }

    /// Drags from one point to another in `steps` moves, one per 1/60 s of event
    /// time from `date` (the host's clock itself does not move).
    public func drag(from start: CGPoint, to end: CGPoint, steps: Int = 10) {
        guard end.x.isFinite, end.y.isFinite else { return Diagnostics.report(.nonFiniteValue) }
        guard let session = begin(at: start) else { return }
        let n = max(1, min(steps, 10_000))
        for i in 1...n {
            let f = CGFloat(i) / CGFloat(n)
            session.move(to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f),
                         time: date.addingTimeInterval(Double(i) / 60))
        }
        session.end(at: end, time: date.addingTimeInterval(Double(n) / 60), tapCount: 1)
        lastTap = nil
    }

    /// Moves the pointer to a point without pressing (`nil`: the pointer leaves
    /// the view): views with `onContinuousHover` hear where it is, views with
    /// `onHover` that it entered or left. Points outside the view leave it.
    public func hover(at point: CGPoint?) {
        if needsRender { _ = render() }
        let inside = point.map { $0.x.isFinite && $0.y.isFinite && CGRect(origin: .zero, size: size).containsSafely($0) } ?? false
        hover.move(root: root, to: inside ? point : nil)
    }

    /// Presses a key and lets it go: the focused view and the views around it hear
    /// it (`onKeyPress`), innermost first, until one handles it. Tab that no view
    /// handles moves focus to the next focusable view (Shift-Tab to the previous).
    /// Returns whether a view handled the press. Nothing has focus until a focus
    /// state gives it or Tab moves it, as on an iPad with a keyboard.
    @discardableResult
    public func press(key: KeyEquivalent, modifiers: EventModifiers = [], characters: String? = nil) -> Bool {
        let text = characters ?? Self.characters(of: key, modifiers: modifiers)
        let handled = keyEvent(KeyPress(phase: .down, key: key, characters: text, modifiers: modifiers))
        keyEvent(KeyPress(phase: .up, key: key, characters: text, modifiers: modifiers))
        return handled
    }

    /// One phase of a key press (the window host's key events); returns whether a
    /// view handled it. An unhandled Tab going down moves focus.
    @discardableResult
    package func keyEvent(_ press: KeyPress) -> Bool {
        if needsRender { _ = render() }
        let handled = graph.focus.keyHandlers(root: root).contains { $0.handle(press) == .handled }
        if !handled, press.phase == .down, press.key == .tab {
            graph.focus.move(root: root, backward: press.modifiers.contains(.shift))
        }
        return handled
    }

    /// Types `text`, a key press per character (Return for a newline).
    public func type(_ text: String) {
        for character in text {
            let key = character == "\n" ? KeyEquivalent.return : KeyEquivalent(character)
            press(key: key, characters: String(character))
        }
    }

    /// The text a key types: its character for a printable key (upper case with
    /// Shift), nothing for the function keys.
    static func characters(of key: KeyEquivalent, modifiers: EventModifiers) -> String {
        guard let scalar = key.character.unicodeScalars.first, !(0xF700...0xF8FF).contains(scalar.value) else { return "" }
        let text = String(key.character)
        return modifiers.contains(.shift) ? text.uppercased() : text
    }

    /// Presses at a point for `duration` seconds without moving (long presses).
    public func press(at point: CGPoint, duration: TimeInterval) {
        guard let session = begin(at: point) else { return }
        session.end(at: point, time: date.addingTimeInterval(duration.isFinite ? max(0, duration) : 0), tapCount: 1)
        lastTap = nil
    }

    /// Starts a pointer press, or `nil` when the point is outside the view or not
    /// finite. Events go to what the current state shows.
    private func begin(at point: CGPoint) -> PointerSession? {
        guard point.x.isFinite, point.y.isFinite else {
            Diagnostics.report(.nonFiniteValue)
            return nil
        }
        if needsRender { _ = render() }
        guard let root, CGRect(origin: .zero, size: size).containsSafely(point) else { return nil }
        return PointerSession(root: root, at: point, time: date)
    }

    /// The accessibility elements of the current frame, in reading order.
    public var accessibilityElements: [AccessibilityElement] {
        if needsRender { _ = render() }
        guard let root else { return [] }
        return OpenCanvasViews.accessibilityElements(root)
    }

    // MARK: Accessibility actions (what a screen reader does; OpenCanvas additions)

    /// The accessibility elements of the frame laid out last, as a tree (labelled
    /// containers hold their children), without drawing a new one: what the
    /// window's AT-SPI bridge publishes.
    package var accessibilityTree: [AccessibilityElement] {
        guard let root else { return [] }
        return OpenCanvasViews.accessibilityTree(root, focused: graph.focus.focused)
    }

    /// The element with `identity` in the current frame.
    private func accessibilityElement(_ identity: String) -> AccessibilityElement? {
        if needsRender { _ = render() }
        guard let root else { return nil }
        func find(_ elements: [AccessibilityElement]) -> AccessibilityElement? {
            for e in elements {
                if e.identity == identity { return e }
                if let found = find(e.children) { return found }
            }
            return nil
        }
        return find(OpenCanvasViews.accessibilityTree(root, focused: graph.focus.focused))
    }

    /// The names of the actions an element offers, as AT-SPI lists them: "click"
    /// first for what activation does something to (buttons, links, toggles, an
    /// `accessibilityAction` of kind `.default`, a tap gesture at its centre),
    /// then its other actions (`accessibilityAction(named:)` by their names), and
    /// "increment" and "decrement" for adjustable ones.
    public func accessibilityActionNames(of element: AccessibilityElement) -> [String] {
        guard let current = accessibilityElement(element.identity) else { return [] }
        return actionNames(of: current)
    }

    package func actionNames(of e: AccessibilityElement) -> [String] {
        var names = e.actions.names
        let activates = e.traits.contains(.isButton) || e.traits.contains(.isLink) || e.traits.contains(.isToggle)
            || tapReaches(CGPoint(x: e.frame.midX, y: e.frame.midY))
        if activates, !names.contains("click") { names.insert("click", at: 0) }
        if let i = names.firstIndex(of: "click"), i > 0 { names.insert(names.remove(at: i), at: 0) }
        if e.actions.adjust != nil { names += ["increment", "decrement"].filter { !names.contains($0) } }
        return names
    }

    /// Where the current layout's tap gestures may be hit (found once per layout).
    private var tapRegions: (root: ObjectIdentifier, frame: Int, regions: [CGRect])?

    /// Whether a tap at `point` reaches a tap gesture: a hit test, only where a
    /// tap gesture may be (an element list asks for every element each frame).
    /// (Regions and elements' centres may be NaN or infinite after hostile layout:
    /// Foundation's `contains` traps on those, `containsSafely` answers false.)
    private func tapReaches(_ point: CGPoint) -> Bool {
        guard let root else { return false }
        if tapRegions?.root != ObjectIdentifier(root) || tapRegions?.frame != renderCount {
            tapRegions = (ObjectIdentifier(root), renderCount, tapGestureRegions(root))
        }
        guard let regions = tapRegions?.regions, regions.contains(where: { $0.isInfinite || $0.containsSafely(point) }) else { return false }
        return tapGestureExists(root, at: point)
    }

    /// Activates an element as a screen reader does (VoiceOver's double tap,
    /// Orca's "click"): its `accessibilityAction` of kind `.default` when it has
    /// one, a tap at its centre otherwise (the element's activation point, as in
    /// SwiftUI). Returns `false` when the element is not in the current frame.
    @discardableResult
    public func accessibilityActivate(_ element: AccessibilityElement) -> Bool {
        accessibilityPerformAction(named: "click", on: element)
    }

    /// Performs an action the element lists by name (see
    /// `accessibilityActionNames(of:)`); returns whether it has that action.
    @discardableResult
    public func accessibilityPerformAction(named name: String, on element: AccessibilityElement) -> Bool {
        guard let e = accessibilityElement(element.identity) else { return false }
        if let handler = e.actions.named.first(where: { $0.kind.name == name })?.handler {
            handler()
            return true
        }
        if name == "increment" || name == "decrement", let adjust = e.actions.adjust {
            adjust(name == "increment" ? .increment : .decrement)
            return true
        }
        guard name == "click", actionNames(of: e).contains("click") else { return false }
        tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
        return true
    }

    /// Raises or lowers an adjustable element's value (a slider's, or what its
    /// `accessibilityAdjustableAction` does); returns whether it is adjustable.
    @discardableResult
    public func accessibilityAdjust(_ element: AccessibilityElement, _ direction: AccessibilityAdjustmentDirection) -> Bool {
        guard let adjust = accessibilityElement(element.identity)?.actions.adjust else { return false }
        adjust(direction)
        return true
    }

    /// Sets the numeric value of an adjustable control (a slider: clamped to its
    /// range, on its step); returns whether the element takes one.
    package func accessibilitySetValue(_ value: Double, identity: String) -> Bool {
        guard let set = accessibilityElement(identity)?.actions.setValue else { return false }
        set(value)
        return true
    }

    /// Gives keyboard focus to the focusable view an element belongs to.
    package func accessibilityFocus(identity: String) -> Bool {
        guard let focusIdentity = accessibilityElement(identity)?.focusIdentity else { return false }
        return graph.focus.focus(identity: focusIdentity, root: root)
    }

    /// An element by identity, for the bridge's actions.
    package func accessibilityElement(identity: String) -> AccessibilityElement? { accessibilityElement(identity) }

    /// The frames of the current frame's view tree as text (see
    /// `LayoutDescription`): what a layout snapshot compares.
    package var layoutDescription: String {
        if needsRender { _ = render() }
        return root.map(LayoutDescription.of) ?? ""
    }

    /// What a screen reader would speak, element by element.
    public var accessibilityReading: [String] { accessibilityElements.map(\.reading) }

    /// Moves the clock forward by `interval` seconds, rendering a frame at every
    /// timeline entry on the way (and handing it to `onFrame`): an animation
    /// renders the same frames on every run.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval >= 0 else { return Diagnostics.report(.nonFiniteValue) }
        advance(to: date.addingTimeInterval(interval))
    }

    /// Moves the clock to `target`, rendering a frame at every timeline entry
    /// until then (continuous animations: one frame, at `target`).
    public func advance(to target: Date) {
        if needsRender { _ = render() }
        var frames = 0
        while let next = graph.nextTimelineEntry(), next <= target, frames < 1_000_000 {
            date = next
            let image = render()
            onFrame?(date, image)
            frames += 1
        }
        date = target
        if needsRender {
            let image = render()
            onFrame?(date, image)
        }
    }

    // MARK: Live pointer events (the window host)

    private var livePress: (session: PointerSession, start: CGPoint, moved: Bool)?

    /// A pointer went down at a point (the host's date is the event's time).
    package func pointerDown(at point: CGPoint) {
        livePress = begin(at: point).map { ($0, point, false) }
    }

    package func pointerMove(to point: CGPoint) {
        guard let press = livePress, point.x.isFinite, point.y.isFinite else { return }
        press.session.move(to: point, time: date)
        if hypot(point.x - press.start.x, point.y - press.start.y) > 10 { livePress?.moved = true }
    }

    package func pointerUp(at point: CGPoint) {
        guard let press = livePress else { return }
        livePress = nil
        var count = 1
        if !press.moved, let last = lastTap, date.timeIntervalSince(last.date) <= 0.3, date >= last.date,
           hypot(point.x - last.point.x, point.y - last.point.y) <= 20 {
            count = last.count + 1
        }
        lastTap = press.moved ? nil : (date, point, count)
        press.session.end(at: point, time: date, tapCount: count)
    }

    /// Called on any thread when state changes while the host waits (the window
    /// host's wake-up).
    package func setWakeHandler(_ handler: @escaping @Sendable () -> Void) {
        graph.changes.setWakeHandler(handler)
    }

    /// Whether `.task`s are alive in the shown views.
    package var hasRunningTasks: Bool { graph.hasTasks }

    /// When the next frame is due without any event: now (something changed), at
    /// a timeline's next entry, at the next display frame for continuous
    /// animations, or never (`nil`).
    package var nextFrameDate: Date? {
        if needsRender { return date }
        if graph.isAnimating || graph.timelines.hasContinuous {
            return date.addingTimeInterval(1.0 / 60)
        }
        return graph.nextTimelineEntry()
    }

    /// Changes the size the view is offered; the next render lays it out again.
    public func resize(to newSize: CGSize) {
        size = newSize
        tree.discardLayout()
    }
}

/// A recorded frame waiting for its pixels: everything the main actor must do
/// (bodies, layout, canvas renderers) is done; what is left only reads the
/// immutable display list, so it may run on another thread.
package struct RecordedFrame: Sendable {
    let list: DisplayList
    let size: CGSize
    let scale: CGFloat
    /// Whether a canvas in it allows asynchronous rendering.
    package let asynchronous: Bool
    /// The host's `renderCount` when it was recorded.
    package let number: Int
    /// The host's renderers (a frame rasterized on a worker takes one of its own).
    let renderers: RendererPool
    /// The threads it is rasterized with (`HeadlessHost.threadCount`).
    let threads: Int

    /// The frame's pixels, drawn into `previous`'s memory when it is the host's
    /// last frame and nothing else refers to it.
    package func rasterize(reusing previous: CGImage? = nil) -> CGImage {
        rasterizeCountingRows(reusing: previous, drawnFrom: nil).image
    }

    /// The same; when `previous` was drawn from `earlier` (a frame of the same
    /// size and scale), only the rows where the two frames' drawing differs are
    /// drawn again. Also returns how many rows were drawn.
    package func rasterizeCountingRows(reusing previous: CGImage?, drawnFrom earlier: RecordedFrame?)
        -> (image: CGImage, rows: Int) {
        let previousList = earlier.flatMap { $0.size == size && $0.scale == scale ? $0.list : nil }
        return renderers.withRenderer(threads: threads) { renderer in
            let image = Rasterization.image(of: list, size: size, scale: scale, opaque: false, colorMode: .nonLinear,
                                            renderer: renderer, reusing: previous, previousList: previousList)
            return (image ?? CGImage(width: 0, height: 0, premultiplied: []), renderer.rowsRedrawn)
        }
    }
}
