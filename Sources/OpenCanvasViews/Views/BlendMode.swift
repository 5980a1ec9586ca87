import OpenCanvasDrawing

/// How a view is composited with what is behind it (`blendMode(_:)`): SwiftUI's
/// modes, which are a subset of `GraphicsContext.BlendMode`'s. Each case is the
/// engine table's mode of the same name (tested against the table).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    /// `normal` draws the view over what is behind it; the others mix the two
    /// channel by channel: `multiply` darkens, `screen` lightens, `overlay` and
    /// `hardLight` multiply or screen by the backdrop's or the view's brightness,
    /// `softLight` darkens or lightens more gently, `darken` and `lighten` keep the
    /// darker or lighter, `colorDodge` and `colorBurn` brighten or darken the
    /// backdrop to reflect the view.
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    /// `difference` and `exclusion` subtract the darker colour from the lighter
    /// (`exclusion` with lower contrast); `hue`, `saturation`, `color` (hue and
    /// saturation) and `luminosity` take that part from the view and the rest
    /// from the backdrop.
    case difference, exclusion, hue, saturation, color, luminosity
    /// Compositing operators: `sourceAtop` draws the view only over the backdrop,
    /// `destinationOver` draws it behind, `destinationOut` erases the backdrop
    /// where the view is, and `plusDarker` and `plusLighter` add the two (`plusDarker`
    /// adds their darkness, clamped at black; `plusLighter` their light, clamped at white).
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// The drawing mode of the same name.
    var graphicsContextMode: GraphicsContext.BlendMode {
        GraphicsContext.BlendMode(named: "\(self)") ?? .normal
    }
}
