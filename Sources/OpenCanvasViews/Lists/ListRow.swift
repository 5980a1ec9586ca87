import Foundation
import OpenCanvasDrawing

// A list row's chrome. Metrics: ../shared/docs/controls-and-appearance.md §2
// (List / Form): rows at least 44 tall; content padded 16 at the sides (20
// from the edge in a plain list); inset grouped sections 20 from the list's
// edges with corners of radius 10; hairline separators (the separator colour)
// from the content's leading edge to the row's trailing edge, between rows;
// rows on the secondary grouped background (plain: the system background),
// the selected row on systemGray4.

/// One row of a list: its content with the row's padding, background and
/// separator, as the content's `listRowInsets`, `listRowBackground` and
/// `listRowSeparator` ask; swipe-to-delete and edit controls when its
/// `ForEach` can delete or move.
struct ListRow: View {
    let content: AnyView
    let look: ListLook
    let isFirst: Bool
    let isLast: Bool
    let edit: (actions: ListEditActions, index: Int, count: Int)?
    let isSelected: Bool
    let select: (() -> Void)?
    /// Whether the row is chosen only in edit mode (a multiple selection).
    var selectsInEditModeOnly = false
    typealias Body = Never
}

extension ListRow: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var env = environment
        env.isInListRow = true
        let graph = ViewGraph.current
        let editing = environment.editMode?.wrappedValue.isEditing ?? false
        var body = content
        if let (actions, index, count) = edit {
            if editing {
                body = AnyView(EditingRow(content: content, delete: actions.delete.map { d in { d(IndexSet(integer: index)) } },
                                          move: actions.move.map { m in { wanted in
                                              // The row's new place among the `ForEach`'s rows, and
                                              // the offset to move it before (SwiftUI's 0…count).
                                              let target = max(0, min(count - 1, wanted))
                                              guard target != index else { return }
                                              m(IndexSet(integer: index), target > index ? target + 1 : target)
                                          } }, index: index))
            } else if let delete = actions.delete {
                body = AnyView(SwipeToDelete(content: content, delete: { delete(IndexSet(integer: index)) }))
            }
        }
        if let select {
            if selectsInEditModeOnly {
                if editing {
                    let chosen = isSelected
                    body = AnyView(HStack(spacing: 12) {
                        Image(systemName: chosen ? "checkmark.circle.fill" : "circle")
                            .font(.system(size: 22))
                            .foregroundColor(chosen ? (environment.tint ?? .blue) : Color.tertiaryLabel)
                            .accessibilityHidden(true)
                        body
                    }
                    .contentShape(Rectangle())
                    .onTapGesture { select() }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(chosen ? [.isButton, .isSelected] : .isButton))
                }
            } else {
                body = AnyView(body.contentShape(Rectangle()).onTapGesture { select() })
            }
        }
        _ = graph?.enter("content")
        let contentNode = OpenCanvasViews.makeNode(body, environment: env)
        graph?.leave()
        let insets = preferenceValue(ListRowInsetsKey.self, under: contentNode)
            ?? EdgeInsets(top: 6, leading: look == .plain || look == .grouped ? 20 : 16, bottom: 6, trailing: 16)
        let customBackground = preferenceValue(ListRowBackgroundKey.self, under: contentNode)
        let separator = preferenceValue(ListRowSeparatorKey.self, under: contentNode) != .hidden && !isLast
        let radius: CGFloat = look == .insetGrouped ? 10 : 0
        let shape = UnevenRoundedRectangle(topLeadingRadius: isFirst ? radius : 0, bottomLeadingRadius: isLast ? radius : 0,
                                           bottomTrailingRadius: isLast ? radius : 0, topTrailingRadius: isFirst ? radius : 0)
        // A chosen row is shaded (a multiple selection shows its check instead).
        let shaded = isSelected && !selectsInEditModeOnly
        let fill: Color = shaded ? .systemGray4 : (look.isGrouped ? .groupedRowBackground : .clear)
        let background = customBackground.map { AnyView($0.clipShape(shape)) } ?? AnyView(shape.fill(fill))
        _ = graph?.enter("background")
        let backgroundNode = OpenCanvasViews.makeNode(background, environment: env)
        graph?.leave()
        _ = graph?.enter("separator")
        let separatorNode = separator ? OpenCanvasViews.makeNode(Rectangle().fill(Color.separator), environment: env)
            : EmptyNode()
        graph?.leave()
        return ListRowNode(content: contentNode, background: backgroundNode, separator: separatorNode,
                           insets: insets, margin: look.margin)
    }
}

/// Lays out a row: the background across the row (inside the list's margins),
/// the content inside the insets (at least 44 tall in all), the separator at
/// the bottom from the content's leading edge.
final class ListRowNode: ViewNode {
    let content: ViewNode
    let background: ViewNode
    let separator: ViewNode
    let insets: EdgeInsets
    let margin: CGFloat
    override var subnodes: [ViewNode] { [background, content, separator] }

    init(content: ViewNode, background: ViewNode, separator: ViewNode, insets: EdgeInsets, margin: CGFloat) {
        self.content = content
        self.background = background
        self.separator = separator
        self.insets = insets
        self.margin = margin
    }

    private func contentWidth(_ width: CGFloat?) -> CGFloat? {
        width.map { max(0, $0 - 2 * margin - insets.leading - insets.trailing) }
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let c = content.measure(ProposedViewSize(width: contentWidth(p.width), height: nil))
        let height = max(44, c.height + insets.top + insets.bottom)
        return CGSize(width: p.width ?? (c.width + 2 * margin + insets.leading + insets.trailing), height: height)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        let row = CGRect(x: frame.minX + margin, y: frame.minY, width: max(0, frame.width - 2 * margin), height: frame.height)
        background.place(in: row)
        let width = contentWidth(frame.width) ?? 0
        let size = content.measure(ProposedViewSize(width: width, height: nil))
        let inner = row.height - insets.top - insets.bottom
        // Content fills the row's width (a row's views lead), centred vertically.
        content.place(in: CGRect(x: row.minX + insets.leading, y: row.minY + insets.top + max(0, inner - size.height) / 2,
                                 width: width, height: size.height))
        separator.place(in: CGRect(x: row.minX + insets.leading, y: row.maxY - 0.5,
                                   width: max(0, row.width - insets.leading), height: 0.5))
    }

    override func render(in context: RenderContext) {
        background.render(in: context)
        content.render(in: context)
        separator.render(in: context)
    }
}

/// A row that a swipe towards the leading side moves aside to show a red
/// Delete button (74 wide) at its trailing end; a swipe past half the row's
/// width deletes at once; a tap on Delete deletes.
struct SwipeToDelete: View {
    let content: AnyView
    let delete: () -> Void
    @State private var offset: CGFloat = 0
    @State private var start: CGFloat = 0
    @State private var width: CGFloat = 320
    static let buttonWidth: CGFloat = 74

    var body: some View {
        // The row is as tall as its content; the button is laid over it.
        content
            .frame(maxWidth: .infinity, alignment: .leading)
            .offset(x: offset)
            .overlay {
                GeometryReader { proxy in
                    if offset < 0 {
                        // Out to the row's edges, over its padding (the default 6 and 16).
                        Text("Delete").foregroundColor(.white)
                            .frame(width: -offset, height: proxy.size.height + 12)
                            .background(Color.red)
                            .contentShape(Rectangle())
                            .onTapGesture { finish(delete: true) }
                            .accessibilityElement(children: .combine)
                            .accessibilityAddTraits(.isButton)
                            .offset(x: proxy.size.width + 16 + offset, y: -6)
                    }
                }
            }
            .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 }
            .contentShape(Rectangle())
            .onDrag(along: .horizontal, changed: { value in
                offset = min(0, start + value.translation.width)
            }, ended: { value in
                let end = min(0, start + value.translation.width)
                if end < -width / 2 {
                    finish(delete: true)
                } else {
                    withAnimation(.easeOut(duration: 0.2)) { offset = end < -Self.buttonWidth / 2 ? -Self.buttonWidth : 0 }
                    start = offset
                }
            })
    }

    private func finish(delete: Bool) {
        offset = 0
        start = 0
        if delete { self.delete() }
    }
}

/// A row in edit mode: a red delete control before it, a move handle after it.
struct EditingRow: View {
    let content: AnyView
    let delete: (() -> Void)?
    let move: ((Int) -> Void)?
    let index: Int
    @State private var drag: CGFloat = 0

    var body: some View {
        HStack(spacing: 12) {
            if let delete {
                ZStack {
                    Circle().fill(Color.red)
                    Rectangle().fill(Color.white).frame(width: 10, height: 2)
                }
                .frame(width: 22, height: 22)
                .contentShape(Rectangle())
                .onTapGesture { delete() }
                .accessibilityElement()
                .accessibilityLabel("Delete")
                .accessibilityAddTraits(.isButton)
            }
            content
            Spacer(minLength: 0)
            if let move {
                Image(systemName: "line.3.horizontal")
                    .foregroundColor(.secondary)
                    .frame(width: 32, height: 32)
                    .contentShape(Rectangle())
                    .gesture(DragGesture(minimumDistance: 2)
                        .onChanged { drag = $0.translation.height }
                        .onEnded { value in
                            drag = 0
                            // Rows are 44 tall at least: the rows passed.
                            let steps = (value.translation.height / 44).rounded()
                            guard steps.isFinite, steps != 0 else { return }
                            move(max(0, index + Int(max(-1_000_000, min(1_000_000, steps)))))
                        })
                    .accessibilityLabel("Reorder")
            }
        }
        .offset(y: drag)
    }
}

struct ListRowInsetsKey: PreferenceKey {
    static var defaultValue: EdgeInsets? { nil }
    static func reduce(value: inout EdgeInsets?, nextValue: () -> EdgeInsets?) { value = value ?? nextValue() }
}

struct ListRowBackgroundKey: PreferenceKey {
    static var defaultValue: AnyView? { nil }
    static func reduce(value: inout AnyView?, nextValue: () -> AnyView?) { value = value ?? nextValue() }
}

struct ListRowSeparatorKey: PreferenceKey {
    static var defaultValue: Visibility { .automatic }
    static func reduce(value: inout Visibility, nextValue: () -> Visibility) {
        if value == .automatic { value = nextValue() }
    }
}

private struct ScrollContentBackgroundKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    var scrollContentBackgroundHidden: Bool {
        get { self[ScrollContentBackgroundKey.self] }
        set { self[ScrollContentBackgroundKey.self] = newValue }
    }
}

extension View {
    /// The padding of the list row this view is in (`nil`: the list's own).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        preference(key: ListRowInsetsKey.self, value: insets)
    }

    /// The view drawn behind the list row this view is in.
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        preference(key: ListRowBackgroundKey.self, value: view.map { AnyView($0) })
    }

    /// Whether the list row this view is in draws its separator.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        preference(key: ListRowSeparatorKey.self, value: visibility)
    }

    /// Whether a list or form inside draws its background (`.hidden`: the
    /// views behind show through).
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environment(\.scrollContentBackgroundHidden, visibility == .hidden)
    }
}

extension VerticalEdge {
    /// A set of vertical edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 2)
        /// Both edges.
        public static let all: Set = [.top, .bottom]
    }
}
