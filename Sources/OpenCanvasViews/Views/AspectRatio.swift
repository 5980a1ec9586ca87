import Foundation
import OpenCanvasDrawing

/// How a view with an aspect ratio meets the space it is offered.
public enum ContentMode: Hashable, Sendable, CaseIterable {
    /// As large as fits inside the offer.
    case fit
    /// As small as covers the offer.
    case fill
}

/// `aspectRatio(_:contentMode:)`: the view is offered the largest size of the
/// ratio (width ÷ height) that fits the offer (`.fit`), or the smallest that covers
/// it (`.fill`); without a ratio, its own ideal size's ratio. A dimension the offer
/// leaves open follows from the other; with both open, the view's ideal size sets
/// the width. The view is centred in the size it chooses.
public struct _AspectRatioLayout: _PrimitiveViewModifier {
    let ratio: CGFloat?
    let contentMode: ContentMode

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(AspectRatioNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                     ratio: ratio, contentMode: contentMode))
    }
}

final class AspectRatioNode: WrapperNode {
    let ratio: CGFloat?
    let contentMode: ContentMode

    init(child: ViewNode, ratio: CGFloat?, contentMode: ContentMode) {
        self.ratio = ratio
        self.contentMode = contentMode
        super.init(child: child)
    }

    /// The size of the ratio proposed to the child.
    private func target(_ p: ProposedViewSize) -> ProposedViewSize {
        var r = ratio ?? {
            let ideal = child.measure(.unspecified)
            return ideal.height > 0 ? ideal.width / ideal.height : 1
        }()
        // A zero, negative or non-finite ratio constrains nothing.
        guard r.isFinite, r > 0 else { return p }
        r = max(r, 1e-9)
        switch (p.width, p.height) {
        case let (w?, h?):
            let wider = w / max(h, .leastNonzeroMagnitude) > r
            let byHeight = contentMode == .fit ? wider : !wider
            return byHeight ? ProposedViewSize(width: h * r, height: h) : ProposedViewSize(width: w, height: w / r)
        case let (w?, nil):
            return ProposedViewSize(width: w, height: w / r)
        case let (nil, h?):
            return ProposedViewSize(width: h * r, height: h)
        case (nil, nil):
            let ideal = child.measure(.unspecified)
            return ProposedViewSize(width: ideal.width, height: ideal.width / r)
        }
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.measure(target(p)) }

    override func place(in frame: CGRect) {
        self.frame = frame
        let s = child.measure(ProposedViewSize(frame.size))
        child.place(in: CGRect(x: frame.midX - s.width / 2, y: frame.midY - s.height / 2, width: s.width,
                               height: s.height))
    }
}

extension View {
    /// Constrains the view to an aspect ratio (width ÷ height; `nil`: its own).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode)
        -> ModifiedContent<Self, _AspectRatioLayout> {
        ModifiedContent(content: self, modifier: _AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode))
    }

    /// Constrains the view to the aspect ratio of `aspectRatio` (a size).
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, _AspectRatioLayout> {
        self.aspectRatio(aspectRatio.height != 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }

    /// Scales the view to fit the offer, keeping its aspect ratio.
    public func scaledToFit() -> ModifiedContent<Self, _AspectRatioLayout> { aspectRatio(contentMode: .fit) }

    /// Scales the view to fill the offer, keeping its aspect ratio.
    public func scaledToFill() -> ModifiedContent<Self, _AspectRatioLayout> { aspectRatio(contentMode: .fill) }
}
