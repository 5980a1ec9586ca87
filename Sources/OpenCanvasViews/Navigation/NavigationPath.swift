import Foundation

/// A list of values of any hashable types: the pages a `NavigationStack` has
/// pushed for `NavigationLink(value:)`s, each shown by the
/// `navigationDestination(for:)` of its type.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// An empty path.
    public init() { elements = [] }

    /// A path of the values in `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// How many values the path holds.
    public var count: Int { elements.count }

    /// Whether the path is empty (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }

    /// Adds a value at the end (pushes its page).
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Removes the last `k` values (pops their pages); removing more than there are empties the path.
    public mutating func removeLast(_ k: Int = 1) {
        elements.removeLast(max(0, min(k, elements.count)))
    }
}
