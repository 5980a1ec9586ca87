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

    /// `identity.hashValue`, made once: identities are paths from the root (a deep
    /// tree's run to hundreds of bytes), and a key is hashed several times a frame.
    private let identityHash: Int

    package init(_ identity: String, _ name: String, holdsAnimation: Bool = false) {
        self.init(identity, identityHash: identity.hashValue, name, holdsAnimation: holdsAnimation)
    }

    /// A key for `identity` whose hash is known (`IdentityPath.currentHash`).
    init(_ identity: String, identityHash: Int, _ name: String, holdsAnimation: Bool = false) {
        self.identity = identity
        self.identityHash = identityHash
        self.name = name
        self.holdsAnimation = holdsAnimation
    }

    /// The slot holding this value's animation run.
    package var animation: SlotKey { SlotKey(identity, identityHash: identityHash, name, holdsAnimation: true) }

    package static func == (a: SlotKey, b: SlotKey) -> Bool {
        a.identityHash == b.identityHash && a.holdsAnimation == b.holdsAnimation && a.name == b.name
            && a.identity == b.identity
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(identityHash)
        hasher.combine(name)
        hasher.combine(holdsAnimation)
    }

    /// Whether the owning view is the view at `prefix` or inside it.
    package func isInside(_ prefix: String) -> Bool { ViewGraph.isInside(identity, prefix) }

    package var description: String { "\(identity).\(name)\(holdsAnimation ? " (animation)" : "")" }
}

extension ViewGraph {
    /// The slot `name` of the view being made.
    func key(_ name: String) -> SlotKey { SlotKey(currentIdentity, identityHash: currentIdentityHash, name) }
}
