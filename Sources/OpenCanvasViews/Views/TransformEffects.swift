import Foundation
import CanvasGeometry
import OpenCanvasDrawing

/// `scaleEffect` and `rotationEffect`: the view drawn (and hit-tested) scaled or
/// rotated about an anchor of its frame; its layout is unchanged. Both animate.
@frozen
public struct _ScaleEffect: _PrimitiveViewModifier, Sendable {
    var scale: CGSize
    var anchor: UnitPoint
}

@frozen
public struct _RotationEffect: _PrimitiveViewModifier, Sendable {
    var angle: Angle
    var anchor: UnitPoint
}

extension _ScaleEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var scale = self.scale
        if let graph = ViewGraph.current {
            scale.animatableData = graph.animatedValue(graph.key("scale"), scale.animatableData,
                                                       owner: graph.currentBody)
        }
        let anchor = self.anchor
        return TransformEffectNode(child: OpenCanvasViews.makeNode(content, environment: environment)) { frame in
            about(anchor, in: frame, CGAffineTransform(scaleX: scale.width, y: scale.height))
        }
    }
}

extension _RotationEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var angle = self.angle
        if let graph = ViewGraph.current {
            angle.radians = graph.animatedValue(graph.key("rotation"), angle.radians, owner: graph.currentBody)
        }
        let anchor = self.anchor
        return TransformEffectNode(child: OpenCanvasViews.makeNode(content, environment: environment)) { frame in
            about(anchor, in: frame, CGAffineTransform(rotationAngle: angle.radians))
        }
    }
}

/// Draws the child through a transform of its frame; points are mapped back for
/// hit testing.
final class TransformEffectNode: WrapperNode {
    let transform: (CGRect) -> CGAffineTransform

    init(child: ViewNode, transform: @escaping (CGRect) -> CGAffineTransform) {
        self.transform = transform
        super.init(child: child)
    }

    override func render(in context: RenderContext) {
        var inner = context
        inner.transform = transform(frame).concatenating(context.transform)
        child.render(in: inner)
    }

    /// The inverse of the transform in the current frame (`nil` when singular).
    var inverse: CGAffineTransform? {
        let t = transform(frame)
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        return t.inverted()
    }

    override func childPoint(_ point: CGPoint) -> CGPoint? { inverse.map { point.applying($0) } }
}

extension View {
    /// Scales the view's drawing by `scale` about `anchor` (non-finite factors are
    /// ignored).
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        let valid = scale.width.isFinite && scale.height.isFinite
        if !valid { Diagnostics.report(.nonFiniteValue) }
        return ModifiedContent(content: self, modifier: _ScaleEffect(scale: valid ? scale : CGSize(width: 1, height: 1),
                                                                     anchor: anchor))
    }

    /// Scales the view's drawing by `s` in both axes about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// Scales the view's drawing by `x` horizontally and `y` vertically about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Rotates the view's drawing by `angle` about `anchor` (clockwise on screen
    /// for positive angles, y pointing down).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _RotationEffect> {
        let valid = angle.radians.isFinite
        if !valid { Diagnostics.report(.nonFiniteValue) }
        return ModifiedContent(content: self, modifier: _RotationEffect(angle: valid ? angle : .zero, anchor: anchor))
    }
}
