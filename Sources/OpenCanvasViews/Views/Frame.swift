import Foundation
import CanvasGeometry
import OpenCanvasDrawing

/// A view with a modifier applied.
@frozen
public struct ModifiedContent<Content, Modifier> {
    /// The view (or modifier) the modifier is applied to.
    public var content: Content
    /// The modifier applied to `content`.
    public var modifier: Modifier

    /// `content` with `modifier` applied.
    @inlinable
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

/// Modifiers that OpenCanvas lays out itself. Making the node is the protocol's
/// requirement, so a primitive modifier cannot be silently ignored: one that does
/// not make its node does not compile. (The node types stay hidden behind
/// `_ViewInputs` and `_ViewOutputs`, as SwiftUI hides its own.)
@MainActor @preconcurrency
public protocol _PrimitiveViewModifier: ViewModifier where Body == Never {
    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs
}

extension _PrimitiveViewModifier {
    /// Primitive modifiers make their node (`_makeNode`); they have no body, as in
    /// SwiftUI, and asking for one is a programming error.
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a primitive modifier and has no body") }
}

/// What a view's node is made with.
public struct _ViewInputs {
    package var environment: EnvironmentValues
    package init(environment: EnvironmentValues) { self.environment = environment }
}

/// The node a view made.
@MainActor
public struct _ViewOutputs {
    package let node: ViewNode
    package init(_ node: ViewNode) { self.node = node }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: _PrimitiveViewModifier {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        modifier._makeNode(content: content, inputs: _ViewInputs(environment: environment)).node
    }
}

/// A view with a modifier: a primitive modifier makes its node; any other
/// modifier's `body(content:)` is the view's body.
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// The modifier's `body(content:)` with this view's content.
    public var body: Modifier.Body {
        let content = self.content
        return modifier.body(content: _ViewModifier_Content(make: { OpenCanvasViews.makeNode(content, environment: $0) }))
    }
}

extension ModifiedContent: ModifierHosting where Content: View, Modifier: ViewModifier {
    var hostedModifier: Any { modifier }
}

/// A modified view whose modifier may hold state (`@State` in a `ViewModifier`).
protocol ModifierHosting { var hostedModifier: Any { get } }

/// A fixed-size frame (`.frame(width:height:alignment:)`).
@frozen
public struct _FrameLayout: _PrimitiveViewModifier, Sendable {
    var width: CGFloat?
    var height: CGFloat?
    let alignment: Alignment
}

extension View {
    /// Positions this view within an invisible frame of the given size. A `nil`
    /// dimension takes the size of the view in that dimension. A negative or
    /// non-finite size is invalid (SwiftUI logs "Invalid frame dimension"): it is
    /// counted in `OpenCanvasDiagnostics` and treated as zero, so nothing is drawn.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> ModifiedContent<Self, _FrameLayout> {
        func valid(_ v: CGFloat?) -> CGFloat? {
            guard let v else { return nil }
            guard v.isFinite, v >= 0 else {
                Diagnostics.report(.invalidSize, "OpenCanvas: invalid frame dimension \(v); using 0")
                return 0
            }
            return v
        }
        return ModifiedContent(content: self,
                               modifier: _FrameLayout(width: valid(width), height: valid(height), alignment: alignment))
    }
}

final class FrameNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let layout: _FrameLayout

    init(child: ViewNode, layout: _FrameLayout) {
        self.child = child
        self.layout = layout
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let w = layout.width, let h = layout.height { return CGSize(width: w, height: h) }
        let s = child.sizeThatFits(ProposedViewSize(width: layout.width ?? proposal.width,
                                                    height: layout.height ?? proposal.height))
        return CGSize(width: layout.width ?? s.width, height: layout.height ?? s.height)
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        let s = child.sizeThatFits(ProposedViewSize(width: frame.width, height: frame.height))
        child.place(in: layout.alignment.place(s, in: frame, child: child))
    }

    override func render(in context: RenderContext) {
        child.render(in: context)
    }
}

extension _FrameLayout {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var layout = self
        if let graph = ViewGraph.current {
            // Fixed dimensions animate; a dimension that appears or goes does not.
            let owner = graph.currentBody
            if let w = width { layout.width = max(0, graph.animatedValue(graph.key("width"), w, owner: owner)) }
            if let h = height { layout.height = max(0, graph.animatedValue(graph.key("height"), h, owner: owner)) }
        }
        return FrameNode(child: OpenCanvasViews.makeNode(content, environment: environment), layout: layout)
    }
}
