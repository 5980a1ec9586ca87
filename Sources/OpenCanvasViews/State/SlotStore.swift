/// State that can hold views, and through their environment (an action such as
/// `dismiss` that captures the state) reach itself: emptied when the view that
/// owns it goes away, so that it does not keep itself alive.
@MainActor
protocol ReleasedWithItsView: AnyObject {
    func release()
}

/// The storage of views that outlives a frame: one object per slot (`@State`
/// values, animation runs, timeline records, scroll positions, …), kept while the
/// view that owns it is made again in each frame that rebuilds it.
@MainActor
final class SlotStore {
    private var slots: [SlotKey: AnyObject] = [:]
    /// The slots asked for in the frame being built.
    private var used: Set<SlotKey> = []

    /// The slot for `key`, made with `make` the first time.
    func slot<T: AnyObject>(_ key: SlotKey, make: () -> T) -> T {
        used.insert(key)
        if let s = slots[key] as? T { return s }
        let s = make()
        slots[key] = s
        return s
    }

    func exists(_ key: SlotKey) -> Bool { slots[key] != nil }

    /// A new frame from scratch: nothing is used yet.
    func beginFrame() { used.removeAll(keepingCapacity: true) }

    /// Drops the slots of views the frame rebuilt but did not make again (they went
    /// away); an animation run among them is cancelled (its completion runs).
    func endFrame(rebuilt: [String]) {
        slots = slots.filter { key, slot in
            let kept = used.contains(key) || !rebuilt.contains { key.isInside($0) }
            if !kept, let run = slot as? AnimationRunHolder { run.cancelRun() }
            if !kept { SlotStore.release(slot) }
            return kept
        }
        used.removeAll(keepingCapacity: true)
    }

    /// Empties a dropped slot's state that can reach itself.
    private static func release(_ slot: AnyObject) {
        (slot as? ReleasableSlot)?.releaseValue()
    }

    // The graph is gone (its host was released): every slot's view went away.
    isolated deinit {
        for slot in slots.values { SlotStore.release(slot) }
    }
}

/// A slot whose value may be state that is released with its view.
@MainActor
protocol ReleasableSlot: AnyObject {
    func releaseValue()
}
