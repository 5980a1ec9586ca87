import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasRender

/// Writes the items of a display list's layer as a PDF content stream.
///
/// What is vector: fills and strokes of every geometry (caps, joins, miter limits,
/// dashes, hairlines), transforms, path clips under both fill rules, solid colours
/// with alpha, the blend modes PDF has (`BM`), opacity, layers as isolated
/// transparency groups, linear and radial gradients as axial and radial shadings
/// (with alpha as a soft mask, repeat and mirror as stitched functions), images as
/// image XObjects (alpha as an `SMask`, tiled images as tiling patterns), conic
/// gradients as function-based shadings (a PostScript calculator function), inverse
/// clips and `clipToLayer` masks as soft masks, and text as text with embedded font
/// subsets.
///
/// What falls back to an image at the document's `fallbackScale`, and why:
/// - items with filters (blur, shadows, colour matrices, alpha thresholds,
///   projections): PDF has no filter effects;
/// - the Porter–Duff blend modes, `plusDarker` and `plusLighter`: PDF's blend modes
///   are only the W3C separable and non-separable ones, so the layer's items up to
///   the last such one are drawn as one image (they depend on what is beneath);
/// - layers composited in linear light (`ColorRenderingMode.linear`,
///   `.extendedLinear`): PDF blends in the group's colour space, here sRGB;
/// - a clip chain with more than one soft mask (PDF's graphics state holds one);
/// - colour glyphs (emoji bitmaps).
struct PDFContentWriter {
    unowned let document: PDFDocument
    let list: DisplayList
    /// The page in root space: the box a fallback image and a soft mask cover.
    let pageRect: Rect
    /// Root space to the space patterns are defined in for this stream (the page's
    /// default space; forms are drawn in root space).
    let patternBase: Transform

    init(document: PDFDocument, list: DisplayList, pageRect: Rect, patternBase: Transform) {
        self.document = document
        self.list = list
        self.pageRect = pageRect
        self.patternBase = patternBase
    }

    // MARK: Layers and clip scopes

    /// Writes the items of `layer` (at the stream's root-space CTM).
    mutating func writeLayer(_ layer: Int32, into out: inout PDFBytes) {
        guard layer >= 0, Int(layer) < list.layers.count else { return }
        let items = list.layers[Int(layer)].items
        var start = 0
        // Destination-dependent modes PDF lacks: everything up to the last of them as one picture.
        if let last = items.lastIndex(where: { PDFContentWriter.pdfBlendName($0.blendMode) == nil }) {
            if let image = PDFRasterFallback.render(list, layer: layer, items: Array(items[...last]),
                                                   pageRect: pageRect, scale: document.fallbackScale) {
                writeImagePlacement(image, blend: .normal, into: &out)
            }
            start = last + 1
        }
        var openClip: Int32 = -1
        var clipIsVector = true
        // Consecutive items drawn as pictures (normal blending) share one picture.
        var pending: [DrawItem] = []
        for item in items[start...] {
            if item.clip != openClip {
                flushPictures(&pending, layer: layer, into: &out)
                if openClip >= 0, clipIsVector { out.op("Q") }
                openClip = item.clip
                clipIsVector = true
                if item.clip >= 0 {
                    var scope = PDFBytes()
                    if writeClipChain(item.clip, into: &scope) {
                        out.op("q"); out.append(scope.bytes)
                    } else {
                        clipIsVector = false
                    }
                }
            }
            if item.blendMode == .normal, !clipIsVector || needsFallback(item) {
                var alone = item
                if clipIsVector { alone.clip = -1 }   // the stream's clip does the clipping
                pending.append(alone)
                continue
            }
            flushPictures(&pending, layer: layer, into: &out)
            writeItem(item, clipInScope: clipIsVector, into: &out)
        }
        flushPictures(&pending, layer: layer, into: &out)
        if openClip >= 0, clipIsVector { out.op("Q") }
    }

    /// Draws the pending items as one picture (in the order drawn) and empties the list.
    private mutating func flushPictures(_ pending: inout [DrawItem], layer: Int32, into out: inout PDFBytes) {
        guard !pending.isEmpty else { return }
        if let image = PDFRasterFallback.render(list, layer: layer, items: pending, pageRect: pageRect,
                                               scale: document.fallbackScale) {
            writeImagePlacement(image, blend: .normal, into: &out)
        }
        pending.removeAll()
    }

    /// Writes clip operators (and at most one soft mask) for the chain ending at
    /// `node`; false when the chain cannot be written (its items fall back).
    private mutating func writeClipChain(_ node: Int32, into out: inout PDFBytes) -> Bool {
        var chain: [ClipNode] = []
        var n = node
        var guardCount = 0
        while n >= 0, Int(n) < list.clips.count, guardCount < 10_000 {
            chain.append(list.clips[Int(n)])
            n = list.clips[Int(n)].parent
            guardCount += 1
        }
        let softMasks = chain.filter { node in
            if node.inverse { return true }
            if case .layer = node.shape { return true }
            return false
        }
        guard softMasks.count <= 1 else { return false }
        for clip in chain.reversed() {
            switch clip.shape {
            case .path(let geometry, let rule, _) where !clip.inverse:
                let path = PDFPathWriter.operators(for: geometry, transform: clip.transform)
                if path.isEmpty {
                    out.numbers(0, 0, 0, 0); out.op("re")
                } else {
                    out.append(path.out.bytes)
                }
                out.op(rule == .evenOdd ? "W* n" : "W n")
            case .path(let geometry, let rule, _):
                // Inverse: a luminosity mask, white everywhere but the shape.
                var mask = PDFBytes()
                mask.op("1 g")
                mask.numbers(pageRect.minX, pageRect.minY, pageRect.width, pageRect.height); mask.op("re f")
                let path = PDFPathWriter.operators(for: geometry, transform: clip.transform)
                if !path.isEmpty {
                    mask.op("0 g")
                    mask.append(path.out.bytes)
                    mask.op(rule == .evenOdd ? "f*" : "f")
                }
                out.op("/\(softMask(content: mask.bytes, luminosity: true)) gs")
            case .layer(let layer, let opacity):
                var mask = PDFBytes()
                let form = layerForm(layer)
                if opacity < 1 { mask.op("/\(extGState(fill: opacity, stroke: opacity, blend: nil)) gs") }
                mask.op("/\(form) Do")
                out.op("/\(softMask(content: mask.bytes, luminosity: false, inverted: clip.inverse)) gs")
            }
        }
        return true
    }

    // MARK: Items

    private mutating func writeItem(_ item: DrawItem, clipInScope: Bool, into out: inout PDFBytes) {
        let blend = PDFContentWriter.pdfBlendName(item.blendMode) ?? "Normal"
        if needsFallback(item) || !clipInScope { return writePicture(of: item, clipInScope: clipInScope, into: &out) }
        guard item.opacity > 0 else { return }
        switch item.content {
        case .layer(let layer):
            let form = layerForm(layer)
            out.op("q")
            if item.opacity < 1 || blend != "Normal" {
                out.op("/\(extGState(fill: item.opacity, stroke: item.opacity, blend: blend)) gs")
            }
            out.op("/\(form) Do")
            out.op("Q")
        case .shape(let shape):
            let geometry = shape.geometry, operation = shape.operation
            let t = item.transform
            guard t.isFinite, t.determinant != 0, !geometry.isEmptyPath else { return }
            if case .glyphs(let run) = geometry, case .fill(.nonZero, _) = operation, case .solid(let color) = item.paint,
               writeText(run, color: color, item: item, blend: blend, into: &out) {
                return
            }
            // A gradient or image paints its area through a clip. A stroke's outline
            // too large to write (a long stroke of tiny dashes: 10⁵ dashes, megabytes
            // of path operators) is drawn as pixels instead, as filtered items are:
            // the picture's size is bounded by the page's, the path's is not.
            var area: (path: PDFPathWriter, rule: FillRule)? = nil
            switch item.paint {
            case .gradient, .image:
                guard let a = areaPath(geometry, operation, transform: t) else {
                    return writePicture(of: item, clipInScope: clipInScope, into: &out)
                }
                area = a
            default: break
            }
            out.op("q")
            out.numbers(t.a, t.b, t.c, t.d, t.tx, t.ty); out.op("cm")
            switch (operation, item.paint) {
            case (.fill(let rule, _), .solid(let color)):
                setGState(fillAlpha: color.a * item.opacity, strokeAlpha: 1, blend: blend, into: &out)
                writeColor(color, stroke: false, into: &out)
                let path = PDFPathWriter.operators(for: geometry)
                out.append(path.out.bytes)
                out.op(rule == .evenOdd ? "f*" : "f")
            case (.stroke(let style, _), .solid(let color)):
                setGState(fillAlpha: 1, strokeAlpha: color.a * item.opacity, blend: blend, into: &out)
                writeColor(color, stroke: true, into: &out)
                writeStrokeStyle(style, into: &out)
                let path = PDFPathWriter.operators(for: geometry)
                out.append(path.out.bytes)
                out.op("S")
            case (_, .gradient(let gradient)):
                guard let area else { break }
                setGState(fillAlpha: item.opacity, strokeAlpha: 1, blend: blend, into: &out)
                writeGradient(gradient, area: area.path, rule: area.rule, into: &out)
            case (_, .image(let image)):
                guard let area else { break }
                setGState(fillAlpha: item.opacity, strokeAlpha: 1, blend: blend, into: &out)
                writeImagePaint(image, area: area.path, rule: area.rule, itemTransform: t, into: &out)
            }
            out.op("Q")
        }
    }

    /// The item drawn by our renderer into a picture placed on the page (what PDF
    /// cannot express, or what it could express only at unbounded size).
    private func writePicture(of item: DrawItem, clipInScope: Bool, into out: inout PDFBytes) {
        var alone = item
        alone.blendMode = .normal
        if clipInScope { alone.clip = -1 }   // the stream's clip does the clipping
        if let image = PDFRasterFallback.render(list, layer: nil, items: [alone], pageRect: pageRect,
                                               scale: document.fallbackScale) {
            writeImagePlacement(image, blend: item.blendMode, into: &out)
        }
    }

    /// Whether PDF cannot express the item (see the type's comment).
    private func needsFallback(_ item: DrawItem) -> Bool { PDFRasterFallback.needsPixels(item, in: list) }

    /// The area an item paints, as path operators in its user space: the geometry
    /// for fills; for strokes, the stroke's outline (nonzero), so that a gradient or
    /// image can paint it through a clip — `nil` when that outline has more than
    /// `maximumOutlinePoints` points (see `writeItem`).
    private func areaPath(_ geometry: Geometry, _ operation: DrawItem.Operation,
                          transform t: Transform) -> (PDFPathWriter, FillRule)? {
        switch operation {
        case .fill(let rule, _):
            return (PDFPathWriter.operators(for: geometry), rule)
        case .stroke(let style, _):
            let outline = StrokeOutline.path(of: geometry, style, transform: t, page: pageRect)
            guard outline.points.count <= PDFContentWriter.maximumOutlinePoints else { return nil }
            return (PDFPathWriter.operators(for: .path(outline)), .nonZero)
        }
    }

    /// The most points a stroke's outline written as a clip path may have (about
    /// 1.5 MB of path operators): far beyond any drawn stroke's, and where a long
    /// stroke of tiny dashes would write tens of megabytes.
    static let maximumOutlinePoints = 1 << 16

    private func writeColor(_ c: RGBA, stroke: Bool, into out: inout PDFBytes) {
        out.numbers(clamp01(c.r), clamp01(c.g), clamp01(c.b))
        out.op(stroke ? "RG" : "rg")
    }

    private func writeStrokeStyle(_ s: StrokeParameters, into out: inout PDFBytes) {
        out.number(s.width); out.op("w")
        switch s.cap {
        case .butt: out.op("0 J")
        case .round: out.op("1 J")
        case .square: out.op("2 J")
        }
        switch s.join {
        case .miter: out.op("0 j")
        case .round: out.op("1 j")
        case .bevel: out.op("2 j")
        }
        // PDF's miter limit is the same ratio; it must be at least 1.
        out.number(max(1, s.miterLimit.isFinite ? s.miterLimit : 10)); out.op("M")
        if let pattern = Dasher.validPattern(s.dash) {
            out.append("[")
            for d in pattern { out.number(d) }
            out.append("] ")
            out.number(s.dashPhase.isFinite ? s.dashPhase : 0); out.op("d")
        }
    }

    // MARK: Graphics states

    private mutating func setGState(fillAlpha: Double, strokeAlpha: Double, blend: String, into out: inout PDFBytes) {
        guard fillAlpha < 1 || strokeAlpha < 1 || blend != "Normal" else { return }
        out.op("/\(extGState(fill: fillAlpha, stroke: strokeAlpha, blend: blend)) gs")
    }

    /// The name of a graphics state with these alphas and blend mode.
    func extGState(fill: Double, stroke: Double, blend: String?) -> String {
        let ca = PDFSyntax.number(clamp01(fill)), CA = PDFSyntax.number(clamp01(stroke))
        let key = "gs ca\(ca) CA\(CA) \(blend ?? "")"
        if let name = document.cache[key] { return name }
        let n = document.allocate()
        document.write(n, "<< /Type /ExtGState /ca \(ca) /CA \(CA)\(blend.map { " /BM /\($0)" } ?? "") >>")
        let name = document.addResource("ExtGState", prefix: "GS", object: n)
        document.cache[key] = name
        return name
    }

    /// A graphics state whose soft mask is a group drawing `content` (in the space
    /// current when the state is set): its luminosity or its alpha.
    /// `bbox` is the group's box in that space (the page when `nil`); `inverted`
    /// uses one minus the value (a transfer function).
    func softMask(content: [UInt8], luminosity: Bool, bbox: Rect? = nil, inverted: Bool = false) -> String {
        let group = document.allocate()
        let r = bbox ?? pageRect
        document.writeStream(group, entries: "/Type /XObject /Subtype /Form /BBox [\(PDFSyntax.number(r.minX)) "
            + "\(PDFSyntax.number(r.minY)) \(PDFSyntax.number(r.maxX)) \(PDFSyntax.number(r.maxY))] "
            + "/Group << /S /Transparency /I true /CS /DeviceRGB >> /Resources \(document.resourcesObject) 0 R",
            data: content)
        let n = document.allocate()
        document.write(n, "<< /Type /ExtGState /SMask << /Type /Mask /S /\(luminosity ? "Luminosity" : "Alpha") "
            + "/G \(group) 0 R\(inverted ? " /TR << /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>" : "") >> >>")
        return document.addResource("ExtGState", prefix: "GS", object: n)
    }

    /// The form XObject drawing `layer`'s items (an isolated transparency group), written once.
    mutating func layerForm(_ layer: Int32) -> String {
        let key = "layer \(layer)"
        if let name = document.cache[key] { return name }
        let n = document.allocate()
        let name = document.addResource("XObject", prefix: "Fm", object: n)
        document.cache[key] = name
        var content = PDFBytes()
        var inner = PDFContentWriter(document: document, list: list, pageRect: pageRect, patternBase: .identity)
        inner.writeLayer(layer, into: &content)
        let r = pageRect
        document.writeStream(n, entries: "/Type /XObject /Subtype /Form /BBox [\(PDFSyntax.number(r.minX)) "
            + "\(PDFSyntax.number(r.minY)) \(PDFSyntax.number(r.maxX)) \(PDFSyntax.number(r.maxY))] "
            + "/Group << /S /Transparency /I true /CS /DeviceRGB >> /Resources \(document.resourcesObject) 0 R",
            data: content.bytes)
        return name
    }

    // MARK: Images drawn in place of what PDF cannot express

    /// Draws a fallback picture at its place in root space (the stream's CTM).
    private func writeImagePlacement(_ image: PDFRasterFallback.Picture, blend: BlendMode, into out: inout PDFBytes) {
        let name = PDFImages.xObject(for: image.pixels, source: PixelRect(x0: 0, y0: 0, x1: image.pixels.width,
                                                                         y1: image.pixels.height),
                                     tint: nil, interpolate: true, key: nil, in: document)
        let r = image.rect
        out.op("q")
        if let mode = PDFContentWriter.pdfBlendName(blend), mode != "Normal" {
            out.op("/\(extGState(fill: 1, stroke: 1, blend: mode)) gs")
        }
        out.numbers(r.width, 0, 0, -r.height, r.minX, r.maxY); out.op("cm")
        out.op("/\(name) Do")
        out.op("Q")
    }

    // MARK: Blend modes

    /// PDF's name for a blend mode, or `nil` for the ones PDF does not have.
    static func pdfBlendName(_ mode: BlendMode) -> String? {
        switch mode {
        case .normal: return "Normal"
        case .multiply: return "Multiply"
        case .screen: return "Screen"
        case .overlay: return "Overlay"
        case .darken: return "Darken"
        case .lighten: return "Lighten"
        case .colorDodge: return "ColorDodge"
        case .colorBurn: return "ColorBurn"
        case .softLight: return "SoftLight"
        case .hardLight: return "HardLight"
        case .difference: return "Difference"
        case .exclusion: return "Exclusion"
        case .hue: return "Hue"
        case .saturation: return "Saturation"
        case .color: return "Color"
        case .luminosity: return "Luminosity"
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
             .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
            return nil
        }
    }
}

@inline(__always)
func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
