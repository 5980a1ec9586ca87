import CanvasGeometry
import CanvasEffects

/// `colorMatrix` and the filters made of one (hue rotation, saturation, brightness,
/// contrast, inversion, grayscale, luminance to alpha, colour multiply).
struct ColorMatrixStage: FilterStage {
    let matrix: ColorMatrix
    /// In linear light, in an 8-bit pass.
    let linear: Bool

    func support(ofInput input: PixelRect) -> PixelRect? { matrix.keepsTransparent ? input : nil }

    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane? {
        guard let source = input(area), let out = source.copy(over: area) else { return nil }
        if linear { out.convert(toLinear: true) }
        matrix.apply(to: out, extended: context.extended)
        if linear { out.convert(toLinear: false) }
        return out
    }
}
