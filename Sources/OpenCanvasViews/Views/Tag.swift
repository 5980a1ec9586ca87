import Foundation
import OpenCanvasDrawing

/// Sets a view's tag: the identity a `Canvas` symbol is resolved by (and, in
/// SwiftUI, a picker's selection value).
@frozen
public struct _TagModifier: _PrimitiveViewModifier {
    let tag: AnyHashable
}

extension _TagModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        TagNode(child: OpenCanvasViews.makeNode(content, environment: environment), tag: tag)
    }
}

extension View {
    /// Tags the view with a value (a canvas finds its symbols by tag).
    public func tag<V: Hashable>(_ tag: V) -> ModifiedContent<Self, _TagModifier> {
        ModifiedContent(content: self, modifier: _TagModifier(tag: AnyHashable(tag)))
    }
}

/// A node carrying a tag; lays out and draws as its child.
final class TagNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let tag: AnyHashable

    init(child: ViewNode, tag: AnyHashable) {
        self.child = child
        self.tag = tag
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: frame)
    }

    override func render(in context: RenderContext) {
        child.render(in: context)
    }
}
