import CanvasPaint
import CanvasRender

/// The working colour space and storage format of a canvas or renderer.
public enum ColorRenderingMode: Hashable, Sendable {
    /// Gamma-encoded sRGB, 8 bits per channel, blended as stored (Core Graphics'
    /// default).
    case nonLinear
    /// Linear sRGB in floating point, clamped to 0…1 after each operation.
    case linear
    /// Linear sRGB in floating point, values outside 0…1 kept.
    case extendedLinear

    package var engine: ColorMode {
        switch self {
        case .nonLinear: return .nonLinear
        case .linear: return .linear
        case .extendedLinear: return .extendedLinear
        }
    }
}
