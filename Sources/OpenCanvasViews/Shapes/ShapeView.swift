import Foundation
import CanvasRender
import OpenCanvasDrawing

/// A shape filled or stroked with a style: the view behind `Shape.fill` and
/// `Shape.stroke`, and a shape's own body.
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    public var shape: Content
    public var style: Style
    public var fillStyle: FillStyle
    var stroke: StrokeStyle?

    public init(shape: Content, style: Style, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
    }

    public typealias Body = Never
}

extension Shape {
    /// The shape filled with `content` (the foreground style by default).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, fillStyle: style)
    }

    /// The shape filled with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), fillStyle: style)
    }

    /// The shape's outline stroked with `content`.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self, S> {
        var v = _ShapeView(shape: self, style: content, fillStyle: FillStyle(antialiased: antialiased))
        v.stroke = style
        return v
    }

    /// The shape's outline stroked with `content`, `lineWidth` points wide.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<Self, S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

extension InsettableShape {
    /// A border inside the shape's frame: the shape inset by half the line width, then
    /// stroked.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> _ShapeView<InsetShape, S> {
        inset(by: style.lineWidth / 2).stroke(content, style: style, antialiased: antialiased)
    }

    /// A border of `lineWidth` points inside the shape's frame, stroked with `content`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> _ShapeView<InsetShape, S> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// A border inside the shape's frame, stroked with the foreground style.
    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<InsetShape, ForegroundStyle> {
        strokeBorder(ForegroundStyle(), style: style, antialiased: antialiased)
    }

    /// A border of `lineWidth` points inside the shape's frame, stroked with the foreground style.
    public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<InsetShape, ForegroundStyle> {
        strokeBorder(ForegroundStyle(), lineWidth: lineWidth, antialiased: antialiased)
    }
}

final class ShapeNode: ViewNode {
    override var coversItself: Bool { true }
    let sizing: (ProposedViewSize) -> CGSize
    let draw: (inout GraphicsContext, CGRect) -> Void
    /// The shape's outline in a frame, for hit testing (nil: the whole frame).
    let hitPath: ((CGRect) -> Path)?

    init(sizing: @escaping (ProposedViewSize) -> CGSize, hitPath: ((CGRect) -> Path)? = nil,
         draw: @escaping (inout GraphicsContext, CGRect) -> Void) {
        self.sizing = sizing
        self.hitPath = hitPath
        self.draw = draw
    }

    override func covers(_ point: CGPoint) -> Bool {
        guard let hitPath else { return frame.containsSafely(point) }
        return hitPath(frame).contains(point)
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { sizing(proposal) }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        var graphics = context.graphicsContext(in: frame)
        draw(&graphics, CGRect(origin: .zero, size: frame.size))
    }
}

extension _ShapeView: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        var shape = self.shape, style = self.style, stroke = self.stroke
        let fillStyle = self.fillStyle
        if let graph = ViewGraph.current {
            // The shape's data, a colour fill and a stroke's width as shown now.
            let owner = graph.currentBody
            shape = graph.animated(shape, key: graph.key("shape"), owner: owner)
            if let color = style as? Color {
                style = Color(graph.animated(color.resolve(in: environment), key: graph.key("color"), owner: owner)) as? Style ?? style
            }
            if let s = stroke {
                stroke?.lineWidth = graph.animatedValue(graph.key("lineWidth"), s.lineWidth, owner: owner)
            }
        }
        return ShapeNode(sizing: { shape.sizeThatFits($0) }, hitPath: { shape.path(in: $0) }) { context, frame in
            let path = shape.path(in: frame)
            // The style's unit space maps onto the shape's frame.
            let shading = GraphicsContext.Shading.style(_ModifiedShapeStyle(base: style, opacity: 1, blendMode: nil,
                                                                            rect: frame))
            if let stroke {
                context.stroke(path, with: shading, style: stroke)
            } else {
                context.fill(path, with: shading, style: fillStyle)
            }
        }
    }
}
