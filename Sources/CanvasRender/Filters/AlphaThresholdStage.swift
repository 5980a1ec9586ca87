import CanvasGeometry
import CanvasPaint
import CanvasEffects

/// `alphaThreshold(min:max:color:)`: pixels whose alpha is in range become the colour.
struct AlphaThresholdStage: FilterStage {
    let threshold: AlphaThreshold

    init(_ lo: Double, _ hi: Double, _ color: RGBA, _ c: FilterConversion) {
        threshold = AlphaThreshold(min: Float(lo), max: Float(hi), color: c.workingColor(color, linear: false))
    }

    func support(ofInput input: PixelRect) -> PixelRect? { threshold.keepsTransparent ? input : nil }

    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane? {
        guard let source = input(area.dilated(by: 1)) else { return nil }
        return threshold.apply(source, output: area)
    }
}
