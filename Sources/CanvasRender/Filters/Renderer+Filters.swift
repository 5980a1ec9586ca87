import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasEffects

/// Filtered drawing, as `GraphicsContext.addFilter` documents it: the operation is
/// rasterized into an implicit layer without blending, opacity or clipping; the
/// filters run on that layer, the last one added first; the result is composited
/// with the item's blend mode and opacity through its clip.
///
/// Memory stays bounded by the clip, not by the geometry or the filter: each stage
/// is computed only over the pixels the next stage needs, intersected with where
/// its input can be non-transparent. A shadow far from its object (offsets of
/// ±10,000 px) renders the object twice, at the two places, instead of one surface
/// spanning both.
extension Renderer {
    /// Filters beyond this many on one drawing are ignored.
    static let maximumFilterCount = 64
    /// The largest plane a filter stage may allocate (256 MiB of float pixels).
    static let maximumPlanePixels = 1 << 24

    func drawFiltered(_ item: DrawItem, _ list: DisplayList, _ pass: Pass, _ region: ClipRegion) {
        let stages = self.stages(item, list, pass)
        let content = contentSupport(item, list, pass)
        var supports: [PixelRect?] = [content]
        for s in stages { supports.append(supports[supports.count - 1].flatMap { s.support(ofInput: $0) }) }
        let job = FilterJob(item: item, list: list, pass: pass, stages: stages, supports: supports,
                            context: FilterContext(extended: isExtended(pass), targetBounds: pass.target.bounds,
                                                   surfaceSide: surfaceSide))
        let target = region.bounds

        if let shadow = stages.last as? ShadowStage, shadow.shadow.disablesGroup {
            // Object and shadow composited separately, each through the clip.
            let n = stages.count - 1
            guard let (object, copy) = shadow.parts(over: target, input: input(n, job)) else {
                return Diagnostics.report(.effectSkipped)
            }
            if shadow.linear {
                object?.convert(toLinear: false)
                copy.convert(toLinear: false)
            }
            let shadowPart = { self.compositePlane(copy, item, pass, region, mode: shadow.shadow.blendMode, dithers: false) }
            let objectPart = {
                if let object { self.compositePlane(object, item, pass, region, mode: item.blendMode, dithers: false) }
            }
            if shadow.shadow.above { objectPart(); shadowPart() } else { shadowPart(); objectPart() }
            return
        }
        guard let result = evaluate(stages.count, needed: target, job) else {
            return Diagnostics.report(.effectSkipped)
        }
        compositePlane(result, item, pass, region, mode: item.blendMode, dithers: stages.last?.dithersResult ?? false)
    }

    struct FilterJob {
        let item: DrawItem
        let list: DisplayList
        let pass: Pass
        let stages: [any FilterStage]
        /// `supports[k]`: where the output of stage k (0 = the drawing) can be
        /// non-transparent; `nil` when anywhere.
        let supports: [PixelRect?]
        let context: FilterContext
    }

    /// The item's filters in the order they apply, converted to the pass's pixels.
    func stages(_ item: DrawItem, _ list: DisplayList, _ pass: Pass) -> [any FilterStage] {
        var out: [any FilterStage] = []
        var id = item.filter
        while id >= 0, Int(id) < list.filters.count, out.count < Renderer.maximumFilterCount {
            let node = list.filters[Int(id)]
            if let s = stage(node, pass, leavesOutFaint: !list.hasAlphaRaisingFilter) { out.append(s) }
            guard node.parent < id else { break }       // parents are always older
            id = node.parent
        }
        return out
    }

    private func stage(_ node: FilterNode, _ pass: Pass, leavesOutFaint: Bool) -> (any FilterStage)? {
        let d = node.transform.concatenating(pass.device)
        guard d.isFinite else { return nil }
        let conversion = FilterConversion(toDevice: d, scale: abs(d.determinant).squareRoot(),
                                          linear: node.linearColor && !pass.target.isFloat,
                                          floatPass: pass.target.isFloat, extended: isExtended(pass),
                                          leavesOutFaint: leavesOutFaint)
        return node.effect.stage(conversion)
    }

    // MARK: Bounds

    /// Where the unfiltered drawing can be non-transparent, in the pass's pixels
    /// (`nil`: anywhere).
    private func contentSupport(_ item: DrawItem, _ list: DisplayList, _ pass: Pass) -> PixelRect? {
        let r: Rect
        switch item.content {
        case .shape(let shape):
            let t = item.transform.concatenating(pass.device)
            r = deviceBounds(shape.geometry, shape.operation, t)
        case .layer(let id):
            guard let bounds = layerContentBounds(id, list, pass, depth: 0) else { return nil }
            r = bounds
        }
        guard r.isFinite else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        return PixelRect(covering: r, within: Renderer.hugePixelRect)
    }

    static let hugePixelRect = PixelRect(x0: -(1 << 40), y0: -(1 << 40), x1: 1 << 40, y1: 1 << 40)

    /// Where a filtered item whose drawing covers `content` (the pass's pixels) can
    /// be non-transparent after its filters, or `nil` when anywhere.
    func filteredSupport(_ item: DrawItem, _ list: DisplayList, _ pass: Pass, content: Rect) -> PixelRect? {
        guard content.isFinite else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        var s: PixelRect? = PixelRect(covering: content, within: Renderer.hugePixelRect)
        for stage in stages(item, list, pass) { s = s.flatMap { stage.support(ofInput: $0) } }
        return s
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return PixelRect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }

    /// The pixels of `r` (`Int.max` when that overflows: boxes reach ±2⁴⁰).
    static func area(_ r: PixelRect) -> Int {
        guard !r.isEmpty else { return 0 }
        let (product, overflow) = r.width.multipliedReportingOverflow(by: r.height)
        return overflow ? .max : product
    }

    // MARK: Evaluation

    /// The output of stage `k` (0 = the unfiltered drawing) over `needed`, or `nil`
    /// if memory ran out. Pixels outside the returned plane are transparent.
    func evaluate(_ k: Int, needed: PixelRect, _ job: FilterJob) -> Plane? {
        let area = job.supports[k].map { needed.intersection($0) } ?? needed
        if area.isEmpty { return Plane.transparent(near: needed) }
        let pixels = Renderer.area(area)
        guard pixels <= Renderer.maximumPlanePixels, pixels <= filterBudget - filterPixels else { return nil }
        filterPixels += pixels
        if k == 0 { return renderContent(job, over: area) }
        return job.stages[k - 1].apply(over: area, input: input(k - 1, job), job.context)
    }

    /// The output of stage `k` averaged over `factor` × `factor` blocks, over the
    /// region `blocks` of blocks (`FilterInput.reduced`), or `nil` if memory ran out.
    ///
    /// An unfiltered shape (k = 0) is drawn at the reduced resolution: the pass's
    /// device transform scaled by 1/factor maps each block onto one pixel, whose
    /// area coverage is the block's average (`coverage(…reduction:)`). Everything
    /// else is computed in full and averaged: a stage's output, and a layer, whose
    /// items are composited one over another, which does not commute with
    /// averaging. (Two shapes that abut along a line through a block would each
    /// cover half of it, and half over half leaves a quarter uncovered: a seam at
    /// every edge between tiles that the full drawing does not have.)
    ///
    /// With `linear` (a filter in linear light in an 8-bit pass) the averages are of
    /// linear values: the full output is converted before averaging, and a shape's
    /// reduced pixels are converted as the full ones would be (a solid colour's edge
    /// converts alike at any coverage; a gradient is evaluated at the block's centre,
    /// mixed as drawn; an image samples levels averaged in linear light).
    func evaluateReduced(_ k: Int, blocks: PixelRect, factor: Int, linear: Bool, _ job: FilterJob) -> Plane? {
        let area = job.supports[k].map { blocks.intersection(GaussianBlur.blocks(covering: $0, factor: factor)) } ?? blocks
        if area.isEmpty { return Plane.transparent(near: blocks) }
        guard k == 0, factor > 1, case .shape(let shape) = job.item.content else {
            // The pixels of the blocks (blocks come from pixel regions within ±2⁴⁰, so
            // this stays far inside Int; checked all the same).
            let bounds = [area.x0, area.y0, area.x1, area.y1].map { $0.multipliedReportingOverflow(by: factor) }
            guard !bounds.contains(where: \.overflow),
                  let full = evaluate(k, needed: PixelRect(x0: bounds[0].partialValue, y0: bounds[1].partialValue,
                                                           x1: bounds[2].partialValue, y1: bounds[3].partialValue), job)
            else { return nil }
            if linear { full.convert(toLinear: true) }
            return factor <= 1 ? full : GaussianBlur.reduce(full, factor: factor)
        }
        let pixels = Renderer.area(area)
        guard pixels <= Renderer.maximumPlanePixels, pixels <= filterBudget - filterPixels else { return nil }
        filterPixels += pixels
        let shrink = 1 / Double(factor)
        let plane = renderShape(shape, job, device: job.pass.device.concatenating(.scale(shrink, shrink)), over: area,
                                reduction: factor, averagesInLinearLight: linear)
        if linear { plane?.convert(toLinear: true) }
        return plane
    }

    /// The output of stage `k` as the next stage's input.
    private func input(_ k: Int, _ job: FilterJob) -> FilterInput {
        FilterInput(support: job.supports[k], evaluate: { self.evaluate(k, needed: $0, job) },
                    evaluateReduced: { self.evaluateReduced(k, blocks: $0, factor: $1, linear: $2, job) })
    }

    private func isExtended(_ pass: Pass) -> Bool {
        if case .float(_, let e) = pass.target { return e }
        return false
    }

    /// The unfiltered drawing over `area`: rasterized and painted with source-over,
    /// full opacity and no clip into a transparent surface.
    private func renderContent(_ job: FilterJob, over area: PixelRect) -> Plane? {
        switch job.item.content {
        case .shape(let shape):
            return renderShape(shape, job, device: job.pass.device, over: area, reduction: 1, averagesInLinearLight: false)
        case .layer(let id):
            guard let target = renderLayerContent(id, job.list, job.pass, bounds: area, ungroupedItem: nil) else { return nil }
            defer { release(target) }
            return target.plane(at: area.x0, area.y0)
        }
    }

    /// A shape item's drawing over `area` of the surface `device` maps root space
    /// onto, in the pass's colour mode. With a `reduction` k > 1 each pixel stands for
    /// the average of a block of k × k (`coverage(…reduction:)`), and images are
    /// sampled from a level near the drawn size (`ImagePaint.averaged`), averaged in
    /// linear light when the pass is or `averagesInLinearLight` asks.
    private func renderShape(_ shape: DrawItem.Shape, _ job: FilterJob, device: Transform, over area: PixelRect,
                             reduction: Int, averagesInLinearLight: Bool) -> Plane? {
        let mode = job.pass.target.mode
        guard let target = RenderTarget.make(mode, width: area.width, height: area.height) else {
            return nil
        }
        let shifted = device.concatenating(.translation(Double(-area.x0), Double(-area.y0)))
        let t = job.item.transform.concatenating(shifted)
        guard t.isFinite else { return Plane.transparent(near: area) }
        spans.removeAll()
        coverage(shape.geometry, shape.operation, t, clip: target.bounds, reduction: reduction, into: &spans)
        var plain = job.item
        plain.blendMode = .normal
        plain.opacity = 1
        if !spans.isEmpty {
            var paint = job.item.paint
            if reduction > 1, case .image(let image) = paint {
                paint = .image(image.averaged(linearLight: averagesInLinearLight || mode != .nonLinear))
            }
            composite(spans, paint, userToDevice: t, plain, Pass(target: target, device: shifted, depth: job.pass.depth))
        }
        return target.plane(at: area.x0, area.y0)
    }

    /// Composites a filter result through the item's clip.
    private func compositePlane(_ plane: Plane, _ item: DrawItem, _ pass: Pass, _ region: ClipRegion,
                                mode: BlendMode, dithers: Bool) {
        let origin = (plane.bounds.x0, plane.bounds.y0)
        switch pass.target {
        case .rgba8:
            guard let p = plane.pixmap8(encode: false, dither: dithers) else { return Diagnostics.report(.effectSkipped) }
            compositeLayer(.rgba8(p), origin: origin, item, pass, region, blendMode: mode)
        case .float(_, let extended):
            compositeLayer(.float(plane.pixels, extended: extended), origin: origin, item, pass, region, blendMode: mode)
        }
    }
}

extension Plane {
    /// A plane that is transparent everywhere (one transparent pixel at a corner of
    /// `rect`).
    static func transparent(near rect: PixelRect) -> Plane? {
        Plane(bounds: PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x0 + 1, y1: rect.y0 + 1))
    }
}
