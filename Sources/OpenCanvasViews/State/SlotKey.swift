/// Where a piece of a view's storage lives in the graph: the identity of the view
/// that owns it, and which of its slots it is. Keys are values compared whole;
/// nothing is parsed back out of them.
package struct SlotKey: Hashable, Sendable, CustomStringConvertible {
    /// The owning view's structural identity (its path from the root).
    package let identity: String
    /// Which slot of that view: a stored property's label (`@State var count` is
    /// "count"), or a name a modifier gives its slot ("offset", "transition", …).
    package let name: String
    /// Whether the slot holds the animation run of the value named by `name`
    /// (rather than the value's own storage).
    package let holdsAnimation: Bool

    package init(_ identity: String, _ name: String, holdsAnimation: Bool = false) {
        self.identity = identity
        self.name = name
        self.holdsAnimation = holdsAnimation
    }

    /// The slot holding this value's animation run.
    package var animation: SlotKey { SlotKey(identity, name, holdsAnimation: true) }

    /// Whether the owning view is the view at `prefix` or inside it.
    package func isInside(_ prefix: String) -> Bool { ViewGraph.isInside(identity, prefix) }

    package var description: String { "\(identity).\(name)\(holdsAnimation ? " (animation)" : "")" }
}

extension ViewGraph {
    /// The slot `name` of the view being made.
    func key(_ name: String) -> SlotKey { SlotKey(currentIdentity, name) }
}
