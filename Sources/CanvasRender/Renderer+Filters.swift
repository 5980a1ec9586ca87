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
    /// A filter in the pass's pixels.
    enum Stage {
        case matrix(ColorMatrix, linear: Bool)
        case threshold(AlphaThreshold)
        case blur(sigma: Double, opaque: Bool, dithers: Bool, linear: Bool)
        case shadow(Shadow, linear: Bool)
        case projection(Projection)
    }

    /// Filters beyond this many on one drawing are ignored.
    static let maximumFilterCount = 64
    /// The largest plane a filter stage may allocate (256 MiB of float pixels).
    static let maximumPlanePixels = 1 << 24

    func drawFiltered(_ item: DrawItem, _ list: DisplayList, _ pass: Pass, _ region: ClipRegion) {
        let stages = self.stages(item, list, pass)
        let content = contentSupport(item, list, pass)
        var supports: [PixelRect?] = [content]
        for s in stages { supports.append(support(s, supports[supports.count - 1])) }
        let job = FilterJob(item: item, list: list, pass: pass, stages: stages, supports: supports)
        let target = region.bounds
        let dithers: Bool
        if case .blur(_, _, let d, _)? = stages.last { dithers = d } else { dithers = false }

        if case .shadow(let shadow, let linear)? = stages.last, shadow.disablesGroup {
            // Object and shadow composited separately, each through the clip.
            let n = stages.count - 1
            guard let (object, shadowPlane) = shadowParts(shadow, linear: linear, k: n, output: target, job) else {
                return Diagnostics.report(.effectSkipped)
            }
            if linear {
                object?.convert(toLinear: false)
                shadowPlane.convert(toLinear: false)
            }
            let shadowPart = { self.compositePlane(shadowPlane, item, pass, region, mode: shadow.blendMode, dithers: false) }
            let objectPart = {
                if let object { self.compositePlane(object, item, pass, region, mode: item.blendMode, dithers: false) }
            }
            if shadow.above { objectPart(); shadowPart() } else { shadowPart(); objectPart() }
            return
        }
        guard let result = evaluate(stages.count, needed: target, job) else {
            return Diagnostics.report(.effectSkipped)
        }
        compositePlane(result, item, pass, region, mode: item.blendMode, dithers: dithers)
    }

    struct FilterJob {
        let item: DrawItem
        let list: DisplayList
        let pass: Pass
        let stages: [Stage]
        /// `supports[k]`: where the output of stage k (0 = the drawing) can be
        /// non-transparent; `nil` when anywhere.
        let supports: [PixelRect?]
    }

    /// The item's filters in the order they apply, converted to the pass's pixels.
    func stages(_ item: DrawItem, _ list: DisplayList, _ pass: Pass) -> [Stage] {
        var out: [Stage] = []
        var id = item.filter
        while id >= 0, Int(id) < list.filters.count, out.count < Renderer.maximumFilterCount {
            let node = list.filters[Int(id)]
            if let s = stage(node, pass) { out.append(s) }
            guard node.parent < id else { break }       // parents are always older
            id = node.parent
        }
        return out
    }

    private func stage(_ node: FilterNode, _ pass: Pass) -> Stage? {
        let d = node.transform.concatenating(pass.device)
        guard d.isFinite else { return nil }
        let scale = abs(d.determinant).squareRoot()
        let linear = node.linearColor && !pass.target.isFloat
        switch node.effect {
        case .colorMatrix(let m):
            return .matrix(m, linear: linear)
        case .alphaThreshold(let lo, let hi, let color):
            return .threshold(AlphaThreshold(min: Float(lo), max: Float(hi),
                                             color: workingColor(color, pass, linear: false)))
        case .blur(let radius, let opaque, let dithers):
            return .blur(sigma: radius * scale, opaque: opaque, dithers: dithers, linear: linear)
        case .shadow(let s):
            let offset = d.applyToVector(s.offset)
            guard offset.isFinite else { return nil }
            return .shadow(Shadow(color: workingColor(s.color, pass, linear: linear), sigma: s.radius * scale,
                                  offset: offset, blendMode: s.blendMode, above: s.above, only: s.only,
                                  invertsAlpha: s.invertsAlpha, disablesGroup: s.disablesGroup), linear: linear)
        case .projection(let p):
            guard let inv = d.inverted else { return nil }
            let device = Projection(affine: d).concatenating(after: p).concatenating(after: Projection(affine: inv))
            return device.isFinite ? .projection(device) : nil
        }
    }

    /// A colour as premultiplied values in the pass's working space.
    func workingColor(_ c: RGBA, _ pass: Pass, linear: Bool) -> SIMD4<Float> {
        let a = Float(min(max(c.a, 0), 1))
        let extended: Bool
        if case .float(_, let e) = pass.target { extended = e } else { extended = false }
        let v = pass.target.isFloat || linear ? c.linearized : c
        var rgb = SIMD4<Float>(Float(v.r), Float(v.g), Float(v.b), 1)
        if !extended { rgb = rgb.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) }
        var out = rgb * a
        out.w = a
        return out
    }

    // MARK: Bounds

    /// Where the unfiltered drawing can be non-transparent, in the pass's pixels
    /// (`nil`: anywhere).
    private func contentSupport(_ item: DrawItem, _ list: DisplayList, _ pass: Pass) -> PixelRect? {
        let r: Rect
        switch item.content {
        case .shape(let geometry, let operation):
            let t = item.transform.concatenating(pass.device)
            r = deviceBounds(geometry, operation, t)
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
        for stage in stages(item, list, pass) { s = support(stage, s) }
        return s
    }

    private func support(_ stage: Stage, _ s: PixelRect?) -> PixelRect? {
        guard let s else { return nil }
        switch stage {
        case .matrix(let m, _): return m.keepsTransparent ? s : nil
        case .threshold(let t): return t.keepsTransparent ? s : nil
        case .blur(let sigma, _, _, _): return Renderer.dilate(s, GaussianBlur.reach(sigma: sigma) + 1)
        case .shadow(let sh, _):
            if sh.invertsAlpha { return nil }
            let (ox, oy) = (clampedInt(sh.offset.x.rounded(.down), -(1 << 40), 1 << 40),
                            clampedInt(sh.offset.y.rounded(.down), -(1 << 40), 1 << 40))
            let m = GaussianBlur.reach(sigma: sh.sigma) + 2
            let shadow = PixelRect(x0: s.x0 + ox - m, y0: s.y0 + oy - m, x1: s.x1 + ox + m, y1: s.y1 + oy + m)
            return sh.only ? shadow : Renderer.union(s, shadow)
        case .projection(let p):
            guard let r = p.bounds(of: Rect(minX: Double(s.x0), minY: Double(s.y0), maxX: Double(s.x1),
                                           maxY: Double(s.y1))), r.isFinite else { return nil }
            return Renderer.dilate(PixelRect(covering: r, within: Renderer.hugePixelRect), 1)
        }
    }

    static func dilate(_ r: PixelRect, _ m: Int) -> PixelRect {
        PixelRect(x0: r.x0 - m, y0: r.y0 - m, x1: r.x1 + m, y1: r.y1 + m)
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
        switch job.stages[k - 1] {
        case .matrix(let m, let linear):
            guard let input = evaluate(k - 1, needed: area, job), let out = input.copy(over: area) else { return nil }
            if linear { out.convert(toLinear: true) }
            m.apply(to: out, extended: isExtended(job.pass))
            if linear { out.convert(toLinear: false) }
            return out
        case .threshold(let t):
            guard let input = evaluate(k - 1, needed: Renderer.dilate(area, 1), job) else { return nil }
            return t.apply(input, output: area)
        case .blur(let sigma, let opaque, _, let linear):
            let reach = GaussianBlur.reach(sigma: sigma)
            guard let input = evaluate(k - 1, needed: Renderer.dilate(area, reach), job) else { return nil }
            if linear { input.convert(toLinear: true) }
            guard let out = GaussianBlur.blur(input, sigma: sigma, output: area) else { return nil }
            if opaque {
                // Divide by alpha where there is some (below 1/512 the colour is
                // rounding noise, and the input was not opaque there anyway).
                let p = out.pixels.pixels
                for i in 0..<(area.width * area.height) where p[i].w >= 1.0 / 512 {
                    var v = p[i] / p[i].w
                    v.w = 1
                    p[i] = v
                }
            }
            if linear { out.convert(toLinear: false) }
            return out
        case .shadow(let shadow, let linear):
            guard let (object, shadowPlane) = shadowParts(shadow, linear: linear, k: k - 1, output: area, job),
                  let out = shadow.group(object: object, shadow: shadowPlane, output: area,
                                         clampToUnit: !isExtended(job.pass)) else { return nil }
            if linear { out.convert(toLinear: false) }
            return out
        case .projection(let p):
            let limit = Renderer.dilate(job.pass.target.bounds, 1024)
            var source = limit
            if let inv = p.inverted,
               let r = inv.bounds(of: Rect(minX: Double(area.x0), minY: Double(area.y0),
                                          maxX: Double(area.x1), maxY: Double(area.y1))), r.isFinite {
                source = Renderer.dilate(PixelRect(covering: r, within: limit), 1)
            }
            guard let input = evaluate(k - 1, needed: source, job) else { return nil }
            return ProjectiveWarp.warp(input, projection: p, output: area)
        }
    }

    /// The object (unless `only`) and the tinted shadow over `output`, from the
    /// output of stage `k`. With `linear`, both come back in linear light.
    func shadowParts(_ shadow: Shadow, linear: Bool, k: Int, output: PixelRect, _ job: FilterJob) -> (Plane?, Plane)? {
        let sourceNeeded = shadow.sourceRegion(for: output)
        var object: Plane? = nil
        let source: Plane
        let union = Renderer.union(output, sourceNeeded)
        let separate = Renderer.area(output).addingReportingOverflow(Renderer.area(sourceNeeded))
        if !shadow.only && (separate.overflow || Renderer.area(union) <= separate.partialValue) {
            // Near each other: render once over both.
            guard let both = evaluate(k, needed: union, job) else { return nil }
            if linear { both.convert(toLinear: true) }
            object = both
            source = both
        } else {
            guard let s = evaluate(k, needed: sourceNeeded, job) else { return nil }
            if linear { s.convert(toLinear: true) }
            source = s
            if !shadow.only {
                guard let o = evaluate(k, needed: output, job) else { return nil }
                if linear { o.convert(toLinear: true) }
                object = o
            }
        }
        guard let shadowPlane = shadow.shadow(of: source, output: output) else { return nil }
        return (object, shadowPlane)
    }

    private func isExtended(_ pass: Pass) -> Bool {
        if case .float(_, let e) = pass.target { return e }
        return false
    }

    /// The unfiltered drawing over `area`: rasterized and painted with source-over,
    /// full opacity and no clip into a transparent surface.
    private func renderContent(_ job: FilterJob, over area: PixelRect) -> Plane? {
        let pass = job.pass
        switch job.item.content {
        case .shape(let geometry, let operation):
            guard let target = RenderTarget.make(pass.target.mode, width: area.width, height: area.height) else {
                return nil
            }
            let shifted = pass.device.concatenating(.translation(Double(-area.x0), Double(-area.y0)))
            let t = job.item.transform.concatenating(shifted)
            guard t.isFinite else { return Plane.transparent(near: area) }
            spans.removeAll()
            coverage(geometry, operation, t, clip: target.bounds, into: &spans)
            var plain = job.item
            plain.blendMode = .normal
            plain.opacity = 1
            if !spans.isEmpty {
                composite(spans, job.item.paint, userToDevice: t, plain, Pass(target: target, device: shifted, depth: pass.depth))
            }
            return target.plane(at: area.x0, area.y0)
        case .layer(let id):
            guard let target = renderLayerContent(id, job.list, pass, bounds: area, ungroupedItem: nil) else { return nil }
            defer { release(target) }
            return target.plane(at: area.x0, area.y0)
        }
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
