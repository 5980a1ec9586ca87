import Foundation
import CanvasRender
import OpenCanvasDrawing

/// How a view comes in when it is inserted and goes when it is removed, under an
/// animation: faded, scaled, moved from an edge, or a combination.
///
/// OpenCanvas runs a transition when the change that inserts or removes the view
/// is animated (`withAnimation`, or the transition's own `animation(_:)`). A view
/// being removed is drawn over the others at its last place until its transition
/// ends (it takes no room in the layout meanwhile). Views that an `if`, a `switch`
/// or a `ForEach` inserts or removes without a transition of their own fade, as
/// SwiftUI's default transition (`.opacity`) does.
public struct AnyTransition: Sendable {
    /// The state a view is drawn in at the far end of a transition.
    struct Effect: Sendable, Equatable {
        var opacity: Double = 1
        var scale = CGSize(width: 1, height: 1)
        var anchor = UnitPoint.center
        var offset = CGSize.zero
        /// Moved out of its frame past this edge.
        var edge: Edge?
    }

    var insertion: Effect
    var removal: Effect
    /// The transition's own animations for coming in and going out.
    var insertionAnimation: Animation?
    var removalAnimation: Animation?

    init(_ effect: Effect) { insertion = effect; removal = effect }
    init(insertion: Effect, removal: Effect) { self.insertion = insertion; self.removal = removal }

    /// No change: the view comes in and goes as it is.
    public static let identity = AnyTransition(Effect())
    /// Fades the view in when inserted and out when removed.
    public static let opacity = AnyTransition(Effect(opacity: 0))
    /// Scales the view up from nothing when inserted, and down to nothing when removed, about its centre.
    public static let scale = AnyTransition(Effect(scale: .zero))

    /// Scales the view from `scale` when inserted, and to it when removed, about `anchor`
    /// (a non-finite scale is 0).
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        let s = scale.isFinite ? scale : 0
        return AnyTransition(Effect(scale: CGSize(width: s, height: s), anchor: anchor))
    }

    /// Moves the view in from, and out to, `offset` from its place (a non-finite offset is ignored).
    public static func offset(_ offset: CGSize) -> AnyTransition {
        let valid = offset.width.isFinite && offset.height.isFinite
        return AnyTransition(Effect(offset: valid ? offset : .zero))
    }

    /// Moves the view in from, and out to, `x` and `y` points from its place.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        offset(CGSize(width: x, height: y))
    }

    /// Moves the view in from, and out to, an edge of its own frame.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(Effect(edge: edge)) }

    /// In from the leading edge, out to the trailing edge.
    public static let slide = AnyTransition(insertion: Effect(edge: .leading), removal: Effect(edge: .trailing))

    /// In from an edge and out to the opposite one, fading.
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: Edge = switch edge {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
        return AnyTransition(insertion: Effect(opacity: 0, edge: edge), removal: Effect(opacity: 0, edge: opposite))
    }

    /// Uses `insertion` when the view comes in and `removal` when it goes.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        var t = AnyTransition(insertion: insertion.insertion, removal: removal.removal)
        t.insertionAnimation = insertion.insertionAnimation
        t.removalAnimation = removal.removalAnimation
        return t
    }

    /// Both transitions at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        func combine(_ a: Effect, _ b: Effect) -> Effect {
            Effect(opacity: a.opacity * b.opacity,
                   scale: CGSize(width: a.scale.width * b.scale.width, height: a.scale.height * b.scale.height),
                   anchor: a.scale == CGSize(width: 1, height: 1) ? b.anchor : a.anchor,
                   offset: CGSize(width: a.offset.width + b.offset.width, height: a.offset.height + b.offset.height),
                   edge: a.edge ?? b.edge)
        }
        var t = AnyTransition(insertion: combine(insertion, other.insertion), removal: combine(removal, other.removal))
        t.insertionAnimation = insertionAnimation ?? other.insertionAnimation
        t.removalAnimation = removalAnimation ?? other.removalAnimation
        return t
    }

    /// The transition with its own animation (used even when the change is not
    /// made in `withAnimation`).
    public func animation(_ animation: Animation?) -> AnyTransition {
        var t = self
        t.insertionAnimation = animation
        t.removalAnimation = animation
        return t
    }
}

extension AnyTransition.Effect {
    /// The transform and opacity at `progress` (1: the view as it is, 0: this
    /// effect in full) for a view in `frame`.
    func state(progress p: Double, frame: CGRect) -> (transform: CGAffineTransform, opacity: Double) {
        let q = 1 - min(max(p, 0), 1)
        var dx = offset.width, dy = offset.height
        switch edge {
        case .leading?: dx -= frame.width
        case .trailing?: dx += frame.width
        case .top?: dy -= frame.height
        case .bottom?: dy += frame.height
        case nil: break
        }
        let sx = 1 + (scale.width - 1) * q, sy = 1 + (scale.height - 1) * q
        let a = CGPoint(x: frame.minX + frame.width * anchor.x, y: frame.minY + frame.height * anchor.y)
        let transform = CGAffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(CGAffineTransform(scaleX: sx, y: sy))
            .concatenating(CGAffineTransform(translationX: a.x + dx * q, y: a.y + dy * q))
        return (transform, 1 + (opacity - 1) * q)
    }
}

public struct _TransitionModifier: _PrimitiveViewModifier {
    let transition: AnyTransition
}

extension View {
    /// How the view comes in and goes out when an animated change inserts or
    /// removes it.
    public func transition(_ t: AnyTransition) -> ModifiedContent<Self, _TransitionModifier> {
        ModifiedContent(content: self, modifier: _TransitionModifier(transition: t))
    }
}

extension _TransitionModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let child = OpenCanvasViews.makeNode(content, environment: environment)
        guard let graph = ViewGraph.current else { return child }
        return graph.transitionNode(child: child, transition: transition, key: graph.key("transition"))
    }
}

extension ViewGraph {
    /// `child` with a transition, under `key`: made for the first time under an
    /// animation (not in the first frame), it comes in from the transition's
    /// insertion state; the graph notes it, so that its removal is seen.
    func transitionNode(child: ViewNode, transition: AnyTransition, key: SlotKey) -> TransitionNode {
        let owner = currentBody
        let animation = transition.insertionAnimation ?? buildTransaction?.animation
        var progress = 1.0
        if !slotExists(key.animation), let animation, hasShownAFrame {
            _ = animatedValue(key, 0.0, owner: owner)
            var transaction = buildTransaction ?? Transaction()
            transaction.animation = animation
            progress = withBuildTransaction(transaction) { animatedValue(key, 1.0, owner: owner) }
        } else {
            progress = animatedValue(key, 1.0, owner: owner)
        }
        let node = TransitionNode(child: child, transition: transition, progress: progress)
        madeTransition(key, node, owner: owner)
        return node
    }

    /// A view that an `if`, a `switch` or a `ForEach` inserts or removes: with the
    /// default transition (`.opacity`) unless it has one of its own, or is
    /// several views (their own insertions are not tracked).
    func withDefaultTransition(_ node: ViewNode, key: SlotKey) -> ViewNode {
        guard !(node is TransitionNode), node.flattened.count == 1, !(node.flattened.first is TransitionNode) else {
            return node
        }
        return transitionNode(child: node, transition: .opacity, key: key)
    }
}

/// A view with a transition: drawn with the transition's state while it comes in.
package final class TransitionNode: WrapperNode {
    let transition: AnyTransition
    /// 1: in place; below, part of the way in.
    var progress: Double
    /// Set when the node is drawn as a removed view going out.
    var removing = false
    /// The transform of the context it was last drawn in (a ghost keeps it: the
    /// offsets, rotations and scrolling around the view).
    package var lastTransform = CGAffineTransform.identity
    /// Its progress when it was removed (a view removed while coming in goes out
    /// from there).
    var removedAt = 1.0

    init(child: ViewNode, transition: AnyTransition, progress: Double) {
        self.transition = transition
        self.progress = progress
        super.init(child: child)
    }

    override var flattened: [ViewNode] { child.flattenedCount == 1 ? [self] : child.flattened }
    override var flattenedCount: Int { child.flattenedCount }

    package override func render(in context: RenderContext) {
        if !removing { lastTransform = context.transform }
        guard progress < 1 else { return child.render(in: context) }
        let effect = removing ? transition.removal : transition.insertion
        let (transform, opacity) = effect.state(progress: progress, frame: frame)
        guard opacity > 0 else { return }
        var inner = context
        inner.transform = transform.concatenating(context.transform)
        if opacity >= 1 { return child.render(in: inner) }
        inner.inLayer(opacity: opacity) { child.render(in: $0) }
    }
}

/// A removed view drawn going out until its transition ends.
@MainActor
struct TransitionGhost {
    let node: TransitionNode
    let start: Date
    let animation: Animation
}
