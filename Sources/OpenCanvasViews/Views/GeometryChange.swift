import Foundation
import OpenCanvasDrawing

/// `onGeometryChange(for:of:action:)`: a value computed from the view's geometry
/// each time it is laid out; when it differs from the last one (and the first
/// time), the action runs after the frame (as `onChange` actions do), so state it
/// sets shows in the next frame. In a host only, as SwiftUI's actions.
public struct _GeometryChangeModifier<Value: Equatable>: _PrimitiveViewModifier {
    let transform: (GeometryProxy) -> Value
    let action: (_ old: Value, _ new: Value) -> Void

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let slot = ViewGraph.current.map { graph in graph.slot(graph.key("onGeometryChange")) { LastReported<Value>() } }
        return _ViewOutputs(GeometryChangeNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                               transform: transform, action: action, last: slot))
    }
}

/// The value a view reported last time (its geometry, its preference), kept in a
/// slot between frames; a different one runs the view's action after the frame.
final class LastReported<Value: Equatable> {
    private var value: Value?

    /// Notes `value`; when it differs from the last one (or is the first), queues
    /// `action(old, new)` to run after the frame (old is new the first time).
    @MainActor
    func report(_ new: Value, in graph: ViewGraph, _ action: @escaping (Value, Value) -> Void) {
        guard value != new else { return }
        let old = value ?? new
        value = new
        graph.lifecycles.deferred.append { action(old, new) }
    }
}

final class GeometryChangeNode<Value: Equatable>: WrapperNode {
    let transform: (GeometryProxy) -> Value
    let action: (Value, Value) -> Void
    let last: LastReported<Value>?

    init(child: ViewNode, transform: @escaping (GeometryProxy) -> Value, action: @escaping (Value, Value) -> Void,
         last: LastReported<Value>?) {
        self.transform = transform
        self.action = action
        self.last = last
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        guard let last, let graph = ViewGraph.current else { return }
        let value = transform(GeometryProxy(size: frame.size, globalFrame: frame, spaces: CoordinateSpaces.stack))
        last.report(value, in: graph, action)
    }
}

extension View {
    /// Runs `action` with a value of the view's geometry whenever it changes.
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ newValue: T) -> Void)
        -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        ModifiedContent(content: self, modifier: _GeometryChangeModifier(transform: transform) { _, new in action(new) })
    }

    /// Runs `action` with the old and new values of the view's geometry whenever
    /// they differ.
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ oldValue: T, _ newValue: T) -> Void)
        -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        ModifiedContent(content: self, modifier: _GeometryChangeModifier(transform: transform, action: action))
    }
}

/// How a view's content changes when it is replaced under an animation
/// (`contentTransition`). OpenCanvas draws the new content at once for every kind
/// (SwiftUI morphs glyphs for `.numericText`, cross-fades for `.opacity`): the
/// frames before and after an animated change are SwiftUI's, the ones between are
/// not interpolated.
public struct ContentTransition: Hashable, Sendable {
    let kind: String
    /// The new content replaces the old at once.
    public static let identity = ContentTransition(kind: "identity")
    /// A cross-fade in SwiftUI; here the new content is drawn at once.
    public static let opacity = ContentTransition(kind: "opacity")
    /// An interpolation between the two contents where SwiftUI can make one;
    /// here the new content is drawn at once.
    public static let interpolate = ContentTransition(kind: "interpolate")
    /// Digits of numeric text rolling up (down when `countsDown`) in SwiftUI;
    /// here the new text is drawn at once.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: countsDown ? "numericText-down" : "numericText")
    }
    /// The numeric-text transition for a text that shows `value` (SwiftUI takes
    /// the direction from the change of value; here `value` is not used).
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(kind: "numericText") }
}

extension View {
    /// Sets how the view's content changes under an animation (see `ContentTransition`).
    public func contentTransition(_ transition: ContentTransition) -> ModifiedContent<Self, _PassThroughModifier> {
        ModifiedContent(content: self, modifier: _PassThroughModifier())
    }
}
