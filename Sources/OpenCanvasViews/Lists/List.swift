import Foundation
import OpenCanvasDrawing

/// A scrolling list of rows, grouped in sections, drawn in the list style of
/// its environment (inset grouped by default, as on iOS).
///
///     List(cities) { city in
///         NavigationLink(city.name, value: city)
///     }
///
/// Rows are made only when they are visible (a list of 100,000 rows makes the
/// screenful it shows). Each row is at least 44 points tall, padded 16 at the
/// sides, with hairlines between rows; a `ForEach` with `onDelete` lets a
/// swipe to the leading side reveal Delete (a long swipe deletes at once); in
/// edit mode (`EditButton`, `\.editMode`) rows show a delete control and, with
/// `onMove`, a handle that drags them. With a selection binding rows are
/// chosen by their tag (or `ForEach` id): a single selection by a tap; a set
/// in edit mode, where each row shows a circle, checked when chosen.
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let selection: ListSelection

    /// A list of the rows (and sections) `content` builds.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        self.content = content()
        selection = ListSelection()
    }

    /// A list whose tapped row becomes the selection.
    public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = ListSelection(single: selection)
    }

    /// A list whose tapped rows join (or leave) the selection.
    public init(selection: Binding<Set<SelectionValue>>, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = ListSelection(multiple: selection)
    }

    /// The list as its style draws it.
    public var body: some View {
        ListContainer(sections: listSections(content), selection: selection)
    }
}

extension List where SelectionValue == Never {
    /// A row for each element of `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data,
                                                               @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }

    /// A row for each integer of a range.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
        where Content == ForEach<Range<Int>, Int, RowContent> {
        self.init { ForEach(data, id: \.self, content: rowContent) }
    }
}

extension List {
    /// A row for each element of `data`, the tapped one the selection.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<SelectionValue?>,
                                                               @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }
}

/// A form: rows of controls in grouped sections (an inset grouped list).
public struct Form<Content: View>: View {
    let content: Content

    /// A form of the sections and rows `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// The form as an inset grouped list.
    public var body: some View {
        List { content }.listStyle(.insetGrouped)
    }
}

/// How a list's rows are selected: none, one (optional binding) or a set.
@MainActor
struct ListSelection {
    var isSelected: (AnyHashable) -> Bool = { _ in false }
    var select: ((AnyHashable) -> Void)?
    /// A set of rows (chosen in edit mode, as on iOS), rather than one.
    var isMultiple = false

    init() {}

    init<V: Hashable>(single binding: Binding<V?>) {
        isSelected = { tag in binding.wrappedValue.map { AnyHashable($0) == tag } ?? false }
        select = { tag in if let v = tag.base as? V { binding.wrappedValue = v } }
    }

    init<V: Hashable>(multiple binding: Binding<Set<V>>) {
        isMultiple = true
        isSelected = { tag in (tag.base as? V).map(binding.wrappedValue.contains) ?? false }
        select = { tag in
            guard let v = tag.base as? V else { return }
            if binding.wrappedValue.contains(v) { binding.wrappedValue.remove(v) } else { binding.wrappedValue.insert(v) }
        }
    }
}

/// One section of a list: its header, rows and footer.
@MainActor
struct ListSection {
    let header: AnyView?
    let footer: AnyView?
    let rows: LazyViewList
}

/// The sections of a list's content: its `Section`s, and the rows between them
/// as sections of their own.
@MainActor
func listSections(_ content: any View) -> [ListSection] {
    var sections: [ListSection] = []
    var loose = LazyViewList()
    func flush() {
        if loose.count > 0 { sections.append(ListSection(header: nil, footer: nil, rows: loose)) }
        loose = LazyViewList()
    }
    for segment in lazyViewList(content).segments {
        var items: [ViewListItem]
        switch segment {
        case .items(let given):
            items = given
        case .generated(let count, _, let item, _):
            // A `ForEach` of sections (one per group): its sections, made now
            // (there are few); a `ForEach` of rows stays lazy.
            guard count > 0, item(0).view is any SectionReading else {
                loose.segments.append(segment)
                continue
            }
            items = (0..<count).map(item)
        }
        for item in items {
            if let section = item.view as? any SectionReading {
                flush()
                sections.append(ListSection(header: section.headerView, footer: section.footerView, rows: section.rows))
            } else {
                loose.segments.append(.items([item]))
            }
        }
    }
    flush()
    return sections
}

/// The list's entries in order, made lazily: section gaps and headers, rows, footers.
@MainActor
struct ListEntries {
    enum Entry {
        case header(section: Int)
        case row(section: Int, index: Int)
        case footer(section: Int)
    }
    let sections: [ListSection]
    /// For each section: where its entries start, and whether it has a header and footer.
    private let starts: [Int]
    let count: Int

    init(_ sections: [ListSection]) {
        self.sections = sections
        var starts: [Int] = []
        var n = 0
        for s in sections {
            starts.append(n)
            n += 1 + s.rows.count + (s.footer == nil ? 0 : 1)    // a header (or the gap) always
        }
        self.starts = starts
        count = n
    }

    func entry(_ i: Int) -> Entry {
        // The last section starting at or before `i`.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        let s = lo, offset = i - starts[lo]
        if offset == 0 { return .header(section: s) }
        if offset - 1 < sections[s].rows.count { return .row(section: s, index: offset - 1) }
        return .footer(section: s)
    }

    /// A row's id as the user gave it (what `scrollTo` looks for).
    func id(_ i: Int) -> AnyHashable {
        switch entry(i) {
        case .header(let s): return AnyHashable("header \(s)")
        case .footer(let s): return AnyHashable("footer \(s)")
        case .row(let s, let r): return sections[s].rows.id(r)
        }
    }

    /// The identity an entry's views are made under: its section and its
    /// identity there.
    func identity(_ i: Int) -> AnyHashable {
        switch entry(i) {
        case .header(let s): return AnyHashable("header \(s)")
        case .footer(let s): return AnyHashable("footer \(s)")
        case .row(let s, let r): return AnyHashable([AnyHashable(s), sections[s].rows.identity(r)])
        }
    }
}

/// The list's scroll view of entries, on its background.
struct ListContainer: View {
    let sections: [ListSection]
    let selection: ListSelection
    @Environment(\.listLook) private var look
    @Environment(\.scrollContentBackgroundHidden) private var backgroundHidden

    var body: some View {
        let look = self.look ?? .insetGrouped
        let background = look.isGrouped || look == .insetGrouped ? Color.groupedBackground : Color.systemBackground
        ScrollView {
            ListEntriesView(entries: ListEntries(sections), look: look, selection: selection)
        }
        .background(backgroundHidden ? Color.clear : background)
        .preference(key: PageBackgroundKey.self, value: backgroundHidden ? nil : background)
    }
}

/// The lazy column of a list's entries.
struct ListEntriesView: View {
    let entries: ListEntries
    let look: ListLook
    let selection: ListSelection
    typealias Body = Never
}

extension ListEntriesView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let entries = self.entries, look = self.look, selection = self.selection
        return LazyStackNode.make(axis: .vertical, spacing: 0, count: entries.count, id: entries.id,
                                  identity: entries.identity, environment: environment, cross: { .leading }) { i in
            switch entries.entry(i) {
            case .header(let s):
                return AnyView(ListHeader(header: entries.sections[s].header, look: look, isFirst: s == 0))
            case .footer(let s):
                return AnyView(ListFooter(footer: entries.sections[s].footer, look: look))
            case .row(let s, let r):
                let rows = entries.sections[s].rows
                guard let item = rows.item(r) else { return AnyView(EmptyView()) }
                let tag = item.tag ?? item.id
                return AnyView(ListRow(content: AnyView(item.view), look: look, isFirst: r == 0,
                                       isLast: r == rows.count - 1, edit: rows.edit(r),
                                       isSelected: tag.map(selection.isSelected) ?? false,
                                       select: tag.flatMap { tag in selection.select.map { select in { select(tag) } } },
                                       selectsInEditModeOnly: selection.isMultiple))
            }
        }
    }
}

/// A section's header (13 points, secondary, above its group), or the gap
/// before a section without one.
struct ListHeader: View {
    let header: AnyView?
    let look: ListLook
    let isFirst: Bool

    var body: some View {
        if let header {
            header
                .font(.system(size: 13))
                .foregroundColor(.secondary)
                .textCase(look.isGrouped ? .uppercase : nil)
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(EdgeInsets(top: look.isGrouped ? (isFirst ? 16 : 22) : 8, leading: look.margin + 16,
                                    bottom: 6, trailing: look.margin + 16))
                .accessibilityAddTraits(.isHeader)
        } else {
            Color.clear.frame(height: look.isGrouped ? (isFirst ? 16 : 22) : 0)
        }
    }
}

/// A section's footer: 13 points, secondary, under its group.
struct ListFooter: View {
    let footer: AnyView?
    let look: ListLook

    var body: some View {
        footer?
            .font(.system(size: 13))
            .foregroundColor(.secondary)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 6, leading: look.margin + 16, bottom: 0, trailing: look.margin + 16))
    }
}
