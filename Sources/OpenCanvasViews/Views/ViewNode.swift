import Foundation
import CanvasRender
import OpenCanvasDrawing

/// The laid-out form of a view: OpenCanvas turns a view value into a tree of nodes,
/// asks the root for its size, places it, and draws it.
@MainActor
package class ViewNode {
    /// Where the node was placed, in the root's coordinates.
    var frame = CGRect.zero

    /// The size the node chooses for a proposal.
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }

    /// `sizeThatFits`, remembered per proposal for this layout (nodes are made
    /// afresh for each render): containers ask their children several times, and
    /// without this nested stacks would cost exponential time in their depth.
    /// Forgets the sizes measured for the last layout, here and below (a kept
    /// tree is laid out again each frame).
    package final func resetLayout() {
        forgetLayout()
        forEachSubnode { $0.resetLayout() }
        for n in layoutHelpers { n.resetLayout() }
    }

    /// Forgets the sizes this node measured (not its children's).
    final func forgetLayout() {
        firstMeasured = nil
        measured.removeAll(keepingCapacity: true)
    }

    /// The frame (`ViewGraph`'s count) in which a view last made or took back this
    /// node, for those kept by `ViewGraph.made(_:)`.
    var madeInFrame = Int.min

    /// Nodes a node lays its children out with that are not among its subnodes
    /// (a group's stack): their measurements are forgotten with the node's.
    var layoutHelpers: [ViewNode] { [] }

    /// The node that does the work when this one only wraps it (a composed view's
    /// body).
    var unwrapped: ViewNode { self }

    package final func measure(_ proposal: ProposedViewSize) -> CGSize {
        if let first = firstMeasured {
            if first.0 == proposal { return first.1 }
            if let known = measured.first(where: { $0.0 == proposal }) { return known.1 }
        }
        let size = sizeThatFits(proposal)
        if firstMeasured == nil {
            firstMeasured = (proposal, size)
        } else if measured.count < 7 {
            measured.append((proposal, size))
        }
        return size
    }
    /// The first size measured, kept inline (most nodes are asked once: a node made
    /// in every frame allocates no array for it), and up to seven more.
    private var firstMeasured: (ProposedViewSize, CGSize)?
    private var measured: [(ProposedViewSize, CGSize)] = []

    /// The distance from the top to the first (or last) text baseline when laid
    /// out at `size`; `nil` for a view without text (its bottom serves).
    func baseline(first: Bool, size: CGSize) -> CGFloat? { nil }

    /// The nodes inside this one, in drawing order (for hit testing, accessibility
    /// and tests).
    package var subnodes: [ViewNode] { [] }

    /// Runs `body` on each of `subnodes`, in order. A node whose subnodes are
    /// fixed (a wrapper's one child) overrides it to make no array: laying out a
    /// kept tree again visits every node in every frame.
    func forEachSubnode(_ body: (ViewNode) -> Void) {
        for n in subnodes { body(n) }
    }

    // Hit testing (see `deliverTap`): views that draw cover their frame (shapes
    // their path); containers are hit only through their children.
    /// Whether hit testing may find this node or its children.
    var allowsHits: Bool { true }
    /// Whether hit testing at `point` may look inside this node (clipping
    /// containers admit only points within their bounds).
    func admitsHits(at point: CGPoint) -> Bool { allowsHits }
    /// A point in this node's space as its children see it (a transform effect
    /// maps it back); `nil` when no point of the children is there.
    func childPoint(_ point: CGPoint) -> CGPoint? { point }
    /// Whether the node itself covers points, beyond its children.
    var coversItself: Bool { false }
    /// Whether a point (root coordinates) is on the node.
    func covers(_ point: CGPoint) -> Bool { frame.containsSafely(point) }

    /// How the node takes part in a stack's layout: views (1), or a group of views
    /// (Group, ForEach, tuples) whose children lay out as the stack's own.
    var flattened: [ViewNode] { [self] }

    /// `flattened.count`, without making the array (every node that overrides
    /// `flattened` overrides this to match).
    var flattenedCount: Int { 1 }

    /// Places the node (and its children) in `frame`.
    package func place(in frame: CGRect) { self.frame = frame }

    /// Draws the node into the recording.
    package func render(in context: RenderContext) {}
}

/// Where a node draws: the recording, the layer and clip it draws into, and the
/// environment. Nodes are placed in root coordinates; a node that groups or clips
/// its children (opacity, clip shapes) gives them a context with its own layer or
/// clip.
@MainActor
package struct RenderContext {
    let recorder: GraphicsContext.Recorder
    var environment: EnvironmentValues
    package var layer: Int32 = 0
    package var clip: Int32 = -1
    /// Maps the nodes' root coordinates into the recording's root space (identity,
    /// except when views are drawn into a `CGContext`).
    package var transform: CGAffineTransform = .identity

    package init(recorder: GraphicsContext.Recorder, environment: EnvironmentValues) {
        self.recorder = recorder
        self.environment = environment
    }

    /// Draws `content` into a new layer (in `colorMode`, or the surface's), then
    /// composites the layer here with `opacity`, through this context's clip: the
    /// one way a node groups its drawing (opacity, transitions, `drawingGroup`,
    /// a canvas in another colour mode). Inside, drawing starts unclipped.
    func inLayer(opacity: Double = 1, colorMode: ColorMode? = nil, _ content: (RenderContext) -> Void) {
        let id = recorder.list.addLayer(colorMode: colorMode)
        var inner = self
        inner.layer = id
        inner.clip = -1
        content(inner)
        recorder.list.append(DrawItem(content: .layer(id), transform: .identity, opacity: opacity, clip: clip),
                             to: layer)
    }

    /// This context with its drawing clipped to `geometry` (in the nodes' root
    /// coordinates) as well.
    func clipped(to geometry: Geometry, evenOdd: Bool = false, antialiased: Bool = true) -> RenderContext {
        var inner = self
        inner.clip = recorder.list.addClip(ClipNode(parent: clip, geometry: geometry, transform: transform.engine,
                                                    rule: evenOdd ? .evenOdd : .nonZero, antialiased: antialiased))
        return inner
    }

    /// A drawing context whose origin is `frame`'s top-left corner, of `frame`'s
    /// size, drawing into this context's layer inside its clip.
    func graphicsContext(in frame: CGRect) -> GraphicsContext {
        GraphicsContext(recorder: recorder,
                        base: CGAffineTransform(translationX: frame.minX, y: frame.minY).concatenating(transform),
                        size: frame.size, environment: environment, clip: clip, layer: layer)
    }
}

/// Views OpenCanvas draws itself.
@MainActor
protocol PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode
}

extension PrimitiveView {
    /// The node of `view`, a value of this type (`V` is `Self`): how `makeNode`
    /// reaches a primitive view found by its type, without casting the value to
    /// an existential (which boxes a value larger than three words on the heap).
    static func makeNode<V>(of view: V, environment: EnvironmentValues) -> ViewNode {
        withUnsafePointer(to: view) { pointer in
            UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee.makeNode(environment: environment)
        }
    }
}

/// The names of view types as identity paths spell them, made once per type
/// (`String(describing:)` reflects on the type each time: it allocates and is slow):
/// the type's name without its generic arguments, and `~N` for the N-th other type
/// of that name (`ModifiedContent<Text, _PaddingLayout>` may be `ModifiedContent~3`).
/// Identities are hashed at every state lookup, and each holds its ancestors'
/// names: with whole generic names they grew to kilobytes in deep trees, and
/// hashing them was 30 % of the `view-tree` fuzz target's time. The suffix also
/// tells apart two types of one name from different modules.
@MainActor private var viewTypeNames: [ObjectIdentifier: String] = [:]
@MainActor private var viewTypeNameCounts: [String: Int] = [:]

@MainActor
private func viewTypeName(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = viewTypeNames[key] { return name }
    let base = String(String(describing: type).prefix { $0 != "<" })
    let others = viewTypeNameCounts[base, default: 0]
    viewTypeNameCounts[base] = others + 1
    let name = others == 0 ? base : "\(base)~\(others)"
    viewTypeNames[key] = name
    return name
}

/// Builds the node tree for any view: a primitive view makes its node, any other
/// view is replaced by its body.
@MainActor
package func makeNode<V: View>(_ view: V, environment: EnvironmentValues) -> ViewNode {
    let graph = ViewGraph.current
    let identity = graph?.enter(viewTypeName(V.self)) ?? ""
    defer { graph?.leave() }
    // (Types are asked, not values: see `PrimitiveView.makeNode(of:environment:)`.)
    if let primitive = V.self as? any PrimitiveView.Type {
        return primitive.makeNode(of: view, environment: environment)
    }
    // A composed view: connect its state and environment properties, then build
    // its body, noting the observable models the body reads.
    installProperties(of: view, identity: identity, environment: environment)
    guard let graph else { return makeNode(view.body, environment: environment) }
    // An `Animatable` view's body is evaluated with its animatable data as shown
    // now, and again at every frame while that animates (shapes animate in their
    // `_ShapeView`).
    let isAnimatable = V.self is any Animatable.Type && !(V.self is any Shape.Type)
    let present: @MainActor (ViewGraph) -> V = { graph in
        guard isAnimatable, let animatable = view as? any Animatable else { return view }
        return graph.animatedView(animatable, key: SlotKey(identity, "view"), owner: identity) as? V ?? view
    }
    // Kept in the graph: evaluated again when state it read changes.
    let rebuild: @MainActor () -> ViewNode = { [weak graph] in
        guard let graph else { return EmptyNode() }
        installProperties(of: view, identity: identity, environment: environment)
        let shown = present(graph)
        return graph.within(identity) {
            graph.buildingBody(identity) {
                makeNode(graph.reading(as: identity) { shown.body }, environment: environment)
            }
        }
    }
    let node = BodyNode(identity: identity, parentBody: graph.currentBody, child: EmptyNode(), rebuild: rebuild)
    node.isControl = V.self is any ControlView.Type
    graph.register(node)
    let shown = present(graph)
    node.child = graph.buildingBody(identity) {
        makeNode(graph.reading(as: identity) { shown.body }, environment: environment)
    }
    return node
}

extension EmptyView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode { EmptyNode() }
}

/// Nothing: no size, nothing drawn, no place in a stack.
final class EmptyNode: ViewNode {
    override var flattened: [ViewNode] { [] }
    override var flattenedCount: Int { 0 }
}

/// The children of a tuple view, stacked vertically and centred, as SwiftUI does
/// when several views stand at the root with no container (8 points apart).
final class TupleNode: ViewNode {
    let children: [ViewNode]
    override var subnodes: [ViewNode] { children }
    let spacing: CGFloat = 8
    init(children: [ViewNode]) { self.children = children }

    override var flattened: [ViewNode] { children.flatMap(\.flattened) }
    override var flattenedCount: Int { children.reduce(0) { $0 + $1.flattenedCount } }

    /// The views laid out: a tuple inside a tuple (or an empty `if`) adds its
    /// own views, or none.
    private var items: [ViewNode] { children.flatMap(\.flattened) }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let items = self.items
        var width: CGFloat = 0, height: CGFloat = 0
        let share = proposal.height.map { ($0 - spacing * CGFloat(max(0, items.count - 1))) / CGFloat(max(1, items.count)) }
        for (i, c) in items.enumerated() {
            let s = c.sizeThatFits(ProposedViewSize(width: proposal.width, height: share))
            width = max(width, s.width)
            height += s.height + (i > 0 ? spacing : 0)
        }
        return CGSize(width: width, height: height)
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        let items = self.items
        let share = (frame.height - spacing * CGFloat(max(0, items.count - 1))) / CGFloat(max(1, items.count))
        var y = frame.minY
        for c in items {
            let s = c.sizeThatFits(ProposedViewSize(width: frame.width, height: share))
            c.place(in: CGRect(x: frame.minX + (frame.width - s.width) / 2, y: y, width: s.width, height: s.height))
            y += s.height + spacing
        }
    }

    override func render(in context: RenderContext) {
        for c in children { c.render(in: context) }
    }
}

extension TupleView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var children: [ViewNode] = []
        func add<V: View>(_ v: V) { children.append(OpenCanvasViews.makeNode(v, environment: environment)) }
        // `value` is a tuple of views; walk it through its mirror.
        for child in Mirror(reflecting: value).children {
            if let v = child.value as? any View { add(v) }
        }
        return TupleNode(children: children)
    }
}
