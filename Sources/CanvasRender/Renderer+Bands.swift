import CanvasGeometry
#if canImport(Glibc)
import Glibc
#endif

/// One frame on several threads: the target is cut into horizontal bands of about
/// equal work (`bandCuts`), and each band is drawn by its own renderer (this one for the first, kept
/// helpers for the others), all at once.
///
/// Every band plays the whole display list, computing each thing exactly as a
/// single renderer would for the whole target — the same edges (clipped to the
/// whole clip, never to the band), the same clip masks, layer surfaces and filter
/// planes — and writes only its own rows. The scan converter accumulates only
/// those rows, and each row's coverage is summed from edge positions evaluated at
/// that row's own boundaries, so it does not depend on which other rows are done.
/// The output is therefore the same byte for byte as one thread's (the tests
/// compare every gallery scene and a stream of random drawing).
///
/// What is cheap to split is split: shapes wholly outside a band are skipped
/// there, and a shape across several bands has its coverage and compositing
/// divided between them (only its edges are built in each). Layers and filters
/// are computed whole by every band whose rows they reach, and composited there;
/// a frame of one big blurred layer gains nothing from bands.
extension Renderer {
    /// The threads a renderer uses unless told otherwise: `OPENCANVAS_RENDER_THREADS`
    /// when set to a positive number, otherwise the machine's processors (at most 8).
    public static let defaultThreadCount: Int = {
        if let value = getenv("OPENCANVAS_RENDER_THREADS").map({ String(cString: $0) }), let n = Int(value), n > 0 {
            return min(n, maximumThreadCount)
        }
        return min(max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))), 8)
    }()

    /// The most bands a frame is cut into.
    public static let maximumThreadCount = 64

    /// Bands are at least this many rows tall, and a target under
    /// `minimumBandedPixels` is drawn on one thread: below that, starting the bands
    /// costs more than they save.
    static let minimumBandRows = 32
    static let minimumBandedPixels = 1 << 16
    /// The estimated work (in `bandCuts`' units: about a pixel composited each) below
    /// which a frame is drawn on one thread: about a third of a millisecond here.
    static let minimumBandedWork = 300_000.0

    /// How many bands a target of `width × height` is drawn in.
    func bandCount(width: Int, height: Int) -> Int {
        let threads = min(max(threadCount, 1), Renderer.maximumThreadCount)
        guard threads > 1, width > 0, height >= 2 * Renderer.minimumBandRows,
              width.multipliedReportingOverflow(by: height).partialValue >= Renderer.minimumBandedPixels else { return 1 }
        return min(threads, height / Renderer.minimumBandRows)
    }

    /// Where to cut rows `0 ..< height` into `count` bands of about equal work:
    /// each root item's estimated cost (a set-up charge plus the pixels of its box)
    /// spread over the rows its box covers, plus the rows' clearing, summed in
    /// buckets of rows; the cuts fall where the running sum passes each k/count of
    /// the total. (Drawing confined to the top of a tall frame is then split
    /// between the bands, not left to the first one.) Sets `bandCutRows` to `count + 1` row
    /// numbers from 0 to `height`, or just `[0, height]` (one band) when the whole
    /// frame is estimated below `minimumBandedWork`: starting threads then costs
    /// more than it saves. Where the cuts fall does not change the output.
    func bandCuts(_ count: Int, _ list: DisplayList, device: Transform, width: Int, height: Int,
                  range: Range<Int>?, clearing: Range<Int>) {
        let bucketRows = Renderer.minimumBandRows / 2
        let buckets = (height + bucketRows - 1) / bucketRows
        // The buffers are the renderer's, taken for the call (so that writing
        // them is not a property access per element, nor a copy) and given back.
        var cost = bandCosts
        bandCosts = []
        defer { bandCosts = cost }
        cost.removeAll(keepingCapacity: true)
        cost.append(contentsOf: repeatElement(0, count: buckets))
        // Clearing a pixel costs about a twentieth of drawing one.
        for k in 0..<buckets {
            let rows = (k * bucketRows ..< (k + 1) * bucketRows).clamped(to: clearing)
            cost[k] = Double(width) * Double(rows.count) * 0.05
        }
        let H = Double(height), W = Double(width)
        forEachRootBox(list, device: device, range: range) { box, item in
            // Layers and filtered items: over the whole frame (every band computes them).
            let top = box.map { min(max($0.minY, 0), H) } ?? 0, bottom = box.map { min(max($0.maxY, 0), H) } ?? H
            let left = box.map { min(max($0.minX, 0), W) } ?? 0, right = box.map { min(max($0.maxX, 0), W) } ?? W
            guard bottom > top else { return true }
            // A shape's set-up (outline, edges) costs about what a thousand pixels
            // do; text costs by its glyphs (its box is loose: the face's reach).
            var total = 1000 + (right - left) * (bottom - top)
            if item.pointee.isShape, case .glyphs(let run) = item.pointee.shape.geometry {
                total = 1000 + 300 * Double(run.runs.reduce(0) { $0 + $1.glyphs.count })
            }
            let first = Int(top) / bucketRows, last = min(Int(bottom) / bucketRows, buckets - 1)
            let share = total / Double(last - first + 1)
            for k in first...last { cost[k] += share }
            return true
        }
        let sum = cost.reduce(0, +)
        var cuts = bandCutRows
        bandCutRows = []
        defer { bandCutRows = cuts }
        cuts.removeAll(keepingCapacity: true)
        cuts.append(0)
        if sum < Renderer.minimumBandedWork { return cuts.append(height) }
        var running = 0.0
        var k = 0
        for band in 1..<count {
            let goal = sum * Double(band) / Double(count)
            while k < buckets && running + cost[k] <= goal {
                running += cost[k]
                k += 1
            }
            // At least one bucket per band, and room for the bands after.
            let row = min(max(k * bucketRows, cuts[cuts.count - 1] + bucketRows), height - (count - band) * bucketRows)
            cuts.append(max(row, cuts[cuts.count - 1]))
        }
        cuts.append(height)
    }

    /// Calls `body` with the device box of each root item (those in `range`) whose
    /// drawing stays inside its box, and with `nil` for the others (layers,
    /// filtered items, non-finite boxes: they may cover any pixel of their clip);
    /// unfiltered shapes under a non-finite transform draw nothing and are skipped. The items
    /// are read in place, not copied. `body` returns false to stop.
    func forEachRootBox(_ list: DisplayList, device: Transform, range: Range<Int>?,
                        _ body: (Rect?, UnsafePointer<DrawItem>) -> Bool) {
        list.layers[0].items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for i in range.map({ $0.clamped(to: items.indices) }) ?? items.indices {
                let item = base + i
                var box: Rect? = nil
                if item.pointee.isShape, item.pointee.filter < 0 {
                    let t = item.pointee.transform.concatenating(device)
                    guard t.isFinite else { continue }
                    let b = deviceBounds(item.pointee.shape.geometry, item.pointee.shape.operation, t)
                    if b.isFinite { box = b }
                }
                if !body(box, item) { return }
            }
        }
    }

    /// Draws `drawing` in the bands between consecutive `cuts` at once, the first
    /// with this renderer, on the renderer's band threads. What the bands report is
    /// reported once, from the calling thread. Allocates nothing once the helpers
    /// and threads exist.
    func renderInBands(_ cuts: [Int], _ drawing: BandDrawing) {
        let count = cuts.count - 1
        if count <= 1 { return drawing.draw(with: self, rows: cuts[0] ..< cuts[cuts.count - 1], whole: false) }
        while bandRenderers.count < count - 1 {
            let helper = Renderer()
            helper.threadCount = 1
            bandRenderers.append(helper)
        }
        while bandHolders.count < count { bandHolders.append(Diagnostics.Holder()) }
        for helper in bandRenderers { helper.layerBudget = layerBudget }
        let threads = bandThreads ?? BandThreads()
        bandThreads = threads
        var frame = BandFrame(first: self, helpers: bandRenderers, holders: bandHolders, drawing: drawing, cuts: cuts)
        withUnsafePointer(to: &frame) { frame in
            threads.run(BandThreads.Job(count: count, context: UnsafeRawPointer(frame)) { frame, band in
                frame.assumingMemoryBound(to: BandFrame.self).pointee.run(band)
            }, helpers: count - 1)
        }
        // Reported once per kind and frame, as the largest count of any band (a
        // shape drawn across two bands reports in both).
        if bandHolders.prefix(count).contains(where: { !$0.isEmpty }) {
            Diagnostics.replay(Diagnostics.Report(largestOf: bandHolders.prefix(count).map(\.report)))
        }
    }
}

/// What each band of a frame draws: the root layer's items (those of `range`) into
/// its rows of `target`, after setting its rows of `clear.rows` outside
/// `clear.covered` to `clear.value` (an 8-bit target's new frame).
struct BandDrawing {
    let list: DisplayList
    let target: RenderTarget
    let device: Transform
    let range: Range<Int>?
    let clear: (value: UInt32, rows: Range<Int>, covered: Range<Int>)?

    /// Clears and draws `rows` with `renderer` (`whole`: they are all the target's
    /// rows, drawn without a rows window).
    func draw(with renderer: Renderer, rows: Range<Int>, whole: Bool) {
        if let clear, case .rgba8(let pixmap) = target {
            let r = rows.clamped(to: clear.rows)
            func fill(_ rows: Range<Int>) {
                if !rows.isEmpty { pixmap.row(rows.lowerBound).update(repeating: clear.value, count: rows.count * pixmap.width) }
            }
            if clear.covered.isEmpty {
                fill(r)
            } else {
                // Above and below the covered rows.
                fill(r.lowerBound..<max(r.lowerBound, min(r.upperBound, clear.covered.lowerBound)))
                fill(min(r.upperBound, max(r.lowerBound, clear.covered.upperBound))..<r.upperBound)
            }
        }
        renderer.renderRoot(list, target, device: device, range: range, rows: whole ? nil : rows)
    }
}

/// The bands of one frame, handed to the threads that draw them. Each band uses
/// its own renderer and holder, and writes its own rows, so nothing is shared
/// between threads but the read-only display list and the target's memory, of
/// which each band writes disjoint rows.
private struct BandFrame {
    /// The renderer drawing the first band (held by the caller for the whole job).
    unowned(unsafe) let first: Renderer
    let helpers: [Renderer]
    let holders: [Diagnostics.Holder]
    let drawing: BandDrawing
    let cuts: [Int]

    func run(_ band: Int) {
        let rows = cuts[band] ..< cuts[band + 1]
        let renderer = band == 0 ? first : helpers[band - 1]
        Diagnostics.holding(in: holders[band]) { drawing.draw(with: renderer, rows: rows, whole: false) }
    }
}
