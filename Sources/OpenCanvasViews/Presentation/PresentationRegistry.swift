import Foundation
import OpenCanvasDrawing

/// The views presented over the whole hierarchy (sheets, alerts, dialogs,
/// menus), kept in the graph by the identity of the view that presents them:
/// a presenting view registers its presentation each time it is made, and a
/// rebuilt subtree forgets those it made before (made again if still shown).
@MainActor
final class PresentationRegistry {
    struct Entry {
        let identity: String
        let node: ViewNode
    }

    /// The presentations, in the order they were made (a presentation made inside
    /// another one comes after it, over it).
    private(set) var entries: [Entry] = []

    func present(_ node: ViewNode, by identity: String) {
        entries.removeAll { $0.identity == identity }
        entries.append(Entry(identity: identity, node: node))
    }

    /// Forgets the presentations made inside `identity` (it is made again).
    func forget(inside identity: String) {
        entries.removeAll { ViewGraph.isInside($0.identity, identity) }
    }

    func removeAll() { entries.removeAll() }
}

/// The root of a hosted hierarchy: the content, and over it what the content
/// presents, each laid out over the whole host area. A presentation is modal:
/// while one is shown, taps and a screen reader reach only the presentations
/// (VoiceOver treats a sheet or an alert as `accessibilityViewIsModal`).
final class PresentationRootNode: ViewNode {
    let content: ViewNode
    let registry: PresentationRegistry?
    /// The host's area (root coordinates), set by the host before placement.
    var hostBounds: CGRect?

    init(content: ViewNode, registry: PresentationRegistry?) {
        self.content = content
        self.registry = registry
    }

    var overlays: [ViewNode] { registry?.entries.map(\.node) ?? [] }

    override var subnodes: [ViewNode] {
        let overlays = self.overlays
        return overlays.isEmpty ? [content] : overlays
    }
    override func forEachSubnode(_ body: (ViewNode) -> Void) {
        if registry?.entries.isEmpty ?? true { return body(content) }
        for n in subnodes { body(n) }
    }
    override var layoutHelpers: [ViewNode] { overlays.isEmpty ? [] : [content] }
    /// Every node below the root, the content behind presentations included.
    var allChildren: [ViewNode] { [content] + overlays }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { content.measure(proposal) }
    override func baseline(first: Bool, size: CGSize) -> CGFloat? { content.baseline(first: first, size: size) }

    override func place(in frame: CGRect) {
        self.frame = frame
        content.place(in: frame)
        let bounds = hostBounds ?? frame
        for o in overlays {
            _ = o.measure(ProposedViewSize(bounds.size))
            o.place(in: bounds)
        }
    }

    override func render(in context: RenderContext) {
        content.render(in: context)
        for o in overlays { o.render(in: context) }
    }
}
