import Foundation
import OpenCanvasDrawing

/// How often a timeline may update: normally, or less often (in the background
/// or to save energy; headless hosts always run `.normal`).
public enum TimelineScheduleMode: Hashable, Sendable {
    /// Updates as often as the schedule asks.
    case normal
    /// Updates less often, to save energy.
    case lowFrequency
}

/// The dates at which a `TimelineView` updates.
public protocol TimelineSchedule {
    /// The sequence of dates the schedule produces.
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The dates from `startDate` on, in increasing order.
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// A schedule for animations: an entry every `minimumInterval` seconds from the
/// start, or — without an interval — at every frame the host draws (entries every
/// 1/120 s, finer than any display's pace); a paused schedule has only its start.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    /// The seconds between entries, or `nil` for every frame.
    public let minimumInterval: Double?
    /// Whether the schedule is paused (it then has only its start).
    public let paused: Bool

    /// A schedule with an entry every `minimumInterval` seconds, or every frame when `nil`
    /// (a non-positive or non-finite interval counts as `nil`).
    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.paused = paused
    }

    /// The interval between entries.
    var step: Double { minimumInterval ?? 1.0 / 120 }

    /// The schedule's dates, from the start on at its interval.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        let step: Double
        let paused: Bool
        public mutating func next() -> Date? {
            guard let d = upcoming else { return nil }
            upcoming = paused ? nil : d.addingTimeInterval(step)
            return d
        }
    }

    /// Entries at the schedule's pace; in `.lowFrequency` mode none at all, which
    /// pauses the animation (as Apple documents it). The other built-in schedules
    /// ignore the mode, as theirs do.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        Entries(upcoming: mode == .lowFrequency ? nil : startDate, step: step, paused: paused)
    }
}

/// A schedule with entries every `interval` seconds, phase-aligned to `startDate`:
/// the first entry is the last aligned date at or before the start it is asked
/// from (or `startDate` itself, when asked from before it).
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    /// The date the entries are aligned to.
    public let startDate: Date
    /// The seconds between entries.
    public let interval: TimeInterval

    /// A schedule with entries every `interval` seconds aligned to `startDate` (a
    /// non-positive or non-finite interval becomes 1 s).
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval.isFinite && interval > 0 ? interval : 1
    }

    /// The schedule's dates, one `interval` apart without end. Each is the start
    /// date plus a whole number of intervals, not the previous entry plus one: adding
    /// up intervals drifts (hundreds of 1 ms steps at a date 10⁹ s out drift 30 µs).
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        let start: Date
        let interval: TimeInterval
        var period: Double
        public mutating func next() -> Date? {
            defer { period += 1 }
            return start.addingTimeInterval(period * interval)
        }
    }

    public func entries(from date: Date, mode: TimelineScheduleMode) -> Entries {
        let elapsed = date.timeIntervalSince(startDate)
        guard elapsed > 0 else { return Entries(start: startDate, interval: interval, period: 0) }
        return Entries(start: startDate, interval: interval, period: (elapsed / interval).rounded(.down))
    }
}

/// A schedule with an entry at the start of every minute: the first is the start
/// of the minute containing the date it is asked from (10:09:38 → 10:09:00).
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    /// A schedule with an entry at the start of every minute.
    public init() {}

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineSchedule.Entries {
        // Minutes of the reference date's UTC clock (time zones move by whole
        // minutes here; leap seconds are not counted by Date).
        let t = startDate.timeIntervalSinceReferenceDate
        let minute = (t / 60).rounded(.down) * 60
        return PeriodicTimelineSchedule.Entries(start: Date(timeIntervalSinceReferenceDate: minute), interval: 60, period: 0)
    }
}

/// A schedule of given dates, in increasing order (the dates are sorted).
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    let dates: Dates
    /// A schedule with an entry at each of `dates`.
    public init(_ dates: Dates) { self.dates = dates }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        dates.sorted()
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Updates at the pace of the display (every frame the host draws).
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

    /// Updates every `minimumInterval` seconds, or every frame when `nil`, unless `paused`.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Updates every `interval` seconds, aligned to `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// Updates at the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    /// Updates at each of the given dates.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}
