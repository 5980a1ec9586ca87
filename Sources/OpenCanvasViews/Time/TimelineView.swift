import Foundation
import OpenCanvasDrawing

/// The context a `TimelineView` hands its content: the date of the schedule's
/// current entry.
public struct TimelineViewDefaultContext {
    /// How often the timeline is updating.
    public enum Cadence: Comparable, Sendable {
        /// Updating continuously (`live`), about once a second, or about once a minute.
        case live, seconds, minutes
    }

    /// The date of the current entry (the host's date for a continuous animation).
    public let date: Date
    /// Headless and window hosts update timelines at their full pace: `.live`.
    public let cadence: Cadence
    let invalidate: () -> Void

    /// Asks for the content to be made again at the next frame, whatever the
    /// schedule.
    public func invalidateTimelineContent() { invalidate() }
}

/// A view that updates its content on a schedule.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    /// The context handed to the content: the current entry's date and cadence.
    public typealias Context = TimelineViewDefaultContext
    let schedule: Schedule
    let content: (Context) -> Content

    /// A view that makes `content` again for each entry of `schedule`.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    /// A timeline view is a primitive view: OpenCanvas draws it itself.
    public typealias Body = Never
}

/// A timeline's place in its schedule: the current entry and the next, advanced
/// as the host's clock moves.
@MainActor
package final class TimelineRecord {
    private var iterator: AnyIterator<Date>
    private let makeIterator: (Date) -> AnyIterator<Date>
    let start: Date
    private(set) var current: Date?
    private(set) var upcoming: Date?
    /// Continuous animation: the content's date is the host's date at every frame.
    package let continuous: Bool

    init(start: Date, continuous: Bool, makeIterator: @escaping (Date) -> AnyIterator<Date>) {
        self.start = start
        self.continuous = continuous
        self.makeIterator = makeIterator
        iterator = makeIterator(start)
        upcoming = iterator.next()
        advance(to: start)
    }

    /// Moves to the last entry at or before `date`; true when that changed.
    @discardableResult
    func advance(to date: Date) -> Bool {
        if let c = current, date < c {
            // The clock went back: start the schedule again from there.
            iterator = makeIterator(date)
            current = nil
            upcoming = iterator.next()
        }
        // A continuous timeline's content takes the host's date at every frame: it
        // has no entries to walk (walking them frame by frame took a second for a
        // clock moved a few hours ahead; found by the view-tree fuzz target).
        if continuous { return true }
        var changed = false
        var steps = 0, restarted = false
        while let u = upcoming, u <= date, steps < 10_000_000 {
            if steps == 1_000, !restarted {
                // Far behind (the clock jumped ahead): the schedule's entries from
                // `date` itself, rather than every entry on the way.
                restarted = true
                iterator = makeIterator(date)
                upcoming = iterator.next()
                continue
            }
            current = u
            upcoming = iterator.next()
            changed = true
            steps += 1
        }
        return changed
    }

    func date(at hostDate: Date) -> Date { continuous ? hostDate : (current ?? start) }

    /// What the content's context calls to be made again: made once per timeline,
    /// not per frame.
    private var invalidation: (() -> Void)?

    func invalidation(_ make: () -> () -> Void) -> () -> Void {
        if let kept = invalidation { return kept }
        let made = make()
        invalidation = made
        return made
    }
}

extension TimelineView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let content = self.content
        guard let graph = ViewGraph.current else {
            let context = Context(date: Date(), cadence: .live, invalidate: {})
            return OpenCanvasViews.makeNode(content(context), environment: environment)
        }
        let identity = graph.currentIdentity
        let schedule = self.schedule
        let continuous = (schedule as? AnimationTimelineSchedule).map { $0.minimumInterval == nil && !$0.paused } ?? false
        let record = graph.slot(SlotKey(identity, "timeline")) {
            TimelineRecord(start: graph.date, continuous: continuous) { start in
                AnyIterator(schedule.entries(from: start, mode: .normal).makeIterator())
            }
        }
        graph.timelines.records[identity] = record
        let build: @MainActor () -> ViewNode = { [weak graph] in
            guard let graph else { return EmptyNode() }
            // Still here: the schedule's place is kept.
            _ = graph.slot(SlotKey(identity, "timeline")) { record }
            graph.timelines.records[identity] = record
            let context = Context(date: record.date(at: graph.date), cadence: .live,
                                  invalidate: record.invalidation { { [weak graph] in graph?.mark(identity) } })
            return OpenCanvasViews.makeNode(graph.reading(as: identity) { content(context) }, environment: environment)
        }
        let node = BodyNode(identity: identity, parentBody: graph.currentBody, child: EmptyNode()) { [weak graph] in
            guard let graph else { return EmptyNode() }
            return graph.within(identity) { graph.buildingBody(identity) { build() } }
        }
        graph.register(node)
        node.child = graph.buildingBody(identity) { build() }
        return node
    }
}
