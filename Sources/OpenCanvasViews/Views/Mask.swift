import Foundation
import OpenCanvasDrawing

/// `mask(alignment:_:)`: the view is shown where the mask view is opaque (the
/// mask's alpha, as a clip). The mask is offered the view's size and aligned in
/// its frame; it takes no part in layout, hit testing or accessibility.
public struct _MaskModifier<Mask: View>: _PrimitiveViewModifier {
    let alignment: Alignment
    let mask: Mask

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let child = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        let maskNode = OpenCanvasViews.makeNode(mask, environment: inputs.environment)
        return _ViewOutputs(MaskNode(child: child, mask: maskNode, alignment: alignment))
    }
}

final class MaskNode: WrapperNode {
    let mask: ViewNode
    let alignment: Alignment

    init(child: ViewNode, mask: ViewNode, alignment: Alignment) {
        self.mask = mask
        self.alignment = alignment
        super.init(child: child)
    }

    override var layoutHelpers: [ViewNode] { [mask] }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        let s = mask.measure(ProposedViewSize(frame.size))
        mask.place(in: alignment.place(s, in: frame, child: mask))
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        var graphics = context.graphicsContext(in: frame)
        let mask = self.mask
        graphics.clipToLayer { layer in
            var inner = context
            inner.layer = layer.layer
            inner.clip = layer.clipNode
            mask.render(in: inner)
        }
        var inner = context
        inner.clip = graphics.clipNode
        child.render(in: inner)
    }
}

extension View {
    /// Masks the view with the alpha of `mask`, aligned in the view's frame.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask)
        -> ModifiedContent<Self, _MaskModifier<Mask>> {
        ModifiedContent(content: self, modifier: _MaskModifier(alignment: alignment, mask: mask()))
    }

    /// Masks the view with the alpha of `mask` (the older form, centred; SwiftUI
    /// soft-deprecates it without a warning, and so does OpenCanvas).
    public func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, _MaskModifier<Mask>> {
        ModifiedContent(content: self, modifier: _MaskModifier(alignment: .center, mask: mask))
    }
}
