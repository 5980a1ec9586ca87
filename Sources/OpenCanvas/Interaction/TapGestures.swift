import Foundation

@frozen
public struct _TapGestureModifier: _PrimitiveViewModifier {
    let count: Int
    let coordinateSpace: CoordinateSpace
    let action: @MainActor (CGPoint) -> Void
}

extension _TapGestureModifier: NodeMakingModifier {
    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        TapGestureNode(child: OpenCanvas.makeNode(content, environment: environment), count: count,
                       coordinateSpace: coordinateSpace, action: action)
    }
}

/// A view with a tap gesture: taps on what it draws (its children) run the action
/// with the location in the requested space.
final class TapGestureNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let count: Int
    let coordinateSpace: CoordinateSpace
    let action: @MainActor (CGPoint) -> Void
    /// Named spaces around the node when it was placed.
    private var spaces: [(AnyHashable, CGRect)] = []

    init(child: ViewNode, count: Int, coordinateSpace: CoordinateSpace, action: @escaping @MainActor (CGPoint) -> Void) {
        self.child = child
        self.count = count
        self.coordinateSpace = coordinateSpace
        self.action = action
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(p) }
    override func place(in frame: CGRect) {
        super.place(in: frame)
        spaces = CoordinateSpaces.stack
        child.place(in: frame)
    }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { child.baseline(first: first, size: size) }
    override func render(in context: RenderContext) { child.render(in: context) }

    /// A gesture for `count` taps fires on every `count`-th tap of a sequence.
    func accepts(count tapCount: Int) -> Bool { tapCount % count == 0 }

    func fire(at point: CGPoint) {
        let location: CGPoint
        switch coordinateSpace {
        case .global: location = point
        case .local: location = CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
        case .named(let name):
            let origin = spaces.last(where: { $0.0 == name })?.1.origin ?? .zero
            location = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        }
        action(location)
    }
}

extension View {
    /// Runs `action` when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, _TapGestureModifier> {
        ModifiedContent(content: self, modifier: _TapGestureModifier(count: max(1, count), coordinateSpace: .local,
                                                                     action: { _ in action() }))
    }

    /// Runs `action` with the tap's location in `coordinateSpace` (the view's own
    /// space by default) when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping @MainActor (CGPoint) -> Void)
        -> ModifiedContent<Self, _TapGestureModifier> {
        ModifiedContent(content: self, modifier: _TapGestureModifier(count: max(1, count), coordinateSpace: coordinateSpace,
                                                                     action: action))
    }
}

// MARK: - Content shape and hit-testing switch

@frozen
public struct _ContentShapeModifier<S: Shape>: _PrimitiveViewModifier {
    let shape: S
    let eoFill: Bool
}

extension _ContentShapeModifier: NodeMakingModifier {
    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let shape = self.shape, eo = eoFill
        return ContentShapeNode(child: OpenCanvas.makeNode(content, environment: environment),
                                covers: { frame, p in shape.path(in: frame).contains(p, eoFill: eo) })
    }
}

/// Makes the whole of a shape in the view's frame hittable (gaps included).
final class ContentShapeNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    override var coversItself: Bool { true }
    let coversPoint: (CGRect, CGPoint) -> Bool

    init(child: ViewNode, covers: @escaping (CGRect, CGPoint) -> Bool) {
        self.child = child
        self.coversPoint = covers
    }

    override func covers(_ point: CGPoint) -> Bool { coversPoint(frame, point) }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(p) }
    override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: frame)
    }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { child.baseline(first: first, size: size) }
    override func render(in context: RenderContext) { child.render(in: context) }
}

@frozen
public struct _AllowsHitTestingModifier: _PrimitiveViewModifier {
    let enabled: Bool
}

extension _AllowsHitTestingModifier: NodeMakingModifier {
    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        HitTestingSwitchNode(child: OpenCanvas.makeNode(content, environment: environment), enabled: enabled)
    }
}

final class HitTestingSwitchNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let enabled: Bool
    override var allowsHits: Bool { enabled }

    init(child: ViewNode, enabled: Bool) {
        self.child = child
        self.enabled = enabled
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(p) }
    override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: frame)
    }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { child.baseline(first: first, size: size) }
    override func render(in context: RenderContext) { child.render(in: context) }
}

extension View {
    /// Makes `shape` (in the view's frame) the area that receives taps.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, _ContentShapeModifier<S>> {
        ModifiedContent(content: self, modifier: _ContentShapeModifier(shape: shape, eoFill: eoFill))
    }

    /// Whether the view (and what it contains) receives taps; when not, taps go to
    /// what is behind it.
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent<Self, _AllowsHitTestingModifier> {
        ModifiedContent(content: self, modifier: _AllowsHitTestingModifier(enabled: enabled))
    }
}
