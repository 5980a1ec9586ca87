import Foundation
import OpenCanvasDrawing

/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    public typealias Body = Never
}

extension _ConditionalContent: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        // Each branch is a view of its own, even when both are of one type (their
        // state is not shared): the branch is part of the identity.
        let graph = ViewGraph.current
        let branch: String
        switch storage {
        case .trueContent: branch = "true"
        case .falseContent: branch = "false"
        }
        _ = graph?.enter(id: AnyHashable(branch))
        defer { graph?.leave() }
        let node: ViewNode
        switch storage {
        case .trueContent(let v): node = OpenCanvasViews.makeNode(v, environment: environment)
        case .falseContent(let v): node = OpenCanvasViews.makeNode(v, environment: environment)
        }
        guard let graph else { return node }
        return graph.withDefaultTransition(node, key: graph.key("transition"))
    }
}

/// An optional view (`if` without `else` in a view builder): its content, or nothing.
extension Optional: View where Wrapped: View {
    /// An optional view is primitive: it has no body.
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        switch self {
        case .some(let v):
            let node = OpenCanvasViews.makeNode(v, environment: environment)
            guard let graph = ViewGraph.current else { return node }
            return graph.withDefaultTransition(node, key: SlotKey(graph.currentIdentity + "/some", "transition"))
        case .none: return EmptyNode()
        }
    }
}

/// A type-erased view.
public struct AnyView: View {
    let make: @MainActor (EnvironmentValues) -> ViewNode

    /// A view that shows `view`, its type erased.
    public init<V: View>(_ view: V) {
        make = { OpenCanvasViews.makeNode(view, environment: $0) }
    }

    /// A view that shows `view`, its type erased (the same as `init(_:)`).
    public init<V: View>(erasing view: V) { self.init(view) }

    /// A type-erased view is primitive: it has no body.
    public typealias Body = Never
}

extension AnyView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode { make(environment) }
}

/// Several views as one: a container lays them out as its own children, and a
/// modifier on the group applies to each.
public struct Group<Content: View>: View {
    let content: Content

    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A group is primitive: it has no body.
    public typealias Body = Never
}

extension Group: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        GroupNode(children: OpenCanvasViews.makeNode(content, environment: environment).flattened)
    }
}

/// Children that belong to the container around them (Group, ForEach). Outside a
/// container they lay out as a vertical stack, as at the root of a view.
final class GroupNode: ViewNode {
    let children: [ViewNode]
    override var subnodes: [ViewNode] { children }
    private lazy var stack = StackNode(axis: .vertical, horizontal: .center, vertical: .center, spacing: nil,
                                       children: children)

    init(children: [ViewNode]) { self.children = children }

    override var flattened: [ViewNode] { children }
    override var flattenedCount: Int { children.count }
    override var layoutHelpers: [ViewNode] { [stack] }
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { stack.measure(proposal) }
    override func place(in frame: CGRect) {
        super.place(in: frame)
        stack.place(in: frame)
    }
    override func render(in context: RenderContext) { stack.render(in: context) }
}

/// Views made from a collection: one per element, identified by `id`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The collection the views are made from.
    public var data: Data
    /// Makes the view for an element.
    public var content: (Data.Element) -> Content
    let id: KeyPath<Data.Element, ID>

    /// Views for `data`, each element identified by its value at `id` (which
    /// should be unique and stable).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    /// A `ForEach` is primitive: it has no body.
    public typealias Body = Never
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// Views for a collection of `Identifiable` elements, each identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \Data.Element.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var children: [ViewNode] = []
        children.reserveCapacity(data.count)
        let graph = ViewGraph.current
        for element in data {
            // Each element's views are identified by its id, not its position.
            _ = graph?.enter(id: AnyHashable(element[keyPath: id]))
            // The content closure runs now, after the body that holds the ForEach
            // returned: what it reads is read for that body.
            let view = graph?.readingForCurrentBody { content(element) } ?? content(element)
            var node = OpenCanvasViews.makeNode(view, environment: environment)
            if let graph { node = graph.withDefaultTransition(node, key: graph.key("transition")) }
            // One view per element: marked with the element's id (`scrollTo` finds it).
            if node.flattened.count == 1 { node = IdentifiedNode(child: node.flattened[0], id: AnyHashable(element[keyPath: id])) }
            children.append(contentsOf: node.flattened)
            graph?.leave()
        }
        return GroupNode(children: children)
    }
}
