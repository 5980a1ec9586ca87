import Foundation
import OpenCanvasDrawing

/// Changes the environment a view and its descendants see by a function of the
/// one they were given (`transformEnvironment`, `disabled`).
public struct _EnvironmentTransformModifier: _PrimitiveViewModifier {
    let transform: (inout EnvironmentValues) -> Void

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        var inner = inputs.environment
        transform(&inner)
        return _ViewOutputs(EnvironmentNode(child: OpenCanvasViews.makeNode(content, environment: inner),
                                            write: transform))
    }
}

extension View {
    /// Transforms one environment value for this view and its descendants.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void)
        -> ModifiedContent<Self, _EnvironmentTransformModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentTransformModifier { transform(&$0[keyPath: keyPath]) })
    }

    /// Disables the view's (and its descendants') interaction: their gestures and
    /// buttons do nothing. A disabled ancestor cannot be enabled again below.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _EnvironmentTransformModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentTransformModifier { $0.isEnabled = $0.isEnabled && !disabled })
    }
}
