import CanvasGeometry
import CanvasPaint

/// A drop shadow in device pixels: the source's alpha, blurred, tinted, offset.
public struct Shadow: Sendable {
    /// Premultiplied, in the working space.
    public var color: SIMD4<Float>
    /// Standard deviation of the blur.
    public var sigma: Double
    public var offset: Point
    public var blendMode: BlendMode
    public var above: Bool
    public var only: Bool
    public var invertsAlpha: Bool
    public var disablesGroup: Bool

    public init(color: SIMD4<Float>, sigma: Double, offset: Point, blendMode: BlendMode,
                above: Bool, only: Bool, invertsAlpha: Bool, disablesGroup: Bool) {
        self.color = color; self.sigma = sigma; self.offset = offset; self.blendMode = blendMode
        self.above = above; self.only = only; self.invertsAlpha = invertsAlpha; self.disablesGroup = disablesGroup
    }

    var integerOffset: (Int, Int) {
        (clampedInt(offset.x.rounded(.down), -1 << 30, 1 << 30), clampedInt(offset.y.rounded(.down), -1 << 30, 1 << 30))
    }

    /// The source pixels the shadow over `output` depends on.
    public func sourceRegion(for output: PixelRect) -> PixelRect {
        let (ox, oy) = integerOffset
        let m = GaussianBlur.reach(sigma: sigma) + 2
        return PixelRect(x0: output.x0 - ox - m, y0: output.y0 - oy - m, x1: output.x1 - ox + m, y1: output.y1 - oy + m)
    }

    /// Whether a source that is transparent outside `extent` casts a shadow too faint
    /// to show anywhere (below `GaussianBlur.invisibleAlpha` once tinted): a radius
    /// far wider than the drawing spreads it to nothing.
    public func isInvisible(fromSourceWithin extent: PixelRect) -> Bool {
        let strength = Double(pointwiseMax(color, -color).max())
        guard strength.isFinite else { return false }
        return GaussianBlur.blursAway(sigma: sigma, within: extent, strength: strength)
    }

    /// The shadow over `output` when it `isInvisible`: transparent, or with
    /// `invertsAlpha` (the blurred alpha is 0, so its inverse is 1) the colour everywhere.
    public func faintShadow(output: PixelRect) -> Plane? {
        guard let out = Plane(bounds: output) else { return nil }
        if invertsAlpha { out.pixels.pixels.update(repeating: color, count: output.width * output.height) }
        return out
    }

    /// The factor by which the shadow's blur averages its source down
    /// (`GaussianBlur.reductionFactor`): above 1, the shadow is made from the
    /// source's block averages over `reducedSourceRegion(for:)`.
    public var reductionFactor: Int { GaussianBlur.reductionFactor(sigma: sigma) }

    /// The blocks of the source (by `reductionFactor`) whose averages the shadow
    /// over `output` reads.
    public func reducedSourceRegion(for output: PixelRect) -> PixelRect {
        GaussianBlur.reducedInputRegion(sigma: sigma, output: blurredRegion(for: output))
    }

    /// Where the shadow over `output` reads the blurred alpha. Output pixel p reads
    /// it at p − offset: with the integer part taken off, at q = p − (ox, oy) −
    /// (fx, fy), between q − 1 and q.
    private func blurredRegion(for output: PixelRect) -> PixelRect {
        let (ox, oy) = integerOffset
        return PixelRect(x0: output.x0 - ox - 1, y0: output.y0 - oy - 1, x1: output.x1 - ox, y1: output.y1 - oy)
    }

    /// The tinted shadow over `output`, from a source plane covering (at least the
    /// drawn part of) `sourceRegion(for: output)`.
    public func shadow(of source: Plane, output: PixelRect) -> Plane? {
        tinted(GaussianBlur.blur(source, sigma: sigma, output: blurredRegion(for: output)), output: output)
    }

    /// The tinted shadow over `output`, from the source's block averages
    /// (`GaussianBlur.reduce` by `reductionFactor`) over `reducedSourceRegion(for:)`.
    public func shadow(ofReduced source: Plane, output: PixelRect) -> Plane? {
        tinted(GaussianBlur.blur(reduced: source, sigma: sigma, output: blurredRegion(for: output)), output: output)
    }

    /// The shadow over `output` from the blurred source over `blurredRegion(for:)`.
    private func tinted(_ blur: Plane?, output: PixelRect) -> Plane? {
        let (ox, oy) = integerOffset
        let fx = Float(offset.x - Double(ox)), fy = Float(offset.y - Double(oy))
        let needed = blurredRegion(for: output)
        guard let blur, let blurred = blur.bounds == needed ? blur : blur.copy(over: needed),
              let out = Plane(bounds: output) else { return nil }
        // Row by row: output row y reads blurred rows y − oy − 1 and y − oy, at
        // columns x − ox − 1 and x − ox, which `needed` holds for every x.
        let width = output.width
        let wx = 1 - fx, wy = 1 - fy
        for y in output.y0..<output.y1 {
            let dst = out.row(y)
            let above = blurred.row(y - oy - 1), below = blurred.row(y - oy)
            for i in 0..<width {
                // Bilinear weights of the four neighbours for a shift of (fx, fy).
                let a = (above[i].w * fx + above[i + 1].w * wx) * fy + (below[i].w * fx + below[i + 1].w * wx) * wy
                let shown = invertsAlpha ? 1 - a : a
                if shown > 0 { dst[i] = color * min(shown, 1) }
            }
        }
        return out
    }

    /// The object and its shadow as one group over `output`: the shadow blended
    /// with its blend mode below the object (or above it with `above`).
    public func group(object: Plane?, shadow: Plane, output: PixelRect, clampToUnit: Bool) -> Plane? {
        guard let out = Plane(bounds: output) else { return nil }
        let full: UInt8 = 255
        withUnsafePointer(to: full) { m in
            func draw(_ p: Plane, _ mode: BlendMode) {
                let r = p.bounds.intersection(output)
                guard !r.isEmpty else { return }
                for y in r.y0..<r.y1 {
                    BlendRows.blendFloat(mode, out.row(y) + (r.x0 - output.x0), p.row(y) + (r.x0 - p.bounds.x0),
                                         srcStride: 1, m, maskStride: 0, r.width, clampToUnit: clampToUnit)
                }
            }
            if above {
                if let object, !only { draw(object, .normal) }
                draw(shadow, blendMode)
            } else {
                draw(shadow, blendMode)
                if let object, !only { draw(object, .normal) }
            }
        }
        return out
    }
}
