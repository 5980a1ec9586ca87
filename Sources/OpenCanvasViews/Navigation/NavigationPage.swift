import Foundation
import CanvasGeometry
import OpenCanvasDrawing

/// One page of a navigation stack: its content under its navigation bar, on
/// the page background (opaque, so a page pushed over another hides it). The
/// bar shows what the content's views ask for through preferences — title,
/// display mode, toolbar items, a hidden bar or back button — read as the page
/// is made.
struct NavigationPage: View {
    let depth: Int
    let content: NavigationPageContent
    let context: NavigationContext
    let isTop: Bool
    typealias Body = Never
}

extension NavigationPage: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var env = environment
        env.navigationContext = context
        if depth > 0 {
            env.isPresented = true
            let context = self.context, below = depth - 1
            env.dismiss = DismissAction { context.pop(below) }
        }
        // The page's edit mode, shared by its list and its toolbar's EditButton.
        if env.editMode == nil, let graph = ViewGraph.current {
            let box = graph.slot(graph.key("editMode")) { EditModeBox() }
            env.editMode = Binding(get: { box.mode }, set: { box.mode = $0 })
        }
        let view: AnyView
        switch content {
        case .root(let root): view = root
        case .value(let value): view = AnyView(ValueDestination(value: value, model: context.model))
        case .view(let pushed): view = AnyView(LiveDestination(pushed: pushed, model: context.model))
        }
        let contentNode = OpenCanvasViews.makeNode(view, environment: env)
        let node = NavigationPageNode(content: contentNode) { [depth, context] content in
            Self.chrome(of: content, depth: depth, context: context, environment: env)
        }
        let graph = ViewGraph.current
        node.identity = graph?.currentIdentity
        node.transaction = graph?.buildTransaction
        node.owner = graph?.currentBody
        return node
    }

    /// The bars and background of a page, from what its content asks for
    /// (read at placement, so that a change inside the page shows in its bar).
    static func chrome(of content: ViewNode, depth: Int, context: NavigationContext,
                       environment env: EnvironmentValues) -> (top: ViewNode, bottom: ViewNode, background: ViewNode) {
        let model = context.model
        let title = preferenceValue(NavigationTitleKey.self, under: content)
        var mode = preferenceValue(TitleDisplayModeKey.self, under: content)
        if mode == .automatic { mode = depth == 0 ? .large : (model.modes[depth - 1] ?? .large) }
        model.titles[depth] = title
        model.modes[depth] = mode
        let hidden = preferenceValue(HiddenBarsKey.self, under: content)
        let items = preferenceValue(ToolbarKey.self, under: content)
        let backHidden = preferenceValue(BackButtonHiddenKey.self, under: content)
        let background = preferenceValue(PageBackgroundKey.self, under: content) ?? Color.systemBackground
        let below = depth - 1
        let bar = NavigationBar(title: title, mode: mode, items: items.filter { $0.placement.slot != .bottom },
                                backTitle: depth > 0 ? (model.titles[below] ?? nil) : nil,
                                showsBack: depth > 0 && !backHidden, back: { context.pop(below) })
        let graph = ViewGraph.current
        _ = graph?.enter("bar")
        let barNode = hidden.contains("navigationBar") ? EmptyNode() : OpenCanvasViews.makeNode(bar, environment: env)
        graph?.leave()
        let bottomItems = items.filter { $0.placement.slot == .bottom }
        _ = graph?.enter("bottomBar")
        let bottomNode = bottomItems.isEmpty || hidden.contains("bottomBar") ? EmptyNode()
            : OpenCanvasViews.makeNode(BottomToolbar(items: bottomItems), environment: env)
        graph?.leave()
        _ = graph?.enter("background")
        let backgroundNode = OpenCanvasViews.makeNode(background, environment: env)
        graph?.leave()
        return (barNode, bottomNode, backgroundNode)
    }
}

/// A page pushed for a value: the stack's destination for its type, called
/// as this view's body (what the destination reads is tracked for it). A value
/// no destination shows is an empty page (SwiftUI shows a warning sign) and a
/// diagnostic.
struct ValueDestination: View {
    let value: AnyHashable
    let model: NavigationModel

    var body: some View {
        if let destination = model.destination(for: value) {
            destination
        } else {
            let _ = Diagnostics.report(.invalidValue,
                                       "a navigation value of type \(type(of: value.base)) has no navigationDestination; its page is empty")
        }
    }
}

/// A page pushed by a `NavigationLink(destination:)`: the link's latest
/// destination (observed: the page is made again when the link is).
struct LiveDestination: View {
    let pushed: PushedView
    let model: NavigationModel

    var body: some View {
        if let source = pushed.source, let live = model.liveDestinations[source] { live } else { pushed.view }
    }
}

/// A page: its content, and bars and a background made at placement from the
/// content's preferences.
final class NavigationPageNode: ViewNode {
    let content: ViewNode
    let makeChrome: (ViewNode) -> (top: ViewNode, bottom: ViewNode, background: ViewNode)
    var identity: String?
    var transaction: Transaction?
    var owner: String?
    private var layout: BarLayoutNode?
    override var subnodes: [ViewNode] { layout.map { [$0] } ?? [content] }

    init(content: ViewNode, makeChrome: @escaping (ViewNode) -> (top: ViewNode, bottom: ViewNode, background: ViewNode)) {
        self.content = content
        self.makeChrome = makeChrome
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let c = content.measure(ProposedViewSize(width: p.width, height: p.height.map { max(0, $0 - 44) }))
        return CGSize(width: p.width ?? c.width, height: p.height ?? (c.height + 44))
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        let chrome = ViewGraph.buildAtPlacement(identity: identity, transaction: transaction, owner: owner) { () -> ViewNode in
            let (top, bottom, background) = makeChrome(content)
            return BarLayoutNode(top: top, content: content, bottom: bottom, background: background)
        }
        layout = chrome as? BarLayoutNode
        chrome.place(in: frame)
    }

    override func render(in context: RenderContext) {
        layout?.render(in: context)
    }
}

/// The colour behind a page and its bars (a grouped list's grey, else the
/// system background).
struct PageBackgroundKey: PreferenceKey {
    static var defaultValue: Color? { nil }
    static func reduce(value: inout Color?, nextValue: () -> Color?) { value = value ?? nextValue() }
}

/// A bar above content (and another below), on a background that fills the
/// whole: the bars take their height, the content the rest.
final class BarLayoutNode: ViewNode {
    let top: ViewNode
    let content: ViewNode
    let bottom: ViewNode
    let background: ViewNode
    /// The bars read first; they are drawn last, over the content.
    override var subnodes: [ViewNode] { [background, top, content, bottom] }

    init(top: ViewNode, content: ViewNode, bottom: ViewNode, background: ViewNode) {
        self.top = top
        self.content = content
        self.bottom = bottom
        self.background = background
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let bars = top.measure(ProposedViewSize(width: proposal.width, height: nil)).height
            + bottom.measure(ProposedViewSize(width: proposal.width, height: nil)).height
        let c = content.measure(ProposedViewSize(width: proposal.width, height: proposal.height.map { max(0, $0 - bars) }))
        return CGSize(width: proposal.width ?? c.width, height: proposal.height ?? (c.height + bars))
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        background.place(in: frame)
        let topHeight = top.measure(ProposedViewSize(width: frame.width, height: nil)).height
        let bottomHeight = bottom.measure(ProposedViewSize(width: frame.width, height: nil)).height
        top.place(in: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: topHeight))
        bottom.place(in: CGRect(x: frame.minX, y: frame.maxY - bottomHeight, width: frame.width, height: bottomHeight))
        let area = CGRect(x: frame.minX, y: frame.minY + topHeight, width: frame.width,
                          height: max(0, frame.height - topHeight - bottomHeight))
        let size = content.measure(ProposedViewSize(area.size))
        // The content is centred in the area left, as a window centres its view.
        content.place(in: CGRect(x: area.minX + (area.width - size.width) / 2, y: area.minY + (area.height - size.height) / 2,
                                 width: size.width, height: size.height))
    }

    override func render(in context: RenderContext) {
        background.render(in: context)
        content.render(in: context)
        top.render(in: context)
        bottom.render(in: context)
    }
}

/// The navigation bar (metrics: ../shared/docs/controls-and-appearance.md §2
/// and §3): 44 tall, 16 from the edges; the back button (a chevron and the
/// title of the page below, or "Back") and leading items on the left,
/// trailing items on the right, in the tint at 17 points; an inline title in
/// the middle in 17-point semibold, or a large title under the bar (52 more)
/// in 34-point bold. At rest a bar is transparent over the page (iOS 15's
/// scroll-edge look).
struct NavigationBar: View {
    let title: Text?
    let mode: NavigationBarItem.TitleDisplayMode
    let items: [ToolbarEntry]
    let backTitle: Text?
    let showsBack: Bool
    let back: @MainActor () -> Void
    @Environment(\.tint) private var tint

    var body: some View {
        let leading = items.filter { $0.placement.slot == .leading }
        let trailing = items.filter { $0.placement.slot == .trailing }
        let principal = items.first { $0.placement.slot == .principal }
        VStack(alignment: .leading, spacing: 0) {
            ZStack {
                HStack(spacing: 16) {
                    if showsBack {
                        HStack(spacing: 4) {
                            Image(systemName: "chevron.left").font(.system(size: 20, weight: .semibold))
                                .accessibilityHidden(true)
                            backTitle ?? Text("Back")
                        }
                        .contentShape(Rectangle())
                        .onTapGesture { back() }
                        .keyboardPressable(isEnabled: true) { back() }
                        .accessibilityElement(children: .combine)
                        .accessibilityAddTraits(.isButton)
                        .padding(.leading, -8)
                    }
                    ForEach(leading.indices, id: \.self) { leading[$0].view }
                    Spacer(minLength: 8)
                    ForEach(trailing.indices, id: \.self) { trailing[$0].view }
                }
                .foregroundColor(tint ?? .blue)
                if let principal {
                    principal.view
                } else if mode == .inline, let title {
                    title.font(.system(size: 17, weight: .semibold)).lineLimit(1)
                        .accessibilityAddTraits(.isHeader)
                }
            }
            .font(.system(size: 17))
            .padding(.horizontal, 16)
            .frame(height: 44)
            if mode == .large, let title {
                title.font(.system(size: 34, weight: .bold)).lineLimit(1)
                    .accessibilityAddTraits(.isHeader)
                    .padding(.horizontal, 16)
                    .frame(maxWidth: .infinity, minHeight: 52, alignment: .bottomLeading)
                    .padding(.bottom, 8)
                    .frame(height: 52)
            }
        }
    }
}

/// The bottom toolbar: 44 tall on the bar fill with a hairline above, its items
/// spread across it in the tint.
struct BottomToolbar: View {
    let items: [ToolbarEntry]
    @Environment(\.tint) private var tint

    var body: some View {
        HStack {
            ForEach(items.indices, id: \.self) { i in
                if i > 0 || items.count == 1 { Spacer(minLength: 8) }
                items[i].view
                if items.count == 1 { Spacer(minLength: 8) }
            }
        }
        .font(.system(size: 17))
        .foregroundColor(tint ?? .blue)
        .padding(.horizontal, 16)
        .frame(height: 44)
        .background(Color.barBackground)
        .overlay(alignment: .top) { Rectangle().fill(Color.separator).frame(height: 0.5) }
    }
}
