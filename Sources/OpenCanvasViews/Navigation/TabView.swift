import Foundation
import OpenCanvasDrawing

/// Tabs: one page shown at a time, chosen in the tab bar at the bottom (or,
/// in the page style, by swiping between pages).
///
///     TabView {
///         ClockList().tabItem { Label("Clocks", systemImage: "clock") }
///         AlarmList().tabItem { Label("Alarms", systemImage: "alarm") }
///     }
///
/// Each page is a view with `.tabItem` (its label in the bar) and, with a
/// selection binding, `.tag`. Pages not shown keep their state. The tab bar
/// (metrics: ../shared/docs/controls-and-appearance.md §2 and §3) is 49 tall
/// on the bar fill under a hairline; its items share the width, icon over a
/// 10-point medium label, the selected one in the tint and the others grey
/// (153,153,153; dark 117,117,117). The page style lays pages side by side: a
/// horizontal drag of more than a third of the width turns the page, and dots
/// at the bottom show which one is shown.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content
    @State private var ownSelection: AnyHashable?
    @Environment(\.tabViewPaged) private var paged

    /// Tabs whose shown page is `selection` (matched with the pages' tags).
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    /// The tabs as the style draws them.
    public var body: some View {
        let items = viewListItems(content)
        let tags = items.enumerated().map { i, item in item.tag ?? AnyHashable(i) }
        let current: Int = {
            if let selection { return tags.firstIndex { OpenCanvasViews.tag($0, matches: selection.wrappedValue) } ?? 0 }
            return ownSelection.flatMap { s in tags.firstIndex(of: s) } ?? 0
        }()
        let select: @MainActor (Int) -> Void = { [selection, $ownSelection] i in
            guard tags.indices.contains(i) else { return }
            if let selection {
                if let value = selectionValue(tags[i], as: SelectionValue.self) { selection.wrappedValue = value }
            } else {
                $ownSelection.wrappedValue = tags[i]
            }
        }
        if let paged {
            PagedTabs(items: items, current: current, select: select, showsDots: paged)
        } else {
            VStack(spacing: 0) {
                ZStack {
                    ForEach(items.indices, id: \.self) { i in
                        AnyView(items[i].view)
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .hidden(i != current)
                    }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color.systemBackground)
                TabBar(labels: items.map { tabItemLabel($0.view) }, current: current, select: select)
            }
        }
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs that keep which page is shown themselves (the first, at first).
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

/// `tabItem(_:)`: a page's label in the tab bar.
struct TabItemModifier: ViewModifier {
    let label: AnyView
    func body(content: Content) -> some View { content }
}

/// `badge(_:)` on a page: a red count on its tab-bar item.
struct TabBadgeModifier: ViewModifier {
    let badge: Text?
    func body(content: Content) -> some View { content }
}

/// A page's tab-bar label and badge, read through its modifiers.
@MainActor
protocol TabItemReading {
    var tabItemLabel: AnyView? { get }
    var tabBadge: Text? { get }
}

extension ModifiedContent: TabItemReading {
    var tabItemLabel: AnyView? {
        if let item = modifier as? TabItemModifier { return item.label }
        return (content as? TabItemReading)?.tabItemLabel
    }
    var tabBadge: Text? {
        if let badge = modifier as? TabBadgeModifier { return badge.badge }
        return (content as? TabItemReading)?.tabBadge
    }
}

@MainActor
private func tabItemLabel(_ view: any View) -> (label: AnyView?, badge: Text?) {
    // On the page's view, or in its body (a page written as its own view type).
    let reading = view as? TabItemReading ?? bodyReading(view, as: TabItemReading.self)
    return (reading?.tabItemLabel, reading?.tabBadge)
}

extension View {
    /// The page's item in the tab bar of the `TabView` it is in.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        modifier(TabItemModifier(label: AnyView(label())))
    }

    /// A count shown on the page's tab-bar item (0: none).
    public func badge(_ count: Int) -> some View {
        modifier(TabBadgeModifier(badge: count == 0 ? nil : Text(verbatim: String(count))))
    }

    /// A label shown on the page's tab-bar item (`nil`: none).
    public func badge(_ label: Text?) -> some View {
        modifier(TabBadgeModifier(badge: label))
    }

    /// The style of the tab views inside.
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment(\.tabViewPaged, (style as? PageTabViewStyle).map { $0.indexDisplayMode != .never })
    }
}

/// How a `TabView` shows its pages.
@MainActor @preconcurrency
public protocol TabViewStyle {}

/// The tab bar (the default).
public struct DefaultTabViewStyle: TabViewStyle {
    /// The default style.
    public init() {}
}

/// Pages side by side, turned by swiping, with dots.
public struct PageTabViewStyle: TabViewStyle {
    /// When the page dots are shown.
    public struct IndexDisplayMode: Hashable, Sendable {
        let shows: Bool
        /// Shown when there are several pages.
        public static let automatic = IndexDisplayMode(shows: true)
        /// Always shown.
        public static let always = IndexDisplayMode(shows: true)
        /// Never shown.
        public static let never = IndexDisplayMode(shows: false)
    }
    let indexDisplayMode: IndexDisplayMode

    /// The page style.
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    /// The tab bar.
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    /// Pages turned by swiping.
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    /// Pages turned by swiping, with dots as `indexDisplayMode` says.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

private struct TabViewPagedKey: EnvironmentKey {
    static var defaultValue: Bool? { nil }
}

extension EnvironmentValues {
    /// `nil`: the tab bar; else the page style, with dots when true.
    var tabViewPaged: Bool? {
        get { self[TabViewPagedKey.self] }
        set { self[TabViewPagedKey.self] = newValue }
    }
}

/// The tab bar at the bottom of a `TabView`.
struct TabBar: View {
    let labels: [(label: AnyView?, badge: Text?)]
    let current: Int
    let select: @MainActor (Int) -> Void
    @Environment(\.tint) private var tint

    var body: some View {
        HStack(spacing: 0) {
            ForEach(labels.indices, id: \.self) { i in
                TabBarItem(label: labels[i].label, badge: labels[i].badge)
                    .foregroundColor(i == current ? (tint ?? .blue) : Color.tabBarInactive)
                    .frame(maxWidth: .infinity, minHeight: 49)
                    .contentShape(Rectangle())
                    .onTapGesture { select(i) }
                    .keyboardPressable(isEnabled: true) { select(i) }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(i == current ? [.isButton, .isSelected] : .isButton)
            }
        }
        .frame(height: 49)
        .background(Color.barBackground)
        .overlay(alignment: .top) { Rectangle().fill(Color.separator).frame(height: 0.5) }
    }
}

/// A tab-bar item: a label's icon over its title (a `Label`), or the view as it is.
private struct TabBarItem: View {
    let label: AnyView?
    let badge: Text?

    var body: some View {
        ZStack(alignment: .topTrailing) {
            if let label { label.labelStyle(.tabItem) }
            if let badge {
                badge.font(.system(size: 13)).foregroundColor(.white)
                    .padding(.horizontal, 5)
                    .frame(minWidth: 18, minHeight: 18)
                    .background(Color.red, in: Capsule())
                    .offset(x: 12, y: -2)
            }
        }
    }
}

/// The page style: pages side by side, the current one shown; a drag turns.
struct PagedTabs: View {
    let items: [ViewListItem]
    let current: Int
    let select: @MainActor (Int) -> Void
    let showsDots: Bool
    @State private var drag: CGFloat = 0

    var body: some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            ZStack(alignment: .bottom) {
                ZStack(alignment: .topLeading) {
                    ForEach(items.indices, id: \.self) { i in
                        AnyView(items[i].view)
                            .frame(width: width, height: proxy.size.height)
                            .offset(x: CGFloat(i - current) * width + drag)
                            .hidden(abs(i - current) > 1)
                            .accessibilityHidden(i != current)
                    }
                }
                .frame(width: width, height: proxy.size.height, alignment: .topLeading)
                .clipped()
                if showsDots, items.count > 1 {
                    HStack(spacing: 8) {
                        ForEach(items.indices, id: \.self) { i in
                            Circle().fill(Color.white.opacity(i == current ? 1 : 0.35)).frame(width: 7, height: 7)
                        }
                    }
                    .padding(.bottom, 12)
                    .accessibilityElement()
                    .accessibilityLabel("Page \(current + 1) of \(items.count)")
                }
            }
            .contentShape(Rectangle())
            .onDrag(along: .horizontal, changed: { drag = $0.translation.width }, ended: { value in
                let turn = value.translation.width < -width / 3 ? 1 : (value.translation.width > width / 3 ? -1 : 0)
                let target = max(0, min(items.count - 1, current + turn))
                withAnimation(.easeOut(duration: 0.3)) {
                    drag = 0
                    select(target)
                }
            })
        }
    }
}
