import Foundation
import OpenCanvasDrawing

/// `layoutPriority(_:)`: in a stack, children of a higher priority are offered
/// space first (what the lower ones need at least is kept back for them); equal
/// priorities share as before (0 by default). Elsewhere it changes nothing.
public struct _LayoutPriorityModifier: _PrimitiveViewModifier {
    let priority: Double

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(LayoutPriorityNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                        priority: priority))
    }
}

final class LayoutPriorityNode: WrapperNode {
    let priority: Double

    init(child: ViewNode, priority: Double) {
        self.priority = priority.isFinite ? priority : 0
        super.init(child: child)
    }

    /// The priority of a stack's child: that of the outermost `layoutPriority` around it.
    static func priority(of node: ViewNode) -> Double {
        outermost(LayoutPriorityNode.self, around: node)?.priority ?? 0
    }
}

/// `fixedSize(horizontal:vertical:)`: the view takes its ideal size in the fixed
/// dimensions, whatever it is offered (it may then overflow its frame), and is
/// centred in what its parent gives it.
public struct _FixedSizeLayout: _PrimitiveViewModifier {
    let horizontal: Bool
    let vertical: Bool

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(FixedSizeNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                   horizontal: horizontal, vertical: vertical))
    }
}

final class FixedSizeNode: WrapperNode {
    let horizontal: Bool
    let vertical: Bool

    init(child: ViewNode, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child: child)
    }

    private func fixed(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(fixed(p)) }

    override func place(in frame: CGRect) {
        self.frame = frame
        let s = child.measure(fixed(ProposedViewSize(frame.size)))
        child.place(in: CGRect(x: frame.midX - s.width / 2, y: frame.midY - s.height / 2, width: s.width,
                               height: s.height))
    }
}

extension View {
    /// Sets the view's priority for space in a stack.
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self, _LayoutPriorityModifier> {
        ModifiedContent(content: self, modifier: _LayoutPriorityModifier(priority: value))
    }

    /// Fixes the view at its ideal size in both dimensions.
    public func fixedSize() -> ModifiedContent<Self, _FixedSizeLayout> { fixedSize(horizontal: true, vertical: true) }

    /// Fixes the view at its ideal size in the given dimensions.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, _FixedSizeLayout> {
        ModifiedContent(content: self, modifier: _FixedSizeLayout(horizontal: horizontal, vertical: vertical))
    }

    /// Shows `content` along an edge of the view, the view's own content inset by
    /// it (OpenCanvas's hosts have no safe area of their own: the inset is the
    /// content's size plus `spacing`, as on a device without a notch).
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        let inset = content()
        return VStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .top { inset }
            self.frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .bottom { inset }
        }
    }

    /// Shows `content` along a side of the view, the view's own content inset by it.
    public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        let inset = content()
        return HStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .leading { inset }
            self.frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .trailing { inset }
        }
    }
}

/// The top or bottom edge.
public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    /// The top and bottom edges.
    case top, bottom
}

/// The leading or trailing edge.
public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    /// The leading and trailing edges.
    case leading, trailing
}
