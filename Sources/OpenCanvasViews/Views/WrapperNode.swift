import Foundation
import OpenCanvasDrawing

/// A node around one child (a modifier's node, a composed view's body): it lays
/// out, measures baselines, is hit-tested and draws as its child, so a modifier
/// node overrides only what it changes. A subclass that overrides `place` sets
/// `frame` itself rather than calling `super` (which places the child too).
@MainActor
package class WrapperNode: ViewNode {
    package var child: ViewNode

    init(child: ViewNode) {
        self.child = child
    }

    package override var subnodes: [ViewNode] { [child] }
    /// (A subclass that overrides `subnodes` overrides this too.)
    override func forEachSubnode(_ body: (ViewNode) -> Void) {
        assert(subnodes.count == 1 && subnodes[0] === child, "\(Self.self) overrides subnodes but not forEachSubnode")
        body(child)
    }
    package override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(p) }
    package override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
    }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { child.baseline(first: first, size: size) }
    package override func render(in context: RenderContext) { child.render(in: context) }

    /// The outermost wrapper of type `T` around `node` (through other wrappers), if any:
    /// how a stack reads what its children's modifiers say (`zIndex`, `layoutPriority`).
    static func outermost<T: WrapperNode>(_ type: T.Type, around node: ViewNode) -> T? {
        var n = node
        while true {
            if let found = n as? T { return found }
            guard let wrapper = n as? WrapperNode else { return nil }
            n = wrapper.child
        }
    }
}
