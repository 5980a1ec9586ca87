import Foundation
import OpenCanvasDrawing

/// `overlayPreferenceValue` / `backgroundPreferenceValue`: a view made from the
/// value its content produces for `Key`, in front of or behind the content and
/// aligned in its frame. Made when the content is placed (as a geometry reader's
/// content is), so it follows the content's preferences in every frame.
public struct _PreferenceOverlayModifier<Key: PreferenceKey, Overlay: View>: _PrimitiveViewModifier {
    let alignment: Alignment
    let inFront: Bool
    let transform: (Key.Value) -> Overlay

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let environment = inputs.environment, transform = self.transform
        let node = PreferenceOverlayNode(child: OpenCanvasViews.makeNode(content, environment: environment),
                                         alignment: alignment, inFront: inFront) { child in
            OpenCanvasViews.makeNode(transform(preferenceValue(Key.self, under: child)), environment: environment)
        }
        let graph = ViewGraph.current
        node.identity = graph.map { $0.currentIdentity + "/preferenceOverlay" }
        node.transaction = graph?.buildTransaction
        node.owner = graph?.currentBody
        return _ViewOutputs(node)
    }
}

final class PreferenceOverlayNode: WrapperNode {
    let alignment: Alignment
    let inFront: Bool
    let build: (ViewNode) -> ViewNode
    var secondary: ViewNode?
    var identity: String?
    var transaction: Transaction?
    var owner: String?

    init(child: ViewNode, alignment: Alignment, inFront: Bool, build: @escaping (ViewNode) -> ViewNode) {
        self.alignment = alignment
        self.inFront = inFront
        self.build = build
        super.init(child: child)
    }

    override var subnodes: [ViewNode] {
        guard let secondary else { return [child] }
        return inFront ? [child, secondary] : [secondary, child]
    }
    override func forEachSubnode(_ body: (ViewNode) -> Void) { for n in subnodes { body(n) } }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        let child = self.child, build = self.build
        let node = ViewGraph.buildAtPlacement(identity: identity, transaction: transaction, owner: owner) { build(child) }
        let s = node.measure(ProposedViewSize(frame.size))
        node.place(in: alignment.place(s, in: frame, child: node))
        secondary = node
    }

    override func render(in context: RenderContext) {
        if !inFront { secondary?.render(in: context) }
        child.render(in: context)
        if inFront { secondary?.render(in: context) }
    }
}

extension View {
    /// Puts a view made from the value the content produces for `key` in front of it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                 @ViewBuilder _ transform: @escaping (K.Value) -> V)
        -> ModifiedContent<Self, _PreferenceOverlayModifier<K, V>> {
        ModifiedContent(content: self, modifier: _PreferenceOverlayModifier(alignment: alignment, inFront: true,
                                                                            transform: transform))
    }

    /// Puts a view made from the value the content produces for `key` behind it.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                    @ViewBuilder _ transform: @escaping (K.Value) -> V)
        -> ModifiedContent<Self, _PreferenceOverlayModifier<K, V>> {
        ModifiedContent(content: self, modifier: _PreferenceOverlayModifier(alignment: alignment, inFront: false,
                                                                            transform: transform))
    }
}
