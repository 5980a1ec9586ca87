import CanvasGeometry
import CanvasEffects

/// `blur(radius:options:)`: a Gaussian blur, the radius its standard deviation.
struct BlurStage: FilterStage {
    /// The standard deviation in the pass's pixels.
    let sigma: Double
    /// `.opaque`: the result's alpha is 1 where it has any.
    let opaque: Bool
    let dithers: Bool
    let linear: Bool

    init(_ radius: Double, opaque: Bool, dithers: Bool, _ c: FilterConversion) {
        sigma = radius * c.scale
        self.opaque = opaque
        self.dithers = dithers
        linear = c.linear
    }

    var dithersResult: Bool { dithers }

    func support(ofInput input: PixelRect) -> PixelRect? { input.dilated(GaussianBlur.reach(sigma: sigma) + 1) }

    func apply(over area: PixelRect, input: (PixelRect) -> Plane?, _ context: FilterContext) -> Plane? {
        guard let source = input(area.dilated(GaussianBlur.reach(sigma: sigma))) else { return nil }
        if linear { source.convert(toLinear: true) }
        guard let out = GaussianBlur.blur(source, sigma: sigma, output: area) else { return nil }
        if opaque {
            // Divide by alpha where there is some (below 1/512 the colour is rounding
            // noise, and the input was not opaque there anyway).
            let p = out.pixels.pixels
            for i in 0..<(area.width * area.height) where p[i].w >= 1.0 / 512 {
                var v = p[i] / p[i].w
                v.w = 1
                p[i] = v
            }
        }
        if linear { out.convert(toLinear: false) }
        return out
    }
}
