import Foundation
import OpenCanvasDrawing

/// Where a toolbar item goes. On an iPhone: the navigation bar's leading side
/// (`.navigation`, `.cancellationAction`, `.topBarLeading`), its middle
/// (`.principal`), its trailing side (`.automatic`, `.primaryAction`,
/// `.confirmationAction`, `.destructiveAction`, `.topBarTrailing`), or the
/// bottom toolbar (`.bottomBar`, `.status`); `.keyboard` items show above a
/// software keyboard, which OpenCanvas's hosts do not have, so they are not drawn.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, principal, trailing, bottom, keyboard }
    let slot: Slot
    let name: String

    /// The system's choice: the trailing side of the navigation bar.
    public static let automatic = ToolbarItemPlacement(slot: .trailing, name: "automatic")
    /// The middle of the navigation bar, in place of the title.
    public static let principal = ToolbarItemPlacement(slot: .principal, name: "principal")
    /// Navigation actions: the leading side.
    public static let navigation = ToolbarItemPlacement(slot: .leading, name: "navigation")
    /// The primary action: the trailing side.
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing, name: "primaryAction")
    /// Secondary actions: the trailing side.
    public static let secondaryAction = ToolbarItemPlacement(slot: .trailing, name: "secondaryAction")
    /// Status: the middle of the bottom toolbar.
    public static let status = ToolbarItemPlacement(slot: .bottom, name: "status")
    /// Confirming a modal view (Done, Save): the trailing side.
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing, name: "confirmationAction")
    /// Cancelling a modal view: the leading side.
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading, name: "cancellationAction")
    /// Destroying a modal view's data: the trailing side.
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing, name: "destructiveAction")
    /// Above the software keyboard (not drawn: there is none).
    public static let keyboard = ToolbarItemPlacement(slot: .keyboard, name: "keyboard")
    /// The leading side of the navigation bar.
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading, name: "topBarLeading")
    /// The trailing side of the navigation bar.
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing, name: "topBarTrailing")
    /// The leading side of the navigation bar (the older name).
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading, name: "navigationBarLeading")
    /// The trailing side of the navigation bar (the older name).
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing, name: "navigationBarTrailing")
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom, name: "bottomBar")
}

/// The content of a toolbar: `ToolbarItem`s and `ToolbarItemGroup`s, or a type
/// of your own whose body is made of them.
@MainActor @preconcurrency
public protocol ToolbarContent {
    /// The type of the content's body.
    associatedtype Body: ToolbarContent
    /// The toolbar items this content is made of.
    @ToolbarContentBuilder var body: Body { get }
}

extension Never: ToolbarContent {}

/// One item of a toolbar as the bar lays it out.
struct ToolbarEntry {
    let placement: ToolbarItemPlacement
    let view: AnyView
}

/// Toolbar content OpenCanvas reads directly (items, groups, builder results).
@MainActor
protocol PrimitiveToolbarContent {
    var entries: [ToolbarEntry] { get }
}

/// The entries of any toolbar content.
@MainActor
func toolbarEntries<C: ToolbarContent>(_ content: C) -> [ToolbarEntry] {
    if let primitive = content as? any PrimitiveToolbarContent { return primitive.entries }
    return toolbarEntries(content.body)
}

/// An item of a toolbar, at a placement.
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    /// The body of an item (it is read directly).
    public var body: Never { return fatalError("ToolbarItem is read directly and has no body") }
}

extension ToolbarItem where ID == () {
    /// An item at `placement` (`.automatic`: the bar's trailing side).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    /// An item with an identifier (for customizable toolbars), at `placement`.
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem: PrimitiveToolbarContent {
    var entries: [ToolbarEntry] { [ToolbarEntry(placement: placement, view: AnyView(content))] }
}

/// Several items at one placement.
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    /// Items at `placement`, built by `content`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    /// The body of a group (it is read directly).
    public var body: Never { return fatalError("ToolbarItemGroup is read directly and has no body") }
}

extension ToolbarItemGroup: PrimitiveToolbarContent {
    var entries: [ToolbarEntry] {
        viewListItems(content).map { ToolbarEntry(placement: placement, view: AnyView($0.view)) }
    }
}

/// Toolbar content made by a `ToolbarContentBuilder`.
public struct _ToolbarItems: ToolbarContent, PrimitiveToolbarContent {
    let entries: [ToolbarEntry]
    /// The body of built content (it is read directly).
    public var body: Never { return fatalError("built toolbar content is read directly and has no body") }
}

/// Builds toolbar content from items, groups, conditions and loops.
@resultBuilder @MainActor
public enum ToolbarContentBuilder {
    /// An item, a group, or content of your own, as the builder's items.
    public static func buildExpression<C: ToolbarContent>(_ content: C) -> _ToolbarItems {
        _ToolbarItems(entries: toolbarEntries(content))
    }
    /// The items of several statements, in order.
    public static func buildBlock(_ parts: _ToolbarItems...) -> _ToolbarItems {
        _ToolbarItems(entries: parts.flatMap(\.entries))
    }
    /// The items of an `if` without `else` (none when its condition is false).
    public static func buildOptional(_ part: _ToolbarItems?) -> _ToolbarItems { part ?? _ToolbarItems(entries: []) }
    /// The items of the first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: _ToolbarItems) -> _ToolbarItems { first }
    /// The items of the second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: _ToolbarItems) -> _ToolbarItems { second }
    /// The items of a `for` loop's iterations, in order.
    public static func buildArray(_ parts: [_ToolbarItems]) -> _ToolbarItems {
        _ToolbarItems(entries: parts.flatMap(\.entries))
    }
    /// Items under an `if #available` check.
    public static func buildLimitedAvailability(_ part: _ToolbarItems) -> _ToolbarItems { part }
}

/// The toolbar items of a page (reduced in view order).
struct ToolbarKey: MergingPreferenceKey {
    static var defaultValue: [ToolbarEntry] { [] }
    static func reduce(value: inout [ToolbarEntry], nextValue: () -> [ToolbarEntry]) { value += nextValue() }
}

/// The bars that `toolbar(_:for:)` shows or hides.
public struct ToolbarPlacement: Hashable, Sendable {
    let name: String
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    /// The bottom toolbar.
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
    /// The tab bar.
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    /// The bar the system chooses.
    public static let automatic = ToolbarPlacement(name: "automatic")
}

/// Bars a page hides (`toolbar(.hidden, for:)`).
struct HiddenBarsKey: MergingPreferenceKey {
    static var defaultValue: Set<String> { [] }
    static func reduce(value: inout Set<String>, nextValue: () -> Set<String>) { value.formUnion(nextValue()) }
}

extension View {
    /// Adds items to the toolbar of the navigation stack (or sheet) the view is in.
    public func toolbar<C: ToolbarContent>(@ToolbarContentBuilder content: () -> C) -> some View {
        preference(key: ToolbarKey.self, value: toolbarEntries(content()))
    }

    /// Adds views to the trailing side of the navigation bar.
    @_disfavoredOverload
    public func toolbar<V: View>(@ViewBuilder content: () -> V) -> some View {
        preference(key: ToolbarKey.self, value: viewListItems(content()).map {
            ToolbarEntry(placement: .automatic, view: AnyView($0.view))
        })
    }

    /// Shows or hides a bar (`.navigationBar`, `.tabBar`, `.bottomBar`) for the page.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        preference(key: HiddenBarsKey.self, value: visibility == .hidden ? Set(bars.map(\.name)) : [])
    }

    /// Views at the leading and trailing sides of the navigation bar (the older form).
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        preference(key: ToolbarKey.self, value: [ToolbarEntry(placement: .navigationBarLeading, view: AnyView(leading)),
                                                 ToolbarEntry(placement: .navigationBarTrailing, view: AnyView(trailing))])
    }

    /// A view at the trailing side of the navigation bar (the older form).
    public func navigationBarItems<T: View>(trailing: T) -> some View {
        preference(key: ToolbarKey.self, value: [ToolbarEntry(placement: .navigationBarTrailing, view: AnyView(trailing))])
    }

    /// A view at the leading side of the navigation bar (the older form).
    public func navigationBarItems<L: View>(leading: L) -> some View {
        preference(key: ToolbarKey.self, value: [ToolbarEntry(placement: .navigationBarLeading, view: AnyView(leading))])
    }
}
