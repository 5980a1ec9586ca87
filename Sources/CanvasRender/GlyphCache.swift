import CanvasGeometry
import CanvasRaster

/// Coverage masks of glyphs, by face, glyph, device scale and quarter-pixel offset,
/// so a label drawn again costs copies, not rasterization. Bounded: when its masks
/// pass `byteBudget` it starts again empty (glyphs in use are re-made on demand).
final class GlyphCache {
    struct Key: Hashable {
        var face: UInt32
        var glyph: UInt32
        /// Device pixels per font unit, x and y (bit patterns, exact).
        var scaleX: UInt64
        var scaleY: UInt64
        /// The glyph origin's offset within its pixel, in quarters.
        var subX: UInt8
        var subY: UInt8
    }

    /// A glyph's coverage: `width × height` bytes whose top-left pixel is
    /// (`left`, `top`) relative to the pixel holding the glyph origin.
    final class Mask {
        let left: Int, top: Int, width: Int, height: Int
        let coverage: [UInt8]
        init(left: Int, top: Int, width: Int, height: Int, coverage: [UInt8]) {
            self.left = left; self.top = top; self.width = width; self.height = height; self.coverage = coverage
        }
    }

    /// Glyphs larger than this many pixels on a side are drawn as outlines.
    static let maximumSize = 256
    var byteBudget = 8 << 20
    private var masks: [Key: Mask] = [:]
    private var bytes = 0
    private let scan = ScanConverter()
    private var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    private var spans = SpanBuffer()
    private(set) var hits = 0
    private(set) var misses = 0

    var count: Int { masks.count }

    /// The mask of a glyph whose outline (font units, y up) maps to device pixels by
    /// `scaleX`, `scaleY` (device y down: `scaleY` is usually negative), its origin
    /// at quarter offsets (`subX`, `subY`) within a pixel; `nil` when too large.
    func mask(_ source: any GlyphOutlineSource, glyph: UInt32, scaleX: Double, scaleY: Double,
              subX: UInt8, subY: UInt8) -> Mask? {
        let key = Key(face: source.faceID, glyph: glyph, scaleX: scaleX.bitPattern, scaleY: scaleY.bitPattern,
                      subX: subX, subY: subY)
        if let m = masks[key] {
            hits += 1
            return m
        }
        misses += 1
        let b = source.outlineBounds(glyph: glyph)
        let ox = Double(subX) / 4, oy = Double(subY) / 4
        let t = Transform(a: scaleX, b: 0, c: 0, d: scaleY, tx: ox, ty: oy)
        let device = b.transformed(by: t)
        guard device.isFinite, !b.isEmpty else { return nil }
        let x0 = Int((device.minX).rounded(.down)), y0 = Int((device.minY).rounded(.down))
        let x1 = Int((device.maxX).rounded(.up)) + 1, y1 = Int((device.maxY).rounded(.up)) + 1
        guard x1 - x0 <= GlyphCache.maximumSize, y1 - y0 <= GlyphCache.maximumSize else { return nil }
        let w = x1 - x0, h = y1 - y0
        var coverage = [UInt8](repeating: 0, count: w * h)
        // Rasterized in the mask's own pixels (the scan converter wants a clip at
        // non-negative coordinates).
        edges.reset(clip: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        let local = Transform(a: scaleX, b: 0, c: 0, d: scaleY, tx: ox - Double(x0), ty: oy - Double(y0))
        source.outline(glyph: glyph).replay(into: &edges, transform: local)
        edges.finish()
        if !edges.isEmpty {
            spans.removeAll()
            scan.fill(&edges, rule: .nonZero, into: &spans)
            coverage.withUnsafeMutableBufferPointer { out in
                for k in 0..<spans.spans.count {
                    let s = spans.spans[k]
                    let row = Int(s.y)
                    guard row >= 0, row < h else { continue }
                    var x = Int(s.x)
                    for i in 0..<Int(s.length) where x >= 0 && x < w {
                        out[row * w + x] = spans.coverage(of: s, at: i)
                        x += 1
                    }
                }
            }
        }
        let mask = Mask(left: x0, top: y0, width: w, height: h, coverage: coverage)
        if bytes + w * h > byteBudget {
            masks.removeAll(keepingCapacity: true)
            bytes = 0
        }
        masks[key] = mask
        bytes += w * h + 64
        return mask
    }
}

extension Renderer {
    /// Fills glyphs from cached masks when the device transform is a scale and a
    /// translation and the fill is anti-aliased; returns false (nothing drawn) to
    /// let the outline path handle it otherwise.
    func fillGlyphsFromCache(_ run: GlyphRunGeometry, _ t: Transform, antialiased: Bool, clip: PixelRect,
                             into out: inout SpanBuffer) -> Bool {
        guard antialiased, t.isScaleTranslate, t.a != 0, t.d != 0 else { return false }
        // The device box of all glyphs, within the clip: the accumulation area.
        let device = run.bounds.transformed(by: t)
        guard device.isFinite else { return true }
        let area = PixelRect(x0: max(clip.x0, Int(device.minX.rounded(.down)) - 1),
                             y0: max(clip.y0, Int(device.minY.rounded(.down)) - 1),
                             x1: min(clip.x1, Int(device.maxX.rounded(.up)) + 2),
                             y1: min(clip.y1, Int(device.maxY.rounded(.up)) + 2))
        guard !area.isEmpty else { return true }
        // Large areas go through outlines (the accumulation buffer stays small).
        guard area.width * area.height <= 1 << 22 else { return false }
        // Collect masks first: any glyph too large sends the whole run to outlines.
        var placed: [(GlyphCache.Mask, Int, Int)] = []
        placed.reserveCapacity(run.runs.reduce(0) { $0 + $1.glyphs.count })
        for r in run.runs {
            let sx = t.a * r.scale, sy = -t.d * r.scale
            for g in r.glyphs {
                let o = t.apply(Point(g.x, g.y))
                guard o.x.isFinite, o.y.isFinite, abs(o.x) < 1e9, abs(o.y) < 1e9 else { continue }
                let fx = o.x.rounded(.down), fy = o.y.rounded(.down)
                let subX = UInt8(min(3, Int((o.x - fx) * 4)))
                let subY = UInt8(min(3, Int((o.y - fy) * 4)))
                if r.source.outlineBounds(glyph: g.id).isEmpty { continue }
                guard let m = glyphCache.mask(r.source, glyph: g.id, scaleX: sx, scaleY: sy, subX: subX, subY: subY) else {
                    return false
                }
                placed.append((m, Int(fx) + m.left, Int(fy) + m.top))
            }
        }
        let w = area.width, h = area.height
        glyphScratch.removeAll(keepingCapacity: true)
        glyphScratch.append(contentsOf: repeatElement(0, count: w * h))
        glyphScratch.withUnsafeMutableBufferPointer { acc in
            for (m, gx, gy) in placed {
                let cx0 = max(gx, area.x0), cx1 = min(gx + m.width, area.x1)
                let cy0 = max(gy, area.y0), cy1 = min(gy + m.height, area.y1)
                guard cx0 < cx1, cy0 < cy1 else { continue }
                m.coverage.withUnsafeBufferPointer { src in
                    for y in cy0..<cy1 {
                        let srcRow = (y - gy) * m.width - gx
                        let dstRow = (y - area.y0) * w - area.x0
                        for x in cx0..<cx1 {
                            let sum = Int(acc[dstRow + x]) + Int(src[srcRow + x])
                            acc[dstRow + x] = UInt8(truncatingIfNeeded: min(sum, 255))
                        }
                    }
                }
            }
            // Rows to spans: each row's covered extent, as one per-pixel span.
            for row in 0..<h {
                let base = row * w
                var first = 0
                while first < w && acc[base + first] == 0 { first += 1 }
                if first == w { continue }
                var last = w - 1
                while acc[base + last] == 0 { last -= 1 }
                let n = last - first + 1
                let dst = out.reserveMask(x: area.x0 + first, y: area.y0 + row, length: n)
                for i in 0..<n { dst[i] = acc[base + first + i] }
            }
        }
        return true
    }
}
