import CanvasGeometry
import CanvasEffects

/// `shadow(color:radius:x:y:blendMode:options:)`: the drawing with a blurred, tinted
/// and offset copy of its alpha below (or above) it, or the copy alone.
struct ShadowStage: FilterStage {
    /// The shadow in the pass's pixels and working colours.
    let shadow: Shadow
    let linear: Bool
    /// Whether a shadow too faint to show may be left out (`FilterConversion`).
    let leavesOutFaint: Bool
    /// Whether a wide shadow reads its source drawn at reduced resolution
    /// (`FilterConversion.reducesWideInput`).
    let reducesInput: Bool

    init?(_ s: ShadowEffect, _ c: FilterConversion) {
        let offset = c.toDevice.applyToVector(s.offset)
        guard offset.isFinite else { return nil }
        shadow = Shadow(color: c.workingColor(s.color, linear: c.linear), sigma: s.radius * c.scale,
                        offset: offset, blendMode: s.blendMode, above: s.above, only: s.only,
                        invertsAlpha: s.invertsAlpha, disablesGroup: s.disablesGroup)
        linear = c.linear
        leavesOutFaint = c.leavesOutFaint
        reducesInput = c.reducesWideInput
    }

    /// Whether the shadow of a source transparent outside `extent` is left out.
    private func isInvisible(fromSourceWithin extent: PixelRect) -> Bool {
        leavesOutFaint && shadow.isInvisible(fromSourceWithin: extent)
    }

    func support(ofInput s: PixelRect) -> PixelRect? {
        if shadow.invertsAlpha { return nil }
        let (ox, oy) = (clampedInt(shadow.offset.x.rounded(.down), -(1 << 40), 1 << 40),
                        clampedInt(shadow.offset.y.rounded(.down), -(1 << 40), 1 << 40))
        let m = GaussianBlur.reach(sigma: shadow.sigma) + 2
        let copy = isInvisible(fromSourceWithin: s) ? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            : PixelRect(x0: s.x0 + ox - m, y0: s.y0 + oy - m, x1: s.x1 + ox + m, y1: s.y1 + oy + m)
        return shadow.only ? copy : Renderer.union(s, copy)
    }

    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane? {
        guard let (object, copy) = parts(over: area, input: input),
              let out = shadow.group(object: object, shadow: copy, output: area,
                                     clampToUnit: !context.extended) else { return nil }
        if linear { out.convert(toLinear: false) }
        return out
    }

    /// `copy` with the object drawn over `output` on its own (none with `only`).
    private func withObject(_ copy: Plane, over output: PixelRect, input: FilterInput) -> (object: Plane?, shadow: Plane)? {
        if shadow.only { return (nil, copy) }
        guard let object = input(output) else { return nil }
        if linear { object.convert(toLinear: true) }
        return (object, copy)
    }

    /// The object (unless `only`) and the tinted shadow over `output`, from the
    /// input. With `linear`, both come back in linear light.
    func parts(over output: PixelRect, input: FilterInput) -> (object: Plane?, shadow: Plane)? {
        let sourceNeeded = shadow.sourceRegion(for: output)
        if isInvisible(fromSourceWithin: input.extent(of: sourceNeeded)) {
            // A radius far wider than the drawing: the shadow is too faint to show, so
            // its source is not rendered (a blur of 10⁹ px would otherwise render the
            // drawing over as much of its reach as the filter budget allows).
            return shadow.faintShadow(output: output).flatMap { withObject($0, over: output, input: input) }
        }
        if shadow.reductionFactor > 1 && reducesInput {
            // Wide: the shadow reads its source's block averages, so only those are
            // made (the alpha alone counts: no conversion to linear light).
            guard let reduced = input.reduced(blocks: shadow.reducedSourceRegion(for: output),
                                              factor: shadow.reductionFactor, linear: false),
                  let copy = shadow.shadow(ofReduced: reduced, output: output) else { return nil }
            return withObject(copy, over: output, input: input)
        }
        var object: Plane? = nil
        let source: Plane
        let union = Renderer.union(output, sourceNeeded)
        let separate = Renderer.area(output).addingReportingOverflow(Renderer.area(sourceNeeded))
        if !shadow.only && (separate.overflow || Renderer.area(union) <= separate.partialValue) {
            // Near each other: render once over both.
            guard let both = input(union) else { return nil }
            if linear { both.convert(toLinear: true) }
            object = both
            source = both
        } else {
            // Far apart (offsets of ±10,000 px): the input twice, at the two places,
            // instead of one surface spanning both.
            guard let s = input(sourceNeeded) else { return nil }
            if linear { s.convert(toLinear: true) }
            source = s
            if !shadow.only {
                guard let o = input(output) else { return nil }
                if linear { o.convert(toLinear: true) }
                object = o
            }
        }
        guard let copy = shadow.shadow(of: source, output: output) else { return nil }
        return (object, copy)
    }
}
