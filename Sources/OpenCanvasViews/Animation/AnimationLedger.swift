import Foundation

/// The transactions of the frame being built, and the animations running: which
/// transaction a body is evaluated again in (the change's `withAnimation`), which
/// one an `.animation`/`.transaction` modifier gives its subtree, which animated
/// values are still moving (and the bodies that show them), and the completions
/// applied when the frame ends.
@MainActor
final class AnimationLedger {
    /// The changes' transactions of this frame, by reader.
    private(set) var frameTransactions: [String: Transaction] = [:]
    private var frameCompletions: [AnimationCompletion] = []
    /// The transaction the views being made now were changed in.
    var buildTransaction: Transaction?
    /// The transactions `.animation`/`.transaction` modifiers gave their subtrees
    /// this frame, by the modifier's identity.
    var subtreeTransactions: [String: Transaction] = [:]
    /// Animated values running now (their slot keys), with the body that shows them.
    var running: [SlotKey: String] = [:]

    /// A frame begins with the changes made since the last (kept when a partial
    /// frame turns into a full one).
    func beginFrame(transactions: [String: Transaction], completions: [AnimationCompletion]) {
        if !transactions.isEmpty { frameTransactions.merge(transactions) { _, new in new } }
        if !completions.isEmpty { frameCompletions += completions }
        buildTransaction = nil
        subtreeTransactions.removeAll(keepingCapacity: true)
    }

    /// The transaction for evaluating `identity`'s body again: that of a change to
    /// it or to a reader inside it, an animated one first.
    func transaction(for identity: String) -> Transaction? {
        guard !frameTransactions.isEmpty else { return nil }
        return Self.latest(frameTransactions.filter { IdentityPath.isInside($0.key, identity) }.values)
    }

    /// The transaction for building the whole tree again.
    var fullRenderTransaction: Transaction? { Self.latest(frameTransactions.values) }

    /// The latest animated transaction, else the latest (deterministic: by the
    /// order the changes were made).
    static func latest<C: Collection<Transaction>>(_ candidates: C) -> Transaction? {
        candidates.filter { $0.animation != nil }.max { $0.sequence < $1.sequence }
            ?? candidates.max { $0.sequence < $1.sequence }
    }

    /// Ends the frame: animations whose slots went away stop (a `repeatForever`
    /// too); returns the completions to apply, once each.
    func endFrame(slotExists: (SlotKey) -> Bool) -> [AnimationCompletion] {
        running = running.filter { slotExists($0.key.animation) }
        buildTransaction = nil
        var seen = Set<ObjectIdentifier>()
        let applied = frameCompletions.filter { seen.insert(ObjectIdentifier($0)).inserted }
        frameTransactions.removeAll(keepingCapacity: true)
        frameCompletions.removeAll(keepingCapacity: true)
        return applied
    }
}
