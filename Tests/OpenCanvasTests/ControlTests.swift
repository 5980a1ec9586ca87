import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Controls: toggles, sliders, steppers, progress")
struct ControlTests {
    final class Box<T> { var value: T; init(_ v: T) { value = v } }

    struct Panel: View {
        @State var isOn = false
        @State var speed = 0.5
        @State var count = 3
        let edits: Box<[Bool]>

        var body: some View {
            VStack(spacing: 12) {
                Toggle("Grid", isOn: $isOn)
                Slider(value: $speed, in: 0...1, step: 0.1) { Text("Speed") } onEditingChanged: { edits.value.append($0) }
                Stepper("Dots \(count)", value: $count, in: 1...4)
            }
            .padding(16)
        }
    }

    func element(_ host: HeadlessHost<Panel>, _ label: String) throws -> AccessibilityElement {
        try #require(host.accessibilityElements.first { $0.label.hasPrefix(label) })
    }

    @Test func theControlsReadAsOnAnIPhone() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 160)) { Panel(edits: Box([])) }
        #expect(host.accessibilityReading == ["Grid, off, Switch button", "Speed, 50%, Adjustable", "Dots 3",
                                              "Decrement, Button", "Increment, Button"])
    }

    @Test func aTapOnTheSwitchFlipsItAndTheKnobSlides() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 160)) { Panel(edits: Box([])) }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let toggle = try element(host, "Grid")
        // The switch is the row's trailing 51 × 31: its centre, 25.5 in from the right.
        let knobSide = CGPoint(x: toggle.frame.maxX - 25.5, y: toggle.frame.midY)
        host.tap(at: CGPoint(x: toggle.frame.minX + 10, y: toggle.frame.midY))   // on the label: nothing
        #expect(try element(host, "Grid").value == "off")
        host.tap(at: knobSide)
        #expect(try element(host, "Grid").value == "on")
        let start = host.render()
        host.advance(by: 0.1)                                    // half way through the 0.2 s slide
        let middle = host.render()
        host.advance(by: 0.2)
        let end = host.render()
        // Green fills the track once on; the knob is white at its end.
        let knobEnd = (Int(toggle.frame.maxX - 15.5), Int(toggle.frame.midY))
        #expect(end.pixel(x: knobEnd.0, y: knobEnd.1) == (255, 255, 255, 255))
        #expect(end.pixel(x: Int(toggle.frame.maxX - 40), y: Int(toggle.frame.midY)) == (52, 199, 89, 255))
        #expect(start.rgbaBytes() != middle.rgbaBytes() && middle.rgbaBytes() != end.rgbaBytes())
        // A drag to the left turns it off.
        host.drag(from: knobSide, to: CGPoint(x: knobSide.x - 30, y: knobSide.y))
        #expect(try element(host, "Grid").value == "off")
    }

    @Test func aDragOnTheThumbMovesTheSliderInStepsATapOnTheTrackDoesNot() throws {
        let edits = Box<[Bool]>([])
        let host = HeadlessHost(size: CGSize(width: 300, height: 160)) { Panel(edits: edits) }
        let slider = try element(host, "Speed")
        let travel = slider.frame.width - 28
        let thumb = CGPoint(x: slider.frame.minX + 14 + travel * 0.5, y: slider.frame.midY)
        host.tap(at: CGPoint(x: slider.frame.minX + 20, y: slider.frame.midY))   // the track, far from the thumb
        #expect(try element(host, "Speed").value == "50%")
        host.drag(from: thumb, to: CGPoint(x: thumb.x + travel * 0.23, y: thumb.y))
        #expect(try element(host, "Speed").value == "70%")          // 0.73 on the 0.1 steps
        #expect(edits.value == [true, false])
        host.drag(from: CGPoint(x: slider.frame.minX + 14 + travel * 0.7, y: thumb.y),
                  to: CGPoint(x: slider.frame.maxX + 500, y: thumb.y))
        #expect(try element(host, "Speed").value == "100%")         // clamped at the end
    }

    @Test func theStepperStaysInItsBounds() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 160)) { Panel(edits: Box([])) }
        let plus = try #require(host.accessibilityElements.first { $0.label == "Increment" })
        let minus = try #require(host.accessibilityElements.first { $0.label == "Decrement" })
        host.tap(at: CGPoint(x: plus.frame.midX, y: plus.frame.midY))
        host.tap(at: CGPoint(x: plus.frame.midX, y: plus.frame.midY + 1))
        #expect(host.accessibilityReading.contains("Dots 4"))       // 5 is beyond 1…4
        for _ in 0..<5 { host.tap(at: CGPoint(x: minus.frame.midX, y: minus.frame.midY)) }
        #expect(host.accessibilityReading.contains("Dots 1"))
    }

    @Test func disabledControlsDoNothing() throws {
        struct Off: View {
            @State var isOn = false
            var body: some View { Toggle("Locked", isOn: $isOn).disabled(true).padding() }
        }
        let host = HeadlessHost(size: CGSize(width: 200, height: 60)) { Off() }
        let row = try #require(host.accessibilityElements.first)
        host.tap(at: CGPoint(x: row.frame.maxX - 25, y: row.frame.midY))
        #expect(host.accessibilityElements.first?.value == "off")
    }

    @Test func progressBarsAndSpinners() throws {
        let bar = try #require(render(ProgressView(value: 0.25).frame(width: 100), scale: 1))
        #expect(bar.height == 4)
        #expect(bar.pixel(x: 10, y: 2) == (0, 122, 255, 255))      // the tint up to a quarter
        #expect(bar.pixel(x: 60, y: 2).alpha < 80)                  // the translucent fill after it
        let bad = try #require(render(ProgressView(value: Double.nan, total: 0).frame(width: 100), scale: 1))
        #expect(bad.pixel(x: 10, y: 2).alpha < 80)                  // nothing filled
        let host = HeadlessHost(size: CGSize(width: 40, height: 40)) { ProgressView() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let first = host.render()
        host.advance(by: 0.125)
        #expect(first.rgbaBytes() != host.render().rgbaBytes())     // it turned an eighth
        #expect(host.accessibilityReading == ["In progress"])
        let labelled = HeadlessHost(size: CGSize(width: 200, height: 60)) {
            ProgressView("Copying", value: 3, total: 4)
        }
        #expect(labelled.accessibilityReading == ["Copying, 75%"])
    }

    @Test func stylesChangeTheLook() throws {
        struct Styled: View {
            @State var a = true
            @State var b = false
            var body: some View {
                VStack {
                    Toggle("Bold", isOn: $a).toggleStyle(.button)
                    Toggle("Agree", isOn: $b).toggleStyle(.checkbox)
                    Toggle("Hidden label", isOn: $b).labelsHidden()
                    ProgressView(value: 0.5).progressViewStyle(.circular)
                }
                .padding()
            }
        }
        let host = HeadlessHost(size: CGSize(width: 260, height: 200)) { Styled() }
        #expect(host.accessibilityReading == ["Bold, Selected, Button", "Agree, unchecked, Switch button",
                                              "Hidden label, off, Switch button", "In progress"])
        let agree = try #require(host.accessibilityElements.first { $0.label == "Agree" })
        host.tap(at: CGPoint(x: agree.frame.maxX - 5, y: agree.frame.midY))   // the label flips a check box
        #expect(host.accessibilityElements.first { $0.label == "Agree" }?.value == "checked")
    }
}

@MainActor @Suite("Controls drawn as on an iPhone, light and dark")
struct ControlAppearanceTests {
    struct Gallery: View {
        @State var on = true
        @State var off = false
        @State var level = 0.35
        @State var count = 1
        var body: some View {
            VStack(alignment: .leading, spacing: 14) {
                Toggle("Wi-Fi", isOn: $on)
                Toggle("Bluetooth", isOn: $off)
                Toggle("Tinted", isOn: $on).tint(.orange)
                Slider(value: $level) { Text("Level") } minimumValueLabel: {
                    Image(systemName: "speaker.fill")
                } maximumValueLabel: {
                    Image(systemName: "speaker.wave.3.fill")
                }
                Stepper("Copies: \(count)", value: $count, in: 1...3)
                ProgressView("Downloading", value: 0.6)
                HStack(spacing: 16) {
                    ProgressView()
                    Toggle("Bold", isOn: $on).toggleStyle(.button)
                    Toggle("Italic", isOn: $off).toggleStyle(.button)
                    Toggle("Agree", isOn: $on).toggleStyle(.checkbox)
                }
            }
            .padding(20)
        }
    }

    func render(_ scheme: ColorScheme) -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 360, height: 400), scale: 2) {
            Gallery().frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(render(.light), named: "controls-light") }
    @Test func dark() throws { try ReferenceImage.check(render(.dark), named: "controls-dark") }
}

@MainActor @Suite("Gauges")
struct GaugeTests {
    struct Gauges: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Gauge(value: 0.62) { Text("Storage") } currentValueLabel: { Text("62 GB") }
                    minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
                Gauge(value: 30, in: 0...120) { Text("Speed") }.gaugeStyle(.accessoryLinearCapacity).tint(.orange)
                Gauge(value: 0.8) { Text("Level") }.gaugeStyle(.accessoryLinear)
                HStack(spacing: 20) {
                    Gauge(value: 0.7) { Text("Battery") } currentValueLabel: { Text("70") }
                        .gaugeStyle(.accessoryCircularCapacity).tint(.green)
                    Gauge(value: 0.25) { Text("Temp") } currentValueLabel: { Text("12°") }
                        .gaugeStyle(.accessoryCircular)
                }
            }
            .padding(16)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func image(_ scheme: ColorScheme) -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 280, height: 280), scale: 2) {
            Gauges().background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(image(.light), named: "gauges-light") }
    @Test func dark() throws { try ReferenceImage.check(image(.dark), named: "gauges-dark") }

    @Test func readingsAndBadValues() throws {
        let host = HeadlessHost(size: CGSize(width: 280, height: 280)) { Gauges() }
        #expect(host.accessibilityReading == ["Storage, 62 GB", "Speed, 25%", "Level, 80%", "Battery, 70", "Temp, 12°"])
        let bad = HeadlessHost(size: CGSize(width: 200, height: 60)) {
            VStack {
                Gauge(value: Double.nan) { Text("A") }
                Gauge(value: 5, in: 5...5) { Text("B") }            // an empty range
                Gauge(value: 50, in: 0...10) { Text("C") }
            }
        }
        #expect(bad.accessibilityReading == ["A, 0%", "B, 0%", "C, 100%"])
    }
}
