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
    /// Whether a result too faint to show may be left out. Not in an extended pass,
    /// where colour is not bounded by alpha: a faint blur of bright colour can show.
    let leavesOutFaint: Bool
    /// Whether a wide blur reads its input drawn at reduced resolution
    /// (`FilterConversion.reducesWideInput`).
    let reducesInput: Bool

    init(_ radius: Double, opaque: Bool, dithers: Bool, _ c: FilterConversion) {
        sigma = radius * c.scale
        self.opaque = opaque
        self.dithers = dithers
        linear = c.linear
        leavesOutFaint = c.leavesOutFaint && !c.extended
        reducesInput = c.reducesWideInput
    }

    var dithersResult: Bool { dithers }

    func support(ofInput input: PixelRect) -> PixelRect? {
        isInvisible(input) ? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) : input.dilated(by: GaussianBlur.reach(sigma: sigma) + 1)
    }

    /// Whether an input transparent outside `extent` blurs to nothing that shows (a
    /// radius far wider than the drawing); then the input is not rendered.
    private func isInvisible(_ extent: PixelRect) -> Bool {
        leavesOutFaint && GaussianBlur.blursAway(sigma: sigma, within: extent)
    }

    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane? {
        let needed = area.dilated(by: GaussianBlur.reach(sigma: sigma))
        if isInvisible(input.extent(of: needed)) { return Plane.transparent(near: area) }
        // A wide blur reads only its input's block averages, so only those are made
        // (when they may be drawn at reduced resolution).
        let factor = GaussianBlur.reductionFactor(sigma: sigma)
        let reduced = factor > 1 && reducesInput
        // In linear light the averages are of linear values (black and white stripes
        // average to 0.5 in linear light, shown as 188; 0.5 in sRGB shows as 128).
        let read = reduced ? input.reduced(blocks: GaussianBlur.reducedInputRegion(sigma: sigma, output: area),
                                           factor: factor, linear: linear)
                           : input(needed)
        guard let source = read else { return nil }
        if linear && !reduced { source.convert(toLinear: true) }
        let blurred = reduced ? GaussianBlur.blur(reduced: source, sigma: sigma, output: area)
                              : GaussianBlur.blur(source, sigma: sigma, output: area)
        guard let out = blurred else { return nil }
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
