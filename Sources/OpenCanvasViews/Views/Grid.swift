import Foundation
import OpenCanvasDrawing

/// A grid of rows and columns (iOS 16): each `GridRow`'s views are cells of
/// its columns; a view outside a `GridRow` is a row of its own across the
/// whole grid. A column is as wide as its widest cell; when the grid is
/// offered more, the columns whose cells can grow share the rest. A row is as
/// tall as its tallest cell.
///
///     Grid(alignment: .leading) {
///         GridRow { Text("Speed"); Slider(value: $speed) }
///         GridRow { Text("Size"); Slider(value: $size) }
///     }
public struct Grid<Content: View>: View {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid of the rows `content` builds.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    /// A grid is primitive: it has no body.
    public typealias Body = Never
}

/// A row of a `Grid`: its views are the row's cells, one per column (or more,
/// by `gridCellColumns`).
public struct GridRow<Content: View>: View {
    let alignment: VerticalAlignment?
    let content: Content

    /// A row of the cells `content` builds, aligned vertically by `alignment`
    /// (`nil`: the grid's).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// Outside a grid, the cells side by side.
    public var body: some View { HStack(alignment: alignment ?? .center) { content } }
}

/// A grid row as the grid reads it.
@MainActor
protocol GridRowReading {
    var rowAlignment: VerticalAlignment? { get }
    var cells: [ViewListItem] { get }
}

extension GridRow: GridRowReading {
    var rowAlignment: VerticalAlignment? { alignment }
    var cells: [ViewListItem] { viewListItems(content) }
}

/// `gridCellColumns(_:)`: how many columns a cell spans.
struct GridCellColumnsModifier: _PrimitiveViewModifier {
    let count: Int
    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(GridCellNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment), columns: count))
    }
}

/// A cell that spans several columns (found through the wrappers around a cell).
final class GridCellNode: WrapperNode {
    let columns: Int
    init(child: ViewNode, columns: Int) {
        self.columns = max(1, min(columns, 1000))
        super.init(child: child)
    }
}

extension View {
    /// Makes the cell span `count` columns of its grid row.
    public func gridCellColumns(_ count: Int) -> some View { modifier(GridCellColumnsModifier(count: count)) }

    /// How the cells of this cell's column are aligned (accepted; the grid's
    /// alignment is used).
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }

    /// Axes along which the cell does not ask for more than its ideal size
    /// (accepted; cells are measured at their ideal size).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }
}

extension Grid: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var rows: [GridNode.Row] = []
        let graph = ViewGraph.current
        for (r, item) in viewListItems(content).enumerated() {
            _ = graph?.enter(id: item.id.map { AnyHashable(["id", $0]) } ?? AnyHashable(["#", AnyHashable(r)]))
            if let row = item.view as? any GridRowReading {
                let cells = row.cells.enumerated().map { c, cell -> ViewNode in
                    _ = graph?.enter(id: cell.id.map { AnyHashable(["id", $0]) } ?? AnyHashable(["#", AnyHashable(c)]))
                    defer { graph?.leave() }
                    return OpenCanvasViews.makeNode(AnyView(cell.view), environment: environment)
                }
                rows.append(GridNode.Row(cells: cells, alignment: row.rowAlignment, spansAll: false))
            } else {
                rows.append(GridNode.Row(cells: [OpenCanvasViews.makeNode(AnyView(item.view), environment: environment)],
                                         alignment: nil, spansAll: true))
            }
            graph?.leave()
        }
        return GridNode(rows: rows, alignment: alignment, hSpacing: horizontalSpacing ?? defaultStackSpacing,
                        vSpacing: verticalSpacing ?? defaultStackSpacing)
    }
}

final class GridNode: ViewNode {
    struct Row {
        let cells: [ViewNode]
        let alignment: VerticalAlignment?
        let spansAll: Bool
    }
    let rows: [Row]
    let alignment: Alignment
    let hSpacing: CGFloat
    let vSpacing: CGFloat
    override var subnodes: [ViewNode] { rows.flatMap(\.cells) }

    init(rows: [Row], alignment: Alignment, hSpacing: CGFloat, vSpacing: CGFloat) {
        self.rows = rows
        self.alignment = alignment
        self.hSpacing = hSpacing.isFinite ? hSpacing : defaultStackSpacing
        self.vSpacing = vSpacing.isFinite ? vSpacing : defaultStackSpacing
    }

    private func span(_ cell: ViewNode) -> Int { WrapperNode.outermost(GridCellNode.self, around: cell)?.columns ?? 1 }

    private var columnCount: Int {
        rows.filter { !$0.spansAll }.map { $0.cells.reduce(0) { $0 + span($1) } }.max() ?? 1
    }

    /// The column widths for a proposed width.
    private func columnWidths(_ width: CGFloat?) -> [CGFloat] {
        let n = max(1, columnCount)
        var widths = [CGFloat](repeating: 0, count: n)
        var flexible = [Bool](repeating: false, count: n)
        for row in rows where !row.spansAll {
            var c = 0
            for cell in row.cells {
                let s = span(cell)
                if s == 1, c < n {
                    let ideal = cell.measure(ProposedViewSize(width: nil, height: nil)).width
                    widths[c] = max(widths[c], ideal)
                    if cell.measure(ProposedViewSize(width: .infinity, height: nil)).width > ideal + 0.5 { flexible[c] = true }
                }
                c += s
            }
        }
        if let width, width.isFinite {
            let used = widths.reduce(0, +) + hSpacing * CGFloat(n - 1)
            let growers = flexible.filter { $0 }.count
            if width > used, growers > 0 {
                let extra = (width - used) / CGFloat(growers)
                for i in 0..<n where flexible[i] { widths[i] += extra }
            }
        }
        return widths
    }

    private func cellWidth(_ widths: [CGFloat], from c: Int, span s: Int) -> CGFloat {
        let end = min(widths.count, c + s)
        guard c < end else { return 0 }
        return widths[c..<end].reduce(0, +) + hSpacing * CGFloat(end - c - 1)
    }

    private func rowHeights(_ widths: [CGFloat]) -> [CGFloat] {
        let total = cellWidth(widths, from: 0, span: widths.count)
        return rows.map { row in
            if row.spansAll { return row.cells.first?.measure(ProposedViewSize(width: total, height: nil)).height ?? 0 }
            var c = 0, h: CGFloat = 0
            for cell in row.cells {
                let s = span(cell)
                h = max(h, cell.measure(ProposedViewSize(width: cellWidth(widths, from: c, span: s), height: nil)).height)
                c += s
            }
            return h
        }
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let widths = columnWidths(p.width)
        let heights = rowHeights(widths)
        return CGSize(width: cellWidth(widths, from: 0, span: widths.count),
                      height: heights.reduce(0, +) + vSpacing * CGFloat(max(0, heights.count - 1)))
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        let widths = columnWidths(frame.width)
        let heights = rowHeights(widths)
        let total = cellWidth(widths, from: 0, span: widths.count)
        var y = frame.minY
        for (r, row) in rows.enumerated() {
            let vertical = row.alignment ?? alignment.vertical
            var c = 0
            for cell in row.cells {
                let s = row.spansAll ? widths.count : span(cell)
                var x = frame.minX
                if c > 0 { x += cellWidth(widths, from: 0, span: c) + hSpacing }
                let w = row.spansAll ? total : cellWidth(widths, from: c, span: s)
                let size = cell.measure(ProposedViewSize(width: w, height: nil))
                let cx = x + (w - size.width) * alignment.horizontal.fraction
                let cy = y + (heights[r] - size.height) * vertical.guide(CGSize(width: 0, height: 1), node: nil)
                cell.place(in: CGRect(x: cx, y: cy, width: min(size.width, max(w, size.width)), height: size.height))
                c += s
            }
            y += heights[r] + vSpacing
        }
    }

    override func render(in context: RenderContext) {
        for row in rows { for c in row.cells { c.render(in: context) } }
    }
}
