import Foundation

/// A composed view in the kept tree: its body's nodes, and how to evaluate the
/// body again.
package final class BodyNode: WrapperNode {
    package let identity: String
    /// A control (a button, a toggle, …): a layout snapshot shows it as one line,
    /// not the views it is drawn with (see `ControlView`).
    package var isControl = false
    package let parentBody: String?
    /// Evaluates the body again (the view value and environment it was made with).
    package let rebuild: @MainActor () -> ViewNode

    init(identity: String, parentBody: String?, child: ViewNode, rebuild: @escaping @MainActor () -> ViewNode) {
        self.identity = identity
        self.parentBody = parentBody
        self.rebuild = rebuild
        super.init(child: child)
    }

    /// Whether the body's views were spliced into a container (a body of several
    /// views, or of none): the node itself is then not in the tree.
    package var isSpliced: Bool { child.flattenedCount != 1 }

    override var unwrapped: ViewNode { child.unwrapped }
    override var flattened: [ViewNode] {
        child.flattenedCount == 1 ? [self] : child.flattened
    }
    override var flattenedCount: Int { child.flattenedCount }
}
