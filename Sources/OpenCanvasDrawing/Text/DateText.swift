import Foundation

extension Text {
    /// How a date is shown: absolute (`.date`, `.time`) or relative to now, kept
    /// up to date (`.relative`, `.offset`, `.timer`).
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind

        /// The time, as "11:23 PM".
        public static let time = DateStyle(kind: .time)
        /// The date, as "June 3, 2019".
        public static let date = DateStyle(kind: .date)
        /// The time from or to now, as "2 hours, 23 minutes".
        public static let relative = DateStyle(kind: .relative)
        /// The offset from now, as "+2 hours".
        public static let offset = DateStyle(kind: .offset)
        /// A count up or down from now, as "2:32".
        public static let timer = DateStyle(kind: .timer)

        var isLive: Bool { kind == .relative || kind == .offset || kind == .timer }
    }

    /// A date in a style, formatted for the environment's locale. The relative
    /// styles count from the host's clock and are shown again every second.
    public init(_ date: Date, style: DateStyle) {
        self.init(run: Run(content: .date(date, style)))
    }

    /// A range of dates, as "10:00 – 11:00 AM".
    public init(_ dates: ClosedRange<Date>) {
        self.init(run: Run(content: .dateRange(dates.lowerBound, dates.upperBound)))
    }

    /// A date interval, as its start and end.
    public init(_ interval: DateInterval) {
        self.init(run: Run(content: .dateRange(interval.start, interval.end)))
    }

    /// Whether the text shows a date relative to now (it changes as time goes).
    package var isLive: Bool {
        runs.contains { run in
            if case .date(_, let style) = run.content { return style.isLive }
            return false
        }
    }
}

/// The strings of date text (Foundation's formatters, in the environment's locale).
enum DateText {
    static func string(_ date: Date, style: Text.DateStyle, locale: Locale, now: Date) -> String {
        switch style.kind {
        case .time:
            return formatter(locale, date: .none, time: .short).string(from: date)
        case .date:
            return formatter(locale, date: .long, time: .none).string(from: date)
        case .relative:
            return components(abs(date.timeIntervalSince(now)), locale: locale, units: 2)
        case .offset:
            let d = date.timeIntervalSince(now)
            return (d < 0 ? "-" : "+") + components(abs(d), locale: locale, units: 1)
        case .timer:
            let seconds = abs(date.timeIntervalSince(now))
            guard seconds.isFinite, seconds < 1e12 else { return "" }
            let total = Int(seconds.rounded(.down))
            let h = total / 3600, m = (total % 3600) / 60, s = total % 60
            return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
        }
    }

    static func formatter(_ locale: Locale, date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let f = DateFormatter()
        f.locale = locale
        f.dateStyle = date
        f.timeStyle = time
        return f
    }

    /// "2 hours, 23 minutes": the largest `units` non-zero units, spelled out, the
    /// last one counted down (2:23:30 is "2 hours, 23 minutes", as iOS shows it).
    static func components(_ seconds: Double, locale: Locale, units: Int) -> String {
        guard seconds.isFinite, seconds < 1e12 else { return "" }
        let duration = Duration.seconds(Int64(seconds.rounded(.down)))
        return duration.formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .wide,
                                         maximumUnitCount: units,
                                         fractionalPart: .hide(rounded: .down)).locale(locale))
    }

    static func range(_ from: Date, _ to: Date, locale: Locale) -> String {
        let f = DateIntervalFormatter()
        f.locale = locale
        f.dateStyle = Calendar.current.isDate(from, inSameDayAs: to) ? .none : .medium
        f.timeStyle = .short
        return f.string(from: min(from, to), to: max(from, to))
    }
}
