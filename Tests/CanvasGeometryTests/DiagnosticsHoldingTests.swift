import Testing
import Foundation
@testable import CanvasGeometry

/// `Diagnostics.holding(in:_:)`: what a renderer's bands use to keep their reports
/// back for the caller to replay once, without allocating every frame.
@Suite("Diagnostics held back on a thread")
struct DiagnosticsHoldingTests {
    @Test("reports inside are held, not seen by the scope around, until replayed")
    func heldUntilReplayed() {
        let holder = Diagnostics.Holder()
        let (_, outer) = Diagnostics.collecting {
            Diagnostics.holding(in: holder) {
                Diagnostics.report(.negativeRadius)
                Diagnostics.report(.negativeRadius, "held message")
                Diagnostics.report(.invalidDash)
            }
        }
        #expect(outer.total == 0)
        #expect(holder.report.count(.negativeRadius) == 2)
        #expect(holder.report.count(.invalidDash) == 1)
        #expect(holder.report.lastMessage == Diagnostics.Kind.invalidDash.rawValue)
        #expect(!holder.isEmpty)

        let (_, replayed) = Diagnostics.collecting { Diagnostics.replay(holder.report) }
        #expect(replayed.count(.negativeRadius) == 2)
        #expect(replayed.count(.invalidDash) == 1)
    }

    @Test("each use starts empty; a scope opened inside sees the reports and the holder keeps them")
    func scopesInsideAndReuse() {
        let holder = Diagnostics.Holder()
        Diagnostics.holding(in: holder) { Diagnostics.report(.invalidValue) }
        #expect(holder.report.count(.invalidValue) == 1)

        let (_, outer) = Diagnostics.collecting {
            Diagnostics.holding(in: holder) {
                let (_, inner) = Diagnostics.collecting { Diagnostics.report(.nonFiniteValue) }
                #expect(inner.count(.nonFiniteValue) == 1)
            }
        }
        #expect(outer.total == 0)
        #expect(holder.report.count(.nonFiniteValue) == 1)
        #expect(holder.report.count(.invalidValue) == 0, "a new use forgets the last one's reports")

        Diagnostics.holding(in: holder) {}
        #expect(holder.isEmpty)
    }

    @Test("a holder holds only its own thread's reports")
    func otherThreadsAreNotHeld() {
        let holder = Diagnostics.Holder()
        let (_, outer) = Diagnostics.collecting {
            Diagnostics.holding(in: holder) {
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    // Not this thread's holder: it reaches the process's counts only.
                    Diagnostics.report(.codecError)
                    done.signal()
                }
                done.wait()
                Diagnostics.report(.imageUnavailable)
            }
        }
        #expect(outer.total == 0)
        #expect(holder.report.count(.codecError) == 0)
        #expect(holder.report.count(.imageUnavailable) == 1)
    }
}
