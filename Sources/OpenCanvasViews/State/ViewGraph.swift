import Foundation
import Observation
import Synchronization
import OpenCanvasDrawing

/// The state of a hosted view hierarchy that outlives any one render: `@State`
/// storage by view identity, the laid-out tree kept between frames, and which
/// bodies and canvas renderers read state that has changed since.
///
/// Identity is structural, as in SwiftUI: a view is known by the path of view
/// types and positions (or `ForEach` ids, or `.id` values) from the root, so a
/// view in the same place keeps its state across renders, and a view in another
/// branch of an `if` is another view.
///
/// Invalidation is by reader: a body or canvas renderer that read a `@State` value
/// or an `@Observable` property is marked when it changes; the next frame evaluates
/// only the marked bodies again (their subtrees rebuilt, the rest of the tree
/// kept) and runs only the marked canvases' renderers (the others replay what
/// they recorded), then lays out and draws the whole tree.
@MainActor
package final class ViewGraph {
    /// The graph whose views are being built (node making runs on the main actor,
    /// depth first).
    package static var current: ViewGraph?

    package init() {
        focus.graph = self
    }

    // The graph's parts, one job each.
    /// What changed since the last frame (written from any thread).
    package nonisolated let changes = ChangeTracker()
    /// Views' storage that outlives a frame.
    private let storage = SlotStore()
    /// The identity of the view being made.
    private var identities = IdentityPath()
    /// The frame's transactions and the running animations.
    let animations = AnimationLedger()
    /// Views with a transition, and removed ones going out.
    let transitions = TransitionTracker()
    /// Appear/disappear actions, tasks, deferred actions.
    let lifecycles = LifecycleRunner()
    /// Timelines and live text: when the next frame is due.
    package let timelines = TimelineTracker()
    /// Which view has keyboard focus.
    package let focus = FocusTracker()
    /// Sheets, alerts and menus shown over the hierarchy.
    let presentations = PresentationRegistry()

    /// The composed views of the kept tree, by identity.
    private var bodies: [String: BodyNode] = [:]
    /// Identities rebuilt this frame: state and lifecycles under them not made
    /// again are gone.
    private var rebuilt: [String] = []
    /// The bodies being built, innermost last (a body's parent).
    private var bodyStack: [String] = []
    /// The readers marked when this frame began (canvases not among them replay
    /// what they recorded).
    private(set) var frameMarked: Set<String> = []
    /// Whether a frame has been shown (views present in the first frame do not
    /// transition in).
    private(set) var hasShownAFrame = false
    /// The body or canvas renderer running now (what reads register against).
    private(set) var currentReader: String? {
        didSet { ViewGraph.readerChanges &+= 1 }
    }
    /// Counts changes of any graph's `currentReader`: a state read while the count
    /// is what it was at the last read has the reader that read registered (a
    /// renderer reading one value a thousand times registers once, comparing a
    /// number instead of the reader's identity).
    static var readerChanges = 0
    /// `preferredColorScheme` of the views that state one, by identity (`nil`
    /// values prefer nothing).
    var preferredColorSchemes: [String: ColorScheme?] = [:]

    /// The host's clock: what timelines and animations read.
    package var date = Date() {
        didSet { changes.setDate(date) }
    }

    // MARK: Changes

    package var isDirty: Bool { changes.isDirty }

    /// Marks the whole graph for a new frame, from any thread.
    nonisolated func invalidate() { changes.invalidate() }

    /// Marks one reader (a body or canvas identity) for the next frame.
    nonisolated func mark(_ reader: String) { changes.mark(reader) }

    package var hasTasks: Bool { lifecycles.hasTasks }

    /// Whether anything moves without a change: animated values, views going out.
    package var isAnimating: Bool { !animations.running.isEmpty || !transitions.ghosts.isEmpty }

    /// The transaction the views being made now were changed in.
    package var buildTransaction: Transaction? {
        get { animations.buildTransaction }
        set { animations.buildTransaction = newValue }
    }

    package func transaction(for identity: String) -> Transaction? { animations.transaction(for: identity) }
    package var fullRenderTransaction: Transaction? { animations.fullRenderTransaction }

    // MARK: Time

    /// The earliest next entry of any timeline (text relative to now: the next
    /// whole second).
    package func nextTimelineEntry() -> Date? { timelines.nextEntry(after: date) }

    /// Moves every timeline to `date`, marking those whose entry changed (and the
    /// continuous animations, which change at every frame).
    package func advanceTimelines(to date: Date) {
        for owner in timelines.liveTextDue(from: self.date, to: date) { mark(owner) }
        self.date = date
        // `onReceive` timers fire before the frame of this date is built.
        timelines.fireTimers(upTo: date)
        for id in timelines.advance(to: date) { mark(id) }
        // Running animations change at every frame, and so do views going out.
        for owner in Set(animations.running.values) { mark(owner) }
        if !transitions.ghosts.isEmpty { invalidate() }
    }

    // MARK: Transitions

    func madeTransition(_ key: SlotKey, _ node: TransitionNode, owner: String?) {
        transitions.made(key, node, owner: owner)
    }

    /// The views with a transition that this frame's rebuilt bodies did not make
    /// again go out (as ghosts) under the animation that removed them.
    package func collectRemovedTransitions() {
        transitions.collectRemoved(rebuilt: rebuilt, animations, date: date)
    }

    /// The ghosts still going out now, with their progress set.
    package func liveGhosts() -> [TransitionNode] { transitions.liveGhosts(at: date) }

    // MARK: Frames

    var currentBody: String? { bodyStack.last }

    func buildingBody<T>(_ identity: String, _ body: () -> T) -> T {
        bodyStack.append(identity)
        defer { bodyStack.removeLast() }
        return body()
    }

    /// Starts a frame that builds the tree from scratch.
    package func beginFullRender() {
        beginFrame()
        bodies.removeAll()
        presentations.removeAll()
        timelines.records.removeAll()
        rebuilt = [""]
        lifecycles.beginFullFrame()
        storage.beginFrame()
    }

    /// Starts a frame that keeps the tree; returns the marked bodies to evaluate
    /// again, outermost first, leaving out those inside another marked one.
    package func beginPartialRender() -> [BodyNode] {
        let readers = changes.markedReaders
        beginFrame()
        lifecycles.beginPartialFrame()
        // (The frame's lists keep their storage from frame to frame.)
        readerOrder.removeAll(keepingCapacity: true)
        readerOrder.append(contentsOf: readers)
        // Outermost first: an identity is longer than those of the bodies around it.
        readerOrder.sort { $0.utf8.count < $1.utf8.count }
        var targets = targetBuffer
        targetBuffer = []
        targets.removeAll(keepingCapacity: true)
        for id in readerOrder {
            guard var node = bodies[id] else { continue }
            // A body whose views were spliced into its container (several views):
            // its container's body is evaluated again instead.
            while node.isSpliced, let parent = node.parentBody, let p = bodies[parent] { node = p }
            if targets.contains(where: { Self.isInside(node.identity, $0.identity) }) { continue }
            targets.append(node)
        }
        rebuilt.removeAll(keepingCapacity: true)
        for t in targets { rebuilding(t.identity) }
        targetBuffer = targets
        return targets
    }

    /// The marked readers in order, and the bodies to evaluate again (storage kept).
    private var readerOrder: [String] = []
    private var targetBuffer: [BodyNode] = []
    /// The kept bodies inside one being rebuilt (storage kept).
    private var bodiesGoing: [String] = []

    /// Forgets what the subtree of `identity` made last time (it is made again).
    package func rebuilding(_ identity: String) {
        rebuilt.append(identity)
        lifecycles.forget(inside: identity)
        presentations.forget(inside: identity)
        bodiesGoing.removeAll(keepingCapacity: true)
        for key in bodies.keys where key != identity && Self.isInside(key, identity) { bodiesGoing.append(key) }
        for key in bodiesGoing { bodies.removeValue(forKey: key) }
    }

    private func beginFrame() {
        let taken = changes.take()
        frameMarked = taken.readers
        animations.beginFrame(transactions: taken.transactions, completions: taken.completions)
        bodyStack.removeAll(keepingCapacity: true)
        identities.reset()
    }

    nonisolated static func isInside(_ key: String, _ prefix: String) -> Bool {
        IdentityPath.isInside(key, prefix)
    }

    /// Drops the state of views the frame rebuilt but did not make again (they
    /// went away), then runs lifecycle actions: disappearances, appearances
    /// (starting tasks) and changes, then applies animation completions.
    package func endRender() {
        frameNumber &+= 1
        // Recorders of canvases not drawn this frame are let go.
        if canvasRecorders.values.contains(where: { $0.frame != frameNumber &- 1 }) {
            canvasRecorders = canvasRecorders.filter { $0.value.frame == frameNumber &- 1 }
        }
        // So are the nodes of views not made this frame.
        if madeNodes.values.contains(where: { $0.madeInFrame != frameNumber &- 1 }) {
            madeNodes = madeNodes.filter { $0.value.madeInFrame == frameNumber &- 1 }
        }
        hasShownAFrame = true
        storage.endFrame(rebuilt: rebuilt)
        preferredColorSchemes = preferredColorSchemes.filter { storage.exists(SlotKey($0.key, "preferredColorScheme")) }
        timelines.endFrame(slotExists: storage.exists, bodyExists: { self.bodies[$0] != nil })
        let applied = animations.endFrame(slotExists: storage.exists)
        lifecycles.endFrame()
        for completion in applied { completion.applied() }
    }

    // MARK: Canvas recorders

    /// Frames ended so far (the canvas recorders' clock).
    private var frameNumber = 0
    /// Each drawn canvas's recorder, by identity, and the frame it last drew in:
    /// a canvas made again each frame (under a `TimelineView`) records into the
    /// storage its predecessor used.
    private var canvasRecorders: [String: KeptRecorder] = [:]
    /// (A class, so that marking it used does not write to the dictionary.)
    private final class KeptRecorder {
        let recorder = GraphicsContext.Recorder()
        var frame: Int
        init(frame: Int) { self.frame = frame }
    }

    /// The recorder for canvas `identity` this frame, emptied.
    func canvasRecorder(for identity: String) -> GraphicsContext.Recorder {
        if let kept = canvasRecorders[identity] {
            kept.frame = frameNumber
            kept.recorder.restart()
            kept.recorder.allowsAsynchronousRasterizing = false
            return kept.recorder
        }
        let kept = KeptRecorder(frame: frameNumber)
        canvasRecorders[identity] = kept
        return kept.recorder
    }

    // MARK: Nodes made again

    /// The node each primitive view that updates its node in place made, by identity.
    /// A body evaluated again in every frame (a `TimelineView`'s content) makes its
    /// views again; those whose node can take the new view's values (a canvas, a
    /// gesture) update the node they made in the frame before instead of
    /// allocating another.
    private var madeNodes: [String: ViewNode] = [:]

    /// The node of type `N` that the view being made now (at the current identity)
    /// made in the last frame, claimed for this frame with its layout forgotten;
    /// `nil` when there is none, or when bodies are not being evaluated now.
    ///
    /// Only a node made in the last frame is given back: it was in the subtree this
    /// frame rebuilds, so nothing else holds it in the new tree (a view removed and
    /// later added again, whose node may still be going out as a transition's
    /// ghost, gets a new one). A node claimed twice in one frame (two views with one
    /// identity, as duplicate `ForEach` ids make) is given once.
    func reusableNode<N: ViewNode>(_ type: N.Type) -> N? {
        guard isBuildingBodies, let node = madeNodes[identities.current] as? N,
              node.madeInFrame == frameNumber &- 1 else { return nil }
        node.madeInFrame = frameNumber
        // It starts as a new node would: not placed, nothing measured.
        node.frame = .zero
        node.forgetLayout()
        return node
    }

    /// Whether the frame's bodies are being evaluated now (not laid out). Only views
    /// made then take back nodes: views made while laying out (a lazy stack's rows,
    /// a geometry reader's content) are made afresh, since their container may
    /// still hold the nodes made before, and lay them out again.
    package var isBuildingBodies = false

    /// Notes `node` as made now by the view at the current identity (so that the
    /// next frame's view there may take it back with `reusableNode`).
    func made(_ node: ViewNode) {
        node.madeInFrame = frameNumber
        madeNodes[identities.current] = node
    }

    /// The node of a primitive view that updates its node in place: the node the
    /// view at the current identity made in the last frame, given the new view's
    /// values with `update`, or else a new one from `make`, noted for the next frame.
    /// `parts` makes what both need (child nodes), after the node is claimed at this
    /// view's identity and before it is updated or made. Without a graph (a view
    /// rendered outside a host), always a new node.
    static func node<N: ViewNode, Parts>(_ type: N.Type, parts: () -> Parts,
                                         update: (N, Parts) -> Void, make: (Parts) -> N) -> N {
        let graph = ViewGraph.current
        let kept = graph?.reusableNode(N.self)
        let parts = parts()
        if let kept {
            update(kept, parts)
            return kept
        }
        let node = make(parts)
        graph?.made(node)
        return node
    }

    // MARK: Identity

    /// The identity of the view being made.
    var currentIdentity: String { identities.current }

    /// `currentIdentity.hashValue`, made once for the identity.
    var currentIdentityHash: Int { identities.currentHash }

    /// Enters a child view: returns its identity.
    func enter(_ component: String) -> String { identities.enter(component) }

    /// Enters a child identified by a value (`ForEach` elements, `.id`).
    func enter(id value: AnyHashable) -> String { identities.enter(id: value) }

    func leave() { identities.leave() }

    /// Runs `body` with the identity path set to `identity` (rebuilding a kept
    /// body, building a geometry reader's content at placement).
    func within<T>(_ identity: String, _ body: () -> T) -> T {
        let depth = identities.depth
        identities.reroot(at: identity)
        defer { identities.restore(depth: depth) }
        return body()
    }

    // MARK: Storage and reads

    /// The storage slot for `key`, made with `make` the first time.
    func slot<T: AnyObject>(_ key: SlotKey, make: () -> T) -> T { storage.slot(key, make: make) }

    func slotExists(_ key: SlotKey) -> Bool { storage.exists(key) }

    func register(_ node: BodyNode) { bodies[node.identity] = node }

    /// Runs `body` as the body being built now, if any (what a primitive view
    /// or modifier reads after that body returned — a `ForEach`'s content, a
    /// presentation's binding — is read for that body), else just runs it.
    func readingForCurrentBody<T>(_ body: () -> T) -> T {
        guard let reader = currentBody else { return body() }
        return reading(as: reader, body)
    }

    /// Runs `body` as `reader`: `@State` reads register it, and so do the
    /// `@Observable` properties it reads (marked when they change).
    func reading<T>(as reader: String, _ body: () -> T) -> T {
        let saved = currentReader
        currentReader = reader
        defer { currentReader = saved }
        return withObservationTracking(body, onChange: onChange(marking: reader))
    }

    /// The change handler `reading` gives Observation for `reader`: made once per
    /// reader and kept (a body evaluated in every frame makes no closure for it).
    private func onChange(marking reader: String) -> @Sendable () -> Void {
        if let kept = changeHandlers[reader] { return kept }
        if changeHandlers.count >= 4_096 { changeHandlers.removeAll(keepingCapacity: true) }
        let made: @Sendable () -> Void = { [weak self] in
            // Called where the model changed, on whatever thread that was.
            self?.mark(reader)
        }
        changeHandlers[reader] = made
        return made
    }
    private var changeHandlers: [String: @Sendable () -> Void] = [:]
}
