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
        let shown = graph.readingForCurrentBody { binding.wrappedValue }
        if state.wasPresented, !shown, let onDismiss { graph.lifecycles.deferred.append(onDismiss) }
        state.wasPresented = shown
        guard shown else { return _ViewOutputs(node) }
        var environment = inputs.environment
        environment.dismiss = DismissAction { binding.wrappedValue = false }
        environment.isPresented = true
        let identity = graph.enter("presentation")
        defer { graph.leave() }
        // The content closure runs now, after the presenting body returned: what
        // it reads is read for that body (a change redraws the presentation).
        let dismiss = environment.dismiss
        let view = graph.readingForCurrentBody { presentation(dismiss) }
        var presented = OpenCanvasViews.makeNode(view, environment: environment)
        if anchored {
            let backdrop = OpenCanvasViews.makeNode(Color.clear.contentShape(Rectangle()).onTapGesture { dismiss() },
                                                    environment: environment)
            presented = PopupNode(anchor: node, backdrop: backdrop, panel: presented)
        }
        graph.presentations.present(presented, by: identity)
        return _ViewOutputs(node)
    }
}

/// Whether a presentation was shown in the last frame (to run `onDismiss`).
@MainActor
final class PresentationState {
    var wasPresented = false
}

/// A panel shown next to the view that presents it (a menu): over a clear
/// backdrop that dismisses it when tapped, below the view when there is room
/// (else above it), its leading edge on the view's (its trailing edge when the
/// view is in the trailing half), kept 8 points inside the host area.
final class PopupNode: ViewNode {
    let anchor: ViewNode
    let backdrop: ViewNode
    let panel: ViewNode
    override var subnodes: [ViewNode] { [backdrop, panel] }

    init(anchor: ViewNode, backdrop: ViewNode, panel: ViewNode) {
        self.anchor = anchor
        self.backdrop = backdrop
        self.panel = panel
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    override func place(in frame: CGRect) {
        self.frame = frame
        backdrop.place(in: frame)
        let margin: CGFloat = 8, gap: CGFloat = 6
        let a = anchor.frame
        let size = panel.measure(ProposedViewSize(width: nil, height: max(0, frame.height - 2 * margin)))
        var x = a.midX > frame.midX ? a.maxX - size.width : a.minX
        x = min(max(x, frame.minX + margin), max(frame.minX + margin, frame.maxX - margin - size.width))
        var y = a.maxY + gap
        if y + size.height > frame.maxY - margin { y = a.minY - gap - size.height }
        y = min(max(y, frame.minY + margin), max(frame.minY + margin, frame.maxY - margin - size.height))
        panel.place(in: CGRect(x: x, y: y, width: size.width, height: size.height))
    }

    override func render(in context: RenderContext) {
        backdrop.render(in: context)
        panel.render(in: context)
    }
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
