import Foundation
import OpenCanvasDrawing

// `Text` and `Image` as views: enough layout for canvas symbols and simple
// hierarchies (a text takes its ideal size, wrapping to a proposed width; an image
// its own size, or the proposal when resizable).

extension Text: View {
    /// A text is a primitive view: it has no body.
    public typealias Body = Never
}

extension Text: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        // Text relative to now is shown again every second (its body is evaluated again).
        if isLive, let graph = ViewGraph.current, let owner = graph.currentBody { graph.timelines.liveTextOwners.insert(owner) }
        return TextNode(text: self, environment: environment)
    }
}

final class TextNode: ViewNode {
    override var coversItself: Bool { true }
    let text: Text
    let environment: EnvironmentValues

    init(text: Text, environment: EnvironmentValues) {
        self.text = text
        self.environment = environment
    }

    private lazy var resolved = GraphicsContext.ResolvedText(text: text, environment: environment)

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        resolved.measure(in: CGSize(width: proposal.width ?? .infinity, height: proposal.height ?? .infinity))
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        first ? resolved.firstBaseline(in: size) : resolved.lastBaseline(in: size)
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        context.graphicsContext(in: frame).draw(text, in: CGRect(origin: .zero, size: frame.size))
    }
}

extension Image: View {
    /// An image is a primitive view: it has no body.
    public typealias Body = Never
}

extension Image: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode { ImageNode(image: self, environment: environment) }
}

final class ImageNode: ViewNode {
    override var coversItself: Bool { true }
    let image: Image
    let environment: EnvironmentValues

    init(image: Image, environment: EnvironmentValues) {
        self.image = image
        self.environment = environment
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let context = GraphicsContext(recorder: GraphicsContext.Recorder(), base: .identity, size: .zero,
                                      environment: environment)
        let own = context.resolve(image).size
        guard image.capInsets != nil else { return own }
        return CGSize(width: proposal.width ?? own.width, height: proposal.height ?? own.height)
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        context.graphicsContext(in: frame).draw(image, in: CGRect(origin: .zero, size: frame.size))
    }
}
