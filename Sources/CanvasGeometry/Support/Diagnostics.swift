#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts of ignored or repaired bad input, readable by users (through
/// `OpenCanvasDiagnostics`) and by tests. Bad input never traps: the call that carries
/// it is ignored and counted here, with the first message of each kind kept.
public enum Diagnostics {
    public enum Kind: String, CaseIterable, Sendable {
        case nonFiniteGeometry = "a path or shape argument was NaN or infinite; the call was ignored"
        case nonFinitePath = "a path had non-finite points after its transform; it was not drawn"
        case noCurrentPoint = "a segment was added to a path with no current point; it was ignored"
        case nonFiniteTransform = "a transform argument was NaN or infinite; the transform is unchanged"
        case nonFiniteValue = "a NaN or infinite value (opacity, width, radius) was ignored"
        case negativeRadius = "a negative radius was ignored"
        case invalidSize = "a canvas or image size was zero, negative or not finite; nothing was rendered"
        case sizeTooLarge = "a canvas or image is larger than 16384 × 16384 pixels; nothing was rendered"
        case fontUnavailable = "no font could be loaded for a text; it was not drawn"
        case invalidDash = "a dash pattern had a NaN, infinite or negative entry; the line is solid"
        case codecError = "an image could not be encoded or decoded"
        case imageUnavailable = "an image was not found; it draws nothing"
        case colorUnavailable = "a named colour was not found in the asset catalogs; it draws nothing"
        case layerBudget = "a layer was nested too deeply or needed more memory than the budget; it was drawn ungrouped"
        case effectSkipped = "a filter needed more memory than could be allocated; the drawing it applied to was skipped"
        case invalidGradient = "a gradient had no usable geometry (zero length, equal or negative radii); nothing was drawn"
        case invalidValue = "an out-of-range value was ignored"
    }

    fileprivate struct State {
        var counts: [Kind: Int] = [:]
        var lastMessage: String?

        mutating func add(_ kind: Kind, _ message: String) {
            counts[kind, default: 0] += 1
            lastMessage = message
        }
    }
    private static let state = Locked(State())

    /// What was reported in one scope (`collecting`).
    public struct Report: Sendable, Equatable {
        public var counts: [Kind: Int]
        public var lastMessage: String?
        public var total: Int { counts.values.reduce(0, +) }
        public func count(_ kind: Kind) -> Int { counts[kind, default: 0] }
    }

    /// The reports of one `collecting` call, and of the scopes around it.
    fileprivate final class Collector: Sendable {
        let parent: Collector?
        let state = Locked(State())
        init(parent: Collector?) { self.parent = parent }
    }

    /// The innermost `collecting` scope of the current task (or thread, outside
    /// tasks). A report reaches the process's counts and every enclosing scope.
    @TaskLocal private static var scope: Collector?

    public static func report(_ kind: Kind, _ message: String? = nil) {
        let text = message ?? kind.rawValue
        let holder = Holder.current
        var collector = scope
        while let c = collector {
            // The scopes opened inside a `holding` call see its reports; the holder
            // keeps them from the scopes around it.
            if let holder, c === holder.outer { break }
            c.state.withLock { $0.add(kind, text) }
            collector = c.parent
        }
        if let holder { return holder.state.add(kind, text) }
        state.withLock { $0.add(kind, text) }
    }

    /// Reports held back on one thread by `holding(in:_:)`, for the caller to
    /// replay: a renderer's bands each report what they met, and the frame reports
    /// once what the bands found (not once per band). Thread-specific rather than a
    /// task-local scope, so that holding allocates nothing (work done every frame). One thread uses a holder at a time; the caller reads `report` after
    /// that thread's work has finished (hence `@unchecked Sendable`).
    public final class Holder: @unchecked Sendable {
        fileprivate var state = State()
        /// The scope around the `holding` call (its reports stop at the holder).
        fileprivate var outer: Collector?

        /// A holder with nothing held yet.
        public init() {}

        /// What the last `holding` call with this holder reported.
        public var report: Report { Report(counts: state.counts, lastMessage: state.lastMessage) }
        /// Whether it reported nothing.
        public var isEmpty: Bool { state.counts.isEmpty }

        /// The holder of the `holding` call running on this thread, if any.
        fileprivate static var current: Holder? {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Holder>.fromOpaque(pointer).takeUnretainedValue()
        }

        fileprivate static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()
    }

    /// Runs `body`, holding back in `holder` what it reports on this thread: the
    /// reports reach neither the process's counts nor the scopes around the call
    /// until passed to `replay(holder.report)`. Allocates nothing once the holder
    /// has seen its kinds of report.
    public static func holding<R>(in holder: Holder, _ body: () throws -> R) rethrows -> R {
        // (Emptying an empty dictionary while keeping its capacity allocates.)
        if !holder.state.counts.isEmpty { holder.state.counts.removeAll(keepingCapacity: true) }
        holder.state.lastMessage = nil
        holder.outer = scope
        let previous = pthread_getspecific(Holder.key)
        pthread_setspecific(Holder.key, Unmanaged.passUnretained(holder).toOpaque())
        defer {
            pthread_setspecific(Holder.key, previous)
            holder.outer = nil
        }
        return try body()
    }

    /// Reports again what a `holding` call held back, from the calling task.
    public static func replay(_ report: Report) {
        for kind in Kind.allCases {
            for _ in 0..<report.count(kind) { Diagnostics.report(kind) }
        }
        if let message = report.lastMessage, report.total > 0 {
            state.withLock { $0.lastMessage = message }
            var collector = scope
            while let c = collector {
                c.state.withLock { $0.lastMessage = message }
                collector = c.parent
            }
        }
    }

    /// Runs `body` and returns, with its result, what was reported during it on
    /// this task (or thread): reports from other tests, threads and tasks running
    /// meanwhile are not counted, unlike the process-wide counts below. Work that
    /// `body` hands to another thread reports to the process only.
    public static func collecting<R>(_ body: () throws -> R) rethrows -> (result: R, report: Report) {
        let collector = Collector(parent: scope)
        let result = try $scope.withValue(collector) { try body() }
        let state = collector.state.withLock { $0 }
        return (result, Report(counts: state.counts, lastMessage: state.lastMessage))
    }

    public static func count(_ kind: Kind) -> Int {
        state.withLock { $0.counts[kind, default: 0] }
    }

    public static func snapshot() -> [Kind: Int] {
        state.withLock { $0.counts }
    }

    public static var lastMessage: String? {
        state.withLock { $0.lastMessage }
    }

    public static func total() -> Int {
        state.withLock { $0.counts.values.reduce(0, +) }
    }

    public static func reset() {
        state.withLock { $0 = State() }
    }
}

extension Diagnostics.Report {
    /// Per kind, the largest count of `reports`: what the bands of one frame
    /// found, each band having met the same bad input (an item drawn across
    /// two bands reports in both, and is one report).
    public init(largestOf reports: [Diagnostics.Report]) {
        counts = [:]
        for r in reports {
            for (kind, n) in r.counts { counts[kind] = max(counts[kind, default: 0], n) }
            if r.lastMessage != nil { lastMessage = r.lastMessage }
        }
    }
}
