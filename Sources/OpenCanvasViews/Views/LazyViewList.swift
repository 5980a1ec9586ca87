import Foundation
import OpenCanvasDrawing

/// A container's content as a list whose items are made only when asked for:
/// a `ForEach` of 100,000 elements is one segment of 100,000 items, each item's
/// view made from its element when a lazy stack or a list shows it. Other
/// views (tuples, groups, conditionals, single views) are read as they are.
@MainActor
struct LazyViewList {
    enum Segment {
        case items([ViewListItem])
        /// `count` items; `item(i)` makes the i-th, `id(i)` gives its id
        /// without making it; `edit` is the `ForEach`'s delete and move
        /// actions, if any.
        case generated(count: Int, id: (Int) -> AnyHashable, item: (Int) -> ViewListItem, edit: ListEditActions?)
    }
    var segments: [Segment] = []

    var count: Int {
        segments.reduce(0) { n, s in
            switch s {
            case .items(let items): return n + items.count
            case .generated(let count, _, _, _): return n + count
            }
        }
    }

    /// The segment holding item `i`, its index there, and the segment's position.
    private func locate(_ i: Int) -> (Segment, Int, Int)? {
        var rest = i
        for (k, s) in segments.enumerated() {
            let n: Int
            switch s {
            case .items(let items): n = items.count
            case .generated(let count, _, _, _): n = count
            }
            if rest < n { return (s, rest, k) }
            rest -= n
        }
        return nil
    }

    /// Item `i` (made now).
    func item(_ i: Int) -> ViewListItem? {
        guard let (segment, j, _) = locate(i) else { return nil }
        switch segment {
        case .items(let items): return items[j]
        case .generated(_, _, let item, _): return item(j)
        }
    }

    /// The id of item `i` as the user gave it (a `ForEach` element's id), else
    /// its position: what `scrollTo` looks for.
    func id(_ i: Int) -> AnyHashable {
        guard let (segment, j, _) = locate(i) else { return AnyHashable(i) }
        switch segment {
        case .items(let items): return items[j].id ?? AnyHashable(i)
        case .generated(_, let id, _, _): return id(j)
        }
    }

    /// The identity item `i`'s views are made under: its id (or its place
    /// among the static views of its segment) with the segment it is in, so
    /// that two `ForEach`es with the same ids, or a static view and an element,
    /// are different views, and a static view after a `ForEach` keeps its
    /// identity when the `ForEach` grows.
    func identity(_ i: Int) -> AnyHashable {
        guard let (segment, j, k) = locate(i) else { return AnyHashable(["end", AnyHashable(i)]) }
        switch segment {
        case .items(let items): return AnyHashable([AnyHashable(k), items[j].id ?? AnyHashable("#\(j)")])
        case .generated(_, let id, _, _): return AnyHashable([AnyHashable(k), id(j)])
        }
    }

    /// The delete and move actions of the `ForEach` item `i` belongs to, its
    /// index in that `ForEach`, and the `ForEach`'s count.
    func edit(_ i: Int) -> (actions: ListEditActions, index: Int, count: Int)? {
        guard let (segment, j, _) = locate(i), case .generated(let count, _, _, let edit?) = segment else { return nil }
        return (edit, j, count)
    }
}

/// A `ForEach`'s `onDelete` and `onMove` actions.
struct ListEditActions {
    var delete: ((IndexSet) -> Void)?
    var move: ((IndexSet, Int) -> Void)?
}

/// Views that are read lazily by lazy containers.
@MainActor
protocol LazyViewListProducing {
    func lazyViewList() -> LazyViewList
}

/// The lazy list of `view`'s items.
@MainActor
func lazyViewList(_ view: any View) -> LazyViewList {
    if let lazy = view as? any LazyViewListProducing { return lazy.lazyViewList() }
    if let eager = view as? any ViewListProducing { return LazyViewList(segments: [.items(eager.viewListItems())]) }
    if view is EmptyView { return LazyViewList() }
    return LazyViewList(segments: [.items(viewListItems(view))])
}

extension TupleView: LazyViewListProducing {
    func lazyViewList() -> LazyViewList {
        var list = LazyViewList()
        for child in Mirror(reflecting: value).children {
            guard let v = child.value as? any View else { continue }
            list.segments += OpenCanvasViews.lazyViewList(v).segments
        }
        return list
    }
}

extension Optional: LazyViewListProducing where Wrapped: View {
    func lazyViewList() -> LazyViewList {
        switch self {
        case .some(let v): return OpenCanvasViews.lazyViewList(v)
        case .none: return LazyViewList()
        }
    }
}

extension _ConditionalContent: LazyViewListProducing {
    func lazyViewList() -> LazyViewList {
        switch storage {
        case .trueContent(let v): return OpenCanvasViews.lazyViewList(v)
        case .falseContent(let v): return OpenCanvasViews.lazyViewList(v)
        }
    }
}

extension Group: LazyViewListProducing {
    func lazyViewList() -> LazyViewList { OpenCanvasViews.lazyViewList(content) }
}

extension ForEach: LazyViewListProducing {
    func lazyViewList() -> LazyViewList { lazyViewList(edit: nil) }

    func lazyViewList(edit: ListEditActions?) -> LazyViewList {
        let data = self.data, key = self.id, content = self.content
        func element(_ i: Int) -> Data.Element { data[data.index(data.startIndex, offsetBy: i)] }
        return LazyViewList(segments: [.generated(
            count: data.count,
            id: { AnyHashable(element($0)[keyPath: key]) },
            item: { i in
                let e = element(i)
                let id = AnyHashable(e[keyPath: key])
                let items = OpenCanvasViews.viewListItems(content(e))
                // An element of several views is one row of them, stacked.
                let view: any View = items.count == 1 ? items[0].view : AnyView(content(e))
                return ViewListItem(view: view, tag: items.first?.tag ?? id, id: id)
            },
            edit: edit)])
    }
}

/// A `ForEach` with `onDelete` or `onMove`: in a list, its rows can be swiped
/// away (deleting) or, in edit mode, dragged by their handles (moving).
public struct _EditableForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    let base: ForEach<Data, ID, Content>
    var actions: ListEditActions

    /// An editable `ForEach` is read by its list; alone it shows its views.
    public var body: ForEach<Data, ID, Content> { base }
}

extension _EditableForEach: LazyViewListProducing, ViewListProducing {
    func lazyViewList() -> LazyViewList { base.lazyViewList(edit: actions) }
    func viewListItems() -> [ViewListItem] { base.viewListItems() }
}

extension ForEach {
    /// Lets a list delete the rows (a swipe to the leading side, or edit mode's
    /// delete control); `action` is given their offsets.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> _EditableForEach<Data, ID, Content> {
        _EditableForEach(base: self, actions: ListEditActions(delete: action, move: nil))
    }

    /// Lets a list move the rows in edit mode (dragging a row's handle);
    /// `action` is given the offsets moved and the offset to move them before.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> _EditableForEach<Data, ID, Content> {
        _EditableForEach(base: self, actions: ListEditActions(delete: nil, move: action))
    }
}

extension _EditableForEach {
    /// Lets a list delete the rows as well.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> _EditableForEach {
        var copy = self
        copy.actions.delete = action
        return copy
    }

    /// Lets a list move the rows as well.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> _EditableForEach {
        var copy = self
        copy.actions.move = action
        return copy
    }
}
