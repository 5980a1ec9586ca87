import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Random streams of drawing calls with hostile arguments (`HostileDrawing`):
/// none may trap, hang or exhaust memory.
///
/// This suite renders 2,000 canvases in the debug build the tests run in, where
/// pixel loops are some 30–40 times slower than in a release build; the time
/// bound here is a hang detector at that speed. The speed users get is checked by
/// `canvas-stress`, which CI runs in release over 10⁴ canvases with a 1 s bound per
/// canvas and a 4 GiB address-space limit (`Scripts/stress.sh`; 10⁶ canvases
/// locally). `OPENCANVAS_STRESS_CANVASES` and `OPENCANVAS_STRESS_SEED` change the
/// run here.
@MainActor
@Suite("Stress: hostile drawing streams")
struct StressTests {
    @Test("seeded canvases of hostile calls: no trap, no hang, memory bounded")
    func hostileStreams() async {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["OPENCANVAS_STRESS_CANVASES"].flatMap { Int($0) } ?? 2_000
        let first = environment["OPENCANVAS_STRESS_SEED"].flatMap { UInt64($0) } ?? 1
        var slowest = (seconds: 0.0, seed: first)
        for seed in first..<(first &+ UInt64(max(count, 0))) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = renderHostileCanvas(seed: seed)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds > slowest.seconds { slowest = (seconds, seed) }
            await Task.yield()          // other main-actor tests run in between
        }
        #expect(slowest.seconds < 30, "seed \(slowest.seed) took \(slowest.seconds) s")
        let peak = peakResidentBytes()
        #expect(peak < 4 << 30, "peak resident memory \(peak >> 20) MiB")
        print("stress: \(count) canvases from seed \(first); slowest \(slowest.seed) in \(slowest.seconds) s; peak RSS \(peak >> 20) MiB")
    }
}

/// The process's peak resident set size, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024       // kilobytes on Linux
}
