import Testing
import SwiftUI
@testable import SwiftUIFiles

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

extension CompatibilityTests {
    @Test func particlesRiseOnTheTimelinesClock() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let host = HeadlessHost(size: CGSize(width: 200, height: 200)) { ParticleFountain(start: start) }
        host.date = start.addingTimeInterval(1)
        let image = host.render()
        // Black where no particle is; bright cyan-ish somewhere above the spout.
        #expect(image.pixel(x: 5, y: 5) == (0, 0, 0, 255))
        var brightest = 0
        for y in 0..<150 { for x in 60..<140 { brightest = max(brightest, Int(image.pixel(x: x, y: y).green)) } }
        #expect(brightest > 150)
    }

    @Test func theChartFollowsItsStoreInTheDark() {
        let store = SalesStore(values: [1, 2, 4])
        let host = HeadlessHost(size: CGSize(width: 200, height: 140)) { BarChart(store: store) }
        let first = host.render()
        // The background is black: the chart prefers the dark appearance.
        #expect(first.pixel(x: 100, y: 25) == (0, 0, 0, 255))
        store.values = [4, 2, 1]
        #expect(host.needsRender)
        let second = host.render()
        // The first bar is now the tallest: its top, near the chart's top, is drawn.
        #expect(second.pixel(x: 40, y: 30).alpha == 255 && second.pixel(x: 40, y: 30).red > 200)
    }

    @Test func previewsRender() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compat-previews-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try PreviewRenderer.render([ParticleFountain_Previews.self], to: directory, scale: 1)
        #expect(files.count == 1)
    }
}

extension CompatibilityTests {
    @Test func assetCatalogColoursComeFromTheModulesBundle() {
        let host = HeadlessHost(size: CGSize(width: 30, height: 30)) { BrandSwatch() }
        let light = host.render().pixel(x: 15, y: 15)
        #expect([light.red, light.green, light.blue] == [26, 51, 153])
        host.colorScheme = .dark
        let dark = host.render().pixel(x: 15, y: 15)
        #expect([dark.red, dark.green, dark.blue] == [153, 204, 255])
    }
}

extension CompatibilityTests {
    @Test func theClockDrawsItsFaceAndHand() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { AnalogClock() }
        host.date = Date(timeIntervalSinceReferenceDate: 15)           // second 15: the hand points right
        let image = host.render()
        #expect(image.pixel(x: 80, y: 50).red > 200)                   // on the hand
        #expect(image.pixel(x: 50, y: 20).alpha == 0)                  // no hand straight up
        #expect(image.pixel(x: 50, y: 2).alpha > 100)                  // the face's rim
    }

    @Test func metaballsMergeIntoOneBlob() {
        let image = ImageRenderer(content: Metaballs(positions: [CGPoint(x: 60, y: 50), CGPoint(x: 95, y: 50)])).cgImage
        let bridge = image?.pixel(x: 78, y: 50)
        #expect(bridge?.alpha == 255)                                  // the gap between the balls is filled
        #expect(image?.pixel(x: 10, y: 10).alpha == 0)
    }

    @Test func dragsDrawLines() {
        let host = HeadlessHost(size: CGSize(width: 120, height: 120)) { DrawingPad() }
        host.drag(from: CGPoint(x: 20, y: 60), to: CGPoint(x: 100, y: 60))
        let image = host.render()
        #expect(image.pixel(x: 60, y: 60).blue > 200)
        #expect(image.pixel(x: 60, y: 20).alpha == 0)
    }

    @Test func lifeStepsOnTheTimer() {
        // A blinker: three in a row turns from horizontal to vertical every step.
        let board = LifeBoard(size: 10, alive: [[3, 4], [4, 4], [5, 4]])
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) { GameOfLife(board: board) }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        _ = host.render()
        host.advance(by: 0.5)
        #expect(board.cells == [[4, 3], [4, 4], [4, 5]])
        let image = host.render()
        #expect(image.pixel(x: 45, y: 35).green > 150)                 // cell (4, 3)
        #expect(image.pixel(x: 35, y: 45).alpha == 0)                  // cell (3, 4) died
    }

    @Test func visualizerBarsMoveWithTime() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let host = HeadlessHost(size: CGSize(width: 100, height: 40)) { Visualizer(start: start) }
        host.date = start
        let first = host.render()
        host.date = start.addingTimeInterval(0.4)
        let later = host.render()
        #expect(first.pngData() != later.pngData())
    }
}

extension CompatibilityTests {
    @Test func thePieHasItsSlicesAndLegend() {
        let host = HeadlessHost(size: CGSize(width: 220, height: 120)) {
            PieChart(slices: [PieSlice(value: 3, color: .blue), PieSlice(value: 1, color: .orange)])
        }
        let image = host.render()
        // The pie (left, 88 pt across after padding): blue on the right of its centre
        // (three quarters clockwise from the top), orange in its top-left quarter.
        var blue = 0, orange = 0
        for y in 0..<120 { for x in 0..<110 {
            let p = image.pixel(x: x, y: y)
            if p.blue > 200 && p.red < 50 { blue += 1 }
            if p.red > 200 && p.green > 120 && p.blue < 50 { orange += 1 }
        } }
        #expect(blue > 2 * orange && orange > 500)
        #expect(host.accessibilityReading == ["3", "1"])
    }

    @Test func starsStreakOnABlackSky() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let host = HeadlessHost(size: CGSize(width: 200, height: 150)) { StarField(start: start) }
        host.date = start.addingTimeInterval(2)
        let image = host.render()
        #expect(image.pixel(x: 1, y: 1) == (0, 0, 0, 255))
        var lit = 0
        for y in 0..<150 { for x in 0..<200 where image.pixel(x: x, y: y).red > 128 { lit += 1 } }
        #expect(lit > 30)
    }

    @Test func glowTextIsAGradientThroughText() throws {
        let image = try #require(ImageRenderer(content: GlowText("Neon")).cgImage)
        #expect(image.pixel(x: 2, y: 2) == (0, 0, 0, 255))             // the background
        var coloured = 0
        for y in 0..<image.height { for x in 0..<image.width {
            let p = image.pixel(x: x, y: y)
            if p.red > 150 && p.blue > 100 { coloured += 1 }
        } }
        #expect(coloured > 300)
    }

    @Test func rainFallsOverTheSky() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let host = HeadlessHost(size: CGSize(width: 200, height: 140)) { RainEffect(start: start) }
        host.date = start.addingTimeInterval(1)
        let image = host.render()
        let top = image.pixel(x: 199, y: 0), bottom = image.pixel(x: 199, y: 139)
        #expect(top.red > bottom.red)                                  // grey to black
        var cyan = 0
        for y in 0..<140 { for x in 0..<200 { let p = image.pixel(x: x, y: y); if p.green > p.red + 40 { cyan += 1 } } }
        #expect(cyan > 50)
    }

    @Test func theRingShowsItsProgress() {
        let host = HeadlessHost(size: CGSize(width: 132, height: 132)) { ProgressRing(progress: 0.25) }
        let image = host.render()
        #expect(host.accessibilityReading == ["25%"])
        // A quarter from the top, clockwise: the right side's top is drawn, the left is track only.
        let right = image.pixel(x: 66 + 45, y: 66 - 20), left = image.pixel(x: 66 - 45, y: 66 - 20)
        #expect(right.alpha == 255 && right.green > 150)
        #expect(left.alpha < 120)
    }
}

extension CompatibilityTests {
    @Test func theWaveAnimatesItsPhase() {
        let host = HeadlessHost(size: CGSize(width: 200, height: 60)) { WaveView() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let before = host.render()
        host.tap(at: CGPoint(x: 100, y: 50))
        host.advance(by: 0.5)
        let middle = host.render()
        host.advance(by: 1)
        let after = host.render()
        // A quarter of the way along, the crest is 10 pt below the middle line (y 40);
        // half a turn of phase moves it 10 pt above (y 20).
        #expect(before.pixel(x: 50, y: 36).alpha == 0 && before.pixel(x: 50, y: 45).alpha == 255)
        #expect(after.pixel(x: 50, y: 24).alpha == 255)
        #expect(middle.pngData() != before.pngData() && middle.pngData() != after.pngData())
    }

    @Test func theWeatherCardReadsAsOne() {
        let host = HeadlessHost(size: CGSize(width: 160, height: 150)) { WeatherCard(temperature: 21, place: "Lisbon") }
        let image = host.render()
        #expect(image.pixel(x: 1, y: 1).alpha == 0)                    // the rounded corner
        #expect(image.pixel(x: 80, y: 140).blue > 200)                 // the gradient
        #expect(host.accessibilityElements.count == 1)
        #expect(host.accessibilityReading.first?.contains("21°") == true)
    }

    @Test func confettiFalls() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let host = HeadlessHost(size: CGSize(width: 200, height: 160)) { Confetti(start: start) }
        host.date = start.addingTimeInterval(1)
        let image = host.render()
        var pieces = 0
        for y in 0..<160 { for x in 0..<200 where image.pixel(x: x, y: y).alpha == 255 { pieces += 1 } }
        #expect(pieces > 600)                                          // about 40 pieces of 60 px
    }

    @Test func theYearGridCountsDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(from: DateComponents(year: 2024, month: 2, day: 1, hour: 12))!
        let host = HeadlessHost(size: CGSize(width: 206, height: 240)) { YearGrid(today: day) }
        #expect(host.accessibilityReading.first == "32 / 366")
    }
}

extension CompatibilityTests {
    @Test func theFlowerHasPetalsAllRound() throws {
        let image = try #require(ImageRenderer(content: Flower()).cgImage)
        #expect(image.pixel(x: 60, y: 20).alpha > 100)                 // top petal
        #expect(image.pixel(x: 100, y: 60).alpha > 100)                // right petal
        #expect(image.pixel(x: 2, y: 2).alpha == 0)
    }

    @Test func theSparklineSpansItsWidth() throws {
        let image = try #require(ImageRenderer(content: Sparkline(values: [1, 3, 2, 5, 4])).cgImage)
        var left = false, right = false
        for y in 0..<image.height {
            if image.pixel(x: 5, y: y).green > 150 { left = true }
            if image.pixel(x: image.width - 5, y: y).green > 150 { right = true }
        }
        #expect(left && right)
    }

    @Test func dotsPulse() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 50)) { LoadingDots() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let first = host.render()
        host.advance(by: 0.3)
        #expect(host.render().pngData() != first.pngData())
    }

    @Test func theCountdownCountsOnTheClock() {
        let now = Date(timeIntervalSinceReferenceDate: 1000)
        let host = HeadlessHost(size: CGSize(width: 200, height: 80)) { Countdown(target: now.addingTimeInterval(12)) }
        host.date = now
        #expect(host.accessibilityReading == ["12 s"])
        host.advance(by: 3)
        #expect(host.accessibilityReading == ["9 s"])
    }

    @Test func observationModelsRedraw() {
        let host = HeadlessHost(size: CGSize(width: 120, height: 120)) { ObservableCounter() }
        #expect(host.accessibilityReading == ["Taps: 0"])
        host.tap(at: CGPoint(x: 60, y: 75))
        #expect(host.accessibilityReading == ["Taps: 1"])
    }

    @Test func ripplesAreConcentric() throws {
        let image = try #require(ImageRenderer(content: Ripples()).cgImage)
        #expect(image.pixel(x: 60, y: 60).alpha == 0)                  // the centre is empty
        #expect(image.pixel(x: 60 + 48, y: 60).alpha > 100)            // the outer ring (r ≈ 48)
    }

    @Test func checkerboardTilesAndLabels() throws {
        let image = try #require(ImageRenderer(content: Checkerboard()).cgImage)
        #expect(image.pixel(x: 5, y: 5) == (0, 0, 0, 255))
        #expect(image.pixel(x: 15, y: 5).alpha == 0)
        var red = 0
        for y in 20..<40 { for x in 20..<80 where image.pixel(x: x, y: y).red > 200 && image.pixel(x: x, y: y).green < 120 { red += 1 } }
        #expect(red > 20)
    }

    @Test func theBallBouncesThroughItsKeyframes() {
        let host = HeadlessHost(size: CGSize(width: 60, height: 120)) { Bounce() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let rest = host.render()
        #expect(rest.pixel(x: 30, y: 105).alpha == 255)               // at the bottom
        host.tap(at: CGPoint(x: 30, y: 105))
        host.advance(by: 0.3)
        let top = host.render()
        #expect(top.pixel(x: 30, y: 45).alpha == 255)                 // 60 pt up
        #expect(top.pixel(x: 30, y: 110).alpha == 0)
    }

    @Test func orbsGlowWhereTheyMeet() throws {
        let image = try #require(ImageRenderer(content: GlowOrbs()).cgImage)
        let pink = image.pixel(x: 45, y: 55), meet = image.pixel(x: 82, y: 70)
        #expect(pink.red > 150)
        #expect(Int(meet.red) + Int(meet.blue) > 200)
        #expect(image.pixel(x: 2, y: 158) == (0, 0, 0, 255))
    }

    @Test func theBadgeCountsTaps() {
        let host = HeadlessHost(size: CGSize(width: 200, height: 100)) { BadgeButton() }
        #expect(host.accessibilityReading.contains { $0.contains("3") })
        host.tap(at: CGPoint(x: 100, y: 50))
        #expect(host.accessibilityReading.contains { $0.contains("4") })
    }

    @Test func measuredTextSitsInItsFrame() throws {
        let image = try #require(ImageRenderer(content: TextMeasure()).cgImage)
        var orange = 0, dark = 0
        for y in 0..<60 { for x in 0..<160 {
            let p = image.pixel(x: x, y: y)
            if p.red > 200 && p.green > 100 && p.blue < 60 { orange += 1 }
            if p.alpha > 200 && p.red < 60 && p.green < 60 { dark += 1 }
        } }
        #expect(orange > 100 && dark > 50)                             // the frame and the label
    }
}

extension CompatibilityTests {
    @Test func theSpotlightFollowsThePointerAndTheTabUnderlineMoves() {
        let host = HeadlessHost(size: CGSize(width: 212, height: 186)) { HoverSpotlight() }
        let dark = host.render()
        // A dot of the canvas (padding 16, title and tabs above: dots from (22, 80)
        // every 12 points) is dim until the pointer comes near it.
        host.hover(at: CGPoint(x: 46, y: 104))
        let lit = host.render()
        #expect(dark.pixel(x: 46, y: 104).red < 80)
        #expect(lit.pixel(x: 46, y: 104).red > 200)
        host.hover(at: nil)
        #expect(host.render().rgbaBytes() == dark.rgbaBytes())
        // Tapping the first tab moves the orange underline under it.
        let underlineBefore = (0..<212).filter { x in (0..<80).contains { y in host.render().pixel(x: x, y: y) == (255, 149, 0, 255) } }
        host.tap(at: CGPoint(x: 28, y: 56))
        let image = host.render()
        let underlineAfter = (0..<212).filter { x in (0..<80).contains { y in image.pixel(x: x, y: y) == (255, 149, 0, 255) } }
        #expect(!underlineBefore.isEmpty && !underlineAfter.isEmpty)
        #expect(underlineAfter.first! < underlineBefore.first!)
    }
}

extension CompatibilityTests {
    @Test func theCityClockListPushesAPlaceAndShowsTheSheet() throws {
        let host = HeadlessHost(size: CGSize(width: 390, height: 700)) { CityClocks() }
        host.date = Date(timeIntervalSince1970: 1_795_963_040)      // 2026-11-29 14:37:20 UTC
        #expect(host.accessibilityReading == ["info circle, Button", "World Clock, Heading", "Lisbon, 14:37, Button",
                                              "Tokyo, 23:37, Button", "Los Angeles, 06:37, Button"])
        let tokyo = try #require(host.accessibilityElements.first { $0.label.hasPrefix("Tokyo") })
        host.tap(at: CGPoint(x: tokyo.frame.midX, y: tokyo.frame.midY))
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["World Clock, Button", "Tokyo, Heading", "Tokyo"])
    }

    @Test func theTunerRedrawsFromItsControls() throws {
        let host = HeadlessHost(size: CGSize(width: 390, height: 700)) { ShapeTuner() }
        let before = host.render().rgbaBytes()
        let spokes = try #require(host.accessibilityElements.first { $0.label == "Spokes" })
        host.tap(at: CGPoint(x: spokes.frame.midX, y: spokes.frame.midY))
        #expect(host.accessibilityReading.contains("Spokes, Selected, Button"))
        #expect(host.render().rgbaBytes() != before)
        let filled = try #require(host.accessibilityElements.first { $0.label == "Filled" })
        host.tap(at: CGPoint(x: filled.frame.maxX - 25, y: filled.frame.midY))
        #expect(host.accessibilityReading.contains("Filled, off, Switch button"))
    }
}
