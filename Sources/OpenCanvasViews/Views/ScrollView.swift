import Foundation
import CanvasRender
import OpenCanvasDrawing

/// A horizontal or vertical axis.
public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    /// The horizontal (x) and vertical (y) axes.
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// A scrollable view: its content is offered unlimited room along the scroll axes
/// and drawn, clipped to the scroll view, at the scroll offset. In a host, a drag
/// scrolls it (a gesture inside that recognizes first keeps the drag); the offset
/// is kept across renders, clamped to the content.
public struct ScrollView<Content: View>: View {
    /// The axes the content scrolls along.
    public var axes: Axis.Set
    /// Whether scroll indicators are shown (kept for source compatibility:
    /// OpenCanvas draws no indicators).
    public var showsIndicators: Bool
    /// The scrolled content.
    public var content: Content

    /// A scroll view of `content`, scrolling along `axes` (vertically by default).
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    /// A scroll view is primitive: it has no body.
    public typealias Body = Never
}

/// The scroll offset of a scroll view, kept in the view graph.
@MainActor
final class ScrollPosition {
    var offset = CGPoint.zero
    var dragStart = CGPoint.zero
    weak var graph: ViewGraph?
}

extension ScrollView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let graph = ViewGraph.current
        let position = graph.map { g in g.slot(g.key("scroll")) { ScrollPosition() } } ?? ScrollPosition()
        position.graph = graph
        let scroll = ScrollNode(child: OpenCanvasViews.makeNode(content, environment: environment), axes: axes,
                                position: position)
        let drag = Recognizer(kind: .drag(minimumDistance: 10), coordinateSpace: .global)
        drag.onChanged.append { [weak scroll] value in
            guard let scroll, let v = value as? DragGesture.Value else { return }
            scroll.scroll(by: v.translation)
        }
        drag.onEnded.append { [weak scroll] _ in scroll?.endDrag() }
        return GestureNode(child: scroll, recognizer: drag, priority: .normal)
    }
}

final class ScrollNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let axes: Axis.Set
    let position: ScrollPosition
    private var contentSize = CGSize.zero
    private var dragging = false

    init(child: ViewNode, axes: Axis.Set, position: ScrollPosition) {
        self.child = child
        self.axes = axes
        self.position = position
    }

    private func contentProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width,
                         height: axes.contains(.vertical) ? nil : p.height)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let c = child.measure(contentProposal(p))
        return CGSize(width: p.width ?? c.width, height: p.height ?? c.height)
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        contentSize = child.measure(contentProposal(ProposedViewSize(frame.size)))
        clampOffset()
        child.place(in: CGRect(x: frame.minX - position.offset.x, y: frame.minY - position.offset.y,
                               width: contentSize.width, height: contentSize.height))
    }

    private func clampOffset() {
        let maxX = axes.contains(.horizontal) ? max(0, contentSize.width - frame.width) : 0
        let maxY = axes.contains(.vertical) ? max(0, contentSize.height - frame.height) : 0
        position.offset = CGPoint(x: min(max(position.offset.x, 0), maxX), y: min(max(position.offset.y, 0), maxY))
    }

    func scroll(by translation: CGSize) {
        if !dragging {
            dragging = true
            position.dragStart = position.offset
        }
        position.offset = CGPoint(x: position.dragStart.x - (axes.contains(.horizontal) ? translation.width : 0),
                                  y: position.dragStart.y - (axes.contains(.vertical) ? translation.height : 0))
        clampOffset()
        position.graph?.invalidate()
    }

    func endDrag() { dragging = false }

    /// Points outside the scroll view do not reach its content; inside, the
    /// scroll view itself takes drags anywhere (gaps between its content included).
    override func admitsHits(at point: CGPoint) -> Bool { frame.contains(point) }
    override var coversItself: Bool { true }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        child.render(in: context.clipped(to: Geometry.rect(frame.rect)))
    }
}
