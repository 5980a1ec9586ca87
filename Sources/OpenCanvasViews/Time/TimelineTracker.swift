import Foundation

/// The timelines of the kept tree (by the `TimelineView`'s identity), and the
/// bodies that show text relative to now (evaluated again every second): what
/// decides when the next frame is due without any event.
@MainActor
package final class TimelineTracker {
    var records: [String: TimelineRecord] = [:]
    var liveTextOwners: Set<String> = []

    /// Whether a timeline changes at every frame (`.animation` schedules).
    package var hasContinuous: Bool { records.values.contains { $0.continuous } }

    /// The earliest next entry of any timeline, and for live text the next whole
    /// second after `date`.
    func nextEntry(after date: Date) -> Date? {
        let timeline = records.values.compactMap { $0.continuous ? nil : $0.upcoming }.min()
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

    /// Forgets the timelines whose slots went away and the text of bodies that went away.
    func endFrame(slotExists: (SlotKey) -> Bool, bodyExists: (String) -> Bool) {
        records = records.filter { slotExists(SlotKey($0.key, "timeline")) }
        liveTextOwners = liveTextOwners.filter(bodyExists)
    }
}
