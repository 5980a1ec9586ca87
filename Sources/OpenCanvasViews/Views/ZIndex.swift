import Foundation
import OpenCanvasDrawing

/// `zIndex(_:)`: the order in which overlapping siblings of a `ZStack` are drawn
/// (and hit-tested): higher in front, equal ones in their order (0 by default).
/// Siblings of other stacks do not overlap, so there it changes nothing.
public struct _ZIndexModifier: _PrimitiveViewModifier {
    let index: Double

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(ZIndexNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment), index: index))
    }
}

final class ZIndexNode: WrapperNode {
    let index: Double

    init(child: ViewNode, index: Double) {
        self.index = index.isNaN ? 0 : index
        super.init(child: child)
    }

    /// The z index of a stack's child: that of the outermost `zIndex` around it.
    static func index(of node: ViewNode) -> Double { outermost(ZIndexNode.self, around: node)?.index ?? 0 }
}

extension View {
    /// Sets the view's drawing order among the overlapping siblings of a `ZStack`.
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _ZIndexModifier> {
        ModifiedContent(content: self, modifier: _ZIndexModifier(index: value))
    }
}
