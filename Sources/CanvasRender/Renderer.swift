import CanvasGeometry
import CanvasRaster
import CanvasPaint

/// Plays a display list into a pixmap.
///
/// For each item: map its geometry to device space, rasterize it (rectangles under
/// scale-and-translate transforms directly, everything else through edges and the
/// scan converter) within the clip's bounds, multiply by the clip's mask if it has
/// one, and composite. Strokes are outlined in user space first, so that the pen
/// follows the transform (an ellipse pen under a non-uniform scale).
public final class Renderer {
    private let scan = ScanConverter()
    private var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    private var spans = SpanBuffer()
    private var masked = SpanBuffer()
    private var outline = OutlineBuffer()
    private var clipCache: [Int32: ClipRegion] = [:]

    /// The effective clip of a node: nothing, a rectangle of whole pixels, or a mask.
    enum ClipRegion {
        case rect(PixelRect)
        case mask(CoverageMask)

        var bounds: PixelRect {
            switch self {
            case .rect(let r): return r
            case .mask(let m): return m.bounds
            }
        }
    }

    public init() {}

    /// Renders `list.items[range]` into `pixmap`. `device` maps user space (points) to
    /// pixels, usually a scale by the display scale.
    public func render(_ list: DisplayList, into pixmap: Pixmap, device: Transform,
                        range: Range<Int>? = nil) {
        clipCache.removeAll(keepingCapacity: true)
        let r = range ?? list.items.indices
        for i in r {
            draw(list.items[i], list, pixmap, device)
        }
    }

    private func draw(_ item: DrawItem, _ list: DisplayList, _ pixmap: Pixmap, _ device: Transform) {
        let region = clipRegion(item.clip, list, pixmap.bounds, device)
        let bounds = region.bounds
        guard !bounds.isEmpty else { return }
        let t = item.transform.concatenating(device)
        guard t.isFinite else { return Diagnostics.report(.nonFiniteTransform) }

        // A rectangle under a scale-and-translate transform, unmasked: composited
        // straight from its separable coverage, with no spans.
        if case .fill(_, let aa) = item.operation, case .rect(let r) = item.geometry, t.isScaleTranslate,
           case .rect = region, case .solid(let c) = item.paint {
            let device = r.transformed(by: t)
            guard device.isFinite else { return Diagnostics.report(.nonFinitePath) }
            if let box = PixelBox(device, clip: bounds, antialiased: aa) {
                Compositor.fill(box, color: PremultipliedColor(red: c.r, green: c.g, blue: c.b, alpha: c.a),
                                into: pixmap)
            }
            return
        }
        spans.removeAll()
        switch item.operation {
        case .fill(let rule, let aa):
            rasterize(item.geometry, t, rule: rule, antialiased: aa, clip: bounds, into: &spans)
        case .stroke(let style, let aa):
            stroke(item.geometry, style, t, antialiased: aa, clip: bounds, into: &spans)
        }
        if spans.isEmpty { return }

        var output = spans
        if case .mask(let mask) = region {
            masked.removeAll()
            mask.apply(to: spans, into: &masked)
            output = masked
        }
        switch item.paint {
        case .solid(let c):
            let color = PremultipliedColor(red: c.r, green: c.g, blue: c.b, alpha: c.a)
            Compositor.fill(output, color: color, into: pixmap)
        }
    }

    /// Rasterizes geometry under device transform `t`, within `clip`.
    func rasterize(_ geometry: Geometry, _ t: Transform, rule: FillRule, antialiased: Bool,
                   clip: PixelRect, into out: inout SpanBuffer) {
        let deviceBounds = geometry.controlBounds.transformed(by: t)
        guard deviceBounds.isFinite else { return Diagnostics.report(.nonFinitePath) }
        let clipRect = Rect(minX: Double(clip.x0), minY: Double(clip.y0), maxX: Double(clip.x1), maxY: Double(clip.y1))
        // Wholly outside the clip: nothing to draw (a closed shape wholly to one side
        // winds zero times around every pixel of the clip).
        if deviceBounds.maxY <= clipRect.minY || deviceBounds.minY >= clipRect.maxY
            || deviceBounds.minX >= clipRect.maxX || deviceBounds.maxX <= clipRect.minX { return }

        if case .rect(let r) = geometry, t.isScaleTranslate {
            RectCoverage.fill(r.transformed(by: t), clip: clip, antialiased: antialiased, into: &out)
            return
        }
        edges.reset(clip: clip)
        switch geometry {
        case .rect, .ellipse, .roundedRect:
            // Convex by construction (an affine map keeps them convex).
            edges.isConvex = true
        case .path:
            break
        }
        geometry.replay(into: &edges, transform: t)
        edges.finish()
        if antialiased {
            scan.fill(&edges, rule: rule, into: &out)
        } else {
            AliasedScan.fill(&edges, rule: rule, into: &out)
        }
    }

    private func stroke(_ geometry: Geometry, _ style: StrokeParameters, _ t: Transform, antialiased: Bool,
                        clip: PixelRect, into out: inout SpanBuffer) {
        let path = geometry.pathData
        outline.removeAll()
        var device = t
        if style.width == 0 {
            // A hairline: one device pixel wide whatever the transform.
            var hair = style
            hair.width = 1
            Stroker.stroke(path.transformed(by: t), hair, tolerance: Flattening.tolerance, into: &outline)
            device = .identity
        } else {
            let scale = t.maxScale
            guard scale > 0, scale.isFinite else { return }
            Stroker.stroke(path, style, tolerance: Flattening.tolerance / scale, into: &outline)
        }
        guard !outline.contourEnds.isEmpty else { return }
        // Cull by the outline's bounds before building edges.
        edges.reset(clip: clip)
        var start = 0
        for k in 0..<outline.contourEnds.count {
            let end = Int(outline.contourEnds[k])
            edges.move(to: device.apply(outline.points[start]))
            for i in (start + 1)..<end { edges.line(to: device.apply(outline.points[i])) }
            edges.close()
            start = end
        }
        edges.finish()
        guard !edges.isEmpty else { return }
        if antialiased {
            scan.fill(&edges, rule: .nonZero, into: &out)
        } else {
            AliasedScan.fill(&edges, rule: .nonZero, into: &out)
        }
    }

    // MARK: Clips

    private func clipRegion(_ id: Int32, _ list: DisplayList, _ surface: PixelRect, _ device: Transform) -> ClipRegion {
        if id < 0 || Int(id) >= list.clips.count { return .rect(surface) }
        if let cached = clipCache[id] { return cached }
        let node = list.clips[Int(id)]
        let parent = clipRegion(node.parent, list, surface, device)
        let region = makeClip(node, within: parent, device)
        clipCache[id] = region
        return region
    }

    private func makeClip(_ node: ClipNode, within parent: ClipRegion, _ device: Transform) -> ClipRegion {
        let bounds = parent.bounds
        let t = node.transform.concatenating(device)
        guard !bounds.isEmpty, t.isFinite else { return .rect(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) }
        if node.inverse {
            var shape = SpanBuffer()
            rasterize(node.geometry, t, rule: node.rule, antialiased: node.antialiased, clip: bounds, into: &shape)
            let mask = CoverageMask(spans: shape, bounds: bounds).inverted()
            switch parent {
            case .rect: return .mask(mask)
            case .mask(let m): return .mask(mask.intersected(with: m))
            }
        }
        // A rectangle that lands on whole pixels needs no mask.
        if case .rect(let r) = node.geometry, t.isScaleTranslate {
            let d = r.transformed(by: t)
            if d.isFinite, d.minX == d.minX.rounded(), d.minY == d.minY.rounded(),
               d.maxX == d.maxX.rounded(), d.maxY == d.maxY.rounded() {
                let pixels = PixelRect(covering: d, within: bounds)
                switch parent {
                case .rect: return .rect(pixels)
                case .mask(let m): return .mask(m.intersected(with: pixels))
                }
            }
        }
        var clipSpans = SpanBuffer()
        rasterize(node.geometry, t, rule: node.rule, antialiased: node.antialiased, clip: bounds, into: &clipSpans)
        // The mask only needs to cover what the clip shape covers.
        var used: PixelRect? = nil
        for k in 0..<clipSpans.spans.count {
            let s = clipSpans.spans[k]
            let r = PixelRect(x0: Int(s.x), y0: Int(s.y), x1: Int(s.x) + Int(s.length), y1: Int(s.y) + 1)
            if let u = used {
                used = PixelRect(x0: min(u.x0, r.x0), y0: min(u.y0, r.y0), x1: max(u.x1, r.x1), y1: max(u.y1, r.y1))
            } else {
                used = r
            }
        }
        guard let area = used else { return .rect(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) }
        let mask = CoverageMask(spans: clipSpans, bounds: area)
        switch parent {
        case .rect: return .mask(mask)
        case .mask(let m): return .mask(mask.intersected(with: m))
        }
    }
}
