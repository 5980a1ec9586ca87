import Foundation
import CanvasGeometry
import CanvasRender
import OpenCanvasDrawing

// MARK: - Opacity

@frozen
public struct _OpacityEffect: _PrimitiveViewModifier, Sendable {
    let opacity: Double
}

extension _OpacityEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var shown = opacity
        if let graph = ViewGraph.current {
            shown = min(max(graph.animatedValue(graph.key("opacity"), opacity, owner: graph.currentBody), 0), 1)
        }
        return OpacityNode(child: OpenCanvasViews.makeNode(content, environment: environment), opacity: shown)
    }
}

/// Draws the child into a layer composited with an opacity (overlapping parts of
/// the child are not doubled).
final class OpacityNode: WrapperNode {
    /// A fully transparent view takes no taps.
    override var allowsHits: Bool { opacity > 0 }
    let opacity: Double

    init(child: ViewNode, opacity: Double) {
        self.opacity = opacity
        super.init(child: child)
    }

    override func render(in context: RenderContext) {
        if opacity >= 1 { return child.render(in: context) }
        guard opacity > 0 else { return }
        context.inLayer(opacity: opacity) { child.render(in: $0) }
    }
}

extension View {
    /// Draws the view with an opacity (clamped to 0…1; NaN is ignored), as one
    /// layer.
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _OpacityEffect> {
        let o = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        if opacity.isNaN { Diagnostics.report(.nonFiniteValue) }
        return ModifiedContent(content: self, modifier: _OpacityEffect(opacity: o))
    }
}

// MARK: - Clipping

@frozen
public struct _ClipEffect<ClipShape: Shape>: _PrimitiveViewModifier {
    let shape: ClipShape
    let style: FillStyle
}

extension _ClipEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let shape = self.shape
        return ClipNodeView(child: OpenCanvasViews.makeNode(content, environment: environment),
                            path: { shape.path(in: $0) }, style: style)
    }
}

/// Clips the child to a shape in its frame.
final class ClipNodeView: WrapperNode {
    let path: (CGRect) -> Path
    let style: FillStyle

    init(child: ViewNode, path: @escaping (CGRect) -> Path, style: FillStyle) {
        self.path = path
        self.style = style
        super.init(child: child)
    }

    /// Taps outside the clip shape do not reach the content.
    override func admitsHits(at point: CGPoint) -> Bool { path(frame).contains(point, eoFill: style.isEOFilled) }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        child.render(in: context.clipped(to: path(frame).geometry, evenOdd: style.isEOFilled,
                                         antialiased: style.isAntialiased))
    }
}

extension View {
    /// Clips the view to `shape` in its frame.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _ClipEffect<S>> {
        ModifiedContent(content: self, modifier: _ClipEffect(shape: shape, style: style))
    }

    /// Clips the view to its frame.
    public func clipped(antialiased: Bool = false) -> ModifiedContent<Self, _ClipEffect<Rectangle>> {
        clipShape(Rectangle(), style: FillStyle(antialiased: antialiased))
    }

    /// Clips the view to its frame with rounded corners.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, _ClipEffect<RoundedRectangle>> {
        clipShape(RoundedRectangle(cornerRadius: radius.isFinite ? max(0, radius) : 0),
                  style: FillStyle(antialiased: antialiased))
    }
}

// MARK: - Colour as a view

extension Color: View {
    /// A colour is a primitive view (it fills the room it is offered) with no body.
    public typealias Body = Never
}

extension Color: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var color = self
        if let graph = ViewGraph.current {
            color = Color(graph.animated(resolve(in: environment), key: graph.key("color"),
                                         owner: graph.currentBody))
        }
        return ShapeNode(sizing: { $0.replacingUnspecifiedDimensions() }) { context, rect in
            context.fill(Path(rect), with: .color(color))
        }
    }
}

// MARK: - Compositing groups

@frozen
public struct _CompositingGroupEffect: _PrimitiveViewModifier, Sendable {
    let colorMode: ColorRenderingMode?
}

extension _CompositingGroupEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        CompositingGroupNode(child: OpenCanvasViews.makeNode(content, environment: environment), colorMode: colorMode)
    }
}

/// Draws the child into one layer (in a colour mode of its own for
/// `drawingGroup`), composited as a unit; layout, hit testing and accessibility
/// are the child's.
final class CompositingGroupNode: WrapperNode {
    let colorMode: ColorRenderingMode?

    init(child: ViewNode, colorMode: ColorRenderingMode?) {
        self.colorMode = colorMode
        super.init(child: child)
    }

    override func render(in context: RenderContext) {
        context.inLayer(colorMode: colorMode.map(\.engine)) { child.render(in: $0) }
    }
}

extension View {
    /// Draws the view into one offscreen layer first (in `colorMode`), then
    /// composites it: blend modes and opacity inside act within the group. The
    /// view keeps its accessibility and hit testing. `opaque` is a promise that the
    /// content covers the whole view (a hint; it draws the same).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear)
        -> ModifiedContent<Self, _CompositingGroupEffect> {
        ModifiedContent(content: self, modifier: _CompositingGroupEffect(colorMode: colorMode))
    }

    /// Composites the view's children as one group before effects outside apply.
    public func compositingGroup() -> ModifiedContent<Self, _CompositingGroupEffect> {
        ModifiedContent(content: self, modifier: _CompositingGroupEffect(colorMode: nil))
    }
}
