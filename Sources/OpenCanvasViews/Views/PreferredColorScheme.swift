import Foundation
import OpenCanvasDrawing

/// `preferredColorScheme(_:)`: the appearance of the whole presentation (the host's
/// root, not only this view), as in SwiftUI. The outermost view that prefers a
/// scheme decides; `nil` prefers nothing (the host's own scheme then applies).
/// `ImageRenderer`, which has no presentation, takes its `colorScheme` instead.
public struct _PreferredColorSchemeModifier: _PrimitiveViewModifier {
    let scheme: ColorScheme?

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        if let graph = ViewGraph.current {
            let key = graph.key("preferredColorScheme")
            _ = graph.slot(key) { PreferenceSlot() }
            graph.preferredColorSchemes[key.identity] = scheme
        }
        return OpenCanvasViews.makeNode(content, environment: environment)
    }
}

/// Keeps a view's preference registered while the view exists.
final class PreferenceSlot {}

extension ViewGraph {
    /// The scheme the views prefer for the presentation: the outermost preference.
    package var preferredColorScheme: ColorScheme? {
        preferredColorSchemes.filter { $0.value != nil }.min { $0.key.count < $1.key.count }?.value ?? nil
    }
}

extension View {
    /// Sets the preferred appearance of the presentation that contains this view.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> ModifiedContent<Self, _PreferredColorSchemeModifier> {
        ModifiedContent(content: self, modifier: _PreferredColorSchemeModifier(scheme: colorScheme))
    }
}
