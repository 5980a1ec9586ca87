import Foundation
import Observation
import OpenCanvasDrawing

/// A stack of pages under a navigation bar: the root, and the pages that
/// `NavigationLink`s push over it (with a back button, the page below's title
/// on it). As on an iPhone, a pushed page slides in from the trailing edge
/// over 0.35 s, and slides back out when popped (the back button, `dismiss`,
/// or the path binding made shorter).
///
///     NavigationStack {
///         List(cities) { city in
///             NavigationLink(city.name, value: city)
///         }
///         .navigationTitle("World Clock")
///         .navigationDestination(for: City.self) { CityDetail(city: $0) }
///     }
///
/// With a `path` binding the stack's value pages are the binding's values:
/// appending pushes, removing pops. Pages pushed by `NavigationLink(destination:)`
/// are kept by the stack itself, above the path's. (OpenCanvas does not track
/// the swipe from the leading edge that goes back on iOS, nor the large
/// title's collapse on scrolling.)
public struct NavigationStack<Data, Root: View>: View {
    let root: Root
    let path: Binding<[AnyHashable]>?
    @State private var ownPath: [AnyHashable] = []
    @State private var viewPages: [PushedView] = []
    @State private var model = NavigationModel()

    init(path: Binding<[AnyHashable]>?, root: Root) {
        self.path = path
        self.root = root
    }

    /// The pages, the root's first.
    public var body: some View {
        // The path and the pages are read when a closure runs, not when the body
        // ran: two pushes in one frame both count.
        let readValues: @MainActor () -> [AnyHashable] = { [path, $ownPath] in path?.wrappedValue ?? $ownPath.wrappedValue }
        let setValues: @MainActor ([AnyHashable]) -> Void = { [path, $ownPath] new in
            if let path { path.wrappedValue = new } else { $ownPath.wrappedValue = new }
        }
        let viewPages = $viewPages
        let model = self.model
        let context = NavigationContext(
            model: model,
            pushView: { view, source in
                let id = (viewPages.wrappedValue.map(\.id).max() ?? 0) + 1
                withAnimation(.easeInOut(duration: 0.35)) {
                    viewPages.wrappedValue.append(PushedView(id: id, view: view, source: source, below: readValues().count))
                }
                return id
            },
            popView: { id in
                guard let i = viewPages.wrappedValue.firstIndex(where: { $0.id == id }) else { return }
                withAnimation(.easeInOut(duration: 0.35)) { viewPages.wrappedValue.removeSubrange(i...) }
            },
            pushValue: { value in
                withAnimation(.easeInOut(duration: 0.35)) { setValues(readValues() + [value]) }
            },
            pop: { depth in
                // Pops the pages above `depth` (0: back to the root): the values
                // and pushed views among the pages kept stay.
                let values = readValues()
                let kept = NavigationPages(values: values, views: viewPages.wrappedValue).pages.prefix(max(1, depth + 1))
                let keptValues = kept.filter { if case .value = $0.content { return true } else { return false } }.count
                let keptViews = Set(kept.compactMap { page -> Int? in
                    if case .view(let v) = page.content { return v.id } else { return nil }
                })
                withAnimation(.easeInOut(duration: 0.35)) {
                    viewPages.wrappedValue.removeAll { !keptViews.contains($0.id) }
                    if keptValues < values.count { setValues(Array(values.prefix(keptValues))) }
                }
            })
        let pages = NavigationPages(values: path?.wrappedValue ?? ownPath, views: self.viewPages, root: AnyView(root)).pages
        model.activeSources = Set(self.viewPages.compactMap(\.source))
        return ZStack {
            ForEach(pages.indices, id: \.self) { depth in
                NavigationPage(depth: depth, content: pages[depth].content, context: context,
                               isTop: depth == pages.count - 1)
                    // The page below the top is drawn (a pushed page slides over
                    // it) but neither read nor touched; those further down are hidden.
                    .hidden(depth < pages.count - 2)
                    .accessibilityHidden(depth != pages.count - 1)
                    .allowsHitTesting(depth == pages.count - 1)
                    .zIndex(Double(depth))
                    .transition(depth == 0 ? .identity : .move(edge: .trailing))
                    // Known by what it shows, not its depth: a page keeps its state
                    // when pages below it change.
                    .id(pages[depth].key)
            }
        }
    }
}

/// A stack's pages in order: the root, then the path's values, each pushed view
/// after the values that were on the path when it was pushed.
@MainActor
struct NavigationPages {
    struct Page {
        let key: AnyHashable
        let content: NavigationPageContent
    }
    let pages: [Page]

    init(values: [AnyHashable], views: [PushedView], root: AnyView = AnyView(EmptyView())) {
        var pages = [Page(key: AnyHashable("root"), content: .root(root))]
        for i in 0...values.count {
            for v in views where min(max(0, v.below), values.count) == i {
                pages.append(Page(key: AnyHashable(["view", AnyHashable(v.id)]), content: .view(v)))
            }
            if i < values.count {
                pages.append(Page(key: AnyHashable(["value", AnyHashable(i), values[i]]), content: .value(values[i])))
            }
        }
        self.pages = pages
    }
}

extension NavigationStack where Data == NavigationPath {
    /// A stack whose pushed values it keeps itself.
    public init(@ViewBuilder root: () -> Root) {
        self.init(path: nil, root: root())
    }

    /// A stack whose pushed values are `path`'s.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.init(path: Binding(get: { path.wrappedValue.elements },
                                set: { path.wrappedValue.elements = $0 }), root: root())
    }
}

extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection,
                                Data: RangeReplaceableCollection, Data.Element: Hashable {
    /// A stack whose pushed values are the elements of `path`.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.init(path: Binding(get: { path.wrappedValue.map { AnyHashable($0) } },
                                set: { path.wrappedValue = Data($0.compactMap { $0.base as? Data.Element }) }),
                  root: root())
    }
}

/// The older container: a navigation stack of one column on an iPhone.
public struct NavigationView<Content: View>: View {
    let content: Content

    /// A navigation view of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// A navigation stack around the content.
    public var body: some View { NavigationStack { content } }
}

/// How a `NavigationView` arranges its columns (one, on an iPhone).
public protocol NavigationViewStyle {}
/// One column at a time.
public struct StackNavigationViewStyle: NavigationViewStyle {
    /// The stack style.
    public init() {}
}
/// The system's choice (a stack, on an iPhone).
public struct DefaultNavigationViewStyle: NavigationViewStyle {
    /// The default style.
    public init() {}
}
extension NavigationViewStyle where Self == StackNavigationViewStyle {
    /// One column at a time.
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}
extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    /// The system's choice.
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

extension View {
    /// The style of the navigation views inside (every style is a stack on an iPhone).
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
}

extension View {
    /// Hides the view when `hidden` is true (it keeps its place and its state), else shows it.
    func hidden(_ hidden: Bool) -> some View { modifier(HiddenWhen(hidden: hidden)) }
}

/// `hidden(_:)`: a hidden node or the view as it is, of one type either way
/// (so the view keeps its identity and state when it is hidden).
struct HiddenWhen: _PrimitiveViewModifier {
    let hidden: Bool
    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let node = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        return _ViewOutputs(hidden ? HiddenNode(child: node) : node)
    }
}

/// A page pushed as a view (`NavigationLink(destination:)`).
struct PushedView {
    let id: Int
    /// The view when it was pushed.
    let view: AnyView
    /// The identity of the link that pushed it: the link's latest destination
    /// is shown (the link's view is made again when what it reads changes).
    var source: String?
    /// How many path values were below it when it was pushed.
    var below: Int = 0
}

enum NavigationPageContent {
    case root(AnyView)
    case value(AnyHashable)
    case view(PushedView)
}

/// What the pages of one stack share: the destinations for values, the latest
/// destinations of the links whose pages are shown, and what each page showed
/// (the back button reads the title of the page below).
@Observable @MainActor
final class NavigationModel {
    /// `navigationDestination(for:)`s, by the type of value they show.
    @ObservationIgnored var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]
    /// The destinations of the links (by identity) whose pushed pages are on the
    /// stack, as the links were last made: a pushed page reads it (observed), so
    /// it shows what its link shows now.
    var liveDestinations: [String: AnyView] = [:]
    /// The links whose pages are on the stack.
    @ObservationIgnored var activeSources: Set<String> = []
    /// Each page's title and display mode, by depth, as last made.
    @ObservationIgnored var titles: [Int: Text] = [:]
    @ObservationIgnored var modes: [Int: NavigationBarItem.TitleDisplayMode] = [:]

    func destination(for value: AnyHashable) -> AnyView? {
        for make in destinations.values { if let view = make(value) { return view } }
        return nil
    }
}

// The model holds the links' destination views, whose environment holds actions
// (`dismiss`) that reach the model: emptied when its stack goes away.
extension NavigationModel: ReleasedWithItsView {
    func release() {
        destinations.removeAll()
        liveDestinations.removeAll()
        titles.removeAll()
    }
}

/// The stack the views inside a page push onto and pop from.
@MainActor
struct NavigationContext {
    let model: NavigationModel
    /// Pushes a view (from the link with an identity, if any); returns the page's id.
    let pushView: @MainActor (AnyView, String?) -> Int
    /// Pops the view page with an id (and those above it).
    let popView: @MainActor (Int) -> Void
    let pushValue: @MainActor (AnyHashable) -> Void
    let pop: @MainActor (Int) -> Void
}

private struct NavigationContextKey: EnvironmentKey {
    static var defaultValue: NavigationContext? { nil }
}

extension EnvironmentValues {
    var navigationContext: NavigationContext? {
        get { self[NavigationContextKey.self] }
        set { self[NavigationContextKey.self] = newValue }
    }

    /// Pushes a view onto the navigation stack the view is in (`nil` outside one).
    var navigationPush: (@MainActor (AnyView) -> Void)? {
        guard let context = navigationContext else { return nil }
        return { view in _ = context.pushView(view, nil) }
    }
}

extension View {
    /// The page shown for a value of type `D` that a `NavigationLink(value:)`
    /// (or the path) pushes onto the stack this view is in.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type,
                                                            @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(NavigationDestinationModifier(register: { model in
            model.destinations[ObjectIdentifier(D.self)] = { value in
                (value.base as? D).map { AnyView(destination($0)) }
            }
        }))
    }

    /// A page pushed while `isPresented` is true (popping it sets it to false).
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        modifier(PresentedDestinationModifier(isPresented: isPresented, destination: AnyView(destination())))
    }
}

/// Registers a destination with the stack the view is in, as it is made.
struct NavigationDestinationModifier: _PrimitiveViewModifier {
    let register: @MainActor (NavigationModel) -> Void

    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        if let model = inputs.environment.navigationContext?.model { register(model) }
        return _ViewOutputs(OpenCanvasViews.makeNode(content, environment: inputs.environment))
    }
}

/// `navigationDestination(isPresented:)`: pushes the destination when the
/// binding turns true, and sets it false when that page is popped.
struct PresentedDestinationModifier: _PrimitiveViewModifier {
    let isPresented: Binding<Bool>
    let destination: AnyView

    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let node = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        guard let graph = ViewGraph.current, let context = inputs.environment.navigationContext else {
            return _ViewOutputs(node)
        }
        let binding = isPresented
        let shown = graph.readingForCurrentBody { binding.wrappedValue }
        let state = graph.slot(graph.key("destination")) { PresentedDestinationState() }
        if shown, state.page == nil {
            // Pushed once this frame is built; popping it (the back button,
            // `dismiss`) turns the binding off.
            let view = AnyView(destination.onDisappear { if binding.wrappedValue { binding.wrappedValue = false } })
            state.page = -1
            graph.lifecycles.deferred.append { state.page = context.pushView(view, nil) }
        } else if !shown, let page = state.page {
            state.page = nil
            graph.lifecycles.deferred.append { context.popView(page) }
        }
        return _ViewOutputs(node)
    }
}

/// The page a `navigationDestination(isPresented:)` pushed (-1 while it is
/// being pushed).
@MainActor
final class PresentedDestinationState {
    var page: Int?
}
