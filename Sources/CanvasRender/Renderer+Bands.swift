import Dispatch
import CanvasGeometry
#if canImport(Glibc)
import Glibc
#endif

/// One frame on several threads: the target is cut into horizontal bands of equal
/// height, and each band is drawn by its own renderer (this one for the first, kept
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

    /// How many bands a target of `width × height` is drawn in.
    func bandCount(width: Int, height: Int) -> Int {
        let threads = min(max(threadCount, 1), Renderer.maximumThreadCount)
        guard threads > 1, width > 0, height >= 2 * Renderer.minimumBandRows,
              width.multipliedReportingOverflow(by: height).partialValue >= Renderer.minimumBandedPixels else { return 1 }
        return min(threads, height / Renderer.minimumBandRows)
    }

    /// Runs `draw` for `count` bands of rows `0 ..< height` at once, band 0 with this
    /// renderer. What the bands report is reported once, from the calling thread.
    func renderInBands(_ count: Int, height: Int, _ draw: (Renderer, Range<Int>) -> Void) {
        while bandRenderers.count < count - 1 {
            let helper = Renderer()
            helper.threadCount = 1
            bandRenderers.append(helper)
        }
        for helper in bandRenderers { helper.layerBudget = layerBudget }
        var reports = [Diagnostics.Report](repeating: Diagnostics.Report(largestOf: []), count: count)
        let renderers = [self] + bandRenderers
        reports.withUnsafeMutableBufferPointer { slots in
            withoutActuallyEscaping(draw) { draw in
                let job = BandJob(renderers: renderers, draw: draw, slots: slots, height: height, count: count)
                DispatchQueue.concurrentPerform(iterations: count) { band in job.run(band) }
            }
        }
        Diagnostics.replay(Diagnostics.Report(largestOf: reports))
    }
}

/// The bands of one frame, handed to the threads that draw them. Each band uses
/// its own renderer and writes its own slot and rows, so nothing is shared
/// between threads but the read-only display list and the target's memory, of
/// which each band writes disjoint rows (hence `@unchecked`).
private struct BandJob: @unchecked Sendable {
    let renderers: [Renderer]
    let draw: (Renderer, Range<Int>) -> Void
    let slots: UnsafeMutableBufferPointer<Diagnostics.Report>
    let height: Int
    let count: Int

    func run(_ band: Int) {
        let rows = height * band / count ..< height * (band + 1) / count
        slots[band] = Diagnostics.deferring { draw(renderers[band], rows) }.report
    }
}
