import Testing
import OpenCanvas
import OpenCanvasTesting

@MainActor @Suite struct ClockTests {
    @Test func face() {
        assertSnapshot(of: ClockView(), as: .image(size: CGSize(width: 200, height: 200), scale: 2))
        assertSnapshot(of: ClockView(), as: .image(colorScheme: .dark), named: "dark")
        assertSnapshot(of: ClockView(), as: .accessibility)          // the elements as text
        assertSnapshot(of: ClockView(), as: .layout)                 // the frames of the view tree
        assertSnapshot(of: ClockView(), as: .frames(seconds: 1, fps: 4))   // an animation, side by side
    }

    @Test func tapping() {
        let host = HeadlessHost(size: CGSize(width: 200, height: 200)) { ClockView() }
        host.date = snapshotDate                  // a fixed clock: the same frame on every run
        host.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 0.5)
        assertSnapshot(of: host, as: .image)      // the host's current frame, after the steps
    }
}
