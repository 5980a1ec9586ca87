import Foundation
import OpenCanvasDrawing

/// An alignment position along the horizontal axis.
@frozen
public struct HorizontalAlignment: Hashable, Sendable {
    /// The fraction of a view's width the guide sits at.
    let fraction: CGFloat

    /// The guide at a view's leading (left) edge.
    public static let leading = HorizontalAlignment(fraction: 0)
    /// The guide at a view's horizontal centre.
    public static let center = HorizontalAlignment(fraction: 0.5)
    /// The guide at a view's trailing (right) edge.
    public static let trailing = HorizontalAlignment(fraction: 1)

    /// The guide's distance from a view's leading edge.
    func guide(_ size: CGSize) -> CGFloat { size.width * fraction }
}

/// An alignment position along the vertical axis.
public struct VerticalAlignment: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case fraction(CGFloat), firstBaseline, lastBaseline }
    let kind: Kind

    /// The guide at a view's top edge.
    public static let top = VerticalAlignment(kind: .fraction(0))
    /// The guide at a view's vertical centre.
    public static let center = VerticalAlignment(kind: .fraction(0.5))
    /// The guide at a view's bottom edge.
    public static let bottom = VerticalAlignment(kind: .fraction(1))
    /// The first line of text's baseline (a view without text: its bottom).
    public static let firstTextBaseline = VerticalAlignment(kind: .firstBaseline)
    /// The last line of text's baseline (a view without text: its bottom).
    public static let lastTextBaseline = VerticalAlignment(kind: .lastBaseline)

    /// The guide's distance from the top of `node` laid out at `size`.
    @MainActor
    func guide(_ size: CGSize, node: ViewNode?) -> CGFloat {
        switch kind {
        case .fraction(let f): return size.height * f
        case .firstBaseline: return node?.baseline(first: true, size: size) ?? size.height
        case .lastBaseline: return node?.baseline(first: false, size: size) ?? size.height
        }
    }
}

/// An alignment in both axes.
public struct Alignment: Hashable, Sendable {
    /// The alignment along the horizontal axis.
    public var horizontal: HorizontalAlignment
    /// The alignment along the vertical axis.
    public var vertical: VerticalAlignment

    /// An alignment made of a horizontal and a vertical one.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred in both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// On the leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// On the trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// On the top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// On the bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// In the top-leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// In the top-trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// In the bottom-leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// In the bottom-trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Centred horizontally, on the baseline of the first line of text.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Centred horizontally, on the baseline of the last line of text.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// On the leading edge and the baseline of the first line of text.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// On the leading edge and the baseline of the last line of text.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// On the trailing edge and the baseline of the first line of text.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// On the trailing edge and the baseline of the last line of text.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)

    /// Where a child of `size` goes in `frame`: its guides on the container's
    /// guides (the container's guide taken where a child of the container's size
    /// would have it).
    @MainActor
    func place(_ size: CGSize, in frame: CGRect, child: ViewNode?) -> CGRect {
        let x = horizontal.guide(frame.size) - horizontal.guide(size)
        let y = vertical.guide(frame.size, node: nil) - vertical.guide(size, node: child)
        return CGRect(x: frame.minX + x, y: frame.minY + y, width: size.width, height: size.height)
    }
}
