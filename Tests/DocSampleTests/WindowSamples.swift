import OpenCanvasWindow

/// The documentation's window sample: compiled, not run (it waits for a person).
@MainActor
func showClockWindow() {
    if let window = WindowHost(title: "Clock", size: CGSize(width: 300, height: 300), content: { ClockFace() }) {
        window.run()          // until Escape or the close button (`await window.run()` in async code)
    }
}
