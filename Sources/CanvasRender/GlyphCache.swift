import CanvasGeometry
import CanvasRaster
import CPixelKernels
#if canImport(Glibc)
import Glibc
#endif

/// Coverage masks of glyphs, by face and device scale (a strike), glyph and
/// quarter-pixel offset, so a label drawn again costs copies, not rasterization.
/// Bounded: when its masks pass `byteBudget` it starts again empty (glyphs in use
/// are made again on demand).
final class GlyphCache {
    /// A glyph's coverage: `height` rows of `width` bytes (each row padded with
    /// zeros to a multiple of 16) whose top-left pixel is (`left`, `top`) relative
    /// to the pixel holding the glyph origin. `width` 0
    /// for glyphs with no outline (spaces); `coverage` nil for glyphs too large.
    struct Mask {
        var coverage: UnsafeMutablePointer<UInt8>?
        var left: Int16, top: Int16, width: Int16, height: Int16
    }

    /// The masks of one face at one device scale, in an open-addressing table keyed
    /// by glyph × 16 + quarter offsets (a glyph lookup is a multiply, and one cache
    /// line read for key and mask together). The table is a pointer the strike
    /// owns, not an array: a lookup per glyph through an array property paid the
    /// runtime's exclusivity check, more than the lookup itself.
    final class Strike {
        struct Entry {
            var key: UInt32
            var mask: Mask
        }
        let source: any GlyphOutlineSource
        let scaleX: Double, scaleY: Double
        private var table: UnsafeMutablePointer<Entry>
        private var capacity: Int
        private(set) var count = 0
        private var shift: UInt32
        static let empty = UInt32.max
        static var vacant: Entry { Entry(key: empty, mask: Mask(coverage: nil, left: 0, top: 0, width: 0, height: 0)) }

        init(source: any GlyphOutlineSource, scaleX: Double, scaleY: Double) {
            self.source = source; self.scaleX = scaleX; self.scaleY = scaleY
            capacity = 64
            table = .allocate(capacity: capacity)
            table.initialize(repeating: Strike.vacant, count: capacity)
            shift = 32 - 6
        }

        deinit {
            for i in 0..<capacity where table[i].key != Strike.empty { table[i].mask.coverage?.deallocate() }
            table.deallocate()
        }

        @inline(__always)
        func find(_ key: UInt32) -> Mask? {
            let table = self.table, limit = capacity - 1
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> shift)
            while true {
                let e = table[i]
                if e.key == key { return e.mask }
                if e.key == Strike.empty { return nil }
                i = (i + 1) & limit
            }
        }

        func insert(_ key: UInt32, _ mask: Mask) {
            if (count + 1) * 2 > capacity { grow() }
            let limit = capacity - 1
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> shift)
            while table[i].key != Strike.empty && table[i].key != key { i = (i + 1) & limit }
            if table[i].key == Strike.empty { count += 1 }
            table[i] = Entry(key: key, mask: mask)
        }

        private func grow() {
            let old = table, oldCapacity = capacity
            capacity = oldCapacity * 2
            table = .allocate(capacity: capacity)
            table.initialize(repeating: Strike.vacant, count: capacity)
            shift -= 1
            count = 0
            for i in 0..<oldCapacity where old[i].key != Strike.empty { insert(old[i].key, old[i].mask) }
            old.deallocate()
        }
    }

    struct StrikeKey: Hashable {
        var face: UInt32
        var scaleX: UInt64
        var scaleY: UInt64
    }

    /// Glyphs larger than this many pixels on a side are drawn as outlines.
    static let maximumSize = 256
    var byteBudget = 8 << 20
    private var strikes: [StrikeKey: Strike] = [:]
    private var lastStrike: Strike?
    private var bytes = 0
    /// Glyphs take the exact sweep: outlines often overlap (variable fonts keep
    /// overlapping contours), and a glyph is drawn once and then reused.
    private let scan: ScanConverter = {
        let scan = ScanConverter()
        scan.method = .exactSweep
        return scan
    }()
    private var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    private var spans = SpanBuffer()
    private(set) var misses = 0

    var count: Int { strikes.values.reduce(0) { $0 + $1.count } }

    /// The strike for a face whose font units map to device pixels by `scaleX`,
    /// `scaleY` (device y down: `scaleY` is usually negative).
    func strike(_ source: any GlyphOutlineSource, scaleX: Double, scaleY: Double) -> Strike {
        // Labels usually come in runs of one font and size.
        if let s = lastStrike, s.source === source, s.scaleX == scaleX, s.scaleY == scaleY { return s }
        let key = StrikeKey(face: source.faceID, scaleX: scaleX.bitPattern, scaleY: scaleY.bitPattern)
        let s = strikes[key] ?? Strike(source: source, scaleX: scaleX, scaleY: scaleY)
        strikes[key] = s
        lastStrike = s
        return s
    }

    /// The mask of a glyph with its origin at quarter offsets (`subX`, `subY`)
    /// within a pixel.
    @inline(__always)
    func mask(_ strike: Strike, glyph: UInt32, subX: Int, subY: Int) -> Mask {
        let key = (glyph & 0x0FFF_FFFF) &<< 4 | UInt32(truncatingIfNeeded: subY << 2 | subX)
        if let m = strike.find(key) { return m }
        let m = make(strike, glyph: glyph, subX: subX, subY: subY)
        strike.insert(key, m)
        return m
    }

    private func make(_ strike: Strike, glyph: UInt32, subX: Int, subY: Int) -> Mask {
        misses += 1
        let source = strike.source
        let b = source.outlineBounds(glyph: glyph)
        let ox = Double(subX) / 4, oy = Double(subY) / 4
        let device = b.transformed(by: Transform(a: strike.scaleX, b: 0, c: 0, d: strike.scaleY, tx: ox, ty: oy))
        bytes += 64
        if b.isEmpty { return Mask(coverage: nil, left: 0, top: 0, width: 0, height: 0) }
        let tooLarge = Mask(coverage: nil, left: 0, top: 0, width: 1, height: 1)
        // Masks are small (their offsets fit 16 bits): larger glyphs go through
        // outlines. Checked in floating point first, where a huge scale cannot trap.
        guard device.isFinite, abs(device.minX) < 16384, abs(device.minY) < 16384,
              device.maxX - device.minX < Double(GlyphCache.maximumSize),
              device.maxY - device.minY < Double(GlyphCache.maximumSize) else { return tooLarge }
        let x0 = Int(device.minX.rounded(.down)), y0 = Int(device.minY.rounded(.down))
        let x1 = Int(device.maxX.rounded(.up)) + 1, y1 = Int(device.maxY.rounded(.up)) + 1
        guard x1 - x0 <= GlyphCache.maximumSize, y1 - y0 <= GlyphCache.maximumSize,
              abs(x0) < 16384, abs(y0) < 16384 else { return tooLarge }
        let w = x1 - x0, h = y1 - y0
        // Rows padded with zeros to a multiple of 16 bytes: they are summed 16 at a time.
        let stride = (w + 15) & ~15
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * h)
        coverage.initialize(repeating: 0, count: stride * h)
        bytes += stride * h
        // Rasterized in the mask's own pixels (the scan converter wants a clip at
        // non-negative coordinates).
        edges.reset(clip: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        source.outline(glyph: glyph).replay(into: &edges, transform: Transform(a: strike.scaleX, b: 0, c: 0, d: strike.scaleY,
                                                                               tx: ox - Double(x0), ty: oy - Double(y0)))
        edges.finish()
        if !edges.isEmpty {
            spans.removeAll()
            scan.fill(&edges, rule: .nonZero, into: &spans)
            for k in 0..<spans.spans.count {
                let s = spans.spans[k]
                let row = Int(s.y)
                guard row >= 0, row < h else { continue }
                let x = Int(s.x), n = Int(s.length)
                for i in 0..<n where x + i >= 0 && x + i < w {
                    coverage[row * stride + x + i] = spans.coverage(of: s, at: i)
                }
            }
        }
        return Mask(coverage: coverage, left: Int16(x0), top: Int16(y0), width: Int16(w), height: Int16(h))
    }

    /// Empties the cache when it is over budget. Called between draws only, so the
    /// masks a draw placed stay alive while it uses them.
    func trim() {
        guard bytes > byteBudget else { return }
        strikes.removeAll(keepingCapacity: true)
        lastStrike = nil
        bytes = 0
    }
}

extension Renderer {
    /// Fills glyphs from cached masks when the device transform is a scale and a
    /// translation and the fill is anti-aliased: the masks are summed (saturating)
    /// into one coverage box, whose rows become spans. Returns false, having drawn
    /// nothing, to let the outline path handle anything else (other transforms,
    /// glyphs too large to cache).
    func fillGlyphsFromCache(_ run: GlyphRunGeometry, _ t: Transform, antialiased: Bool, clip: PixelRect,
                             into out: inout SpanBuffer) -> Bool {
        guard antialiased, t.isScaleTranslate, t.a != 0, t.d != 0 else { return false }
        glyphCache.trim()
        labelCoverage.trim()
        // Glyph positions are relative to the run's origin.
        let tx = t.a * run.origin.x + t.tx, ty = t.d * run.origin.y + t.ty
        // A label drawn here before: its kept rows.
        let placement = LabelCoverageCache.Placement(run, t)
        if let kept = labelCoverage.entry(run, placement) {
            kept.emit(within: clip, into: &out)
            return true
        }
        // The renderer's kept arrays, moved out for the draw and back after it: each
        // access to a renderer property pays the runtime's exclusivity check.
        var glyphPlacements: [GlyphPlacement] = []
        swap(&glyphPlacements, &self.glyphPlacements)
        var glyphScratch: [UInt8] = []
        swap(&glyphScratch, &self.glyphScratch)
        defer {
            swap(&glyphPlacements, &self.glyphPlacements)
            swap(&glyphScratch, &self.glyphScratch)
        }
        glyphPlacements.removeAll(keepingCapacity: true)
        var ax0 = Int.max, ay0 = Int.max, ax1 = Int.min, ay1 = Int.min
        for r in run.runs {
            let strike = glyphCache.strike(r.source, scaleX: t.a * r.scale * r.widthScale, scaleY: -t.d * r.scale)
            for g in r.glyphs {
                let ox = t.a * g.x + tx, oy = t.d * g.y + ty
                guard abs(ox) < 1e9, abs(oy) < 1e9 else { continue }     // also false for NaN
                // floor without a libm call (x86-64's baseline has no rounding instruction).
                var ix = Int(ox), iy = Int(oy)
                if Double(ix) > ox { ix -= 1 }
                if Double(iy) > oy { iy -= 1 }
                // The nearest quarter pixel (unbiased: at most an eighth of a pixel off).
                var subX = Int((ox - Double(ix)) * 4 + 0.5), subY = Int((oy - Double(iy)) * 4 + 0.5)
                if subX == 4 { subX = 0; ix += 1 }
                if subY == 4 { subY = 0; iy += 1 }
                let m = glyphCache.mask(strike, glyph: g.id, subX: subX, subY: subY)
                if m.width == 0 { continue }
                guard let coverage = m.coverage else { return false }     // too large: outlines
                let gx = ix + Int(m.left), gy = iy + Int(m.top), w = Int(m.width), h = Int(m.height)
                glyphPlacements.append(GlyphPlacement(coverage: coverage, width: w, height: h, x: gx, y: gy))
                ax0 = min(ax0, gx); ay0 = min(ay0, gy)
                ax1 = max(ax1, gx + w); ay1 = max(ay1, gy + h)
            }
        }
        guard !glyphPlacements.isEmpty else { return true }
        let area = PixelRect(x0: max(clip.x0, ax0), y0: max(clip.y0, ay0), x1: min(clip.x1, ax1), y1: min(clip.y1, ay1))
        guard !area.isEmpty else { return true }
        let w = area.width, h = area.height
        // Accumulation rows have 16 bytes of slack, for whole 16-byte sums.
        let stride = w + 16
        guard stride * h <= 1 << 24 else { return false }
        // Summed over the whole box (not cut by the clip), small, and drawn here before:
        // the rows are kept for the next draw.
        let keep = area.x0 == ax0 && area.y0 == ay0 && area.x1 == ax1 && area.y1 == ay1
            && w * h <= LabelCoverageCache.entryLimit && labelCoverage.shouldKeep(run, placement)
        var keptExtents: [Int32] = [], keptBytes: [UInt8] = []
        if keep { keptExtents.reserveCapacity(2 * h) }
        if glyphScratch.count < stride * h {
            glyphScratch = [UInt8](repeating: 0, count: max(stride * h, 2 * glyphScratch.count))
        }
        glyphScratch.withUnsafeMutableBufferPointer { buffer in
            let acc = buffer.baseAddress!
            memset(acc, 0, stride * h)
            for p in glyphPlacements {
                let cx0 = max(p.x, area.x0), cx1 = min(p.x + p.width, area.x1)
                let cy0 = max(p.y, area.y0), cy1 = min(p.y + p.height, area.y1)
                guard cx0 < cx1, cy0 < cy1 else { continue }
                let first = cx0 - area.x0
                let maskStride = (p.width + 15) & ~15
                if cx0 == p.x && cx1 == p.x + p.width {
                    // Whole rows: the mask's zero padding lands in the accumulation's slack.
                    oc_add_coverage_block(acc + ((cy0 - area.y0) * stride + first), stride,
                                          p.coverage + (cy0 - p.y) * maskStride, maskStride, maskStride, cy1 - cy0)
                } else {
                    for y in cy0..<cy1 {
                        GlyphCoverage.addSaturating(p.coverage + ((y - p.y) * maskStride + cx0 - p.x),
                                                    into: acc + ((y - area.y0) * stride + first), count: cx1 - cx0)
                    }
                }
            }
            // Rows to spans: each row's covered extent, as one per-pixel span.
            for row in 0..<h {
                let line = acc + row * stride
                let first = oc_first_nonzero(line, w)
                guard first < w else {
                    if keep { keptExtents.append(0); keptExtents.append(0) }
                    continue
                }
                let end = first + oc_end_nonzero(line + first, w - first)
                memcpy(out.reserveMask(x: area.x0 + first, y: area.y0 + row, length: end - first),
                       line + first, end - first)
                if keep {
                    keptExtents.append(Int32(first)); keptExtents.append(Int32(end))
                    keptBytes.append(contentsOf: UnsafeBufferPointer(start: line + first, count: end - first))
                }
            }
        }
        if keep {
            labelCoverage.keep(.make(.init(run: run, placement: placement, box: area), extents: keptExtents, bytes: keptBytes))
        }
        return true
    }
}

/// A glyph mask placed at a device pixel (its coverage borrowed from the cache,
/// which is not trimmed while a draw uses it).
struct GlyphPlacement {
    var coverage: UnsafePointer<UInt8>
    var width: Int
    var height: Int
    var x: Int
    var y: Int
}

enum GlyphCoverage {
    /// `dst[i] = min(255, dst[i] + src[i])`, 16 bytes at a time.
    @inline(__always)
    static func addSaturating(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count n: Int) {
        var i = 0
        while i + 16 <= n {
            let a = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let b = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let sum = a &+ b
            UnsafeMutableRawPointer(dst + i).storeBytes(of: sum.replacing(with: 255, where: sum .< b), as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < n {
            let sum = Int(src[i]) + Int(dst[i])
            dst[i] = UInt8(truncatingIfNeeded: min(sum, 255))
            i += 1
        }
    }
}
