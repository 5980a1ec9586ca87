import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasRender
import CanvasCodecs

/// A display list written as an SVG document (OpenCanvas's own addition: Apple
/// platforms have no SVG export). The list's root space is the document's user
/// space: points, y down, `width × height`.
///
/// What is vector: fills and strokes of every geometry (caps, joins, miter limits,
/// dashes; a hairline as a half-point stroke), transforms, clips under
/// both fill rules as nested `clipPath`s, inverse clips and `clipToLayer` as
/// masks, solid colours with alpha, opacity, the blend modes CSS has
/// (`mix-blend-mode`), layers as isolated groups, linear and radial gradients with
/// pad, repeat and mirror (`spreadMethod`), images (PNG, or the JPEG file as it
/// was) and tiled images as patterns. Text is drawn as its glyphs' outlines (SVG
/// renderers lay out `<text>` with their own fonts), each glyph defined once and
/// placed with `<use>`, with the characters as transparent `<text>` over it so
/// that the text can be selected and searched.
///
/// What is drawn as a PNG image at `fallbackScale` pixels per point: the same as
/// for PDF (filters, the Porter–Duff and additive blend modes, linear-light
/// layers, conic gradients, colour emoji), and radial gradients that repeat with a
/// non-zero start radius (SVG's `fr` is not read by every renderer).
public enum SVGDocument {
    /// The document for `list` (UTF-8 text).
    public static func write(_ list: DisplayList, width: Double, height: Double, fallbackScale: Double = 2,
                             title: String? = nil) -> String {
        let w = width.isFinite && width > 0 ? width : 1, h = height.isFinite && height > 0 ? height : 1
        var writer = SVGWriter(list: list, pageRect: Rect(x: 0, y: 0, width: w, height: h),
                               fallbackScale: fallbackScale.isFinite ? min(max(fallbackScale, 0.25), 8) : 2)
        var body = ""
        writer.writeLayer(0, into: &body)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            + "width=\"\(SVGWriter.n(w))\" height=\"\(SVGWriter.n(h))\" viewBox=\"0 0 \(SVGWriter.n(w)) \(SVGWriter.n(h))\">\n"
        if let title { out += "<title>\(SVGWriter.escape(title))</title>\n" }
        if !writer.defs.isEmpty { out += "<defs>\n" + writer.defs + "</defs>\n" }
        out += body
        for link in list.links where link.rect.isFinite && !link.rect.isEmpty && !link.url.isEmpty {
            let r = link.rect
            out += "<a xlink:href=\"\(SVGWriter.escape(link.url))\"><rect x=\"\(SVGWriter.n(r.minX))\" y=\"\(SVGWriter.n(r.minY))\" "
                + "width=\"\(SVGWriter.n(r.width))\" height=\"\(SVGWriter.n(r.height))\" fill-opacity=\"0\"/></a>\n"
        }
        out += "</svg>\n"
        return out
    }
}

/// The state of one document being written: definitions so far and ids.
struct SVGWriter {
    let list: DisplayList
    let pageRect: Rect
    let fallbackScale: Double
    var defs = ""
    private var nextID = 0
    private var cache: [String: String] = [:]
    var glyphIDs: [String: String] = [:]
    private var retained: [AnyObject] = []

    init(list: DisplayList, pageRect: Rect, fallbackScale: Double) {
        self.list = list
        self.pageRect = pageRect
        self.fallbackScale = fallbackScale
    }

    mutating func id(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    // MARK: Layers and clips

    mutating func writeLayer(_ layer: Int32, into out: inout String) {
        guard layer >= 0, Int(layer) < list.layers.count else { return }
        let items = list.layers[Int(layer)].items
        var start = 0
        if let last = items.lastIndex(where: { SVGWriter.cssBlend($0.blendMode) == nil }) {
            if let picture = PDFRasterFallback.render(list, layer: layer, items: Array(items[...last]),
                                                     pageRect: pageRect, scale: fallbackScale) {
                writePicture(picture, blend: .normal, into: &out)
            }
            start = last + 1
        }
        var k = start
        while k < items.count {
            // Items sharing a clip share its wrappers.
            let clip = items[k].clip
            var end = k + 1
            while end < items.count && items[end].clip == clip { end += 1 }
            let (open, close) = clipWrappers(clip)
            out += open
            // Consecutive items drawn as pictures (normal blending) share one picture.
            var pending: [DrawItem] = []
            for item in items[k..<end] {
                if item.blendMode == .normal, needsFallback(item) {
                    var alone = item
                    alone.clip = -1   // the wrappers clip
                    pending.append(alone)
                    continue
                }
                flushPictures(&pending, layer: layer, into: &out)
                writeItem(item, into: &out)
            }
            flushPictures(&pending, layer: layer, into: &out)
            out += close
            k = end
        }
    }

    /// Nested groups applying the clip chain ending at `node` (outermost first).
    private mutating func clipWrappers(_ node: Int32) -> (String, String) {
        var chain: [ClipNode] = []
        var n = node
        while n >= 0, Int(n) < list.clips.count, chain.count < 10_000 {
            chain.append(list.clips[Int(n)])
            n = list.clips[Int(n)].parent
        }
        var open = "", close = ""
        for clip in chain.reversed() {
            switch clip.shape {
            case .path(let geometry, let rule, _) where !clip.inverse:
                let id = self.id("c")
                let d = SVGPath.data(geometry, transform: clip.transform)
                defs += "<clipPath id=\"\(id)\"><path d=\"\(d)\"\(rule == .evenOdd ? " clip-rule=\"evenodd\"" : "")/></clipPath>\n"
                open += "<g clip-path=\"url(#\(id))\">"
            case .path(let geometry, let rule, _):
                let id = self.id("m")
                let d = SVGPath.data(geometry, transform: clip.transform)
                defs += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"\(SVGWriter.n(pageRect.minX))\" "
                    + "y=\"\(SVGWriter.n(pageRect.minY))\" width=\"\(SVGWriter.n(pageRect.width))\" "
                    + "height=\"\(SVGWriter.n(pageRect.height))\"><rect x=\"\(SVGWriter.n(pageRect.minX))\" "
                    + "y=\"\(SVGWriter.n(pageRect.minY))\" width=\"\(SVGWriter.n(pageRect.width))\" "
                    + "height=\"\(SVGWriter.n(pageRect.height))\" fill=\"#fff\"/><path d=\"\(d)\" fill=\"#000\""
                    + "\(rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")/></mask>\n"
                open += "<g mask=\"url(#\(id))\">"
            case .layer(let layer, let opacity):
                // The layer's alpha as the mask's luminance: every pixel made white,
                // alpha kept (and inverted for an inverse clip).
                let filter = alphaFilter(inverted: clip.inverse)
                var content = ""
                writeLayer(layer, into: &content)
                let id = self.id("m")
                let r = pageRect
                let background = clip.inverse
                    ? "<rect x=\"\(SVGWriter.n(r.minX))\" y=\"\(SVGWriter.n(r.minY))\" width=\"\(SVGWriter.n(r.width))\" height=\"\(SVGWriter.n(r.height))\" fill-opacity=\"0\"/>"
                    : ""
                defs += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"\(SVGWriter.n(r.minX))\" y=\"\(SVGWriter.n(r.minY))\" "
                    + "width=\"\(SVGWriter.n(r.width))\" height=\"\(SVGWriter.n(r.height))\"><g filter=\"url(#\(filter))\""
                    + "\(opacity < 1 ? " opacity=\"\(SVGWriter.n(clamp01(opacity)))\"" : "")>\(background)\(content)</g></mask>\n"
                open += "<g mask=\"url(#\(id))\">"
            }
            close += "</g>"
        }
        return (open, close)
    }

    /// A filter turning every pixel white with its alpha (or one minus it).
    private mutating func alphaFilter(inverted: Bool) -> String {
        let key = "alpha \(inverted)"
        if let id = cache[key] { return id }
        let id = self.id("f")
        let r = pageRect
        let last = inverted ? "0 0 0 -1 1" : "0 0 0 1 0"
        defs += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(SVGWriter.n(r.minX))\" y=\"\(SVGWriter.n(r.minY))\" "
            + "width=\"\(SVGWriter.n(r.width))\" height=\"\(SVGWriter.n(r.height))\" color-interpolation-filters=\"sRGB\">"
            + "<feColorMatrix type=\"matrix\" values=\"0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  \(last)\"/></filter>\n"
        cache[key] = id
        return id
    }

    // MARK: Items

    private mutating func writeItem(_ item: DrawItem, into out: inout String) {
        if needsFallback(item) {
            var alone = item
            alone.blendMode = .normal
            alone.clip = -1   // the wrappers clip
            if let picture = PDFRasterFallback.render(list, layer: nil, items: [alone], pageRect: pageRect,
                                                     scale: fallbackScale) {
                writePicture(picture, blend: item.blendMode, into: &out)
            }
            return
        }
        guard item.opacity > 0 else { return }
        let blend = SVGWriter.cssBlend(item.blendMode).map { $0 == "normal" ? "" : " style=\"mix-blend-mode:\($0)\"" } ?? ""
        switch item.content {
        case .layer(let layer):
            var content = ""
            writeLayer(layer, into: &content)
            let opacity = item.opacity < 1 ? " opacity=\"\(SVGWriter.n(clamp01(item.opacity)))\"" : ""
            var css = ["isolation:isolate"]
            if let mode = SVGWriter.cssBlend(item.blendMode), mode != "normal" { css.append("mix-blend-mode:\(mode)") }
            out += "<g\(opacity) style=\"\(css.joined(separator: ";"))\">\n\(content)</g>\n"
        case .shape(let shape):
            let geometry = shape.geometry, operation = shape.operation
            let t = item.transform
            guard t.isFinite, t.determinant != 0, !geometry.isEmptyPath else { return }
            let matrix = t.isIdentity ? "" : " transform=\"\(SVGWriter.matrix(t))\""
            if case .glyphs(let run) = geometry, case .fill(.nonZero, _) = operation {
                if let paint = paintAttributes(item.paint, opacity: item.opacity, stroke: false, bounds: geometry.controlBounds) {
                    writeGlyphs(run, paint: paint, matrix: matrix, blend: blend, into: &out)
                }
                return
            }
            switch (operation, item.paint) {
            case (_, .image(let image)):
                writeImagePaint(image, geometry: geometry, operation: operation, item: item, matrix: matrix,
                                blend: blend, into: &out)
            case (.fill(let rule, _), let paint):
                guard let fill = paintAttributes(paint, opacity: item.opacity, stroke: false,
                                                 bounds: geometry.controlBounds) else { return }
                out += "<path\(matrix) d=\"\(SVGPath.data(geometry))\"\(fill)\(rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")\(blend)/>\n"
            case (.stroke(let style, _), let paint):
                guard let stroke = paintAttributes(paint, opacity: item.opacity, stroke: true,
                                                   bounds: geometry.controlBounds) else { return }
                out += "<path\(matrix) d=\"\(SVGPath.data(geometry))\" fill=\"none\"\(stroke)\(strokeAttributes(style, scale: t.maxScale))\(blend)/>\n"
            }
        }
    }

    /// Draws the pending items as one picture (in the order drawn) and empties the list.
    private mutating func flushPictures(_ pending: inout [DrawItem], layer: Int32, into out: inout String) {
        guard !pending.isEmpty else { return }
        if let picture = PDFRasterFallback.render(list, layer: layer, items: pending, pageRect: pageRect,
                                                 scale: fallbackScale) {
            writePicture(picture, blend: .normal, into: &out)
        }
        pending.removeAll()
    }

    /// What neither format can express, and the gradients SVG lacks: conic ones, and
    /// radial ones that repeat from a non-zero start radius.
    private func needsFallback(_ item: DrawItem) -> Bool {
        if PDFRasterFallback.needsPixels(item, in: list) { return true }
        guard case .shape = item.content, case .gradient(let g) = item.paint else { return false }
        if case .conic = g.geometry { return true }
        if case .radial(_, let r0, _) = g.geometry, g.extend != .pad, r0 != 0 { return true }
        return false
    }

    /// ` fill="…" fill-opacity="…"` (or the stroke's), a gradient defined for it;
    /// `nil` when the paint draws nothing.
    private mutating func paintAttributes(_ paint: Paint, opacity: Double, stroke: Bool, bounds: Rect) -> String? {
        let kind = stroke ? "stroke" : "fill"
        switch paint {
        case .solid(let c):
            let a = clamp01(c.a * opacity)
            guard a > 0 else { return nil }
            return " \(kind)=\"\(SVGWriter.color(c))\"" + (a < 1 ? " \(kind)-opacity=\"\(SVGWriter.n(a))\"" : "")
        case .gradient(let g):
            guard !g.colors.stops.isEmpty, g.transform.isFinite, g.transform.determinant != 0 else { return nil }
            let id = gradient(g)
            return " \(kind)=\"url(#\(id))\"" + (opacity < 1 ? " \(kind)-opacity=\"\(SVGWriter.n(clamp01(opacity)))\"" : "")
        case .image:
            return nil
        }
    }

    private func strokeAttributes(_ s: StrokeParameters, scale: Double) -> String {
        var out: String
        if s.width == 0 {
            // A hairline: half a point whatever the transform (one pixel at 2×).
            // (`vector-effect: non-scaling-stroke` would say it, but not every
            // renderer reads it: librsvg does not.)
            out = " stroke-width=\"\(SVGWriter.n(0.5 / max(scale, 1e-9)))\""
        } else {
            out = " stroke-width=\"\(SVGWriter.n(s.width))\""
        }
        switch s.cap {
        case .butt: break
        case .round: out += " stroke-linecap=\"round\""
        case .square: out += " stroke-linecap=\"square\""
        }
        switch s.join {
        case .miter: out += " stroke-miterlimit=\"\(SVGWriter.n(max(1, s.miterLimit.isFinite ? s.miterLimit : 10)))\""
        case .round: out += " stroke-linejoin=\"round\""
        case .bevel: out += " stroke-linejoin=\"bevel\""
        }
        if let pattern = Dasher.validPattern(s.dash) {
            out += " stroke-dasharray=\"\(pattern.map(SVGWriter.n).joined(separator: " "))\""
            if s.dashPhase != 0, s.dashPhase.isFinite { out += " stroke-dashoffset=\"\(SVGWriter.n(s.dashPhase))\"" }
        }
        return out
    }

    /// A gradient definition (user space, its transform, its extend mode).
    private mutating func gradient(_ g: GradientPaint) -> String {
        let key = "g \(ObjectIdentifier(g))"
        if let id = cache[key] { return id }
        retained.append(g)
        let id = self.id("g")
        let spread: String
        switch g.extend {
        case .pad: spread = ""
        case .repeat: spread = " spreadMethod=\"repeat\""
        case .mirror: spread = " spreadMethod=\"reflect\""
        }
        let transform = g.transform.isIdentity ? "" : " gradientTransform=\"\(SVGWriter.matrix(g.transform))\""
        var stops = SVGWriter.stops(g.colors)
        switch g.geometry {
        case .linear(let a, let b):
            defs += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(SVGWriter.n(a.x))\" "
                + "y1=\"\(SVGWriter.n(a.y))\" x2=\"\(SVGWriter.n(b.x))\" y2=\"\(SVGWriter.n(b.y))\"\(spread)\(transform)>"
                + stops.map(SVGWriter.stopElement).joined() + "</linearGradient>\n"
        case .radial(let c, let r0, let r1):
            // SVG's radial gradient runs from the centre (offset 0) to `r`: the stops
            // are moved to where their radius falls on that scale.
            let r = max(r0, r1, 1e-9)
            stops = stops.map { ((r0 + $0.0 * (r1 - r0)) / r, $0.1) }
            if r1 < r0 { stops.reverse() }
            defs += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(SVGWriter.n(c.x))\" "
                + "cy=\"\(SVGWriter.n(c.y))\" r=\"\(SVGWriter.n(r))\"\(spread)\(transform)>"
                + stops.map(SVGWriter.stopElement).joined() + "</radialGradient>\n"
        case .conic:
            break   // drawn as an image (needsFallback)
        }
        cache[key] = id
        return id
    }

    /// The stops, with extra ones between stops where SVG's mixing would differ
    /// from ours (another mixing space, or alpha that changes with the colour:
    /// SVG renderers mix premultiplied colours, we mix straight ones).
    static func stops(_ colors: GradientColors) -> [(Double, RGBA)] {
        var out: [(Double, RGBA)] = []
        let stops = colors.stops
        for (i, s) in stops.enumerated() {
            if i > 0 {
                let p = stops[i - 1]
                let sampled = colors.interpolation != .workingSpace || (p.color.a != s.color.a && p.color != s.color)
                if sampled, s.location > p.location {
                    for k in 1..<8 {
                        let t = p.location + (s.location - p.location) * Double(k) / 8
                        out.append((t, colors.color(at: t)))
                    }
                }
            }
            out.append((s.location, s.color))
        }
        return out
    }

    static func stopElement(_ stop: (Double, RGBA)) -> String {
        let a = clamp01(stop.1.a)
        return "<stop offset=\"\(n(clamp01(stop.0)))\" stop-color=\"\(color(stop.1))\"" + (a < 1 ? " stop-opacity=\"\(n(a))\"" : "") + "/>"
    }

    // MARK: Images

    private mutating func imageHref(_ image: ImagePaint, source: PixelRect) -> String? {
        let key = "im \(ObjectIdentifier(image.levels)) \(source) \(image.tint.map { "\($0)" } ?? "")"
        if let href = cache[key] { return href }
        retained.append(image)
        let href: String
        if image.tint == nil, source == image.pixels.bounds, let jpeg = image.levels.encoded, jpeg.format == .jpeg {
            href = "data:image/jpeg;base64," + Base64.encode(jpeg.bytes)
        } else {
            guard let png = SVGWriter.png(image.pixels, source: source, tint: image.tint) else { return nil }
            href = "data:image/png;base64," + Base64.encode(png)
        }
        let id = self.id("i")
        defs += "<image id=\"\(id)\" width=\"\(source.width)\" height=\"\(source.height)\" preserveAspectRatio=\"none\" "
            + "xlink:href=\"\(href)\"\(image.quality == .nearest ? " style=\"image-rendering:pixelated\"" : "")/>\n"
        cache[key] = id
        return id
    }

    private mutating func writeImagePaint(_ image: ImagePaint, geometry: Geometry, operation: DrawItem.Operation,
                                          item: DrawItem, matrix: String, blend: String, into out: inout String) {
        let source = image.source.intersection(image.pixels.bounds)
        guard !source.isEmpty, image.transform.isFinite, image.transform.determinant != 0,
              let ref = imageHref(image, source: source) else { return }
        let place = Transform.translation(Double(source.x0), Double(source.y0)).concatenating(image.transform)
        let opacity = item.opacity < 1 ? " opacity=\"\(SVGWriter.n(clamp01(item.opacity)))\"" : ""
        // The painted area: the geometry, or the stroke's outline.
        let area: String, rule: FillRule
        switch operation {
        case .fill(let r, _): area = SVGPath.data(geometry); rule = r
        case .stroke(let style, _):
            area = SVGPath.data(.path(StrokeOutline.path(of: geometry, style, transform: item.transform, page: pageRect)))
            rule = .nonZero
        }
        switch image.wrap {
        case .clamp:
            let clip = self.id("c")
            defs += "<clipPath id=\"\(clip)\"><path d=\"\(area)\"\(rule == .evenOdd ? " clip-rule=\"evenodd\"" : "")/></clipPath>\n"
            out += "<g\(matrix)\(opacity)\(blend)><g clip-path=\"url(#\(clip))\"><use xlink:href=\"#\(ref)\" "
                + "transform=\"\(SVGWriter.matrix(place))\"/></g></g>\n"
        case .tile:
            let pattern = self.id("p")
            defs += "<pattern id=\"\(pattern)\" patternUnits=\"userSpaceOnUse\" width=\"\(source.width)\" "
                + "height=\"\(source.height)\" patternTransform=\"\(SVGWriter.matrix(place))\"><use xlink:href=\"#\(ref)\"/></pattern>\n"
            out += "<path\(matrix) d=\"\(area)\" fill=\"url(#\(pattern))\"\(rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")\(opacity)\(blend)/>\n"
        }
    }

    private mutating func writePicture(_ picture: PDFRasterFallback.Picture, blend: BlendMode, into out: inout String) {
        let p = picture.pixels
        guard let png = SVGWriter.png(p, source: p.bounds, tint: nil) else { return }
        let r = picture.rect
        let style = SVGWriter.cssBlend(blend).map { $0 == "normal" ? "" : " style=\"mix-blend-mode:\($0)\"" } ?? ""
        out += "<image x=\"\(SVGWriter.n(r.minX))\" y=\"\(SVGWriter.n(r.minY))\" width=\"\(SVGWriter.n(r.width))\" "
            + "height=\"\(SVGWriter.n(r.height))\" preserveAspectRatio=\"none\"\(style) "
            + "xlink:href=\"data:image/png;base64,\(Base64.encode(png))\"/>\n"
    }

    /// `source` of the pixels as a PNG file (straight alpha), a tint applied.
    static func png(_ pixels: Pixmap, source: PixelRect, tint: RGBA?) -> [UInt8]? {
        guard let (rgba, area) = PDFRasterFallback.straightRGBA(pixels, source: source, tint: tint) else { return nil }
        return try? PNGCodec.encode(rgba: rgba, width: area.width, height: area.height)
    }

    // MARK: Syntax

    static func n(_ v: Double) -> String { PDFSyntax.number(v) }

    static func matrix(_ t: Transform) -> String {
        "matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(n).joined(separator: " ")))"
    }

    static func color(_ c: RGBA) -> String {
        func hex(_ v: Double) -> String { PDFSyntax.hex(UInt8(clamping: Int((clamp01(v) * 255).rounded()))) }
        return "#" + hex(c.r) + hex(c.g) + hex(c.b)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 allows no control characters but tab, line feed and return.
                if ch.value < 0x20 && ch != "\t" && ch != "\n" && ch != "\r" { continue }
                if ch.value == 0xFFFE || ch.value == 0xFFFF { continue }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// CSS's name for a blend mode, or `nil` for the ones CSS does not have.
    static func cssBlend(_ mode: BlendMode) -> String? {
        switch mode {
        case .normal: return "normal"
        case .multiply: return "multiply"
        case .screen: return "screen"
        case .overlay: return "overlay"
        case .darken: return "darken"
        case .lighten: return "lighten"
        case .colorDodge: return "color-dodge"
        case .colorBurn: return "color-burn"
        case .softLight: return "soft-light"
        case .hardLight: return "hard-light"
        case .difference: return "difference"
        case .exclusion: return "exclusion"
        case .hue: return "hue"
        case .saturation: return "saturation"
        case .color: return "color"
        case .luminosity: return "luminosity"
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
             .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
            return nil
        }
    }
}

/// Base64 (RFC 4648) for data URIs.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [table[Int(v >> 18)], table[Int(v >> 12 & 63)], table[Int(v >> 6 & 63)], table[Int(v & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let v = UInt32(bytes[i]) << 16
            out += [table[Int(v >> 18)], table[Int(v >> 12 & 63)], 61, 61]
        } else if rest == 2 {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [table[Int(v >> 18)], table[Int(v >> 12 & 63)], table[Int(v >> 6 & 63)], 61]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
