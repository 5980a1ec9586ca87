import Foundation

/// The timelines of the kept tree (by the `TimelineView`'s identity), and the
/// bodies that show text relative to now (evaluated again every second): what
/// decides when the next frame is due without any event.
@MainActor
package final class TimelineTracker {
    var records: [String: TimelineRecord] = [:]
    var liveTextOwners: Set<String> = []
    /// Timer publishers of `onReceive`, by the view's identity.
    var timers: [String: HostTimer] = [:]

    /// Whether a timeline changes at every frame (`.animation` schedules).
    package var hasContinuous: Bool { records.values.contains { $0.continuous } }

    /// The earliest next entry of any timeline, and for live text the next whole
    /// second after `date`.
    func nextEntry(after date: Date) -> Date? {
        let entries = records.values.compactMap { $0.continuous ? nil : $0.upcoming }.min()
        let ticks = timers.values.map(\.next).min()
        let timeline = [entries, ticks].compactMap { $0 }.min()
        guard !liveTextOwners.isEmpty else { return timeline }
        let second = Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate + 1e-9).rounded(.down) + 1)
        return min(timeline ?? second, second)
    }

    /// The bodies with live text to evaluate again when the clock moves from `old`
    /// to `new` (the second changed).
    func liveTextDue(from old: Date, to new: Date) -> Set<String> {
        guard !liveTextOwners.isEmpty,
              old.timeIntervalSinceReferenceDate.rounded(.down) != new.timeIntervalSinceReferenceDate.rounded(.down)
        else { return [] }
        return liveTextOwners
    }

    /// Moves every timeline to `date`; returns those to mark: the timelines whose
    /// entry changed, and the continuous ones.
    func advance(to date: Date) -> [String] {
        records.compactMap { id, record in record.advance(to: date) || record.continuous ? id : nil }
    }

    /// Fires the timers due by `date`, their ticks in date order (at most 10,000
    /// ticks at once: beyond that, a clock moved far ahead skips the rest).
    func fireTimers(upTo date: Date) {
        var ticks = 0
        while ticks < 10_000, let timer = timers.values.filter({ $0.next <= date }).min(by: { $0.next < $1.next }) {
            timer.fireNext()
            ticks += 1
        }
        for timer in timers.values { timer.skip(past: date) }
    }

    /// Forgets the timelines and timers whose slots went away and the text of bodies
    /// that went away.
    func endFrame(slotExists: (SlotKey) -> Bool, bodyExists: (String) -> Bool) {
        records = records.filter { slotExists(SlotKey($0.key, "timeline")) }
        timers = timers.filter { slotExists(SlotKey($0.key, "onReceive")) }
        liveTextOwners = liveTextOwners.filter(bodyExists)
    }
}
