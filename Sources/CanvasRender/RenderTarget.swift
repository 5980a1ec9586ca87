import CanvasGeometry
import CanvasPaint
import CanvasEffects

/// A surface the renderer draws into: 8-bit sRGB-encoded (`.nonLinear`) or
/// floating-point linear light (`.linear`, `.extendedLinear`).
enum RenderTarget {
    case rgba8(Pixmap)
    case float(FloatPixmap, extended: Bool)

    /// A transparent target of `width × height` in `mode`, or `nil` if it cannot be
    /// allocated.
    static func make(_ mode: ColorMode, width: Int, height: Int) -> RenderTarget? {
        switch mode {
        case .nonLinear: return (try? Pixmap(width: width, height: height)).map { .rgba8($0) }
        case .linear: return (try? FloatPixmap(width: width, height: height)).map { .float($0, extended: false) }
        case .extendedLinear: return (try? FloatPixmap(width: width, height: height)).map { .float($0, extended: true) }
        }
    }

    var mode: ColorMode {
        switch self {
        case .rgba8: return .nonLinear
        case .float(_, let extended): return extended ? .extendedLinear : .linear
        }
    }

    var bounds: PixelRect {
        switch self {
        case .rgba8(let p): return p.bounds
        case .float(let p, _): return p.bounds
        }
    }

    var isFloat: Bool { if case .float = self { return true } else { return false } }

    /// Bytes per pixel, for the layer memory budget.
    var bytesPerPixel: Int { isFloat ? 16 : 4 }

    /// The pixels as a filter plane placed at `(x0, y0)`, values in the working
    /// space (a float target is shared, not copied).
    func plane(at x0: Int, _ y0: Int) -> Plane? {
        switch self {
        case .rgba8(let p):
            guard let plane = Plane.from(p, rect: p.bounds, linearize: false) else { return nil }
            return Plane(plane.pixels, at: x0, y0)
        case .float(let p, _):
            return Plane(p, at: x0, y0)
        }
    }
}
