import Foundation
import OpenCanvasDrawing

/// One view of a view builder's list, as a container that reads its content
/// item by item sees it (a picker's options, an alert's buttons, a list's rows,
/// a tab view's tabs): the view, and the tag it carries — its own `.tag`, or,
/// for a `ForEach` element, the element's id, as SwiftUI tags them.
struct ViewListItem {
    let view: any View
    let tag: AnyHashable?
    /// The identity the item is made under (a `ForEach` element's id), so that
    /// its state stays with it when the list changes.
    let id: AnyHashable?
}

/// Views that are several views to a container: tuples, groups, `ForEach`,
/// optional and conditional content.
@MainActor
protocol ViewListProducing {
    func viewListItems() -> [ViewListItem]
}

/// Views that carry a tag (`.tag(_:)`, under any other modifiers).
@MainActor
protocol TagReading {
    var tagValue: AnyHashable? { get }
}

extension ModifiedContent: TagReading {
    var tagValue: AnyHashable? {
        if let tag = modifier as? _TagModifier { return tag.tag }
        return (content as? TagReading)?.tagValue
    }
}

/// The views `view` stands for, flattened: the items of tuples, groups,
/// `ForEach` and conditionals; any other view is one item.
@MainActor
func viewListItems(_ view: any View) -> [ViewListItem] {
    if let list = view as? any ViewListProducing { return list.viewListItems() }
    if view is EmptyView { return [] }
    return [ViewListItem(view: view, tag: (view as? TagReading)?.tagValue ?? bodyReading(view, as: TagReading.self)?.tagValue,
                         id: nil)]
}

/// What a composed view's body says about it (its tag, its tab item), for a
/// view whose own value carries none: `Tab().tag(1)` written inside `Tab`'s
/// body, as SwiftUI reads it through a single view's body. The body is
/// evaluated to read it (outside the graph: its state at its initial values).
@MainActor
func bodyReading<V: View, R>(_ view: V, as type: R.Type) -> R? {
    guard V.Body.self != Never.self, !(V.self is any PrimitiveView.Type) else { return nil }
    return view.body as? R
}

extension TupleView: ViewListProducing {
    func viewListItems() -> [ViewListItem] {
        Mirror(reflecting: value).children.flatMap { child -> [ViewListItem] in
            guard let v = child.value as? any View else { return [] }
            return OpenCanvasViews.viewListItems(v)
        }
    }
}

extension Group: ViewListProducing {
    func viewListItems() -> [ViewListItem] { OpenCanvasViews.viewListItems(content) }
}

extension Optional: ViewListProducing where Wrapped: View {
    func viewListItems() -> [ViewListItem] {
        switch self {
        case .some(let v): return OpenCanvasViews.viewListItems(v)
        case .none: return []
        }
    }
}

extension _ConditionalContent: ViewListProducing {
    func viewListItems() -> [ViewListItem] {
        switch storage {
        case .trueContent(let v): return OpenCanvasViews.viewListItems(v)
        case .falseContent(let v): return OpenCanvasViews.viewListItems(v)
        }
    }
}

extension ForEach: ViewListProducing {
    func viewListItems() -> [ViewListItem] {
        let graph = ViewGraph.current
        return data.flatMap { element -> [ViewListItem] in
            let id = AnyHashable(element[keyPath: self.id])
            // Read for the body being built (a primitive container reads its
            // content after that body returned).
            let view = graph?.readingForCurrentBody { content(element) } ?? content(element)
            return OpenCanvasViews.viewListItems(view).map {
                ViewListItem(view: $0.view, tag: $0.tag ?? id, id: id)
            }
        }
    }
}

/// A tag compared with a selection: equal values, or a selection of an
/// optional type holding the tag's value (SwiftUI matches `.tag(3)` with a
/// selection of `Int?` holding 3).
func tag(_ tag: AnyHashable?, matches selection: some Hashable) -> Bool {
    guard let tag else { return false }
    if tag == AnyHashable(selection) { return true }
    if let unwrapped = unwrapOptional(selection) { return tag == unwrapped }
    return false
}

/// The value a tag sets a selection of type `S` to (`nil` when it cannot).
func selectionValue<S>(_ tag: AnyHashable?, as type: S.Type) -> S? {
    guard let tag else { return nil }
    return tag.base as? S
}

private func unwrapOptional(_ value: Any) -> AnyHashable? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return nil }
    return mirror.children.first?.value as? AnyHashable
}
