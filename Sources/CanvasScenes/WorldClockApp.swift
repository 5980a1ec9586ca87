import Foundation
import OpenCanvas

// The seeds' world clock as an app: a navigation view with a list of cities,
// each row with its local time and a day/night bar drawn in a canvas, a toolbar
// button that adds a city, and a detail page with an analog clock drawn through
// Core Graphics. Everything updates every minute (TimelineView(.everyMinute)).

/// A city of the world clock.
struct ClockCity: Identifiable, Hashable {
    let name: String
    /// Hours from UTC.
    let utcOffset: Double
    /// Local sunrise and sunset, in hours.
    let sunrise: Double
    let sunset: Double
    var id: String { name }

    /// The local hour (0 ..< 24) at `date`.
    func hour(at date: Date) -> Double {
        let seconds = date.timeIntervalSince1970 + utcOffset * 3600
        let h = (seconds / 3600).truncatingRemainder(dividingBy: 24)
        return h < 0 ? h + 24 : h
    }

    /// The local time at `date`, as "14:37" (whole minutes, counted in integers).
    func time(at date: Date) -> String {
        let seconds = date.timeIntervalSince1970 + utcOffset * 3600
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "--:--" }
        let minutes = Int((seconds / 60).rounded(.down))
        let minuteOfDay = ((minutes % 1440) + 1440) % 1440
        return String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
    }

    func isDay(at date: Date) -> Bool {
        let h = hour(at: date)
        return h >= sunrise && h < sunset
    }

    static let starting = [
        ClockCity(name: "Lisbon", utcOffset: 0, sunrise: 7.6, sunset: 17.2),
        ClockCity(name: "New York", utcOffset: -5, sunrise: 7.0, sunset: 16.5),
        ClockCity(name: "Tokyo", utcOffset: 9, sunrise: 6.4, sunset: 16.5),
        ClockCity(name: "Sydney", utcOffset: 11, sunrise: 5.7, sunset: 19.9),
    ]
    static let added = ClockCity(name: "Reykjavík", utcOffset: 0, sunrise: 10.9, sunset: 15.8)
}

/// A day's night, day and night again in three rectangles, and a marker at the time.
struct DayNightBar: View {
    let city: ClockCity
    let date: Date

    var body: some View {
        Canvas { context, size in
            let x = { (hour: Double) in size.width * hour / 24 }
            let night = Color(red: 0.1, green: 0.12, blue: 0.3), day = Color(red: 0.45, green: 0.72, blue: 1)
            context.fill(Path(CGRect(x: 0, y: 0, width: x(city.sunrise), height: size.height)), with: .color(night))
            context.fill(Path(CGRect(x: x(city.sunrise), y: 0, width: x(city.sunset) - x(city.sunrise), height: size.height)),
                         with: .color(day))
            context.fill(Path(CGRect(x: x(city.sunset), y: 0, width: size.width - x(city.sunset), height: size.height)),
                         with: .color(night))
            let now = x(city.hour(at: date))
            context.fill(Path(CGRect(x: now - 1, y: 0, width: 2, height: size.height)), with: .color(.red))
            // A sun or a moon at the marker, drawn from the symbol font.
            let symbol = context.resolve(Image(systemName: city.isDay(at: date) ? "sun.max.fill" : "moon.fill"))
            context.draw(symbol, in: CGRect(x: min(max(0, now - 8), size.width - 16), y: (size.height - 16) / 2,
                                            width: 16, height: 16))
        }
        .clipShape(RoundedRectangle(cornerRadius: 4))
        .accessibilityLabel(city.isDay(at: date) ? "Daytime" : "Night")
    }
}

/// An analog clock face drawn through Core Graphics (`withCGContext`).
struct AnalogClock: View {
    let hour: Double

    var body: some View {
        Canvas { context, size in
            let r = min(size.width, size.height) / 2 - 2
            let center = CGPoint(x: size.width / 2, y: size.height / 2)
            context.withCGContext { cg in
                cg.translateBy(x: center.x, y: center.y)
                cg.setFillColor(gray: 0.97, alpha: 1)
                cg.fillEllipse(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
                cg.setStrokeColor(gray: 0.2, alpha: 1)
                cg.setLineWidth(2)
                cg.strokeEllipse(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
                for tick in 0..<12 {
                    cg.saveGState()
                    cg.rotate(by: CGFloat(Double(tick) / 12 * 2 * .pi))
                    cg.move(to: CGPoint(x: 0, y: -r + 3))
                    cg.addLine(to: CGPoint(x: 0, y: -r + 12))
                    cg.strokePath()
                    cg.restoreGState()
                }
                cg.setLineCap(.round)
                let minutes = (hour * 60).truncatingRemainder(dividingBy: 60)
                for (angle, length, width) in [(hour / 12 * 2 * .pi, r * 0.5, 5.0), (minutes / 60 * 2 * .pi, r * 0.8, 3.0)] {
                    cg.saveGState()
                    cg.rotate(by: CGFloat(angle))
                    cg.setLineWidth(CGFloat(width))
                    cg.move(to: .zero)
                    cg.addLine(to: CGPoint(x: 0, y: -length))
                    cg.strokePath()
                    cg.restoreGState()
                }
                cg.setFillColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
                cg.fillEllipse(in: CGRect(x: -4, y: -4, width: 8, height: 8))
            }
        }
        .accessibilityLabel("Clock")
    }
}

/// A row of the list: the city and its time, and its day/night bar.
struct CityRow: View {
    let city: ClockCity
    let date: Date

    var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                Text(city.name).font(.headline)
                Text(city.time(at: date)).font(.subheadline.monospacedDigit()).foregroundColor(.secondary)
            }
            Spacer()
            DayNightBar(city: city, date: date).frame(width: 110, height: 24)
        }
        .padding(.vertical, 4)
    }
}

/// A city's page: its clock, time and bar.
struct CityDetail: View {
    let city: ClockCity
    let date: Date

    var body: some View {
        VStack(spacing: 20) {
            AnalogClock(hour: city.hour(at: date)).frame(width: 180, height: 180)
            Text(city.time(at: date)).font(.system(size: 44, weight: .light).monospacedDigit())
            DayNightBar(city: city, date: date).frame(height: 32).padding(.horizontal, 24)
            Text(city.isDay(at: date) ? "Daytime" : "Night").foregroundColor(.secondary)
            Spacer()
        }
        .padding(.top, 24)
        .navigationTitle(city.name)
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// The app: a navigation view around a list of cities.
struct WorldClockApp: View {
    @State private var cities = ClockCity.starting

    var body: some View {
        NavigationView {
            TimelineView(.everyMinute) { context in
                List(cities) { city in
                    NavigationLink {
                        CityDetail(city: city, date: context.date)
                    } label: {
                        CityRow(city: city, date: context.date)
                    }
                }
                .navigationTitle("World Clock")
                .toolbar {
                    ToolbarItem(placement: .topBarTrailing) {
                        Button {
                            if !cities.contains(ClockCity.added) { cities.append(ClockCity.added) }
                        } label: {
                            Image(systemName: "plus")
                        }
                        .accessibilityLabel("Add city")
                    }
                }
            }
        }
    }
}

extension Scenes {
    /// The world clock as an app, step by step: the list, a tap on Tokyo, its
    /// page, back, the toolbar's button adding a city; light, then dark.
    public static let worldClockApp = InteractiveScene(
        name: "world-clock-app",
        summary: "The seeds' world clock as an app: a list of cities with day/night canvases, a city pushed by a tap, back, a city added",
        size: CGSize(width: 390, height: 600), view: { AnyView(WorldClockApp()) }
    ) { scale, frame in
        for scheme in [ColorScheme.light, .dark] {
            let suffix = scheme == .light ? "light" : "dark"
            let host = HeadlessHost(size: CGSize(width: 390, height: 600), scale: scale) { WorldClockApp() }
            host.colorScheme = scheme
            // 2026-11-29 14:37:20 UTC.
            host.date = Date(timeIntervalSince1970: 1_795_963_040)
            frame("0-list-\(suffix)", host.render(), host.accessibilityReading)
            if let tokyo = host.accessibilityElements.first(where: { $0.label.hasPrefix("Tokyo") }) {
                host.tap(at: CGPoint(x: tokyo.frame.midX, y: tokyo.frame.midY))
            }
            host.advance(by: 0.5)
            frame("1-detail-\(suffix)", host.render(), host.accessibilityReading)
            if let back = host.accessibilityElements.first(where: { $0.label == "World Clock" }) {
                host.tap(at: CGPoint(x: back.frame.midX, y: back.frame.midY))
            }
            host.advance(by: 0.5)
            frame("2-back-\(suffix)", host.render(), host.accessibilityReading)
            if let add = host.accessibilityElements.first(where: { $0.label == "Add city" }) {
                host.tap(at: CGPoint(x: add.frame.midX, y: add.frame.midY))
            }
            host.advance(by: 0.5)
            frame("3-added-\(suffix)", host.render(), host.accessibilityReading)
        }
    }
}
