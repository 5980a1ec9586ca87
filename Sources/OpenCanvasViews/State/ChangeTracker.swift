import CanvasGeometry
import Foundation
import Synchronization

/// What changed since the last frame, written from any thread (an `@Observable`
/// model may change anywhere): the readers marked (body and canvas identities),
/// the transaction of each change, and whether a frame is needed at all. A change
/// wakes a host that sleeps.
package final class ChangeTracker: Sendable {
    /// Set when anything a frame read has changed.
    private let dirty = Atomic<Bool>(true)
    private let marked = Locked<Set<String>>([])
    /// The host's wake-up, in a struct: a closure kept as a lock's state directly
    /// (`Locked<(() -> Void)?>`) is handed to `withLock`'s body in the generic
    /// form and converted back on the way out, and each read through `inout` stored
    /// it wrapped in two more conversion thunks. A window's wake-up, read at every
    /// change, then ran through a chain a frame longer each frame: its main thread's
    /// stack grew 4 KB a second at 60 frames a second, so an 8 MB stack would have
    /// overflowed after about 40 minutes. A struct is passed as it is.
    private struct WakeHandler { let wake: @Sendable () -> Void }
    private let wakeHook = Locked<WakeHandler?>(nil)
    /// The host's date, readable where state changes (the start of an animation is
    /// the date of the change, not of the next frame).
    private let clock = Locked<Date>(Date())

    /// The transactions of changes since the last frame, by reader (the latest
    /// animated one wins), numbered in the order the changes were made.
    struct Pending {
        var byReader: [String: Transaction] = [:]
        var completions: [AnimationCompletion] = []
        var next: UInt64 = 0
    }
    private let pending = Locked(Pending())

    var isDirty: Bool { dirty.load(ordering: .acquiring) }

    /// Called, on whatever thread made the change, when the graph becomes dirty.
    package func setWakeHandler(_ handler: @escaping @Sendable () -> Void) {
        wakeHook.withLock { $0 = WakeHandler(wake: handler) }
    }

    func setDate(_ date: Date) { clock.withLock { $0 = date } }

    /// Asks for a new frame (waking a host that sleeps).
    func invalidate() {
        let (exchanged, _) = dirty.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        guard exchanged else { return }
        wakeHook.withLock { $0 }?.wake()
    }

    /// Marks one reader for the next frame, noting the transaction of the change
    /// (`withAnimation`) if there is one.
    func mark(_ reader: String) {
        // Animations start when the change was made, not at the next frame: the
        // change's transaction (a plain one outside `withAnimation`) keeps the date.
        let current = Transaction.current
        var transaction = current ?? Transaction()
        if transaction.start == nil { transaction.start = clock.withLock { $0 } }
        pending.withLock { t in
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

    /// The readers marked so far (the frame has not begun).
    var markedReaders: Set<String> { marked.withLock { $0 } }

    /// Starts a frame: takes what was marked and the changes' transactions, and
    /// clears the dirty flag (a change from now on asks for the next frame).
    func take() -> (readers: Set<String>, transactions: [String: Transaction], completions: [AnimationCompletion]) {
        dirty.store(false, ordering: .releasing)
        let readers = marked.withLock { m in
            defer { m.removeAll() }
            return m
        }
        let (byReader, completions) = pending.withLock { t in
            defer { t.byReader.removeAll(); t.completions.removeAll() }
            return (t.byReader, t.completions)
        }
        return (readers, byReader, completions)
    }
}
