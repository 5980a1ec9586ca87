import Foundation
import OpenCanvasDrawing

/// The view modifiers that change how a view is drawn and leave its layout alone:
/// filters (`blur`, `shadow`, `brightness`, `contrast`, `saturation`, `hueRotation`,
/// `colorMultiply`, `colorInvert`, `grayscale`, `luminanceToAlpha`), `blendMode`,
/// and the projective transforms (`projectionEffect`, `rotation3DEffect`). The
/// view is drawn into a layer that a `GraphicsContext` composites with the filter,
/// blend mode or projection — the same path as a canvas's `drawLayer` — in the
/// view's own coordinates (its frame's top-left corner is the origin).
public struct _DrawingEffectModifier: _PrimitiveViewModifier {
    enum Effect {
        case filter(GraphicsContext.Filter)
        case blendMode(GraphicsContext.BlendMode)
        /// A projection made from the view's size.
        case projection((CGSize) -> ProjectionTransform)
    }
    let effect: Effect

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(DrawingEffectNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                       effect: effect))
    }
}

final class DrawingEffectNode: WrapperNode {
    let effect: _DrawingEffectModifier.Effect

    init(child: ViewNode, effect: _DrawingEffectModifier.Effect) {
        self.effect = effect
        super.init(child: child)
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        var graphics = context.graphicsContext(in: frame)
        switch effect {
        case .filter(let f): graphics.addFilter(f)
        case .blendMode(let mode): graphics.blendMode = mode
        case .projection(let make): graphics.addFilter(.projectionTransform(make(frame.size)))
        }
        let child = self.child
        graphics.drawLayer { layer in
            var inner = context
            inner.layer = layer.layer
            inner.clip = layer.clipNode
            child.render(in: inner)
        }
    }
}

extension View {
    private func drawingEffect(_ effect: _DrawingEffectModifier.Effect) -> ModifiedContent<Self, _DrawingEffectModifier> {
        ModifiedContent(content: self, modifier: _DrawingEffectModifier(effect: effect))
    }

    /// Blurs the view (a Gaussian blur; `radius` as `GraphicsContext.Filter.blur`).
    /// `opaque` keeps the result opaque where the view was.
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.blur(radius: radius, options: opaque ? .opaque : [])))
    }

    /// Draws a shadow of the view below it.
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
                       y: CGFloat = 0) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.shadow(color: color, radius: radius, x: x, y: y)))
    }

    /// Brightens the view by `amount` (0 leaves it, 1 is white).
    public func brightness(_ amount: Double) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.brightness(amount)))
    }

    /// Scales the view's contrast (1 leaves it).
    public func contrast(_ amount: Double) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.contrast(amount)))
    }

    /// Scales the view's saturation (0 is grey, 1 leaves it).
    public func saturation(_ amount: Double) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.saturation(amount)))
    }

    /// Rotates the view's hues.
    public func hueRotation(_ angle: Angle) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.hueRotation(angle)))
    }

    /// Multiplies the view's colours by `color`.
    public func colorMultiply(_ color: Color) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.colorMultiply(color)))
    }

    /// Inverts the view's colours.
    public func colorInvert() -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.colorInvert()))
    }

    /// Removes `amount` of the view's colour (1 is fully grey).
    public func grayscale(_ amount: Double) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.grayscale(amount)))
    }

    /// Turns the view's luminance into alpha (a mask from a picture).
    public func luminanceToAlpha() -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.filter(.luminanceToAlpha))
    }

    /// Composites the view with what is behind it in `blendMode`.
    public func blendMode(_ blendMode: BlendMode) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.blendMode(blendMode.graphicsContextMode))
    }

    /// Draws the view through a projective transform of its own coordinates; its
    /// layout is unchanged.
    public func projectionEffect(_ transform: ProjectionTransform) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.projection { _ in transform })
    }

    /// Draws the view through an affine transform of its own coordinates; its
    /// layout is unchanged.
    public func transformEffect(_ transform: CGAffineTransform) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.projection { _ in ProjectionTransform(transform) })
    }

    /// Rotates the view in three dimensions about `axis` through `anchor` (and
    /// `anchorZ`), seen in perspective from the anchor: the eye is the view's larger
    /// side ÷ `perspective` (1 by default) away. Its layout is unchanged. (SwiftUI
    /// documents `perspective` only as "the relative vanishing point"; this scale is
    /// the one its open re-implementations and Core Animation's `m34 = −1/d` give.)
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat),
                                 anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
                                 perspective: CGFloat = 1) -> ModifiedContent<Self, _DrawingEffectModifier> {
        drawingEffect(.projection { size in
            Rotation3D.projection(angle: angle.radians, axis: axis, anchor: anchor, anchorZ: anchorZ,
                                  perspective: perspective, size: size)
        })
    }
}

/// The 3D rotation of `rotation3DEffect`, as a projection of the plane.
enum Rotation3D {
    static func projection(angle: Double, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint,
                           anchorZ: CGFloat, perspective: CGFloat, size: CGSize) -> ProjectionTransform {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite, perspective.isFinite else { return ProjectionTransform() }
        let (ux, uy, uz) = (Double(axis.x / length), Double(axis.y / length), Double(axis.z / length))
        let c = cos(angle), s = sin(angle), k = 1 - c
        // Rows of the rotation (row vectors, as Core Animation's matrices).
        let r: [[Double]] = [
            [c + ux * ux * k, ux * uy * k + uz * s, ux * uz * k - uy * s],
            [uy * ux * k - uz * s, c + uy * uy * k, uy * uz * k + ux * s],
            [uz * ux * k + uy * s, uz * uy * k - ux * s, c + uz * uz * k],
        ]
        let ax = Double(size.width * anchor.x), ay = Double(size.height * anchor.y), az = Double(anchorZ)
        let pp = Double(perspective) / max(Double(max(size.width, size.height)), 1)
        // A point (x, y, 0) of the view, relative to the anchor q = (x−ax, y−ay, −az),
        // rotated (q·R), moved back; seen from in front with the vanishing point at
        // the anchor: x_s = ax + q'x / w, y_s = ay + q'y / w, w = 1 − pp·q'z (the
        // perspective distance is the larger side ÷ `perspective`, as SwiftUI's).
        // Each of q'x, q'y, q'z and w is linear in (x, y, 1): as coefficients:
        func linear(_ j: Int) -> (Double, Double, Double) {
            (r[0][j], r[1][j], -ax * r[0][j] - ay * r[1][j] - az * r[2][j])
        }
        let qx = linear(0), qy = linear(1), qz = linear(2)
        let w = (-pp * qz.0, -pp * qz.1, 1 - pp * qz.2)
        // Homogeneous X = ax·w + q'x, Y = ay·w + q'y, W = w; rows of M are the
        // coefficients of x, y and 1 ([X Y W] = [x y 1]·M).
        var m = ProjectionTransform()
        m.m11 = CGFloat(ax * w.0 + qx.0); m.m12 = CGFloat(ay * w.0 + qy.0); m.m13 = CGFloat(w.0)
        m.m21 = CGFloat(ax * w.1 + qx.1); m.m22 = CGFloat(ay * w.1 + qy.1); m.m23 = CGFloat(w.1)
        m.m31 = CGFloat(ax * w.2 + qx.2); m.m32 = CGFloat(ay * w.2 + qy.2); m.m33 = CGFloat(w.2)
        return m
    }
}
