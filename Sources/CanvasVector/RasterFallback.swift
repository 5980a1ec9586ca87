import CanvasGeometry
import CanvasPaint
import CanvasRender

/// Drawing that a vector format cannot express, rendered by our own renderer into
/// a picture placed where it belongs: the items given, with the rest of the list
/// (its clips, filters and layers) as they were recorded.
enum PDFRasterFallback {
    /// Pixels, and the rectangle (root space) they cover.
    struct Picture {
        let pixels: Pixmap
        let rect: Rect
    }

    /// Renders `items` (composited as the items of `layer` are, or of the root
    /// layer when `nil`) over the page at `scale` pixels per point, cropped to what
    /// they touch; `nil` when they touch nothing.
    static func render(_ list: DisplayList, layer: Int32?, items: [DrawItem], pageRect: Rect,
                       scale requested: Double) -> Picture? {
        guard !items.isEmpty, pageRect.isFinite, !pageRect.isEmpty else { return nil }
        var sub = list
        sub.layers[0].items = items
        if let layer, layer >= 0, Int(layer) < list.layers.count { sub.layers[0].colorMode = list.layers[Int(layer)].colorMode }
        // The page's pixels, fewer when a page is too large for the limit.
        var scale = requested
        let limit = Double(Pixmap.maxPixelCount / 4)
        let area = pageRect.width * pageRect.height * scale * scale
        if area > limit { scale *= (limit / area).squareRoot() }
        let width = ceilInt(clamped: min(pageRect.width * scale, 16384))
        let height = ceilInt(clamped: min(pageRect.height * scale, 16384))
        guard width > 0, height > 0, let pixmap = try? Pixmap(width: width, height: height) else { return nil }
        let device = Transform.translation(-pageRect.minX, -pageRect.minY).concatenating(.scale(scale, scale))
        Renderer().render(sub, into: pixmap, device: device)
        // Crop to the pixels drawn.
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = pixmap.row(y)
            var first = -1, last = -1
            for x in 0..<width where row[x] >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        guard x1 > x0, y1 > y0, let cropped = try? Pixmap(width: x1 - x0, height: y1 - y0) else { return nil }
        for y in y0..<y1 {
            cropped.row(y - y0).update(from: pixmap.row(y) + x0, count: x1 - x0)
        }
        let rect = Rect(x: pageRect.minX + Double(x0) / scale, y: pageRect.minY + Double(y0) / scale,
                        width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        return Picture(pixels: cropped, rect: rect)
    }

    /// Whether neither vector format can express the item: filters, layers
    /// composited in linear light, colour (bitmap) glyphs.
    static func needsPixels(_ item: DrawItem, in list: DisplayList) -> Bool {
        if item.filter >= 0 { return true }
        switch item.content {
        case .layer(let layer):
            guard layer >= 0, Int(layer) < list.layers.count else { return false }
            switch list.layers[Int(layer)].colorMode {
            case .linear?, .extendedLinear?: return true
            default: return false
            }
        case .shape(let shape):
            guard case .glyphs(let run) = shape.geometry else { return false }
            return run.runs.contains { PDFFontRegistry.hasColorGlyphs($0.source) }
        }
    }

    /// `source` of the pixels as straight 8-bit RGBA rows (a template's tint
    /// replacing the colour and scaling the alpha), with the area read; `nil` when
    /// the source lies outside the pixels.
    static func straightRGBA(_ pixels: Pixmap, source: PixelRect, tint: RGBA?) -> (rgba: [UInt8], area: PixelRect)? {
        let area = source.intersection(pixels.bounds)
        guard !area.isEmpty else { return nil }
        var rgba = [UInt8](repeating: 0, count: area.width * area.height * 4)
        let tinted = tint.map { t in
            (UInt8(clamping: Int((clamp01(t.r) * 255).rounded())), UInt8(clamping: Int((clamp01(t.g) * 255).rounded())),
             UInt8(clamping: Int((clamp01(t.b) * 255).rounded())), clamp01(t.a))
        }
        for y in 0..<area.height {
            let row = pixels.row(area.y0 + y) + area.x0
            for x in 0..<area.width {
                let c = PremultipliedColor(packed: row[x]).unpremultiplied
                let i = (y * area.width + x) * 4
                if let (r, g, b, a) = tinted {
                    rgba[i] = r; rgba[i + 1] = g; rgba[i + 2] = b
                    rgba[i + 3] = UInt8(clamping: Int((Double(c.a) * a).rounded()))
                } else {
                    rgba[i] = c.r; rgba[i + 1] = c.g; rgba[i + 2] = c.b; rgba[i + 3] = c.a
                }
            }
        }
        return (rgba, area)
    }
}
