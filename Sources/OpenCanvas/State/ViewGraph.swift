import Foundation
import Observation
import Synchronization

/// The state of a hosted view hierarchy that outlives any one render: `@State`
/// storage by view identity, and whether something a body or a canvas read has
/// changed since the last render.
///
/// Identity is structural, as in SwiftUI: a view is known by the path of view
/// types and positions (or `ForEach` ids) from the root, so a view in the same
/// place keeps its state across renders, and a view in another branch of an
/// `if` is another view.
@MainActor
final class ViewGraph {
    /// The graph whose views are being built (node making runs on the main actor,
    /// depth first).
    static var current: ViewGraph?

    private var slots: [String: AnyObject] = [:]
    private var used: Set<String> = []
    /// Set when state a render depended on changed. Atomic: an `@Observable`
    /// model may change on any thread.
    private nonisolated let dirty = Atomic<Bool>(true)
    var isDirty: Bool { dirty.load(ordering: .acquiring) }
    /// Called when the graph becomes dirty (a host schedules a render).
    var onInvalidate: (() -> Void)?

    // The identity path while nodes are made.
    private var path: [String] = [""]
    private var counters: [Int] = [0]
    /// The identity of the view being made.
    var currentIdentity: String { path[path.count - 1] }

    /// Lifecycle records of the frame being built, and of the last one.
    var currentLifecycles: [String: LifecycleRecord] = [:]
    private var shownLifecycles: [String: LifecycleRecord] = [:]
    private var tasks: [String: Task<Void, Never>] = [:]
    /// Actions to run once the frame is built (`onChange`).
    var deferred: [() -> Void] = []

    /// Marks the graph dirty, from any thread; a host's `onInvalidate` runs on the
    /// main actor.
    nonisolated func invalidate() {
        let (exchanged, _) = dirty.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        guard exchanged else { return }
        Task { @MainActor [weak self] in self?.onInvalidate?() }
    }

    /// Marks the graph clean before a render.
    func beginRender() {
        dirty.store(false, ordering: .releasing)
        currentLifecycles = [:]
        deferred = []
        path = [""]
        counters = [0]
        used.removeAll(keepingCapacity: true)
    }

    /// Forgets the state of views the render did not make (they went away), then
    /// runs lifecycle actions: disappearances, appearances (starting tasks) and
    /// changes.
    func endRender() {
        slots = slots.filter { used.contains($0.key) }
        let now = currentLifecycles, before = shownLifecycles
        shownLifecycles = now
        currentLifecycles = [:]
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
    }

    /// Enters a child view: returns its identity.
    func enter(_ component: String) -> String {
        let index = counters[counters.count - 1]
        counters[counters.count - 1] += 1
        let id = path[path.count - 1] + "/" + component + "#\(index)"
        path.append(id)
        counters.append(0)
        return id
    }

    /// Enters a child identified by a value (`ForEach` elements).
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

    /// The storage slot for `key`, made with `make` the first time.
    func slot<T: AnyObject>(_ key: String, make: () -> T) -> T {
        used.insert(key)
        if let s = slots[key] as? T { return s }
        let s = make()
        slots[key] = s
        return s
    }

    /// Runs `body`, marking the graph dirty when any `@Observable` property it
    /// read changes.
    func tracking<T>(_ body: () -> T) -> T {
        withObservationTracking(body) { [weak self] in
            // Called where the model changed, on whatever thread that was.
            self?.invalidate()
        }
    }
}

/// A property of a view that OpenCanvas connects to the view graph before asking
/// for the view's body (`@State`, `@Environment`).
@MainActor
protocol GraphProperty {
    func install(in graph: ViewGraph?, key: String, environment: EnvironmentValues)
}

/// Connects a view's graph properties (found by reflection, as SwiftUI does).
@MainActor
func installProperties<V: View>(of view: V, identity: String, environment: EnvironmentValues) {
    let mirror = Mirror(reflecting: view)
    for (index, child) in mirror.children.enumerated() {
        if let property = child.value as? any GraphProperty {
            property.install(in: ViewGraph.current, key: identity + "." + (child.label ?? "\(index)"),
                             environment: environment)
        }
    }
}
