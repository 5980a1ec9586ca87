import CanvasGeometry

/// What OpenCanvas ignored or refused: bad input never traps, it is counted here.
///
///     OpenCanvasDiagnostics.reset()
///     // … draw …
///     print(OpenCanvasDiagnostics.counts)   // ["a path or shape argument was NaN …": 1]
public enum OpenCanvasDiagnostics {
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
