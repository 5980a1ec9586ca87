import OpenCanvasDrawing

/// How a view is composited with what is behind it (`blendMode(_:)`): SwiftUI's
/// modes, which are a subset of `GraphicsContext.BlendMode`'s. Each case is the
/// engine table's mode of the same name (tested against the table).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// The drawing mode of the same name.
    var graphicsContextMode: GraphicsContext.BlendMode {
        GraphicsContext.BlendMode(named: "\(self)") ?? .normal
    }
}
