import Testing
import OpenCanvas
import OpenCanvasTesting
@testable import MoonPhase

/// Snapshot tests as a user writes them: references in `__Snapshots__/MoonPhaseTests/`
/// beside this file (recorded on the first run, looked at, then committed).
@MainActor @Suite struct MoonPhaseTests {
    @Test func phases() {
        for phase in [0.1, 0.25, 0.4, 0.5, 0.75, 0.9] {
            assertSnapshot(of: MoonView(phase: phase).frame(width: 64, height: 64),
                           as: .image(scale: 2), named: "phase-\(Int(phase * 100))")
        }
    }

    @Test func darkAppearance() {
        assertSnapshot(of: MoonView(phase: 0.4).frame(width: 64, height: 64), as: .image(scale: 2, colorScheme: .dark))
    }

    @Test func calendar() {
        assertSnapshot(of: MoonCalendar(firstPhase: 0.2), as: .image)
        assertSnapshot(of: MoonCalendar(firstPhase: 0.2), as: .accessibility)
        assertSnapshot(of: MoonCalendar(firstPhase: 0.2), as: .layout)
    }

    @Test func tappingADaySelectsIt() throws {
        let host = HeadlessHost(size: CGSize(width: 360, height: 120)) { MoonCalendar(firstPhase: 0.2) }
        let moons = host.accessibilityElements.filter { $0.label == "Moon" }
        try #require(moons.count == 7)
        host.tap(at: CGPoint(x: moons[5].frame.midX, y: moons[5].frame.midY))
        #expect(host.accessibilityReading.last == "Waxing gibbous")
        assertSnapshot(of: host, as: .image)
    }

    @Test func names() {
        #expect(MoonView.name(of: 0) == "New moon")
        #expect(MoonView.name(of: 0.5) == "Full moon")
        #expect(MoonView.name(of: 1.25) == "First quarter")
    }
}
