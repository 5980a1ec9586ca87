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
    /// A `scrollTo` whose target was placed by estimate (a lazy row not made):
    /// set again from the target's real frame once it is made.
    var pendingTarget: (id: AnyHashable, anchor: UnitPoint?)?
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
        if let targets = environment.scrollTargets {
            targets.scrollViews.removeAll { $0.node == nil }
            targets.scrollViews.append(WeakScrollNode(node: scroll))
        }
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
        placeChild()
        // A scroll to a lazy row placed by estimate: once the row is made, its
        // real frame sets the offset (a few rounds at most, as estimates settle).
        for _ in 0..<4 {
            guard let (id, anchor) = position.pendingTarget else { break }
            let made = targetFrame(of: id, madeOnly: true)
            guard let target = made ?? targetFrame(of: id) else {
                position.pendingTarget = nil
                break
            }
            let before = position.offset
            // The content's length is measured again: rows made since change the estimate.
            child.resetLayout()
            contentSize = child.measure(contentProposal(ProposedViewSize(frame.size)))
            offset(toShow: target, anchor: anchor)
            if made != nil, abs(before.x - position.offset.x) < 0.5, abs(before.y - position.offset.y) < 0.5 {
                position.pendingTarget = nil
                break
            }
            placeChild()
        }
        position.pendingTarget = nil
    }

    /// Places the content at the scroll offset; lazy stacks inside make only
    /// the rows this scroll view shows.
    private func placeChild() {
        VisibleRegion.within(frame) {
            child.place(in: CGRect(x: frame.minX - position.offset.x, y: frame.minY - position.offset.y,
                                   width: contentSize.width, height: contentSize.height))
        }
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

    /// Scrolls so that `target` (root coordinates) sits at `anchor` of the
    /// visible area (`nil`: the least scrolling that shows it whole).
    func reveal(_ target: CGRect, id: AnyHashable, anchor given: UnitPoint?) {
        // A non-finite anchor is none (the least scrolling).
        let anchor = given.flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil }
        guard target.isFiniteRect else { return }
        offset(toShow: target, anchor: anchor)
        position.pendingTarget = (id, anchor)
        position.graph?.invalidate()
    }

    private func offset(toShow target: CGRect, anchor: UnitPoint?) {
        var offset = position.offset
        for axis in [Axis.horizontal, .vertical] where axes.contains(axis == .horizontal ? .horizontal : .vertical) {
            let (targetMin, targetLength, viewMin, viewLength) = axis == .horizontal
                ? (target.minX, target.width, frame.minX, frame.width) : (target.minY, target.height, frame.minY, frame.height)
            let current = axis == .horizontal ? offset.x : offset.y
            // The target's position in the content.
            let contentMin = targetMin - viewMin + current
            var new = current
            if let anchor {
                let f = axis == .horizontal ? anchor.x : anchor.y
                new = contentMin + targetLength * f - viewLength * f
            } else if contentMin < current {
                new = contentMin
            } else if contentMin + targetLength > current + viewLength {
                new = contentMin + targetLength - viewLength
            }
            guard new.isFinite else { continue }
            if axis == .horizontal { offset.x = new } else { offset.y = new }
        }
        position.offset = offset
        clampOffset()
    }

    /// The frame of the view identified by `id` inside this scroll view (root
    /// coordinates; estimated for a lazy row not made).
    func targetFrame(of id: AnyHashable, madeOnly: Bool = false) -> CGRect? {
        func search(_ node: ViewNode) -> CGRect? {
            if let identified = node as? IdentifiedNode, identified.id == id { return identified.frame }
            if let lazy = node as? LazyStackNode, let frame = lazy.frame(ofRowWith: id, madeOnly: madeOnly) { return frame }
            for child in node.subnodes { if let found = search(child) { return found } }
            return nil
        }
        return search(child)
    }

    /// Points outside the scroll view do not reach its content; inside, the
    /// scroll view itself takes drags anywhere (gaps between its content included).
    override func admitsHits(at point: CGPoint) -> Bool { frame.containsSafely(point) }
    override var coversItself: Bool { true }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        child.render(in: context.clipped(to: Geometry.rect(frame.rect)))
    }
}
