/// The lifecycle records of the frame being built and of the one shown, the
/// `.task`s alive, and the actions deferred to the end of the frame (`onChange`).
/// When a frame ends it runs, in order: disappearances (cancelling the views'
/// tasks), appearances (starting tasks), then the deferred actions.
@MainActor
final class LifecycleRunner {
    /// The records of the frame being built, by view identity.
    var current: [String: LifecycleRecord] = [:]
    private var shown: [String: LifecycleRecord] = [:]
    private var tasks: [String: Task<Void, Never>] = [:]
    /// Actions to run once the frame is built.
    var deferred: [() -> Void] = []

    /// Whether `.task`s of the shown views are alive (they may change state at any
    /// time, from the main actor's queue).
    var hasTasks: Bool { !tasks.isEmpty }

    /// The record of the view `identity` in the frame being built.
    func record(for identity: String) -> LifecycleRecord {
        if let r = current[identity] { return r }
        let r = LifecycleRecord()
        current[identity] = r
        return r
    }

    /// A frame from scratch: every view registers again.
    func beginFullFrame() {
        current = [:]
        deferred = []
    }

    /// A frame that keeps the tree: the shown views keep their records.
    func beginPartialFrame() {
        current = shown
        deferred = []
    }

    /// The views inside `identity` are made again: they register again.
    func forget(inside identity: String) {
        current = current.filter { !IdentityPath.isInside($0.key, identity) }
    }

    func endFrame() {
        let now = current, before = shown
        shown = now
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
}
