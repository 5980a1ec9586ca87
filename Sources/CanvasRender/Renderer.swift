import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasEffects

/// Plays a display list into a pixmap.
///
/// For each item of a layer: find its clip (a rectangle of whole pixels or a
/// coverage mask), then
/// - a shape: map its geometry to device space, rasterize it (rectangles under
///   scale-and-translate transforms directly, everything else through edges and the
///   scan converter) within the clip's bounds, multiply by the clip's mask, and
///   composite its paint with its blend mode and opacity;
/// - a layer: render the layer's items into a transparent surface the size of the
///   clip's bounds, and composite that surface as one source;
/// - anything with filters: render it into an implicit layer without blending,
///   opacity or clipping, run the filters, then composite the result (see
///   `Renderer+Filters.swift`).
///
/// Strokes are outlined in user space first, so that the pen follows the transform
/// (an ellipse pen under a non-uniform scale).
public final class Renderer {
    let scan = ScanConverter()
    // Scratch kept from shape to shape. A renderer draws on one thread at a time and
    // never holds two accesses to one of these at once: their run-time exclusivity
    // checks (each as costly as a small shape's row) are turned off.
    @exclusivity(unchecked) private var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    @exclusivity(unchecked) var spans = SpanBuffer()
    @exclusivity(unchecked) var masked = SpanBuffer()
    @exclusivity(unchecked) private var outline = OutlineBuffer()
    @exclusivity(unchecked) private var strokePath = PathData()
    let compositor = SpanCompositor()
    let floatCompositor = FloatCompositor(clampToUnit: true)
    let glyphCache = GlyphCache()
    let labelCoverage = LabelCoverageCache()
    var glyphScratch: [UInt8] = []
    /// The colour table of the gradient being drawn (8-bit targets), kept from shape
    /// to shape so that a gradient allocates none.
    var gradientTable: [UInt32] = []
    var glyphPlacements: [GlyphPlacement] = []
    /// The pixmap that borrows a frame's memory, kept by the rasterizing code
    /// (`Pixmap.withBorrowedMemory(_:width:height:wrapper:_:)`) for the next frame
    /// drawn into the same memory.
    public var frameWrapper: Pixmap?
    /// How many rows the last frame drawn into an image redrew (all of them, or
    /// the rows that changed since the frame whose memory it reused): for tests.
    public var rowsRedrawn = 0

    /// Bytes of layer surfaces alive at the moment; a layer that would take the
    /// total over `layerBudget` is drawn ungrouped (straight into its parent).
    var layerBytes = 0
    public var layerBudget = 1 << 30
    /// Layers nested deeper than this are drawn ungrouped.
    public static let maximumLayerDepth = 64

    /// How many threads may rasterize one frame: the target is split into that many
    /// horizontal bands, each drawn by its own renderer (see `Renderer+Bands.swift`).
    /// 1 draws on the calling thread alone. The output is the same byte for byte
    /// whatever the count.
    public var threadCount = Renderer.defaultThreadCount
    /// The renderers of the bands after the first (kept between frames, as this
    /// renderer's own caches are).
    var bandRenderers: [Renderer] = []
    /// Each band's held-back reports, and `bandCuts`' buckets and cuts: kept, so
    /// that a steady stream of frames drawn in bands allocates nothing.
    var bandHolders: [Diagnostics.Holder] = []
    var bandCosts: [Double] = []
    var bandCutRows: [Int] = []
    /// The threads that draw bands after the first (started when first needed).
    var bandThreads: BandThreads?

    deinit { bandThreads?.stop() }

    /// Pixels of filter planes computed so far in this render, and the most one
    /// render may compute: 256 times its target's pixels plus 2²² (a frame of
    /// blurred shapes stays far below; a stream of filters over huge layers, each
    /// stage as large as a plane may be, would otherwise cost unbounded time).
    /// Filtered drawing past the budget is skipped and counted (`effectSkipped`).
    var filterPixels = 0
    var filterBudget = Int.max
    static func filterBudget(forPixels pixels: Int) -> Int { pixels.multipliedReportingOverflow(by: 256).partialValue + (1 << 22) }

    /// The root pass of the last render, kept for the next.
    private var rootPass: Pass?
    /// The larger side of the render's root surface, in pixels (a layer's surface
    /// may be far smaller: filters that reach past a surface measure from this).
    var surfaceSide = 1
    /// What a kept pass holds between renders (a 1 × 1 surface, never drawn).
    static let noTarget = RenderTarget.rgba8(try! Pixmap(width: 1, height: 1))

    /// One layer being drawn into one surface.
    final class Pass {
        // (Variables so that the root pass is kept from render to render.)
        var target: RenderTarget { didSet { cacheTarget() } }
        /// The target's pixmap when it is 8-bit, and the target's bounds: read for
        /// every item, so kept apart from `target` (binding the enum's payload
        /// retains and releases the pixmap). `target` keeps the pixmap alive, so the
        /// reference is unretained: reading it costs no reference counting (a strong
        /// or `unowned(unsafe)` read still retained it, an atomic pair per item).
        private(set) var rgba8: Unmanaged<Pixmap>?
        private(set) var bounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        /// Root space → the target's pixels.
        var device: Transform
        var depth: Int
        var clipCache: [Int32: ClipRegion] = [:]
        /// The clip read last, and its node (−1: none): consecutive items mostly
        /// share a clip, and this spares each the cache's hashing. (Unchecked: one
        /// renderer's thread reads and sets them, around each item.)
        @exclusivity(unchecked) var lastClipID: Int32 = -1
        @exclusivity(unchecked) var lastClip = ClipRegion.rect(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))

        /// Forgets the clips computed (a new list or target).
        func forgetClips() {
            clipCache.removeAll(keepingCapacity: true)
            lastClipID = -1
            lastClip = .rect(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
        }
        /// For the root pass of a band: the rows of the target it draws. Everything
        /// is computed as for the whole target (the same edges, clips, layers and
        /// filters), and only these rows are written.
        var rows: Range<Int>?

        init(target: RenderTarget, device: Transform, depth: Int, rows: Range<Int>? = nil) {
            self.target = target; self.device = device; self.depth = depth; self.rows = rows
            cacheTarget()
        }

        private func cacheTarget() {
            if case .rgba8(let pixmap) = target { rgba8 = .passUnretained(pixmap) } else { rgba8 = nil }
            bounds = target.bounds
        }

        /// `rect` limited to the pass's rows.
        func limited(_ rect: PixelRect) -> PixelRect {
            guard let rows else { return rect }
            return PixelRect(x0: rect.x0, y0: max(rect.y0, rows.lowerBound), x1: rect.x1, y1: min(rect.y1, rows.upperBound))
        }
    }

    /// The effective clip of a node: a rectangle of whole pixels, or a mask.
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

    /// Renders the list's root layer into `pixmap`. `device` maps the recording's
    /// root space (points) to pixels, usually a scale by the display scale.
    /// `range` restricts drawing to some of the root layer's items. With `clear`,
    /// the pixels of rows `clearRows` (all rows when `nil`) are first set to that
    /// value, by the bands, each its own rows (a new frame's memory is then touched
    /// first by the threads that draw it; a reused frame whose other rows already
    /// hold the value needs only the rows its last drawing touched cleared).
    public func render(_ list: DisplayList, into pixmap: Pixmap, device: Transform, range: Range<Int>? = nil,
                       clear: UInt32? = nil, clearRows: Range<Int>? = nil, onlyRows: Range<Int>? = nil) {
        // Only some rows (the damage since the last frame drawn into this memory):
        // cleared and drawn through the bands' rows window; the others are kept.
        let limit = (onlyRows ?? 0..<pixmap.height).clamped(to: 0..<pixmap.height)
        guard !limit.isEmpty else { return }
        let toClear = (clearRows ?? 0..<pixmap.height).clamped(to: limit)
        // Rows the first item paints over entirely with an opaque colour (a
        // full-width background) need no clearing: every pixel of them is stored.
        let covered = clear == nil ? 0..<0 : opaqueRows(list, device: device, range: range,
                                                        width: pixmap.width, height: pixmap.height)
        let drawing = BandDrawing(list: list, target: .rgba8(pixmap), device: device, range: range,
                                  clear: clear.map { ($0, toClear, covered) })
        let partial = limit != 0..<pixmap.height
        let bands = bandCount(width: pixmap.width, height: limit.count)
        if bands > 1 {
            bandCuts(bands, list, device: device, width: pixmap.width, height: pixmap.height, range: range,
                     clearing: clear == nil ? 0..<0 : toClear)
            if partial { Renderer.limit(&bandCutRows, to: limit) }
            return renderInBands(bandCutRows, drawing)
        }
        drawing.draw(with: self, rows: limit, whole: !partial)
    }

    /// Band cuts of the whole height kept to `rows`: its ends, and the cuts inside
    /// (in place).
    static func limit(_ cuts: inout [Int], to rows: Range<Int>) {
        var kept = 1
        for i in cuts.indices where cuts[i] > rows.lowerBound && cuts[i] < rows.upperBound {
            cuts[kept] = cuts[i]     // kept ≤ i: the first cut (0) is never inside
            kept += 1
        }
        cuts.removeSubrange(kept...)
        cuts[0] = rows.lowerBound
        cuts.append(rows.upperBound)
    }

    /// The rows of a `width × height` target that the first root item (of `range`)
    /// covers wholly with an opaque colour: a solid, opaque, source-over, unfiltered
    /// rectangle fill under a scale-and-translate transform, clipped (if at all) by
    /// rectangles on whole pixels, spanning every column. Those rows' pixels are
    /// all stored by the fill whatever was there (the rectangle's fast path writes
    /// an opaque colour at full coverage), so they need not be cleared first.
    func opaqueRows(_ list: DisplayList, device: Transform, range: Range<Int>?, width: Int, height: Int) -> Range<Int> {
        var rows = 0..<0
        forEachRootBox(list, device: device, range: range) { _, pointer in
            let item = pointer.pointee
            guard item.filter < 0, item.blendMode == .normal, item.opacity >= 1,
                  item.isShape, case .rect(let r) = item.shape.geometry,
                  case .fill = item.shape.operation, case .solid(let color) = item.paint,
                  color.a >= 1 else { return false }
            let t = item.transform.concatenating(device)
            guard t.isFinite, t.isScaleTranslate else { return false }
            var area = r.transformed(by: t)
            // The clip chain: rectangles on whole pixels only (no mask is made).
            var node = item.clip
            var steps = 0
            while node >= 0, Int(node) < list.clips.count, steps < 64 {
                let clip = list.clips[Int(node)]
                guard let d = Renderer.wholePixelRect(clip, device: device) else { return false }
                area = Rect(minX: max(area.minX, d.minX), minY: max(area.minY, d.minY),
                            maxX: min(area.maxX, d.maxX), maxY: min(area.maxY, d.maxY))
                node = clip.parent
                steps += 1
            }
            guard node < 0, area.isFinite, area.minX <= 0, area.maxX >= Double(width) else { return false }
            let top = min(max(area.minY.rounded(.up), 0), Double(height))
            let bottom = min(max(area.maxY.rounded(.down), 0), Double(height))
            if bottom > top { rows = Int(top)..<Int(bottom) }
            return false
        }
        return rows
    }

    /// The rows of a `height`-row target that rendering `list` can change: the
    /// union of its root items' boxes (everything for layers and filtered items,
    /// which may cover any pixel of their clip).
    public func rowsDrawn(by list: DisplayList, device: Transform, height: Int) -> Range<Int> {
        var rows = RowSpan(height: height)
        var whole = false
        forEachRootBox(list, device: device, range: nil) { box, _ in
            guard let box else { whole = true; return false }
            rows.add(box)
            return true
        }
        return whole ? 0..<height : rows.range
    }

    /// The rows of a `height`-row target that device boxes may touch (each widened
    /// by a row either way: antialiasing reaches into the pixel beyond a box's edge).
    struct RowSpan {
        let height: Int
        private var top: Int, bottom = 0
        init(height: Int) { self.height = height; top = height }

        mutating func add(_ box: Rect) {
            let H = Double(height)
            let y0 = min(max(box.minY.rounded(.down) - 1, 0), H), y1 = min(max(box.maxY.rounded(.up) + 1, 0), H)
            if y1 > y0 { top = min(top, Int(y0)); bottom = max(bottom, Int(y1)) }
        }

        var range: Range<Int> { bottom > top ? top..<bottom : 0..<0 }
    }

    /// Renders the root layer into a floating-point pixmap (the linear colour modes).
    public func render(_ list: DisplayList, into pixmap: FloatPixmap, extended: Bool, device: Transform) {
        let bands = bandCount(width: pixmap.width, height: pixmap.height)
        if bands > 1 {
            bandCuts(bands, list, device: device, width: pixmap.width, height: pixmap.height, range: nil,
                     clearing: 0..<0)
            return renderInBands(bandCutRows, BandDrawing(list: list, target: .float(pixmap, extended: extended),
                                                          device: device, range: nil, clear: nil))
        }
        renderRoot(list, .float(pixmap, extended: extended), device: device, range: nil, rows: nil)
    }

    /// Draws the root layer's items (or those in `range`) into `target`, only rows
    /// `rows` of it when given.
    func renderRoot(_ list: DisplayList, _ target: RenderTarget, device: Transform, range: Range<Int>?,
                    rows: Range<Int>?) {
        startRender(pixels: target.bounds.width * target.bounds.height)
        surfaceSide = max(target.bounds.width, target.bounds.height, 1)
        // The root pass is kept and set again (its clip cache's storage with it);
        // after the render it lets go of the target.
        let pass: Pass
        if let kept = rootPass {
            pass = kept
            pass.target = target; pass.device = device; pass.depth = 0; pass.rows = rows
            pass.forgetClips()
        } else {
            pass = Pass(target: target, device: device, depth: 0, rows: rows)
            rootPass = pass
        }
        defer {
            pass.target = Renderer.noTarget
            pass.forgetClips()
        }
        list.layers[0].items.withUnsafeBufferPointer { items in
            // Through the raw pointer the item is borrowed in place, not copied.
            guard let base = items.baseAddress else { return }
            // Clamped: a stale range (items removed since) draws what is there.
            let all = items.indices
            let drawn = range.map { $0.clamped(to: all) } ?? all
            for i in drawn { draw(base + i, list, pass) }
        }
    }

    private func startRender(pixels: Int) {
        filterPixels = 0
        filterBudget = Renderer.filterBudget(forPixels: pixels)
        labelCoverage.beginRender()
    }

    func renderLayer(_ id: Int32, _ list: DisplayList, into pass: Pass) {
        guard id >= 0, Int(id) < list.layers.count else { return }
        list.layers[Int(id)].items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for i in items.indices { draw(base + i, list, pass) }
        }
    }

    // MARK: Items

    /// Draws the item at `item`. Read through the pointer, its plain fields cost
    /// nothing; binding its shape (a multi-payload enum) copies it through value
    /// witnesses, which costs as much as compositing a small rectangle — so the
    /// commonest item, a solid rectangle fill, is drawn before any copy is made.
    func draw(_ item: UnsafePointer<DrawItem>, _ list: DisplayList, _ pass: Pass) {
        let region = clipRegion(item.pointee.clip, list, pass)
        guard !region.bounds.isEmpty else { return }
        if item.pointee.filter < 0, drawRect(item, pass, region) { return }
        if item.pointee.filter >= 0 {
            drawFiltered(item.pointee, list, pass, region)
            return
        }
        if item.pointee.isShape {
            drawShape(item.pointee.shape.geometry, item.pointee.shape.operation, item, pass, region)
        } else {
            drawLayer(item.pointee.layer, item.pointee, list, pass, region)
        }
    }

    /// A source-over rectangle of a solid colour or a linear or radial gradient under
    /// a scale-and-translate transform, unmasked, on the 8-bit surface: composited
    /// straight from its separable coverage, with no spans. `false` when the item is
    /// not such a rectangle.
    private func drawRect(_ item: UnsafePointer<DrawItem>, _ pass: Pass, _ region: ClipRegion) -> Bool {
        guard let pixmap = pass.rgba8, item.pointee.blendMode == .normal,
              let (r, aa) = item.pointee.filledRect, case .rect = region else { return false }
        switch item.pointee.paint {
        case .solid: break
        case .gradient(let g):
            // (A conic gradient sizes its table by the painted area: the general path.)
            if case .conic = g.geometry { return false }
        case .image: return false
        }
        let t = item.pointee.transform.concatenating(pass.device)
        guard t.isFinite, t.isScaleTranslate else { return false }
        let device = r.transformed(by: t)
        guard device.isFinite else {
            Diagnostics.report(.nonFinitePath)
            return true
        }
        let opacity = item.pointee.opacity
        let limit = pass.limited(region.bounds)
        if case .solid(let c) = item.pointee.paint {
            let color = PaintSources.premultiplied(c, opacity: opacity)
            if let whole = RectCoverage.wholePixels(device, within: limit) {
                // On the pixel grid and inside the clip: every pixel fully covered, with
                // or without anti-aliasing (the same bytes as its box).
                pixmap._withUnsafeGuaranteedRef { Compositor.fill(whole, color: color, into: $0) }
            } else if let box = PixelBox(device, clip: limit, antialiased: aa) {
                // Rows are cut at whole pixels: each row's coverage stays as it is.
                pixmap._withUnsafeGuaranteedRef { Compositor.fill(box, color: color, into: $0) }
            }
            return true
        }
        guard let box = PixelBox(device, clip: limit, antialiased: aa) else { return true }
        if case .gradient(let shader, let table)? = PaintSources.rgba8(item.pointee.paint, userToDevice: t,
                                                                      opacity: opacity, table: &gradientTable) {
            pixmap._withUnsafeGuaranteedRef { Compositor.fill(box, shader: shader, table: table, into: $0) }
        }
        return true
    }

    private func drawShape(_ geometry: Geometry, _ operation: DrawItem.Operation, _ item: UnsafePointer<DrawItem>,
                           _ pass: Pass, _ region: ClipRegion) {
        let t = item.pointee.transform.concatenating(pass.device)
        guard t.isFinite else { return Diagnostics.report(.nonFiniteTransform) }
        let bounds = region.bounds
        // Bands and conic gradients need the shape's device box.
        var isConic = false
        if case .gradient(let g) = item.pointee.paint, case .conic = g.geometry { isConic = true }
        let reach = pass.rows != nil || isConic ? deviceBounds(geometry, operation, t) : nil
        if let rows = pass.rows, let reach, reach.isFinite,
           reach.maxY <= Double(rows.lowerBound) || reach.minY >= Double(rows.upperBound) {
            return                                  // a band skips what lies wholly above or below its rows
        }

        // A label drawn here before, in a solid colour over a rectangular clip: its
        // kept coverage goes straight to the kernel.
        if case .glyphs(let run) = geometry, case .fill(.nonZero, true) = operation, case .rect = region,
           case .rgba8(let pixmap) = pass.target, item.pointee.blendMode == .normal,
           case .solid = item.pointee.paint, t.isScaleTranslate, t.a != 0, t.d != 0,
           let kept = labelCoverage.entry(run, LabelCoverageCache.Placement(run, t)) {
            if case .solid(let c)? = PaintSources.rgba8(item.pointee.paint, userToDevice: t, opacity: item.pointee.opacity,
                                                        table: &gradientTable) {
                kept.fill(within: bounds, rows: pass.rows, color: c.packed, into: pixmap, headers: &spans)
            }
            return
        }
        spans.removeAll()
        // A band's rows window the rasterizers (clip masks, layers and filter
        // content are rasterized without one).
        scan.rows = pass.rows
        coverage(geometry, operation, t, clip: bounds, into: &spans)
        scan.rows = nil
        if spans.isEmpty { return }
        let isMasked: Bool
        if case .mask(let mask) = region {
            masked.removeAll()
            mask.apply(to: spans, into: &masked)
            isMasked = true
        } else {
            isMasked = false
        }
        // Conic gradients size their table by the painted area (the shape's box in
        // the clip: the same for every band); nothing else needs it.
        var area: PixelRect? = nil
        if isConic, let reach, reach.isFinite { area = PixelRect(covering: reach, within: bounds) }
        composite(isMasked ? masked : spans, item.pointee.paint, userToDevice: t, opacity: item.pointee.opacity,
                  blendMode: item.pointee.blendMode, pass, area: area)
    }

    /// Composites spans with an item's paint, opacity and blend mode.
    func composite(_ spans: SpanBuffer, _ paint: Paint, userToDevice t: Transform, _ item: DrawItem, _ pass: Pass,
                   area: PixelRect? = nil) {
        composite(spans, paint, userToDevice: t, opacity: item.opacity, blendMode: item.blendMode, pass, area: area)
    }

    /// Composites spans with a paint, an opacity and a blend mode.
    func composite(_ spans: SpanBuffer, _ paint: Paint, userToDevice t: Transform, opacity: Double,
                   blendMode: CanvasPaint.BlendMode, _ pass: Pass, area: PixelRect? = nil) {
        switch pass.target {
        case .rgba8(let pixmap):
            guard let source = PaintSources.rgba8(paint, userToDevice: t, opacity: opacity, area: area,
                                                  table: &gradientTable) else {
                // An invisible source still changes the destination in these modes.
                if !blendMode.transparentSourceKeepsDestination {
                    compositor.composite(spans, .solid(PremultipliedColor(packed: 0)), mode: blendMode, into: pixmap)
                }
                return
            }
            compositor.composite(spans, source, mode: blendMode, into: pixmap)
        case .float(let pixmap, let extended):
            floatCompositor.clampToUnit = !extended
            guard let source = PaintSources.float(paint, userToDevice: t, opacity: opacity, extended: extended,
                                                  area: area) else {
                if !blendMode.transparentSourceKeepsDestination {
                    floatCompositor.composite(spans, .solid(.zero), mode: blendMode, into: pixmap)
                }
                return
            }
            floatCompositor.composite(spans, source, mode: blendMode, into: pixmap)
        }
    }

    /// The coverage of a shape under device transform `t`, within `clip`.
    ///
    /// With a `reduction` k > 1, each pixel of the surface stands for a block of
    /// k × k pixels of the full resolution, whose average coverage it is to hold (a
    /// wide blur's input, `Renderer.evaluateReduced`): a hairline is 1/k wide, one
    /// full-resolution pixel's ink, and an aliased shape is covered anti-aliased,
    /// its area, which is what a block's average of its aliased pixels comes to
    /// give or take a pixel's rounding (a sample at the block's centre would move
    /// its edges by up to half a block).
    func coverage(_ geometry: Geometry, _ operation: DrawItem.Operation, _ t: Transform, clip: PixelRect,
                  reduction: Int = 1, into out: inout SpanBuffer) {
        switch operation {
        case .fill(let rule, let aa):
            rasterize(geometry, t, rule: rule, antialiased: aa || reduction > 1, clip: clip, into: &out)
        case .stroke(let style, let aa):
            stroke(geometry, style, t, antialiased: aa || reduction > 1, hairline: 1 / Double(max(reduction, 1)),
                   clip: clip, into: &out)
        }
    }

    /// A conservative device-space bounding box of what a shape can cover.
    func deviceBounds(_ geometry: Geometry, _ operation: DrawItem.Operation, _ t: Transform) -> Rect {
        var r = geometry.controlBounds.transformed(by: t)
        if case .stroke(let style, _) = operation {
            let reach = style.width == 0 ? 1 : Renderer.strokeReach(style, scale: t.maxScale)
            r = Rect(minX: r.minX - reach, minY: r.minY - reach, maxX: r.maxX + reach, maxY: r.maxY + reach)
        }
        return r
    }

    /// How far (device pixels) a stroke's outline can reach from its path: half
    /// the width, times the miter limit for miter joins (Core Graphics' limit is
    /// the miter length over the width) and √2 for square caps, plus a pixel.
    package static func strokeReach(_ style: StrokeParameters, scale: Double) -> Double {
        style.width / 2 * max(1, style.join == .miter ? style.miterLimit : 1) * scale * (style.cap == .square ? 1.5 : 1) + 1
    }

    /// The corners of `clip` mapped back through `inverse` (device → stroke space),
    /// or `nil` when they are not finite.
    static func corners(_ clip: PixelRect, inverse: Transform) -> [Point]? {
        let x0 = Double(clip.x0), y0 = Double(clip.y0), x1 = Double(clip.x1), y1 = Double(clip.y1)
        let points = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)].map { inverse.apply($0) }
        return points.allSatisfy { $0.x.isFinite && $0.y.isFinite } ? points : nil
    }

    /// The part of a stroke's space that can show through `clip`: the clip grown by
    /// the stroke's reach, mapped back through `inverse` (device → stroke space).
    /// `nil` when that is not finite (then everything is flattened).
    static func strokeVisibleRect(_ clip: PixelRect, reach: Double, inverse: Transform) -> Rect? {
        strokeVisibleRect(Rect(minX: Double(clip.x0), minY: Double(clip.y0), maxX: Double(clip.x1), maxY: Double(clip.y1)),
                          reach: reach + 1, inverse: inverse)
    }

    /// The part of a stroke's space that can show in `shown` (a page, in the space
    /// `inverse` maps back from): `shown` grown by `reach`, mapped back.
    package static func strokeVisibleRect(_ shown: Rect, reach: Double, inverse: Transform) -> Rect? {
        let grown = Rect(minX: shown.minX - reach, minY: shown.minY - reach, maxX: shown.maxX + reach, maxY: shown.maxY + reach)
        let r = grown.transformed(by: inverse)
        return r.isFinite ? r : nil
    }

    // MARK: Layers

    private func drawLayer(_ id: Int32, _ item: DrawItem, _ list: DisplayList, _ pass: Pass, _ region: ClipRegion) {
        var bounds = region.bounds
        // Where a transparent source leaves the destination alone, the surface need
        // only cover what the layer draws (a small faded symbol on a large canvas
        // then costs its own size, not the canvas's).
        if item.blendMode.transparentSourceKeepsDestination,
           let content = layerContentBounds(id, list, pass, depth: 0) {
            guard content.isFinite, !content.isEmpty else { return }
            // Clamped on both sides: content wholly far off to one side has a huge
            // maximum of the other sign.
            let box = PixelRect(x0: clampedInt(content.minX.rounded(.down) - 1, -1 << 30, 1 << 30),
                                y0: clampedInt(content.minY.rounded(.down) - 1, -1 << 30, 1 << 30),
                                x1: clampedInt(content.maxX.rounded(.up) + 1, -1 << 30, 1 << 30),
                                y1: clampedInt(content.maxY.rounded(.up) + 1, -1 << 30, 1 << 30))
            bounds = bounds.intersection(box)
            guard !bounds.isEmpty else { return }
        }
        // A band skips a layer wholly outside its rows (it composites only those).
        guard !pass.limited(bounds).isEmpty else { return }
        guard let layer = renderLayerContent(id, list, pass, bounds: bounds, ungroupedItem: item) else { return }
        compositeLayer(layer, origin: (bounds.x0, bounds.y0), item, pass, region)
        release(layer)
    }

    /// A conservative box, in the pass's pixels, of everything layer `id` draws, or
    /// `nil` when that is not known (filters that can colour transparent pixels, or
    /// deep nesting). Blend modes need not be considered: over a transparent source
    /// every mode leaves the destination or clears it, so nothing outside the items'
    /// boxes becomes non-transparent in a layer that starts transparent.
    func layerContentBounds(_ id: Int32, _ list: DisplayList, _ pass: Pass, depth: Int) -> Rect? {
        guard depth < 16, id >= 0, Int(id) < list.layers.count else { return nil }
        var union: Rect? = nil
        for item in list.layers[Int(id)].items {
            var b: Rect
            if item.isShape {
                let t = item.transform.concatenating(pass.device)
                guard t.isFinite else { continue }          // drawn as nothing
                b = deviceBounds(item.shape.geometry, item.shape.operation, t)
                guard b.isFinite else { return nil }
            } else {
                guard let inner = layerContentBounds(item.layer, list, pass, depth: depth + 1) else { return nil }
                if inner.isEmpty { continue }
                b = inner
            }
            if item.filter >= 0 {
                // Where the filters' output can be non-transparent.
                guard let spread = filteredSupport(item, list, pass, content: b) else { return nil }
                if spread.isEmpty { continue }
                b = Rect(minX: Double(spread.x0), minY: Double(spread.y0), maxX: Double(spread.x1), maxY: Double(spread.y1))
            }
            union = union.map { $0.union(b) } ?? b
        }
        return union ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    /// Renders layer `id` into a new transparent surface over `bounds` (in the pass's
    /// pixels), in the layer's colour mode. When the surface is over budget or the
    /// nesting too deep, the layer is drawn straight into the pass instead (without
    /// grouping) and `nil` returned.
    func renderLayerContent(_ id: Int32, _ list: DisplayList, _ pass: Pass, bounds: PixelRect,
                            ungroupedItem: DrawItem?) -> RenderTarget? {
        guard id >= 0, Int(id) < list.layers.count else { return nil }
        let mode = list.layers[Int(id)].colorMode ?? pass.target.mode
        let bytes = bounds.width * bounds.height * (mode == .nonLinear ? 4 : 16)
        guard pass.depth < Renderer.maximumLayerDepth, layerBytes + bytes <= layerBudget,
              let target = RenderTarget.make(mode, width: bounds.width, height: bounds.height) else {
            Diagnostics.report(.layerBudget)
            if ungroupedItem != nil { renderLayer(id, list, into: pass) }
            return nil
        }
        layerBytes += bytes
        let inner = Pass(target: target, device: pass.device.concatenating(.translation(Double(-bounds.x0), Double(-bounds.y0))),
                         depth: pass.depth + 1)
        renderLayer(id, list, into: inner)
        return target
    }

    func release(_ target: RenderTarget) {
        layerBytes -= target.bounds.width * target.bounds.height * target.bytesPerPixel
    }

    /// Composites a layer surface whose pixel (0, 0) sits at `origin` through the
    /// clip region, with the item's blend mode and opacity.
    func compositeLayer(_ layer: RenderTarget, origin: (Int, Int), _ item: DrawItem, _ pass: Pass, _ region: ClipRegion,
                        blendMode: BlendMode? = nil, dither: Bool = false) {
        let mode = blendMode ?? item.blendMode
        let opacity = min(max(item.opacity.isNaN ? 0 : item.opacity, 0), 1)
        let layerRect = PixelRect(x0: origin.0, y0: origin.1, x1: origin.0 + layer.bounds.width,
                                  y1: origin.1 + layer.bounds.height)
        // Where a transparent source leaves the destination alone, only the layer's
        // own rectangle needs compositing; otherwise the whole clip region.
        let area = pass.limited(mode.transparentSourceKeepsDestination ? region.bounds.intersection(layerRect)
                                                                       : region.bounds)
        guard !area.isEmpty else { return }
        switch pass.target {
        case .rgba8(let pixmap):
            let source: Pixmap
            switch layer {
            case .rgba8(let p): source = p
            case .float(let p, _):
                guard let converted = try? Pixmap(width: p.width, height: p.height) else { return }
                p.encode(into: converted)
                source = converted
            }
            let paint = PaintSource.pixmap(source, originX: origin.0, originY: origin.1,
                                           opacity: UInt8(opacity * 255 + 0.5))
            switch region {
            case .rect: compositor.composite(area, paint, mode: mode, into: pixmap)
            case .mask(let m): compositor.composite(maskSpans(m, area), paint, mode: mode, into: pixmap)
            }
        case .float(let pixmap, let extended):
            floatCompositor.clampToUnit = !extended
            let source: FloatPixmap
            switch layer {
            case .float(let p, _): source = p
            case .rgba8(let p):
                guard let plane = Plane.from(p, rect: p.bounds, linearize: true) else { return }
                source = plane.pixels
            }
            let paint = FloatPaintSource.pixmap(source, originX: origin.0, originY: origin.1, opacity: Float(opacity))
            switch region {
            case .rect: floatCompositor.composite(area, paint, mode: mode, into: pixmap)
            case .mask(let m): floatCompositor.composite(maskSpans(m, area), paint, mode: mode, into: pixmap)
            }
        }
    }

    /// The mask's coverage inside `area`, as spans.
    func maskSpans(_ mask: CoverageMask, _ area: PixelRect) -> SpanBuffer {
        spans.removeAll()
        let r = area.intersection(mask.bounds)
        if !r.isEmpty {
            for y in r.y0..<r.y1 { spans.addConstant(x: r.x0, y: y, length: r.width, alpha: 255) }
        }
        masked.removeAll()
        mask.apply(to: spans, into: &masked)
        return masked
    }

    // MARK: Rasterization

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
            // Rows cut at whole pixels keep their coverage.
            let rows = scan.rows.map { PixelRect(x0: clip.x0, y0: max(clip.y0, $0.lowerBound), x1: clip.x1,
                                                 y1: min(clip.y1, $0.upperBound)) } ?? clip
            if !rows.isEmpty { RectCoverage.fill(r.transformed(by: t), clip: rows, antialiased: antialiased, into: &out) }
            return
        }
        if case .glyphs(let run) = geometry, rule == .nonZero,
           fillGlyphsFromCache(run, t, antialiased: antialiased, clip: clip, into: &out) {
            if let rows = scan.rows { out.keepRows(rows) }
            return
        }
        edges.reset(clip: clip)
        switch geometry {
        case .rect, .ellipse, .roundedRect:
            // Convex by construction (an affine map keeps them convex).
            edges.isConvex = true
        case .line, .path, .glyphs:
            break
        }
        geometry.replay(into: &edges, transform: t)
        edges.finish()
        if antialiased {
            scan.fill(&edges, rule: rule, into: &out)
        } else {
            AliasedScan.fill(&edges, rule: rule, into: &out)
            if let rows = scan.rows { out.keepRows(rows) }
        }
    }

    /// A shape's path for the stroker: a rectangle, ellipse or rounded rectangle is
    /// written into storage kept from stroke to stroke.
    private func strokedPath(_ geometry: Geometry) -> PathData {
        switch geometry {
        case .rect(let r):
            strokePath.removeAll(keepingCapacity: true); strokePath.addRect(r)
        case .ellipse(let r):
            strokePath.removeAll(keepingCapacity: true); strokePath.addEllipse(in: r)
        case .roundedRect(let r, let radii, let style):
            strokePath.removeAll(keepingCapacity: true); strokePath.addRoundedRect(r, radii: radii, style: style)
        case .line(let a, let b):
            strokePath.removeAll(keepingCapacity: true); strokePath.move(to: a); strokePath.line(to: b)
        case .path, .glyphs:
            return geometry.pathData
        }
        return strokePath
    }

    private func stroke(_ geometry: Geometry, _ style: StrokeParameters, _ t: Transform, antialiased: Bool,
                        hairline: Double, clip: PixelRect, into out: inout SpanBuffer) {
        let path = strokedPath(geometry)
        outline.removeAll()
        var device = t
        if style.width == 0 {
            // A hairline: `hairline` device pixels wide (1, or one pixel of the full
            // resolution when drawing at a reduced one) whatever the transform,
            // except a singular one, under which nothing covers any area.
            guard t.determinant != 0 else { return }
            var hair = style
            hair.width = hairline
            let visible = Renderer.strokeVisibleRect(clip, reach: Renderer.strokeReach(hair, scale: 1), inverse: .identity)
            Stroker.stroke(path.transformed(by: t), hair, tolerance: Flattening.tolerance, visible: visible,
                           into: &outline)
            device = .identity
        } else {
            let scale = t.maxScale
            guard scale > 0, scale.isFinite else { return }
            let inverse = t.inverted
            let visible = inverse.flatMap {
                Renderer.strokeVisibleRect(clip, reach: Renderer.strokeReach(style, scale: scale), inverse: $0)
            }
            // Only a pen at least as wide as the clip's diagonal can cover it (the
            // corners are not worked out otherwise).
            let diagonal = (Double(clip.width) * Double(clip.width) + Double(clip.height) * Double(clip.height)).squareRoot()
            let corners = style.width * scale >= diagonal ? inverse.flatMap { Renderer.corners(clip, inverse: $0) } : nil
            Stroker.stroke(path, style, tolerance: Flattening.tolerance / scale, visible: visible,
                           clip: corners, metric: FlatteningMetric(t), into: &outline)
        }
        guard !outline.contourEnds.isEmpty else { return }
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
            if let rows = scan.rows { out.keepRows(rows) }
        }
    }
}
