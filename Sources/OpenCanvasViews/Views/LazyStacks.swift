import Foundation
import OpenCanvasDrawing

/// A column whose views are made only when they are visible: in a scroll
/// view, the rows the scroll view shows (and a screen's height more around
/// them); elsewhere, those inside the stack's frame. Rows not yet made are
/// counted at the average height of those made (44 points before any), so
/// the scroll view's content size is an estimate until every row was seen.
///
///     ScrollView {
///         LazyVStack(alignment: .leading) {
///             ForEach(0..<100_000, id: \.self) { Text("Row \($0)") }
///         }
///     }
public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A lazy column of the views `content` builds.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A lazy stack is primitive: it has no body.
    public typealias Body = Never
}

/// A row whose views are made only when they are visible (see `LazyVStack`).
public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A lazy row of the views `content` builds.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A lazy stack is primitive: it has no body.
    public typealias Body = Never
}

/// Which section views a lazy stack keeps in view while scrolling (accepted;
/// OpenCanvas does not pin them).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

extension LazyVStack: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let list = lazyViewList(content)
        return LazyStackNode.make(axis: .vertical, spacing: spacing ?? defaultStackSpacing, count: list.count,
                                  id: list.id, identity: list.identity, environment: environment,
                                  cross: { .init(horizontal: alignment, vertical: .center) }) { i in
            list.item(i).map { AnyView($0.view) } ?? AnyView(EmptyView())
        }
    }
}

extension LazyHStack: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let list = lazyViewList(content)
        return LazyStackNode.make(axis: .horizontal, spacing: spacing ?? defaultStackSpacing, count: list.count,
                                  id: list.id, identity: list.identity, environment: environment,
                                  cross: { .init(horizontal: .center, vertical: alignment) }) { i in
            list.item(i).map { AnyView($0.view) } ?? AnyView(EmptyView())
        }
    }
}

/// The part of the root that the scroll views around the view being placed
/// show (root coordinates): lazy stacks make the rows inside it.
@MainActor
enum VisibleRegion {
    static var current: CGRect?

    /// Runs `body` with the visible region narrowed to `rect`.
    static func within<T>(_ rect: CGRect, _ body: () -> T) -> T {
        let saved = current
        current = saved.map { $0.intersectionSafely(rect) } ?? rect
        defer { current = saved }
        return body()
    }
}

/// The sizes a lazy stack measured for its rows (by position), kept across frames.
@MainActor
final class LazyStackMemory {
    private(set) var sizes: [CGFloat] = []
    private(set) var measured: [Bool] = []
    var crossSize: CGFloat = 0
    /// The sum and number of the sizes measured, kept as they change (the
    /// estimate is asked for at every layout of a list of any length).
    private var measuredTotal: CGFloat = 0
    private var measuredCount = 0

    func resize(_ count: Int) {
        guard sizes.count != count else { return }
        if count < sizes.count {
            for i in count..<sizes.count where measured[i] { forget(i) }
            sizes.removeLast(sizes.count - count)
            measured.removeLast(measured.count - count)
        } else {
            sizes += Array(repeating: 0, count: count - sizes.count)
            measured += Array(repeating: false, count: count - measured.count)
        }
    }

    /// Notes row `i`'s measured size.
    func record(_ size: CGFloat, at i: Int) {
        if measured[i] { forget(i) }
        sizes[i] = size
        measured[i] = true
        measuredTotal += size
        measuredCount += 1
    }

    private func forget(_ i: Int) {
        measuredTotal -= sizes[i]
        measuredCount -= 1
    }

    /// The size counted for a row never made: the average of those made, or 44.
    var estimate: CGFloat { measuredCount > 0 ? measuredTotal / CGFloat(measuredCount) : 44 }

    /// The length of all rows, those not made at `estimate`, without the spacing.
    var totalLength: CGFloat { measuredTotal + CGFloat(sizes.count - measuredCount) * estimate }
}

/// A lazy stack: its rows are made at placement, only those in the visible
/// region, under the stack's identity and as part of the body that made it.
final class LazyStackNode: ViewNode {
    let axis: StackNode.Axis
    let spacing: CGFloat
    let count: Int
    let id: (Int) -> AnyHashable
    let makeRow: (Int) -> ViewNode
    let alignment: Alignment
    let memory: LazyStackMemory
    /// The rows made in the last placement, with their positions.
    private(set) var rows: [(index: Int, node: ViewNode)] = []
    override var subnodes: [ViewNode] { rows.map(\.node) }

    var identity: String?
    var transaction: Transaction?
    var owner: String?

    init(axis: StackNode.Axis, spacing: CGFloat, count: Int, id: @escaping (Int) -> AnyHashable, alignment: Alignment,
         memory: LazyStackMemory, makeRow: @escaping (Int) -> ViewNode) {
        self.axis = axis
        self.spacing = spacing.isFinite ? spacing : defaultStackSpacing
        self.count = max(0, count)
        self.id = id
        self.alignment = alignment
        self.memory = memory
        self.makeRow = makeRow
        memory.resize(self.count)
    }

    static func make(axis: StackNode.Axis, spacing: CGFloat, count: Int, id: @escaping (Int) -> AnyHashable,
                     identity: @escaping (Int) -> AnyHashable,
                     environment: EnvironmentValues, cross: () -> Alignment,
                     view: @escaping (Int) -> AnyView) -> LazyStackNode {
        let graph = ViewGraph.current
        let memory = graph.map { g in g.slot(g.key("lazyStack")) { LazyStackMemory() } } ?? LazyStackMemory()
        let node = LazyStackNode(axis: axis, spacing: spacing, count: count, id: id, alignment: cross(), memory: memory) { i in
            let graph = ViewGraph.current
            _ = graph?.enter(id: identity(i))
            defer { graph?.leave() }
            return OpenCanvasViews.makeNode(view(i), environment: environment)
        }
        node.identity = graph?.currentIdentity
        node.transaction = graph?.buildTransaction
        node.owner = graph?.currentBody
        return node
    }

    private func main(_ s: CGSize) -> CGFloat { axis == .vertical ? s.height : s.width }
    private func cross(_ s: CGSize) -> CGFloat { axis == .vertical ? s.width : s.height }

    /// The total length along the axis, rows not yet made counted at the estimate.
    private var mainLength: CGFloat {
        guard count > 0 else { return 0 }
        return memory.totalLength + spacing * CGFloat(count - 1)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let crossProposal = axis == .vertical ? p.width : p.height
        let crossLength = crossProposal ?? memory.crossSize
        return axis == .vertical ? CGSize(width: crossLength, height: mainLength)
                                 : CGSize(width: mainLength, height: crossLength)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        rows = []
        guard count > 0 else { return }
        // The rows within the visible region, and as much again around it.
        let visible = VisibleRegion.current ?? frame
        let margin = axis == .vertical ? visible.height : visible.width
        let low = (axis == .vertical ? visible.minY : visible.minX) - margin
        let high = (axis == .vertical ? visible.maxY : visible.maxX) + margin
        let estimate = memory.estimate
        let crossFrame = axis == .vertical ? frame.width : frame.height
        var position = axis == .vertical ? frame.minY : frame.minX
        var made: [(Int, ViewNode)] = []
        _ = ViewGraph.buildAtPlacement(identity: identity, transaction: transaction, owner: owner) {
            for i in 0..<count {
                let length = memory.measured[i] ? memory.sizes[i] : estimate
                if position > high { break }
                if position + length < low {
                    position += length + spacing
                    continue
                }
                let node = makeRow(i)
                let proposal = axis == .vertical ? ProposedViewSize(width: crossFrame, height: nil)
                                                 : ProposedViewSize(width: nil, height: crossFrame)
                let size = node.measure(proposal)
                memory.record(main(size), at: i)
                memory.crossSize = max(memory.crossSize, cross(size))
                let rect: CGRect
                if axis == .vertical {
                    let x = frame.minX + (frame.width - size.width) * alignment.horizontal.fraction
                    rect = CGRect(x: x, y: position, width: size.width, height: size.height)
                } else {
                    // Baseline alignments are the bottom here (rows are made one at a time).
                    let y = frame.minY + (frame.height - size.height)
                        * alignment.vertical.guide(CGSize(width: 0, height: 1), node: nil)
                    rect = CGRect(x: position, y: y, width: size.width, height: size.height)
                }
                node.place(in: rect)
                made.append((i, node))
                position += main(size) + spacing
            }
            return EmptyNode()
        }
        rows = made.map { (index: $0.0, node: $0.1) }
    }

    /// The frame of the row with `id` (estimated for a row not made), in root coordinates.
    func frame(ofRowWith target: AnyHashable, madeOnly: Bool = false) -> CGRect? {
        if let row = rows.first(where: { id($0.index) == target }) { return row.node.frame }
        if madeOnly { return nil }
        let estimate = memory.estimate
        var position = axis == .vertical ? frame.minY : frame.minX
        for i in 0..<count {
            let length = memory.measured[i] ? memory.sizes[i] : estimate
            if id(i) == target {
                return axis == .vertical ? CGRect(x: frame.minX, y: position, width: frame.width, height: length)
                                         : CGRect(x: position, y: frame.minY, width: length, height: frame.height)
            }
            position += length + spacing
        }
        return nil
    }

    override func render(in context: RenderContext) {
        for row in rows { row.node.render(in: context) }
    }
}
