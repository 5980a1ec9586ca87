import Foundation
import CanvasRender
import OpenCanvasDrawing

/// A view for immediate-mode 2D drawing: its renderer closure draws into a
/// `GraphicsContext` each time the canvas is rendered.
///
/// A canvas takes the whole size it is offered (10 × 10 points when offered no size,
/// SwiftUI's default for flexible views), and what it draws is clipped to its
/// bounds.
public struct Canvas<Symbols: View>: View {
    /// A promise that everything drawn is opaque (a hint; OpenCanvas draws the same).
    public var isOpaque: Bool
    /// The working colour space and storage of the canvas's drawing; one that
    /// differs from the surface's draws into a layer of its own, converted when composited.
    public var colorMode: ColorRenderingMode
    /// Permission to present the canvas asynchronously: in a `WindowHost`, a frame
    /// with such a canvas is rasterized on a worker thread while the main thread
    /// goes on handling events, and shown whole when done (no tearing). The
    /// renderer closure itself still runs on the main actor, since it reads view
    /// state. Headless rendering is synchronous, which the permission allows.
    public var rendersAsynchronously: Bool
    /// Draws the canvas: called with a graphics context and the canvas's size, in
    /// points, each time the canvas is rendered.
    public var renderer: (inout GraphicsContext, CGSize) -> Void
    /// Child views the renderer may draw as symbols.
    public var symbols: Symbols

    /// A canvas drawn by `renderer`, whose context can draw the views of `symbols`
    /// tagged with an id (`resolveSymbol(id:)`).
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
                @ViewBuilder symbols: () -> Symbols) {
        self.isOpaque = opaque
        self.colorMode = colorMode
        self.rendersAsynchronously = rendersAsynchronously
        self.renderer = renderer
        self.symbols = symbols()
    }

    /// A canvas is a primitive view: OpenCanvas draws it, and it has no body.
    public typealias Body = Never
}

extension Canvas where Symbols == EmptyView {
    /// A canvas drawn by `renderer`, without symbols.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.init(opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously,
                  renderer: renderer, symbols: { EmptyView() })
    }
}

final class CanvasNode: ViewNode {
    override var coversItself: Bool { true }
    private(set) var renderer: (inout GraphicsContext, CGSize) -> Void
    private(set) var colorMode: ColorRenderingMode
    private(set) var rendersAsynchronously: Bool
    /// The symbol views' nodes (tagged views are found in it at each render).
    private(set) var symbols: ViewNode?

    init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void, colorMode: ColorRenderingMode,
         rendersAsynchronously: Bool, symbols: ViewNode?) {
        self.renderer = renderer
        self.colorMode = colorMode
        self.rendersAsynchronously = rendersAsynchronously
        self.symbols = symbols
    }

    /// Takes a canvas view's values (the same canvas made again): its renderer runs
    /// at the next render, as a new node's would.
    func update(renderer: @escaping (inout GraphicsContext, CGSize) -> Void, colorMode: ColorRenderingMode,
                rendersAsynchronously: Bool, symbols: ViewNode?) {
        self.renderer = renderer
        self.colorMode = colorMode
        self.rendersAsynchronously = rendersAsynchronously
        self.symbols = symbols
        recorded = nil
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The canvas's identity in a hosted graph (`nil` outside a host).
    var identity: String?
    /// What the renderer recorded last (in a host), replayed while nothing it read
    /// has changed and the canvas has not moved.
    private var recorded: (list: DisplayList, frame: CGRect, transform: CGAffineTransform)?

    /// Runs the renderer into a list of its own (its origin at the canvas's
    /// top-left in root space), as a reader of the state and models it uses.
    private func record(_ environment: EnvironmentValues, base: CGAffineTransform) -> DisplayList {
        // In a host, the recorder this canvas used last frame (its storage kept).
        let recorder = identity.flatMap { ViewGraph.current?.canvasRecorder(for: $0) } ?? GraphicsContext.Recorder()
        // Symbols are rendered once per canvas render, before the renderer runs.
        let table = symbols.map { SymbolTable.render($0, environment: environment) }
        var graphics = GraphicsContext(recorder: recorder, base: base, size: frame.size, environment: environment)
        graphics.symbols = table
        let size = frame.size
        if let graph = ViewGraph.current, let identity {
            graph.reading(as: identity) { renderer(&graphics, size) }
        } else {
            renderer(&graphics, size)
        }
        return recorder.list
    }

    override func render(in context: RenderContext) {
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else { return }
        let recorder = context.recorder, environment = context.environment
        if rendersAsynchronously { recorder.allowsAsynchronousRasterizing = true }
        // The canvas's drawing is clipped to its bounds.
        let clipped = context.clipped(to: Geometry.rect(frame.rect))
        let base = CGAffineTransform(translationX: frame.minX, y: frame.minY).concatenating(context.transform)
        let list: DisplayList
        if let kept = recorded, kept.frame == frame, kept.transform == context.transform, let graph = ViewGraph.current,
           let identity, !graph.frameMarked.contains(identity) {
            list = kept.list
        } else {
            list = record(environment, base: base)
            if ViewGraph.current != nil, identity != nil { recorded = (list, frame, context.transform) }
        }
        if colorMode == environment.surfaceColorMode {
            recorder.list.merge(list, transform: .identity, into: context.layer, clip: clipped.clip, filter: -1)
        } else {
            // A canvas whose working space differs from the surface's draws into a
            // layer of its own mode, converted when the layer is composited.
            clipped.inLayer(colorMode: colorMode.engine) { inner in
                recorder.list.merge(list, transform: .identity, into: inner.layer, clip: -1, filter: -1)
            }
        }
    }
}

extension Canvas: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        ViewGraph.node(CanvasNode.self) {
            symbols is EmptyView ? nil : OpenCanvasViews.makeNode(symbols, environment: environment)
        } update: { kept, symbolNode in
            kept.update(renderer: renderer, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously,
                        symbols: symbolNode)
        } make: { symbolNode in
            let node = CanvasNode(renderer: renderer, colorMode: colorMode,
                                  rendersAsynchronously: rendersAsynchronously, symbols: symbolNode)
            node.identity = ViewGraph.current?.currentIdentity
            return node
        }
    }
}
