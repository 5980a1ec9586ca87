import Foundation
import OpenCanvasDrawing

/// `.animation(_:value:)`: changes under the modifier are animated with
/// `animation` when `value` has changed since the last frame.
@frozen
public struct _ValueAnimationModifier<Value: Equatable>: _PrimitiveViewModifier {
    let animation: Animation?
    let value: Value
}

/// `.animation(_:)` and `.transaction(_:)`: the transaction of changes under the
/// modifier, transformed.
@frozen
public struct _TransactionModifier: _PrimitiveViewModifier {
    let transform: (inout Transaction) -> Void
}

/// The last value a `.animation(_:value:)` saw.
@MainActor
final class WatchedValue<Value: Equatable> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension _ValueAnimationModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        guard let graph = ViewGraph.current else { return OpenCanvasViews.makeNode(content, environment: environment) }
        let watched = graph.slot(graph.key("animationValue")) { WatchedValue(value) }
        var transaction = graph.buildTransaction ?? Transaction()
        if watched.value != value {
            watched.value = value
            if !transaction.disablesAnimations { transaction.animation = animation }
            // What is removed under it this frame goes out with this animation.
            graph.animations.subtreeTransactions[graph.currentIdentity] = transaction
        }
        return graph.withBuildTransaction(transaction) { OpenCanvasViews.makeNode(content, environment: environment) }
    }
}

extension _TransactionModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        guard let graph = ViewGraph.current else { return OpenCanvasViews.makeNode(content, environment: environment) }
        var transaction = graph.buildTransaction ?? Transaction()
        transform(&transaction)
        graph.animations.subtreeTransactions[graph.currentIdentity] = transaction
        return graph.withBuildTransaction(transaction) { OpenCanvasViews.makeNode(content, environment: environment) }
    }
}

extension View {
    /// Animates the changes under this view with `animation` whenever `value`
    /// changes (`nil`: shows them at once).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _ValueAnimationModifier<V>> {
        ModifiedContent(content: self, modifier: _ValueAnimationModifier(animation: animation, value: value))
    }

    /// Animates every change under this view with `animation` (deprecated in
    /// SwiftUI in favour of `animation(_:value:)`).
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _TransactionModifier> {
        ModifiedContent(content: self, modifier: _TransactionModifier { transaction in
            if !transaction.disablesAnimations { transaction.animation = animation }
        })
    }

    /// Changes the transaction of the changes under this view.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        ModifiedContent(content: self, modifier: _TransactionModifier(transform: transform))
    }
}
