import Foundation

/// The views with a transition in the kept tree (by slot key, with the body that
/// made them), which of them this frame made again, and the removed ones going out
/// ("ghosts", drawn over the others at their last place until their animation ends).
@MainActor
final class TransitionTracker {
    private var nodes: [SlotKey: (node: TransitionNode, owner: String?)] = [:]
    private var made: Set<SlotKey> = []
    private(set) var ghosts: [TransitionGhost] = []

    func made(_ key: SlotKey, _ node: TransitionNode, owner: String?) {
        nodes[key] = (node, owner)
        made.insert(key)
    }

    /// The views with a transition that this frame's rebuilt bodies did not make
    /// again: removed. Under an animation (the transition's own, or that of the
    /// change that removed it) they go out as ghosts.
    func collectRemoved(rebuilt: [String], _ animations: AnimationLedger, date: Date) {
        let removed = nodes.filter { key, _ in !made.contains(key) && rebuilt.contains(where: { key.isInside($0) }) }
        made.removeAll(keepingCapacity: true)
        guard !removed.isEmpty else { return }
        let identities = removed.keys.map(\.identity)
        for (key, entry) in removed {
            nodes[key] = nil
            // Only the outermost removed view goes out (an inner one goes with it).
            if identities.contains(where: { $0 != key.identity && IdentityPath.isInside(key.identity, $0) }) { continue }
            // The animation of the change that removed it: that of the body evaluated
            // again around it (the change to that body itself: changes inside it, say
            // a phase animator's own steps, do not remove it), or of an
            // `.animation`/`.transaction` modifier around it.
            let body = rebuilt.filter { key.isInside($0) }.max { $0.count < $1.count } ?? ""
            let modifier = animations.subtreeTransactions.filter { key.isInside($0.key) }
                .max { $0.key.count < $1.key.count }
            let transaction = modifier?.value ?? animations.frameTransactions[body]
            guard var animation = entry.node.transition.removalAnimation ?? transaction?.animation else { continue }
            // Going out happens once, even for a repeating animation.
            animation.repeatCount = 1
            entry.node.removedAt = entry.node.progress
            entry.node.removing = true
            ghosts.append(TransitionGhost(node: entry.node, start: min(transaction?.start ?? date, date),
                                          animation: animation))
        }
    }

    /// The ghosts still going out at `date`, with their progress set.
    func liveGhosts(at date: Date) -> [TransitionNode] {
        ghosts = ghosts.filter { ghost in
            let (f, finished) = ghost.animation.fraction(at: date.timeIntervalSince(ghost.start))
            ghost.node.progress = ghost.node.removedAt * (1 - f)
            return !finished
        }
        return ghosts.map(\.node)
    }
}
