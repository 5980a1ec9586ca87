import Foundation
import OpenCanvasDrawing

/// The modifier behind `sheet`, `fullScreenCover`, `popover`, `alert`,
/// `confirmationDialog` and menus: while `isPresented` is true the view it
/// modifies presents `presentation` over the whole hierarchy (through the
/// graph's `PresentationRegistry`), with `\.dismiss` set to turn it off. When
/// the binding turns false, `onDismiss` runs once the frame is built.
struct PresentationModifier: _PrimitiveViewModifier {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    /// Where the presentation goes: over everything, or next to the presenting
    /// view (a menu).
    let anchored: Bool
    let presentation: @MainActor (DismissAction) -> AnyView

    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let node = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        guard let graph = ViewGraph.current else { return _ViewOutputs(node) }
        let state = graph.slot(graph.key("presentation")) { PresentationState() }
        // Read for the body that holds the modifier: a change evaluates it again.
        let binding = isPresented
        let shown = graph.currentBody.map { body in graph.reading(as: body) { binding.wrappedValue } }
            ?? binding.wrappedValue
        if state.wasPresented, !shown, let onDismiss { graph.lifecycles.deferred.append(onDismiss) }
        state.wasPresented = shown
        guard shown else { return _ViewOutputs(node) }
        var environment = inputs.environment
        environment.dismiss = DismissAction { binding.wrappedValue = false }
        environment.isPresented = true
        let identity = graph.enter("presentation")
        defer { graph.leave() }
        var presented = OpenCanvasViews.makeNode(presentation(environment.dismiss), environment: environment)
        if anchored { presented = AnchoredPresentationNode(anchor: node, child: presented) }
        graph.presentations.present(presented, by: identity)
        return _ViewOutputs(node)
    }
}

/// Whether a presentation was shown in the last frame (to run `onDismiss`).
@MainActor
final class PresentationState {
    var wasPresented = false
}

/// A presentation placed next to the view that presents it: its child gets the
/// whole host area, and the anchor's frame to place its panel by.
final class AnchoredPresentationNode: WrapperNode {
    let anchor: ViewNode

    init(anchor: ViewNode, child: ViewNode) {
        self.anchor = anchor
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        AnchorFrame.current = anchor.frame
        defer { AnchorFrame.current = nil }
        child.place(in: frame)
    }
}

/// The frame of the view that presents an anchored presentation, while the
/// presentation is placed (a popup menu's panel reads it).
@MainActor
enum AnchorFrame {
    static var current: CGRect?
}

extension View {
    func presentation(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, anchored: Bool = false,
                      _ presentation: @escaping @MainActor (DismissAction) -> AnyView) -> some View {
        modifier(PresentationModifier(isPresented: isPresented, onDismiss: onDismiss, anchored: anchored,
                                      presentation: presentation))
    }
}

/// A binding that is true while `item` is non-nil, setting it to nil when turned off.
@MainActor
func presence<Item>(of item: Binding<Item?>) -> Binding<Bool> {
    Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
}
