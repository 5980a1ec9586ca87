import CanvasGeometry
import Testing
@testable import OpenCanvasViews

/// A host's wake-up (what a change made on any thread calls to end the host's
/// wait for events) is called at every change, for as long as the host runs.
@Suite("Wake handler: the same call at every change")
struct WakeHandlerTests {
    /// The stack address of a local in the handler, each time it runs: a handler
    /// wrapped in one more layer at each call would run deeper each time (the
    /// stack grows down).
    @Test("a wake handler called 10⁴ times runs at the same stack depth each time")
    func sameDepth() {
        let tracker = ChangeTracker()
        let depths = Locked<[Int]>([])
        tracker.setWakeHandler {
            var marker = 0
            let address = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
            depths.withLock { $0.append(address) }
        }
        _ = tracker.take()   // (a new tracker starts dirty: the first change would not wake)
        for _ in 0..<10_000 {
            tracker.invalidate()
            _ = tracker.take()
        }
        let seen = depths.withLock { $0 }
        #expect(seen.count == 10_000)
        guard let first = seen.first, let last = seen.last else { return }
        #expect(abs(first - last) < 1024, "the 10⁴th call ran \(first - last) bytes deeper than the first")
    }
}
