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
}
