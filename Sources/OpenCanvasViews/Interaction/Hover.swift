import Foundation
import OpenCanvasDrawing

/// Where the pointer is over a view with `onContinuousHover`.
public enum HoverPhase: Equatable, Sendable {
    /// The pointer is over the view, at this location (in the modifier's
    /// coordinate space).
    case active(CGPoint)
    /// The pointer left the view.
    case ended
}

extension View {
    /// Runs `action` as the pointer moves over the view (`.active` with its
    /// location) and when it leaves (`.ended`). The hosts deliver pointer moves
    /// without a button held: the window from X11's motion events, the headless
    /// host from `hover(at:)`.
    public func onContinuousHover(coordinateSpace: CoordinateSpace = .local,
                                  perform action: @escaping (HoverPhase) -> Void)
        -> ModifiedContent<Self, _HoverModifier> {
        ModifiedContent(content: self, modifier: _HoverModifier(kind: .continuous(coordinateSpace, action)))
    }

    /// Runs `action` with `true` when the pointer enters the view and `false`
    /// when it leaves.
    public func onHover(perform action: @escaping (Bool) -> Void) -> ModifiedContent<Self, _HoverModifier> {
        ModifiedContent(content: self, modifier: _HoverModifier(kind: .inside(action)))
    }
}

public struct _HoverModifier: _PrimitiveViewModifier {
    enum Kind {
        case continuous(CoordinateSpace, (HoverPhase) -> Void)
        case inside((Bool) -> Void)
    }
    let kind: Kind

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let child = OpenCanvasViews.makeNode(content, environment: environment)
        // Disabled views get no hover, as they get no taps.
        guard environment.isEnabled else { return child }
        return HoverNode(child: child, kind: kind, identity: ViewGraph.current?.currentIdentity ?? "")
    }
}

/// A view that hears the pointer pass over it.
final class HoverNode: PointerTargetNode {
    let kind: _HoverModifier.Kind
    /// The view's place in the graph: the same view across frames.
    let identity: String

    init(child: ViewNode, kind: _HoverModifier.Kind, identity: String) {
        self.kind = kind
        self.identity = identity
        super.init(child: child)
    }
}

/// Which views the pointer is over: moves tell the views it enters, moves over
/// and leaves. A view is over the pointer when it, or a view inside it, is the
/// frontmost view hit there (the same test taps use).
@MainActor
package final class HoverTracker {
    /// The views under the pointer after the last move, by identity and depth on
    /// the hit path (two hover modifiers on one view are two entries).
    private var hovered: [String: HoverNode] = [:]

    package init() {}

    /// The pointer moved to `point` (root coordinates), or left (`nil`).
    package func move(root: ViewNode?, to point: CGPoint?) {
        var now: [(key: String, node: HoverNode)] = []
        if let root, let point, point.x.isFinite, point.y.isFinite {
            let chain = hitChain(root, point) { node, rootToHere -> HoverNode? in
                guard let h = node as? HoverNode else { return nil }
                h.rootToLocal = rootToHere
                return h
            } ?? []
            // Outermost first, so that keys count depth from the root.
            for (depth, node) in chain.reversed().enumerated() { now.append(("\(node.identity)#\(depth)", node)) }
        }
        let keys = Set(now.map(\.key))
        // Leaving first (the views the pointer left hear it before the new ones).
        for (key, node) in hovered.sorted(by: { $0.key < $1.key }) where !keys.contains(key) {
            switch node.kind {
            case .continuous(_, let action): action(.ended)
            case .inside(let action): action(false)
            }
        }
        var next: [String: HoverNode] = [:]
        for (key, node) in now.reversed() {        // innermost first
            let entered = hovered[key] == nil
            switch node.kind {
            case .continuous(let space, let action): action(.active(node.convert(point ?? .zero, to: space)))
            case .inside(let action): if entered { action(true) }
            }
            next[key] = node
        }
        hovered = next
    }
}
