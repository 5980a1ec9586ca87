import CanvasGeometry

/// What OpenCanvas ignored or refused: bad input never traps, it is counted here.
///
///     let (image, report) = OpenCanvasDiagnostics.collecting { renderer.cgImage }
///     print(report.counts)   // ["a path or shape argument was NaN …": 1]
///
/// The counts below are the process's (every thread's, since the last `reset`);
/// `collecting` counts what one piece of code reported, apart from what other
/// threads and tasks report meanwhile (tests running at once, say).
public enum OpenCanvasDiagnostics {
    /// What was reported during one `collecting` call.
    public struct Report: Sendable, Equatable {
        /// How many times each kind of problem occurred, keyed by its description.
        public let counts: [String: Int]
        /// The most recent problem, in words.
        public let lastMessage: String?
        /// The total number of problems counted.
        public var total: Int { counts.values.reduce(0, +) }
    }

    /// Runs `body` on this thread and returns its result with what it reported.
    public static func collecting<R>(_ body: () throws -> R) rethrows -> (result: R, report: Report) {
        let (result, report) = try Diagnostics.collecting(body)
        let counts = Dictionary(uniqueKeysWithValues: report.counts.map { ($0.key.rawValue, $0.value) })
        return (result, Report(counts: counts, lastMessage: report.lastMessage))
    }

    /// How many times each kind of problem occurred, keyed by its description.
    public static var counts: [String: Int] {
        Dictionary(uniqueKeysWithValues: Diagnostics.snapshot().map { ($0.key.rawValue, $0.value) })
    }

    /// The total number of problems counted.
    public static var total: Int { Diagnostics.total() }

    /// The most recent problem, in words.
    public static var lastMessage: String? { Diagnostics.lastMessage }

    /// Forgets everything counted so far.
    public static func reset() { Diagnostics.reset() }
}
