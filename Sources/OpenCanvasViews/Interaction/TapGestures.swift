import Foundation
import OpenCanvasDrawing

extension View {
    /// Runs `action` when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, _GestureModifier<_TapActionGesture>> {
        gesture(_TapActionGesture(count: count, coordinateSpace: .local, action: .plain(action)))
    }

    /// Runs `action` with the tap's location in `coordinateSpace` (the view's own
    /// space by default) when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping @MainActor (CGPoint) -> Void)
        -> ModifiedContent<Self, _GestureModifier<_TapActionGesture>> {
        gesture(_TapActionGesture(count: count, coordinateSpace: coordinateSpace, action: .located(action)))
    }
}

/// The gesture `onTapGesture` attaches: a tap of `count` (at least 1) that runs
/// `action`, as `TapGesture(count:).onEnded` (or `SpatialTapGesture`'s, for an
/// action given the location) would. It keeps the action as given, so a view
/// that attaches it in every frame makes no closure to adapt the action.
public struct _TapActionGesture: Gesture, PrimitiveGesture {
    enum Action {
        case plain(@MainActor () -> Void)
        case located(@MainActor (CGPoint) -> Void)
    }
    let count: Int
    let coordinateSpace: CoordinateSpace
    let action: Action

    init(count: Int, coordinateSpace: CoordinateSpace, action: Action) {
        self.count = max(1, count)
        self.coordinateSpace = coordinateSpace
        self.action = action
    }

    /// A tap reports no value, only that it happened.
    public typealias Value = Void
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never

    /// The recognizer `TapGesture(count:).onEnded` (or `SpatialTapGesture`'s) makes,
    /// made only when a press reaches the view.
    func makeRecognizer() -> Recognizer {
        switch action {
        case .plain(let action):
            return TapGesture(count: count).onEnded { _ in action() }.makeRecognizer()
        case .located(let action):
            return SpatialTapGesture(count: count, coordinateSpace: coordinateSpace)
                .onEnded { action($0.location) }.makeRecognizer()
        }
    }
}

// MARK: - Content shape and hit-testing switch

@frozen
public struct _ContentShapeModifier<S: Shape>: _PrimitiveViewModifier {
    let shape: S
    let eoFill: Bool
}

extension _ContentShapeModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let shape = self.shape, eo = eoFill
        return ContentShapeNode(child: OpenCanvasViews.makeNode(content, environment: environment),
                                covers: { frame, p in shape.path(in: frame).contains(p, eoFill: eo) })
    }
}

/// Makes the whole of a shape in the view's frame hittable (gaps included).
final class ContentShapeNode: WrapperNode {
    override var coversItself: Bool { true }
    let coversPoint: (CGRect, CGPoint) -> Bool

    init(child: ViewNode, covers: @escaping (CGRect, CGPoint) -> Bool) {
        self.coversPoint = covers
        super.init(child: child)
    }

    override func covers(_ point: CGPoint) -> Bool { coversPoint(frame, point) }
}

@frozen
public struct _AllowsHitTestingModifier: _PrimitiveViewModifier {
    let enabled: Bool
}

extension _AllowsHitTestingModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        HitTestingSwitchNode(child: OpenCanvasViews.makeNode(content, environment: environment), enabled: enabled)
    }
}

final class HitTestingSwitchNode: WrapperNode {
    let enabled: Bool
    override var allowsHits: Bool { enabled }

    init(child: ViewNode, enabled: Bool) {
        self.enabled = enabled
        super.init(child: child)
    }

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

    /// Runs `action` when a press is held for `minimumDuration` seconds without
    /// moving more than `maximumDistance` points; `onPressingChanged` hears `true`
    /// as the press begins and `false` when it ends. (Here the press succeeds when
    /// the pointer lifts after the duration.)
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping @MainActor () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        gesture(LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
            .onChanged { pressing in onPressingChanged?(pressing) }
            .onEnded { _ in
                onPressingChanged?(false)
                action()
            })
    }
}
