import Foundation
import OpenCanvasDrawing

/// A column of a lazy grid (`LazyVGrid`) or a row of one (`LazyHGrid`): its
/// size, the spacing after it, and how its cells are aligned.
public struct GridItem: Sendable {
    /// How the item is sized.
    public enum Size: Sendable {
        /// A fixed length.
        case fixed(CGFloat)
        /// A share of the space left by fixed items, within `minimum`…`maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many items of at least `minimum` as fit in a share, sharing it equally.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// How the item is sized.
    public var size: Size
    /// The spacing to the next item (`nil`: 8 points).
    public var spacing: CGFloat?
    /// How cells are aligned in the item (`nil`: centred).
    public var alignment: Alignment?

    /// An item of `size`.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The lengths of a lazy grid's tracks (columns of a `LazyVGrid`) in `length`,
/// with the spacing after each. Adaptive items become as many tracks as fit.
func gridTracks(_ items: [GridItem], in length: CGFloat) -> [(length: CGFloat, spacing: CGFloat, alignment: Alignment)] {
    guard !items.isEmpty else { return [] }
    func clean(_ v: CGFloat, _ fallback: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : fallback }
    let available = length.isFinite ? max(0, length) : 0
    let spacings = items.map { clean($0.spacing ?? defaultStackSpacing, defaultStackSpacing) }
    var fixedTotal: CGFloat = 0
    var flexibleCount = 0
    for item in items {
        if case .fixed(let l) = item.size { fixedTotal += clean(l, 0) } else { flexibleCount += 1 }
    }
    let spacingTotal = spacings.dropLast().reduce(0, +)
    var share = flexibleCount > 0 ? max(0, available - fixedTotal - spacingTotal) / CGFloat(flexibleCount) : 0
    // Flexible items held at their bounds give or take from the others' share.
    var tracks: [(CGFloat, CGFloat, Alignment)] = []
    var clamped = 0
    var clampedTotal: CGFloat = 0
    for item in items {
        if case .flexible(let lo, let hi) = item.size {
            let minimum = clean(lo, 0), maximum = max(minimum, clean(hi, .greatestFiniteMagnitude))
            if share < minimum || share > maximum {
                clamped += 1
                clampedTotal += min(max(share, minimum), maximum)
            }
        }
    }
    if clamped > 0, flexibleCount > clamped {
        share = max(0, available - fixedTotal - spacingTotal - clampedTotal) / CGFloat(flexibleCount - clamped)
    }
    for (i, item) in items.enumerated() {
        let alignment = item.alignment ?? .center
        switch item.size {
        case .fixed(let l):
            tracks.append((clean(l, 0), spacings[i], alignment))
        case .flexible(let lo, let hi):
            let minimum = clean(lo, 0), maximum = max(minimum, clean(hi, .greatestFiniteMagnitude))
            tracks.append((min(max(share, minimum), maximum), spacings[i], alignment))
        case .adaptive(let lo, let hi):
            let minimum = max(1, clean(lo, 1)), maximum = max(minimum, clean(hi, .greatestFiniteMagnitude))
            let count = max(1, Int(min(10_000, ((share + spacings[i]) / (minimum + spacings[i])).rounded(.down))))
            let each = min(maximum, max(minimum, (share - spacings[i] * CGFloat(count - 1)) / CGFloat(count)))
            for _ in 0..<count { tracks.append((each, spacings[i], alignment)) }
        }
    }
    return tracks
}

/// A grid that grows down: its cells fill the columns of each row in turn;
/// rows are made only when visible (in a scroll view).
///
///     ScrollView {
///         LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
///             ForEach(days) { DayCell(day: $0) }
///         }
///     }
public struct LazyVGrid<Content: View>: View {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `columns`, rows `spacing` apart.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A lazy grid is primitive: it has no body.
    public typealias Body = Never
}

/// A grid that grows to the trailing side: its cells fill the rows of each
/// column in turn; columns are made only when visible (in a scroll view).
public struct LazyHGrid<Content: View>: View {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `rows`, columns `spacing` apart.
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A lazy grid is primitive: it has no body.
    public typealias Body = Never
}

extension LazyVGrid: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        LazyGridNode.make(axis: .vertical, items: columns, spacing: spacing, list: lazyViewList(content),
                          environment: environment, alignment: Alignment(horizontal: alignment, vertical: .center))
    }
}

extension LazyHGrid: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        LazyGridNode.make(axis: .horizontal, items: rows, spacing: spacing, list: lazyViewList(content),
                          environment: environment, alignment: Alignment(horizontal: .center, vertical: alignment))
    }
}

/// A lazy grid: a lazy stack of lines (rows of a vertical grid), each line's
/// cells placed in the tracks (columns) computed from the grid's width. The
/// track count depends on the width, so the lines are regrouped at placement.
final class LazyGridNode: ViewNode {
    let axis: StackNode.Axis
    let items: [GridItem]
    let spacing: CGFloat
    let list: LazyViewList
    let environment: EnvironmentValues
    let alignment: Alignment
    let memory: LazyStackMemory
    var identity: String?
    var transaction: Transaction?
    var owner: String?
    private var stack: LazyStackNode?
    /// The cross length `stack` was made for.
    private var stackCross: CGFloat = 0
    override var subnodes: [ViewNode] { stack.map { [$0] } ?? [] }

    init(axis: StackNode.Axis, items: [GridItem], spacing: CGFloat, list: LazyViewList, environment: EnvironmentValues,
         alignment: Alignment, memory: LazyStackMemory) {
        self.axis = axis
        self.items = items
        self.spacing = spacing
        self.list = list
        self.environment = environment
        self.alignment = alignment
        self.memory = memory
    }

    static func make(axis: StackNode.Axis, items: [GridItem], spacing: CGFloat?, list: LazyViewList,
                     environment: EnvironmentValues, alignment: Alignment) -> LazyGridNode {
        let graph = ViewGraph.current
        let memory = graph.map { g in g.slot(g.key("lazyGrid")) { LazyStackMemory() } } ?? LazyStackMemory()
        let s = spacing ?? defaultStackSpacing
        let node = LazyGridNode(axis: axis, items: items, spacing: s.isFinite ? s : defaultStackSpacing, list: list,
                                environment: environment, alignment: alignment, memory: memory)
        node.identity = graph?.currentIdentity
        node.transaction = graph?.buildTransaction
        node.owner = graph?.currentBody
        return node
    }

    /// The stack of lines for a cross length (the grid's width, for a vertical grid).
    private func lines(cross: CGFloat) -> LazyStackNode {
        if let stack, abs(stackCross - cross) < 0.01 { return stack }
        stackCross = cross
        let tracks = gridTracks(items, in: cross)
        let perLine = max(1, tracks.count)
        let count = (list.count + perLine - 1) / perLine
        let list = self.list, axis = self.axis, environment = self.environment
        let node = LazyStackNode(axis: axis, spacing: spacing, count: count, id: { AnyHashable($0) },
                                 alignment: alignment, memory: memory) { line in
            let graph = ViewGraph.current
            var cells: [ViewNode] = []
            for i in (line * perLine)..<min(list.count, (line + 1) * perLine) {
                _ = graph?.enter(id: list.identity(i))
                if let item = list.item(i) { cells.append(OpenCanvasViews.makeNode(AnyView(item.view), environment: environment)) }
                graph?.leave()
            }
            return GridLineNode(axis: axis, cells: cells, tracks: tracks)
        }
        node.identity = identity
        node.transaction = transaction
        node.owner = owner
        stack = node
        return node
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let cross = (axis == .vertical ? p.width : p.height) ?? gridTracks(items, in: 0).reduce(0) { $0 + $1.length }
        let s = lines(cross: cross).measure(p)
        return axis == .vertical ? CGSize(width: cross, height: s.height) : CGSize(width: s.width, height: cross)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        let stack = lines(cross: axis == .vertical ? frame.width : frame.height)
        stack.place(in: frame)
    }

    override func render(in context: RenderContext) { stack?.render(in: context) }
}

/// One line of a lazy grid: its cells in the tracks, each aligned in its track.
final class GridLineNode: ViewNode {
    let axis: StackNode.Axis
    let cells: [ViewNode]
    let tracks: [(length: CGFloat, spacing: CGFloat, alignment: Alignment)]
    override var subnodes: [ViewNode] { cells }

    init(axis: StackNode.Axis, cells: [ViewNode], tracks: [(length: CGFloat, spacing: CGFloat, alignment: Alignment)]) {
        self.axis = axis
        self.cells = cells
        self.tracks = tracks
    }

    private func cellSizes() -> [CGSize] {
        guard !tracks.isEmpty else { return cells.map { _ in .zero } }
        return cells.enumerated().map { i, c in
            let t = tracks[min(i, tracks.count - 1)].length
            return c.measure(axis == .vertical ? ProposedViewSize(width: t, height: nil) : ProposedViewSize(width: nil, height: t))
        }
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let sizes = cellSizes()
        let along = tracks.enumerated().reduce(CGFloat(0)) { $0 + $1.element.length + ($1.offset < tracks.count - 1 ? $1.element.spacing : 0) }
        let thickness = sizes.map { axis == .vertical ? $0.height : $0.width }.max() ?? 0
        return axis == .vertical ? CGSize(width: along, height: thickness) : CGSize(width: thickness, height: along)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        let sizes = cellSizes()
        var position = axis == .vertical ? frame.minX : frame.minY
        for (i, cell) in cells.enumerated() {
            guard i < tracks.count else { break }
            let t = tracks[i], s = sizes[i]
            if axis == .vertical {
                let x = position + (t.length - s.width) * t.alignment.horizontal.fraction
                let y = frame.minY + (frame.height - s.height) * t.alignment.vertical.guide(CGSize(width: 0, height: 1), node: nil)
                cell.place(in: CGRect(x: x, y: y, width: s.width, height: s.height))
            } else {
                let y = position + (t.length - s.height) * t.alignment.vertical.guide(CGSize(width: 0, height: 1), node: nil)
                let x = frame.minX + (frame.width - s.width) * t.alignment.horizontal.fraction
                cell.place(in: CGRect(x: x, y: y, width: s.width, height: s.height))
            }
            position += t.length + t.spacing
        }
    }

    override func render(in context: RenderContext) {
        for c in cells { c.render(in: context) }
    }
}
