import Foundation
import OpenCanvasDrawing

/// A hosted view hierarchy and the frame protocol every host runs through it:
/// update the bodies that read changed state (or build the tree), lay the tree
/// out, record its drawing; the host rasterizes the recording (now, or on a
/// worker). `HeadlessHost` (and through it the window host) keeps one across
/// frames; `ImageRenderer` makes its frame with `recordOnce`.
@MainActor
package final class ViewTree {
    package let graph = ViewGraph()
    /// The laid-out tree of the last frame (`nil` before the first, and after a
    /// resize).
    package private(set) var root: ViewNode?
    /// Makes the root node: the host's content closure as the body of a root view.
    private let makeRoot: @MainActor (EnvironmentValues) -> ViewNode

    /// The last frame's cost in seconds: making and laying out views, recording
    /// their drawing (canvas renderers run while recording).
    package private(set) var timings = (layout: 0.0, record: 0.0)
    /// The frames' recorders, kept and used in turn: each frame records into the
    /// storage of the frame before last, while the last frame's list stays as it
    /// was (a host compares the two to redraw only what changed). A host that
    /// still holds an older list keeps its own copy: the arrays are copied on write.
    private let frameRecorders = (GraphicsContext.Recorder(), GraphicsContext.Recorder())
    private var usesSecondRecorder = false
    /// The appearance the kept tree was built in.
    private var builtScheme: ColorScheme?

    package init<Content: View>(@ViewBuilder content: @escaping () -> Content) {
        makeRoot = { environment in
            PresentationRootNode(content: makeNode(HostRoot(make: content), environment: environment),
                                 registry: ViewGraph.current?.presentations)
        }
    }

    /// Whether state that the last frame read has changed.
    package var needsFrame: Bool { graph.isDirty || root == nil }

    /// The next frame lays the tree out from scratch (its size changed).
    package func discardLayout() { root = nil }

    /// Runs the frame protocol if anything changed: the bodies that read changed
    /// state are evaluated again (the rest of the tree is kept), or the whole tree
    /// is built; then it is laid out in `size`, centred as a window centres its
    /// content, and recorded. `nil` when nothing changed.
    package func update(size: CGSize, environment hostEnvironment: EnvironmentValues,
                        date: Date) -> GraphicsContext.Recorder? {
        guard needsFrame else { return nil }
        let start = DispatchTime.now().uptimeNanoseconds
        let previous = ViewGraph.current
        ViewGraph.current = graph
        graph.date = date
        defer { ViewGraph.current = previous }
        // The presentation's appearance: the views' preference, else the host's.
        var environment = hostEnvironment
        environment.colorScheme = graph.preferredColorScheme ?? hostEnvironment.colorScheme
        // Kept bodies hold the environment they were made in: another appearance
        // builds the tree again.
        if environment.colorScheme != builtScheme { root = nil }
        graph.isBuildingBodies = true
        if let root, updateBodies(in: root) {
            // The kept tree, its marked bodies evaluated again.
        } else {
            buildAll(environment)
        }
        // A preference this frame made or changed applies to this frame (built once
        // more, before anything is laid out or drawn).
        let preferred = graph.preferredColorScheme ?? hostEnvironment.colorScheme
        if preferred != environment.colorScheme {
            environment.colorScheme = preferred
            buildAll(environment)
        }
        graph.isBuildingBodies = false
        builtScheme = environment.colorScheme
        graph.buildTransaction = nil
        guard let node = root else { return nil }
        node.resetLayout()
        let proposal = ProposedViewSize(width: size.width.isFinite ? max(0, size.width) : 0,
                                        height: size.height.isFinite ? max(0, size.height) : 0)
        let s = node.measure(proposal)
        (node as? PresentationRootNode)?.hostBounds = CGRect(x: 0, y: 0, width: proposal.width ?? 0,
                                                             height: proposal.height ?? 0)
        node.place(in: CGRect(x: ((proposal.width ?? 0) - s.width) / 2, y: ((proposal.height ?? 0) - s.height) / 2,
                              width: s.width, height: s.height))
        let laidOut = DispatchTime.now().uptimeNanoseconds
        usesSecondRecorder.toggle()
        let recorder = usesSecondRecorder ? frameRecorders.1 : frameRecorders.0
        recorder.restart()
        recorder.allowsAsynchronousRasterizing = false
        node.render(in: RenderContext(recorder: recorder, environment: environment))
        // Views removed under an animation go out over the others at their last place.
        graph.collectRemovedTransitions()
        for ghost in graph.liveGhosts() {
            var context = RenderContext(recorder: recorder, environment: environment)
            context.transform = ghost.lastTransform
            ghost.render(in: context)
        }
        let recorded = DispatchTime.now().uptimeNanoseconds
        timings = (Double(laidOut - start) / 1e9, Double(recorded - laidOut) / 1e9)
        graph.endRender()
        return recorder
    }

    private func buildAll(_ environment: EnvironmentValues) {
        graph.beginFullRender()
        graph.buildTransaction = graph.fullRenderTransaction
        root = makeRoot(environment)
    }

    /// Evaluates the marked bodies of the kept tree again; `false` when the whole
    /// tree must be built instead (a body whose views became several, or none, and
    /// whose container cannot be found).
    private func updateBodies(in root: ViewNode) -> Bool {
        for var target in graph.beginPartialRender() {
            graph.buildTransaction = graph.transaction(for: target.identity)
            target.child = target.rebuild()
            // A body whose views are now several (or none) is spliced into its
            // container: its container's body is evaluated again.
            while target.isSpliced {
                guard let parent = target.parentBody, let p = findBody(parent, in: root) else { return false }
                target = p
                graph.rebuilding(target.identity)
                target.child = target.rebuild()
            }
        }
        return true
    }

    private func findBody(_ identity: String, in node: ViewNode) -> BodyNode? {
        if let b = node as? BodyNode, b.identity == identity { return b }
        for n in (node as? PresentationRootNode)?.allChildren ?? node.subnodes { if let found = findBody(identity, in: n) { return found } }
        return nil
    }

    /// One frame of a view with no graph around it (no state kept, no lifecycle):
    /// made, sized under `proposal` and placed at the origin. `ImageRenderer`'s frame.
    package static func layOutOnce<Content: View>(_ content: Content, proposal: ProposedViewSize,
                                                  environment: EnvironmentValues) -> (root: ViewNode, size: CGSize) {
        let root = makeNode(content, environment: environment)
        let size = root.measure(proposal)
        root.place(in: CGRect(origin: .zero, size: size))
        return (root, size)
    }

    /// The size a view chooses when offered nothing in particular (its ideal size),
    /// in a colour scheme: what `.sizeThatFits` previews and view snapshots use.
    package static func idealSize<Content: View>(of content: Content, colorScheme: ColorScheme) -> CGSize {
        var environment = EnvironmentValues()
        environment.colorScheme = colorScheme
        return layOutOnce(content, proposal: .unspecified, environment: environment).size
    }

    /// `layOutOnce`, then recorded.
    package static func recordOnce<Content: View>(_ content: Content, proposal: ProposedViewSize,
                                                  environment: EnvironmentValues)
        -> (recorder: GraphicsContext.Recorder, size: CGSize) {
        let (root, size) = layOutOnce(content, proposal: proposal, environment: environment)
        let recorder = GraphicsContext.Recorder()
        root.render(in: RenderContext(recorder: recorder, environment: environment))
        return (recorder, size)
    }
}

/// The content closure a host is given, as the body of a root view: like a scene's
/// body in SwiftUI, its reads of `@Observable` models (held anywhere: in a local,
/// a global, another object) are tracked, and a change evaluates it again, with
/// the change's animation, as any view's body is.
struct HostRoot<Content: View>: View {
    let make: () -> Content
    var body: Content { make() }
}
