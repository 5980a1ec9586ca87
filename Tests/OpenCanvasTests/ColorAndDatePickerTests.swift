import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Colour and date pickers")
struct ColorAndDatePickerTests {
    func tap(_ host: HeadlessHost<some View>, _ label: String) throws {
        let e = try #require(host.accessibilityElements.last { $0.label == label || $0.label.hasPrefix(label + ",") })
        host.tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
    }

    /// The readings, the narrow no-break space ICU puts before "PM" made a space.
    func readings(_ host: HeadlessHost<some View>) -> [String] {
        host.accessibilityReading.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    struct Paint: View {
        @State var color = Color.red
        var body: some View {
            ColorPicker("Ink", selection: $color, supportsOpacity: false).padding()
        }
    }

    @Test func aColorPickerOpensAPaletteAndTakesTheSwatchTapped() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Paint() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["Ink, red 100%, green 23%, blue 19%, Button"])
        try tap(host, "Ink")
        host.advance(by: 1)
        #expect(host.accessibilityReading.prefix(2) == ["Colors", "Done, Button"])
        #expect(host.accessibilityElements.count == 2 + 72)                   // 6 rows of 12 swatches
        try tap(host, "red 0%, green 0%, blue 0%")                             // black, the end of the greys
        try tap(host, "Done")
        host.advance(by: 1)
        #expect(host.accessibilityReading == ["Ink, red 0%, green 0%, blue 0%, Button"])
    }

    struct When: View {
        // 2026-11-29 14:37:20 UTC.
        @State var date = Date(timeIntervalSince1970: 1_795_963_040)
        let style: Int
        var body: some View {
            Group {
                if style == 0 {
                    DatePicker("Start", selection: $date)
                } else {
                    DatePicker("Start", selection: $date, displayedComponents: .date).datePickerStyle(.graphical)
                }
            }
            .environment(\.timeZone, TimeZone(identifier: "UTC")!)
            .environment(\.locale, Locale(identifier: "en_US"))
            .padding()
            .frame(maxHeight: .infinity, alignment: .top)
        }
    }

    @Test func aCompactDatePickerOpensACalendarAndKeepsTheTime() throws {
        let host = HeadlessHost(size: CGSize(width: 360, height: 600)) { When(style: 0) }
        #expect(readings(host) == ["Start, Nov 29, 2026, 2:37 PM, Button"])
        let row = try #require(host.accessibilityElements.first).frame
        // The date capsule is the first of the two at the trailing end.
        host.tap(at: CGPoint(x: row.maxX - 150, y: row.midY))
        #expect(host.accessibilityReading.prefix(3) == ["November 2026", "Previous month, Button", "Next month, Button"])
        #expect(host.accessibilityReading.contains("29, Selected, Button"))
        try tap(host, "15")
        // Dismissed by a tap outside; the day changed, the time did not.
        host.tap(at: CGPoint(x: 180, y: 590))
        #expect(readings(host) == ["Start, Nov 15, 2026, 2:37 PM, Button"])
    }

    @Test func theGraphicalStyleTurnsMonths() throws {
        let host = HeadlessHost(size: CGSize(width: 360, height: 600)) { When(style: 1) }
        #expect(host.accessibilityReading.first == "November 2026")
        try tap(host, "Next month")
        #expect(host.accessibilityReading.first == "December 2026")
        try tap(host, "1")
        try tap(host, "Previous month")
        #expect(!host.accessibilityReading.contains { $0.hasSuffix("Selected, Button") })   // Dec 1 is chosen
    }

    func picture(_ scheme: ColorScheme) throws -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 360, height: 420), scale: 1) {
            When(style: 1).background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(picture(.light), named: "calendar-light") }
    @Test func dark() throws { try ReferenceImage.check(picture(.dark), named: "calendar-dark") }
}
