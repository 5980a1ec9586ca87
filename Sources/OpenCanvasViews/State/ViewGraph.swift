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

    package init() {}

    private var slots: [SlotKey: AnyObject] = [:]
    private var used: Set<SlotKey> = []
    /// Set when anything a frame read has changed. Atomic: an `@Observable`
    /// model may change on any thread.
    private nonisolated let dirty = Atomic<Bool>(true)
    package var isDirty: Bool { dirty.load(ordering: .acquiring) }
    /// Readers (body and canvas identities) marked since the last frame.
    private nonisolated let marked = Mutex<Set<String>>([])
    /// Called, on whatever thread made the change, when the graph becomes dirty:
    /// a window host wakes its event loop.
    package nonisolated let wakeHook = Mutex<(@Sendable () -> Void)?>(nil)

    // The identity path while nodes are made.
    private var path: [String] = [""]
    private var counters: [Int] = [0]
    /// The identity of the view being made.
    var currentIdentity: String { path[path.count - 1] }
    /// The body or canvas renderer running now (what reads register against).
    private(set) var currentReader: String?

    /// The host's clock: what timelines read.
    package var date = Date() {
        didSet { clock.withLock { $0 = date } }
    }
    /// `date`, readable where state changes (any thread).
    private nonisolated let clock = Mutex<Date>(Date())
    /// The timelines of the kept tree, by identity.
    package var timelines: [String: TimelineRecord] = [:]

    /// The composed views of the kept tree, by identity.
    private var bodies: [String: BodyNode] = [:]
    /// Identities rebuilt this frame: state and lifecycles under them not made
    /// again are gone.
    private var rebuilt: [String] = []

    /// Lifecycle records of the frame being built, and of the last one.
    var currentLifecycles: [String: LifecycleRecord] = [:]
    private var shownLifecycles: [String: LifecycleRecord] = [:]
    private var tasks: [String: Task<Void, Never>] = [:]
    /// Actions to run once the frame is built (`onChange`).
    var deferred: [() -> Void] = []

    /// Marks the whole graph for a new frame, from any thread (waking a host that
    /// sleeps).
    nonisolated func invalidate() {
        let (exchanged, _) = dirty.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        guard exchanged else { return }
        wakeHook.withLock { $0 }?()
    }

    /// Whether `.task`s of the shown views are alive (they may change state at
    /// any time, from the main actor's queue).
    package var hasTasks: Bool { !tasks.isEmpty }

    /// Marks one reader (a body or canvas identity) for the next frame, noting the
    /// transaction of the change (`withAnimation`) if there is one.
    nonisolated func mark(_ reader: String) {
        // Animations start when the change was made, not at the next frame: the
        // change's transaction (a plain one outside `withAnimation`) keeps the date.
        let current = Transaction.current
        var transaction = current ?? Transaction()
        if transaction.start == nil { transaction.start = clock.withLock { $0 } }
        transactions.withLock { t in
            transaction.sequence = t.next
            t.next += 1
            if let completion = transaction.completion {
                completion.noteMarked()
                // Every completion of the frame is applied at its end, even one whose
                // transaction a later change to the same reader replaced.
                t.completions.append(completion)
            }
            if current != nil || t.byReader[reader] == nil { t.byReader[reader] = transaction }
        }
        marked.withLock { _ = $0.insert(reader) }
        invalidate()
    }

    // MARK: Animation

    /// The transactions of changes since the last frame, by reader (the latest
    /// animated one wins), numbered in the order the changes were made.
    private struct PendingTransactions {
        var byReader: [String: Transaction] = [:]
        var completions: [AnimationCompletion] = []
        var next: UInt64 = 0
    }
    private nonisolated let transactions = Mutex(PendingTransactions())
    /// Those of the frame being built.
    private var frameTransactions: [String: Transaction] = [:]
    private var frameCompletions: [AnimationCompletion] = []
    /// The transaction the views being made now were changed in.
    package var buildTransaction: Transaction?
    /// Animated values running now (their slot keys), with the body that shows them.
    var animating: [SlotKey: String] = [:]
    package var isAnimating: Bool { !animating.isEmpty || !ghosts.isEmpty }

    /// The transaction for evaluating `identity`'s body again: that of a change
    /// to it or to a reader inside it, an animated one first.
    package func transaction(for identity: String) -> Transaction? {
        Self.latest(frameTransactions.filter { Self.isInside($0.key, identity) }.values)
    }

    // MARK: Transitions

    /// The views with a transition in the kept tree, by key, with the body that
    /// made them; those made this frame; removed ones going out.
    var transitionNodes: [SlotKey: (node: TransitionNode, owner: String?)] = [:]
    private var transitionsMade: Set<SlotKey> = []
    var ghosts: [TransitionGhost] = []
    /// The transactions `.animation`/`.transaction` modifiers gave their subtrees
    /// this frame, by the modifier's identity.
    var subtreeTransactions: [String: Transaction] = [:]
    /// Whether a frame has been shown (views present in the first frame do not
    /// transition in).
    private(set) var hasShownAFrame = false

    func slotExists(_ key: SlotKey) -> Bool { slots[key] != nil }

    func madeTransition(_ key: SlotKey, _ node: TransitionNode, owner: String?) {
        transitionNodes[key] = (node, owner)
        transitionsMade.insert(key)
    }

    /// The views with a transition that this frame's rebuilt bodies did not make
    /// again: removed. Under an animation (the transition's own, or the frame's
    /// latest animated change) they go out as ghosts.
    package func collectRemovedTransitions() {
        let removed = transitionNodes.filter { key, _ in
            !transitionsMade.contains(key) && rebuilt.contains(where: { key.isInside($0) })
        }
        transitionsMade.removeAll(keepingCapacity: true)
        guard !removed.isEmpty else { return }
        let identities = removed.keys.map(\.identity)
        for (key, entry) in removed {
            transitionNodes[key] = nil
            // Only the outermost removed view goes out (an inner one goes with it).
            let identity = key.identity
            if identities.contains(where: { $0 != identity && Self.isInside(identity, $0) }) { continue }
            // The animation of the change that removed it: that of the body that was
            // evaluated again around it.
            // (or of an `.animation`/`.transaction` modifier around it).
            let body = rebuilt.filter { key.isInside($0) }.max { $0.count < $1.count } ?? ""
            let modifier = subtreeTransactions.filter { key.isInside($0.key) }.max { $0.key.count < $1.key.count }
            // (the change to that body itself: changes inside it, say a phase
            // animator's own steps, do not remove it).
            let transaction = modifier?.value ?? frameTransactions[body]
            guard var animation = entry.node.transition.removalAnimation ?? transaction?.animation else { continue }
            // Going out happens once, even for a repeating animation.
            animation.repeatCount = 1
            entry.node.removedAt = entry.node.progress
            entry.node.removing = true
            ghosts.append(TransitionGhost(node: entry.node, start: min(transaction?.start ?? date, date), animation: animation))
        }
    }

    /// The ghosts still going out at `date`, with their progress set.
    package func liveGhosts() -> [TransitionNode] {
        ghosts = ghosts.filter { ghost in
            let (f, finished) = ghost.animation.fraction(at: date.timeIntervalSince(ghost.start))
            ghost.node.progress = ghost.node.removedAt * (1 - f)
            return !finished
        }
        return ghosts.map(\.node)
    }

    /// The transaction for building the whole tree again.
    package var fullRenderTransaction: Transaction? { Self.latest(frameTransactions.values) }

    /// The latest animated transaction, else the latest (deterministic: by the
    /// order the changes were made).
    private static func latest<C: Collection<Transaction>>(_ candidates: C) -> Transaction? {
        candidates.filter { $0.animation != nil }.max { $0.sequence < $1.sequence }
            ?? candidates.max { $0.sequence < $1.sequence }
    }

    /// The readers marked when this frame began (canvases not among them replay
    /// what they recorded).
    private(set) var frameMarked: Set<String> = []

    /// The bodies being built, innermost last (a body's parent).
    private var bodyStack: [String] = []
    var currentBody: String? { bodyStack.last }

    func buildingBody<T>(_ identity: String, _ body: () -> T) -> T {
        bodyStack.append(identity)
        defer { bodyStack.removeLast() }
        return body()
    }

    // MARK: Frames

    /// Starts a frame that builds the tree from scratch.
    package func beginFullRender() {
        beginFrame()
        bodies.removeAll()
        timelines.removeAll()
        rebuilt = [""]
        currentLifecycles = [:]
        used.removeAll(keepingCapacity: true)
    }

    /// The earliest next entry of any timeline, and the timelines due by `date`
    /// (text relative to now: the next whole second).
    package func nextTimelineEntry() -> Date? {
        let timeline = timelines.values.compactMap { $0.continuous ? nil : $0.upcoming }.min()
        guard !liveTextOwners.isEmpty else { return timeline }
        let second = Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate + 1e-9).rounded(.down) + 1)
        return min(timeline ?? second, second)
    }

    /// Bodies that show text relative to now (evaluated again every second).
    var liveTextOwners: Set<String> = []

    /// Moves every timeline to `date`, marking those whose entry changed (and the
    /// continuous animations, which change at every frame).
    package func advanceTimelines(to date: Date) {
        if !liveTextOwners.isEmpty,
           self.date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate.rounded(.down) {
            for owner in liveTextOwners { mark(owner) }
        }
        self.date = date
        for (id, record) in timelines where record.advance(to: date) || record.continuous { mark(id) }
        // Running animations change at every frame, and so do views going out.
        for owner in Set(animating.values) { mark(owner) }
        if !ghosts.isEmpty { invalidate() }
    }

    /// Starts a frame that keeps the tree; returns the marked bodies to evaluate
    /// again, outermost first, leaving out those inside another marked one.
    package func beginPartialRender() -> [BodyNode] {
        let readers = marked.withLock { $0 }
        beginFrame()
        currentLifecycles = shownLifecycles
        var targets: [BodyNode] = []
        for id in readers.sorted(by: { $0.count < $1.count }) {
            guard var node = bodies[id] else { continue }
            // A body whose views were spliced into its container (several views):
            // its container's body is evaluated again instead.
            while node.isSpliced, let parent = node.parentBody, let p = bodies[parent] { node = p }
            if targets.contains(where: { node.identity == $0.identity || node.identity.hasPrefix($0.identity + "/") }) {
                continue
            }
            targets.append(node)
        }
        rebuilt = []
        for t in targets { rebuilding(t.identity) }
        return targets
    }

    /// Forgets what the subtree of `identity` made last time (it is made again).
    package func rebuilding(_ identity: String) {
        rebuilt.append(identity)
        currentLifecycles = currentLifecycles.filter { !Self.isInside($0.key, identity) }
        bodies = bodies.filter { !Self.isInside($0.key, identity) || $0.key == identity }
    }

    private func beginFrame() {
        dirty.store(false, ordering: .releasing)
        frameMarked = marked.withLock { m in
            defer { m.removeAll() }
            return m
        }
        // Kept when a partial frame turns into a full one.
        let pending = transactions.withLock { t in
            defer { t.byReader.removeAll(); t.completions.removeAll() }
            return (t.byReader, t.completions)
        }
        frameTransactions.merge(pending.0) { _, new in new }
        frameCompletions += pending.1
        buildTransaction = nil
        subtreeTransactions = [:]
        bodyStack = []
        path = [""]
        counters = [0]
        deferred = []
    }

    nonisolated static func isInside(_ key: String, _ prefix: String) -> Bool {
        prefix.isEmpty || key == prefix || key.hasPrefix(prefix + "/") || key.hasPrefix(prefix + ".")
    }

    /// Drops the state of views the frame rebuilt but did not make again (they
    /// went away), then runs lifecycle actions: disappearances, appearances
    /// (starting tasks) and changes.
    package func endRender() {
        hasShownAFrame = true
        slots = slots.filter { key, slot in
            let kept = used.contains(key) || !rebuilt.contains { key.isInside($0) }
            // An animation of a view that went away is over (its completion runs).
            if !kept, let run = slot as? AnimationRunHolder { run.cancelRun() }
            return kept
        }
        timelines = timelines.filter { slots[SlotKey($0.key, "timeline")] != nil }
        liveTextOwners = liveTextOwners.filter { bodies[$0] != nil }
        // Animations of views that went away stop (a `repeatForever` too).
        animating = animating.filter { slots[$0.key.animation] != nil }
        buildTransaction = nil
        var seen = Set<ObjectIdentifier>()
        let applied = frameCompletions.filter { seen.insert(ObjectIdentifier($0)).inserted }
        frameTransactions = [:]
        frameCompletions = []
        used.removeAll(keepingCapacity: true)
        let now = currentLifecycles, before = shownLifecycles
        shownLifecycles = now
        let actions = deferred
        deferred = []
        for (key, record) in before where now[key] == nil {
            tasks.removeValue(forKey: key)?.cancel()
            for a in record.onDisappear { a() }
        }
        for (key, record) in now.sorted(by: { $0.key < $1.key }) where before[key] == nil {
            for a in record.onAppear { a() }
            if let task = record.task { tasks[key] = Task { @MainActor in await task() } }
        }
        for a in actions { a() }
        for completion in applied { completion.applied() }
    }

    // MARK: Identity

    /// Enters a child view: returns its identity.
    func enter(_ component: String) -> String {
        let index = counters[counters.count - 1]
        counters[counters.count - 1] += 1
        let id = path[path.count - 1] + "/" + component + "#\(index)"
        path.append(id)
        counters.append(0)
        return id
    }

    /// Enters a child identified by a value (`ForEach` elements, `.id`).
    func enter(id value: AnyHashable) -> String {
        let id = path[path.count - 1] + "/[\(value)]"
        path.append(id)
        counters.append(0)
        return id
    }

    func leave() {
        path.removeLast()
        counters.removeLast()
    }

    /// Runs `body` with the identity path set to `identity` (rebuilding a kept
    /// body, building a geometry reader's content at placement).
    func within<T>(_ identity: String, _ body: () -> T) -> T {
        let (savedPath, savedCounters) = (path, counters)
        path = [identity]
        counters = [0]
        defer { (path, counters) = (savedPath, savedCounters) }
        return body()
    }

    // MARK: Storage and reads

    /// The storage slot for `key`, made with `make` the first time.
    func slot<T: AnyObject>(_ key: SlotKey, make: () -> T) -> T {
        used.insert(key)
        if let s = slots[key] as? T { return s }
        let s = make()
        slots[key] = s
        return s
    }

    func register(_ node: BodyNode) { bodies[node.identity] = node }

    /// Runs `body` as `reader`: `@State` reads register it, and so do the
    /// `@Observable` properties it reads (marked when they change).
    func reading<T>(as reader: String, _ body: () -> T) -> T {
        let saved = currentReader
        currentReader = reader
        defer { currentReader = saved }
        return withObservationTracking(body) { [weak self] in
            // Called where the model changed, on whatever thread that was.
            self?.mark(reader)
        }
    }
}

/// A property of a view that OpenCanvas connects to the view graph before asking
/// for the view's body (`@State`, `@Environment`).
@MainActor
protocol GraphProperty {
    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues)
}

/// Connects a view's graph properties (found by reflection, as SwiftUI does).
@MainActor
func installProperties<V: View>(of view: V, identity: String, environment: EnvironmentValues) {
    let mirror = Mirror(reflecting: view)
    for (index, child) in mirror.children.enumerated() {
        if let property = child.value as? any GraphProperty {
            property.install(in: ViewGraph.current, key: SlotKey(identity, child.label ?? "\(index)"),
                             environment: environment)
        }
    }
}

/// A composed view in the kept tree: its body's nodes, and how to evaluate the
/// body again.
package final class BodyNode: ViewNode {
    package let identity: String
    package let parentBody: String?
    package var child: ViewNode
    /// Evaluates the body again (the view value and environment it was made with).
    package let rebuild: @MainActor () -> ViewNode

    init(identity: String, parentBody: String?, child: ViewNode, rebuild: @escaping @MainActor () -> ViewNode) {
        self.identity = identity
        self.parentBody = parentBody
        self.child = child
        self.rebuild = rebuild
    }

    /// Whether the body's views were spliced into a container (a body of several
    /// views, or of none): the node itself is then not in the tree.
    package var isSpliced: Bool { child.flattened.count != 1 }

    package override var subnodes: [ViewNode] { [child] }
    override var unwrapped: ViewNode { child.unwrapped }
    override var flattened: [ViewNode] {
        let inner = child.flattened
        return inner.count == 1 ? [self] : inner
    }
    package override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(p) }
    package override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: frame)
    }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { child.baseline(first: first, size: size) }
    package override func render(in context: RenderContext) { child.render(in: context) }
}
