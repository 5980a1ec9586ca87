import Testing
import SwiftUI
import SwiftUIFiles

@MainActor @Suite("Files written for SwiftUI, built through the SwiftUI product")
struct CompatibilityTests {
    @Test func theTimerFillsTheGaugeOnTheHostsClock() {
        let host = HeadlessHost(size: CGSize(width: 120, height: 30)) { TickingGauge() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["Gauge, 0 percent"])
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["Gauge, 50 percent"])
        let image = host.render()
        // Filled to half: green at a quarter of the width, none at three quarters.
        let left = image.pixel(x: 30, y: 15), right = image.pixel(x: 90, y: 15)
        #expect(left.green > 100 && left.red < 100)
        #expect(right.alpha == 0)
    }

    @Test func coreGraphicsAndQuartzCoreNamesWork() throws {
        let image = try #require(ImageRenderer(content: TiltedCard()).cgImage)
        let centre = image.pixel(x: 50, y: 30)
        #expect(centre.blue > 200 && centre.red < 80)
        let p = TiltedCard.projection
        #expect(!p.isAffine)                      // the perspective survives the projection
        #expect(abs(p.m11 - cos(.pi / 8)) < 1e-9)
    }
}
