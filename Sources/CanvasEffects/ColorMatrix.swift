import CanvasGeometry
import CanvasPaint

/// A 4 × 5 colour matrix, as SVG's `feColorMatrix` and SwiftUI's `ColorMatrix`
/// define it, applied to unpremultiplied colour:
///
///     R' = r1·R + r2·G + r3·B + r4·A + r5     (G', B', A' likewise)
///
/// The results are clamped to 0…1 (to ≥ 0 for colours when `extended`) and
/// premultiplied again.
public struct ColorMatrix: Hashable, Sendable {
    /// Rows R, G, B, A; columns R, G, B, A, offset.
    public var rows: [SIMD8<Float>]

    public init(r: [Float], g: [Float], b: [Float], a: [Float]) {
        func row(_ v: [Float]) -> SIMD8<Float> {
            var s = SIMD8<Float>()
            for i in 0..<min(5, v.count) { s[i] = v[i].isFinite ? v[i] : 0 }
            return s
        }
        rows = [row(r), row(g), row(b), row(a)]
    }

    public static let identity = ColorMatrix(r: [1, 0, 0, 0, 0], g: [0, 1, 0, 0, 0], b: [0, 0, 1, 0, 0], a: [0, 0, 0, 1, 0])

    /// True when a transparent pixel stays transparent (the alpha row has no
    /// offset), so the filter cannot draw outside what was drawn.
    public var keepsTransparent: Bool { !(rows[3][4] > 0) }

    /// True when faint alpha can come out much stronger: the alpha row reads the
    /// colour (unpremultiplied, so as strong under alpha 10⁻⁹ as under 1), gains
    /// alpha, or adds an offset.
    public var raisesFaintAlpha: Bool {
        rows[3][0] > 0 || rows[3][1] > 0 || rows[3][2] > 0 || rows[3][3] > 1 || rows[3][4] > 0
    }

    @inline(__always)
    func apply(_ p: SIMD4<Float>, extended: Bool) -> SIMD4<Float> {
        let c = p.w > 0 ? p / p.w : SIMD4<Float>(0, 0, 0, 0)
        let v = SIMD8<Float>(c.x, c.y, c.z, p.w, 1, 0, 0, 0)
        var a = (rows[3] * v).sum()
        a = a > 0 ? min(a, 1) : 0
        var rgb = SIMD4<Float>((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum(), 0)
        rgb = rgb.replacing(with: 0, where: .!(rgb .> 0))
        if !extended { rgb = pointwiseMin(rgb, SIMD4(repeating: 1)) }
        var out = rgb * a
        out.w = a
        return out
    }

    /// Applies the matrix to every pixel of `plane`, in place.
    public func apply(to plane: Plane, extended: Bool) {
        let n = plane.bounds.width * plane.bounds.height
        let p = plane.pixels.pixels
        for i in 0..<n { p[i] = apply(p[i], extended: extended) }
    }

    /// The colour a transparent pixel turns into (for filters that paint where
    /// nothing was drawn).
    public func transparentResult(extended: Bool) -> SIMD4<Float> { apply(.zero, extended: extended) }

    // MARK: SwiftUI's colour filters as matrices

    /// Multiplies each component (alpha too) by the colour's.
    public static func multiply(_ c: SIMD4<Float>) -> ColorMatrix {
        ColorMatrix(r: [c.x, 0, 0, 0, 0], g: [0, c.y, 0, 0, 0], b: [0, 0, c.z, 0, 0], a: [0, 0, 0, c.w, 0])
    }

    /// SVG `hueRotate` by `radians`.
    public static func hueRotation(_ radians: Double) -> ColorMatrix {
        let c = Float(cos(radians)), s = Float(sin(radians))
        return ColorMatrix(
            r: [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0],
            g: [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0],
            b: [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0],
            a: [0, 0, 0, 1, 0])
    }

    /// SVG `saturate`: 0 is grey, 1 unchanged, above 1 more saturated.
    public static func saturation(_ amount: Double) -> ColorMatrix {
        let s = Float(amount)
        return ColorMatrix(r: [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0],
                           g: [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0],
                           b: [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0],
                           a: [0, 0, 0, 1, 0])
    }

    /// Adds `amount` to each colour component (Core Image's brightness, which
    /// SwiftUI documents; not SVG's multiplier).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        let b = Float(amount)
        return ColorMatrix(r: [1, 0, 0, 0, b], g: [0, 1, 0, 0, b], b: [0, 0, 1, 0, b], a: [0, 0, 0, 1, 0])
    }

    /// SVG `contrast`: `(C − ½)·amount + ½`.
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let c = Float(amount), o = 0.5 - 0.5 * Float(amount)
        return ColorMatrix(r: [c, 0, 0, 0, o], g: [0, c, 0, 0, o], b: [0, 0, c, 0, o], a: [0, 0, 0, 1, 0])
    }

    /// SVG `invert`: `amount·(1 − C) + (1 − amount)·C`.
    public static func invert(_ amount: Double) -> ColorMatrix {
        let a = Float(amount), k = 1 - 2 * a
        return ColorMatrix(r: [k, 0, 0, 0, a], g: [0, k, 0, 0, a], b: [0, 0, k, 0, a], a: [0, 0, 0, 1, 0])
    }

    /// SVG `grayscale`: 1 is fully grey, 0 unchanged.
    public static func grayscale(_ amount: Double) -> ColorMatrix {
        let g = 1 - Float(min(max(amount, 0), 1))
        return ColorMatrix(r: [0.2126 + 0.7874 * g, 0.7152 - 0.7152 * g, 0.0722 - 0.0722 * g, 0, 0],
                           g: [0.2126 - 0.2126 * g, 0.7152 + 0.2848 * g, 0.0722 - 0.0722 * g, 0, 0],
                           b: [0.2126 - 0.2126 * g, 0.7152 - 0.7152 * g, 0.0722 + 0.9278 * g, 0, 0],
                           a: [0, 0, 0, 1, 0])
    }

    /// SVG `luminanceToAlpha`: alpha becomes the luminance, the colour black.
    public static let luminanceToAlpha = ColorMatrix(r: [0, 0, 0, 0, 0], g: [0, 0, 0, 0, 0], b: [0, 0, 0, 0, 0],
                                                     a: [0.2125, 0.7154, 0.0721, 0, 0])
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
