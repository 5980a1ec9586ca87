import Foundation
import OpenCanvasDrawing

/// A coordinate space to read a frame in.
public enum CoordinateSpace: Hashable {
    /// The root view's space.
    case global
    /// The view's own space (its top-left at the origin).
    case local
    /// The space of an ancestor marked with `.coordinateSpace(name:)`.
    case named(AnyHashable)
}

/// The size and frames of the container a `GeometryReader` fills.
public struct GeometryProxy {
    /// The size offered to the reader (the reader takes all of it).
    public let size: CGSize
    let globalFrame: CGRect
    let spaces: [(AnyHashable, CGRect)]

    /// The reader's frame in a coordinate space. A name no ancestor declares reads
    /// as the global space, as SwiftUI does.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .global: return globalFrame
        case .local: return CGRect(origin: .zero, size: size)
        case .named(let name):
            guard let space = spaces.last(where: { $0.0 == name })?.1 else { return globalFrame }
            return globalFrame.offsetBy(dx: -space.minX, dy: -space.minY)
        }
    }

    /// No safe area on Linux hosts.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A container that takes all the room it is offered and builds its content from
/// that size; the content is placed at its top-leading corner.
public struct GeometryReader<Content: View>: View {
    /// Builds the content from the reader's geometry.
    public var content: (GeometryProxy) -> Content

    /// A reader whose content `content` builds from its geometry (size and frames).
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    /// A geometry reader is primitive: it has no body.
    public typealias Body = Never
}

extension GeometryReader: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let content = self.content
        let node = GeometryReaderNode(environment: environment) { OpenCanvasViews.makeNode(content($0), environment: environment) }
        node.identity = ViewGraph.current?.currentIdentity
        // The content is made at placement, after the body: it is made with the
        // body's transaction and as part of it (so what animates in it animates).
        node.transaction = ViewGraph.current?.buildTransaction
        node.owner = ViewGraph.current?.currentBody
        return node
    }
}

extension ViewGraph {
    /// Makes content while its container is placed (a geometry reader's content, a
    /// preference overlay): under the container's identity, with the transaction the
    /// container was made in, and as part of the body that made it, so that what the
    /// content reads is read for that body. Outside a host, just `make()`.
    static func buildAtPlacement(identity: String?, transaction: Transaction?, owner: String?,
                                 _ make: () -> ViewNode) -> ViewNode {
        guard let graph = ViewGraph.current, let identity else { return make() }
        return graph.within(identity) {
            graph.withBuildTransaction(transaction) {
                if let owner { return graph.buildingBody(owner) { graph.reading(as: owner) { make() } } }
                return make()
            }
        }
    }
}

/// The named coordinate spaces of the nodes being placed (placement runs depth
/// first on the main actor, so a stack of the enclosing ones is enough).
@MainActor
enum CoordinateSpaces {
    static var stack: [(AnyHashable, CGRect)] = []
}

final class GeometryReaderNode: ViewNode {
    let environment: EnvironmentValues
    let build: (GeometryProxy) -> ViewNode
    var child: ViewNode?
    override var subnodes: [ViewNode] { child.map { [$0] } ?? [] }

    init(environment: EnvironmentValues, build: @escaping (GeometryProxy) -> ViewNode) {
        self.environment = environment
        self.build = build
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }

    var identity: String?
    var transaction: Transaction?
    var owner: String?

    override func place(in frame: CGRect) {
        super.place(in: frame)
        let proxy = GeometryProxy(size: frame.size, globalFrame: frame, spaces: CoordinateSpaces.stack)
        // The content is made at placement, under the reader's identity.
        let node = ViewGraph.buildAtPlacement(identity: identity, transaction: transaction, owner: owner) { build(proxy) }
        let s = node.measure(ProposedViewSize(frame.size))
        node.place(in: CGRect(origin: frame.origin, size: s))
        child = node
    }

    override func render(in context: RenderContext) { child?.render(in: context) }
}

@frozen
public struct _CoordinateSpaceModifier: _PrimitiveViewModifier {
    let name: AnyHashable
}

extension _CoordinateSpaceModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        NamedSpaceNode(child: OpenCanvasViews.makeNode(content, environment: environment), name: name)
    }
}

final class NamedSpaceNode: WrapperNode {
    let name: AnyHashable

    init(child: ViewNode, name: AnyHashable) {
        self.name = name
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        CoordinateSpaces.stack.append((name, frame))
        child.place(in: frame)
        CoordinateSpaces.stack.removeLast()
    }
}

extension View {
    /// Names this view's space, for `GeometryProxy.frame(in: .named(name))`.
    public func coordinateSpace<T: Hashable>(name: T) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        ModifiedContent(content: self, modifier: _CoordinateSpaceModifier(name: AnyHashable(name)))
    }
}
