import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CPixelKernels
#if canImport(Glibc)
import Glibc
#endif

/// The summed glyph coverage of whole glyph runs (labels), by run and device
/// placement, so that a label drawn again where it was — in every frame of a host,
/// or every render of the same drawing — copies its rows instead of finding,
/// placing and summing its glyphs' masks again.
///
/// - A run is kept the second time it is drawn at one placement (a run drawn once,
///   as moving text is, costs no copy); its entry holds the run, so that the run's
///   identity, the key, cannot be taken by another object while the entry stands.
/// - The coverage at a pixel does not depend on the clip it was summed in (the
///   saturating sum is the same in any order), so an entry summed over the run's
///   whole box serves any clip: rows are cut to the clip and their zero ends
///   trimmed, which gives exactly the spans summing in that clip gives.
/// - Bounded: past `byteBudget` it starts again empty (between draws only).
final class LabelCoverageCache {
    /// What an entry is about: its run, where the run landed, and the box summed.
    struct Header {
        let run: GlyphRunGeometry
        let placement: Placement
        let box: PixelRect
        /// The render that last drew it (see `beginRender`).
        var lastUsed: UInt32 = 0
    }

    /// A run's coverage summed over its whole box, in one allocation (a label's
    /// data on consecutive cache lines): for each row of `box`, the covered columns
    /// `[first, end)` relative to `box.x0` as two `Int32`s (empty rows have
    /// first == end), then those columns' bytes, row after row.
    final class Entry: ManagedBuffer<Header, UInt8> {
        static func make(_ header: Header, extents: [Int32], bytes: [UInt8]) -> Entry {
            let e = unsafeDowncast(Entry.create(minimumCapacity: 4 * extents.count + bytes.count) { _ in header },
                                   to: Entry.self)
            e.withUnsafeMutablePointerToElements { p in
                extents.withUnsafeBytes { UnsafeMutableRawPointer(p).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                bytes.withUnsafeBytes { b in
                    if let base = b.baseAddress { (p + 4 * extents.count).update(from: base.assumingMemoryBound(to: UInt8.self), count: b.count) }
                }
            }
            return e
        }

        var size: Int { capacity + 64 }

        /// Calls `body` for each covered row within `clip` and `rows`, with the row's
        /// first column and line (device pixels), where its bytes start (an offset
        /// from `elements`) and its length: the spans summing the run's masks within
        /// that clip makes, kept to `rows`. Rows cut by the clip lose their zero ends,
        /// as summing within the clip drops them.
        private func forEachRow(within clip: PixelRect, rows: Range<Int>?, elements: UnsafePointer<UInt8>,
                                _ body: (_ x: Int, _ y: Int, _ offset: Int, _ length: Int) -> Void) {
            let box = header.box
            var y0 = max(clip.y0, box.y0), y1 = min(clip.y1, box.y1)
            if let rows { y0 = max(y0, rows.lowerBound); y1 = min(y1, rows.upperBound) }
            guard y0 < y1, clip.x0 < box.x1, clip.x1 > box.x0 else { return }
            let lo = clip.x0 - box.x0, hi = clip.x1 - box.x0
            let extents = UnsafeRawPointer(elements)
            var offset = 8 * box.height                     // the first row's bytes, after the extents
            for row in 0..<(y1 - box.y0) {
                let first = Int(extents.loadUnaligned(fromByteOffset: 8 * row, as: Int32.self))
                let end = Int(extents.loadUnaligned(fromByteOffset: 8 * row + 4, as: Int32.self))
                defer { offset += end - first }
                guard row >= y0 - box.y0, first < end else { continue }
                var a = max(first, lo), b = min(end, hi)
                if a != first { while a < b && elements[offset + a - first] == 0 { a += 1 } }
                if b != end { while b > a && elements[offset + b - 1 - first] == 0 { b -= 1 } }
                guard a < b else { continue }
                body(box.x0 + a, box.y0 + row, offset + a - first, b - a)
            }
        }

        /// Appends the entry's spans within `clip`: what summing the run's masks in
        /// that clip makes.
        func emit(within clip: PixelRect, into out: inout SpanBuffer) {
            withUnsafeMutablePointerToElements { p in
                forEachRow(within: clip, rows: nil, elements: p) { x, y, offset, length in
                    memcpy(out.reserveMask(x: x, y: y, length: length), p + offset, length)
                }
            }
        }

        /// Source-over of `color` through the entry's coverage within `clip` and
        /// `rows`, straight from the entry's bytes: the spans `emit` makes (kept to
        /// `rows`), as span headers pointing into the entry, through the kernel
        /// every solid fill takes, so the same pixels without copying coverage.
        func fill(within clip: PixelRect, rows: Range<Int>?, color: UInt32, into pixmap: Pixmap,
                  headers: inout SpanBuffer) {
            guard color != 0 else { return }
            headers.removeAll()
            withUnsafeMutablePointerToElements { p in
                forEachRow(within: clip, rows: rows, elements: p) { x, y, offset, length in
                    headers.spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                                              length: Int32(truncatingIfNeeded: length), alpha: 0,
                                              maskOffset: Int32(truncatingIfNeeded: offset)))
                }
                guard !headers.spans.isEmpty else { return }
                let list = UnsafeRawPointer(headers.spans.pointer).assumingMemoryBound(to: oc_span.self)
                oc_fill_spans(pixmap.pixels, pixmap.width, Int32(truncatingIfNeeded: pixmap.width),
                              Int32(truncatingIfNeeded: pixmap.height), list, headers.spans.count, p, color)
            }
        }
    }

    /// Where a run lands: the device scale and the device position of its origin,
    /// compared exactly (a mask placed from them is the same only for the same values).
    struct Placement: Equatable {
        var a: Double, d: Double, x: Double, y: Double

        init(a: Double, d: Double, x: Double, y: Double) {
            self.a = a; self.d = d; self.x = x; self.y = y
        }

        /// Where `run` lands under `t` (a scale and translation).
        @inline(__always)
        init(_ run: GlyphRunGeometry, _ t: Transform) {
            self.init(a: t.a, d: t.d, x: t.a * run.origin.x + t.tx, y: t.d * run.origin.y + t.ty)
        }
    }

    var byteBudget = 8 << 20
    /// The most bytes one entry may hold (a long paragraph is not kept).
    static let entryLimit = 1 << 18
    /// Entries by their run's identity, open addressing (a probe is a multiply and
    /// one read of a table that stays in cache).
    private var table: [Entry?] = Array(repeating: nil, count: 1024)
    private(set) var count = 0
    /// Runs drawn once, by identity, and where. Identities are not held: a new run
    /// at a freed one's address only makes that run's first draw keep it. Emptied
    /// with each sweep of idle entries (`beginRender`), so text that changes every
    /// frame, whose runs are each drawn once, holds no more than a sweep's worth.
    private var seen: [ObjectIdentifier: Placement] = [:]
    private(set) var bytes = 0

    @inline(__always)
    private func slot(_ run: GlyphRunGeometry, _ mask: Int) -> Int {
        let address = UInt(bitPattern: ObjectIdentifier(run).hashValue)
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The entry of `run` at `placement`, if kept.
    func entry(_ run: GlyphRunGeometry, _ placement: Placement) -> Entry? {
        let found = table.withUnsafeBufferPointer { t -> Entry? in
            let mask = t.count - 1
            var i = slot(run, mask)
            while let e = t[i] {
                if e.header.run === run { return e.header.placement == placement ? e : nil }
                i = (i + 1) & mask
            }
            return nil
        }
        found?.header.lastUsed = generation
        return found
    }

    /// Renders counted, and how many may pass without drawing an entry before it
    /// goes: the cache holds the labels of recent frames, not every label it ever
    /// kept up to its budget (text that cycles through many values would otherwise
    /// fill it, in every renderer).
    private var generation: UInt32 = 0
    static let idleRenders: UInt32 = 64

    /// Called at the start of each render: every `idleRenders` renders, entries that
    /// none of them drew are dropped.
    func beginRender() {
        generation &+= 1
        guard generation % LabelCoverageCache.idleRenders == 0 else { return }
        if !seen.isEmpty { seen = [:] }
        guard count > 0 else { return }
        let old = table
        for i in table.indices { table[i] = nil }
        count = 0
        bytes = 0
        for case let e? in old where generation &- e.header.lastUsed < LabelCoverageCache.idleRenders {
            keep(e)
        }
    }

    /// Whether `run` at `placement` should be kept once summed: the second time it
    /// is drawn there.
    func shouldKeep(_ run: GlyphRunGeometry, _ placement: Placement) -> Bool {
        let id = ObjectIdentifier(run)
        if seen[id] == placement { return true }
        if seen.count >= 16_384 { seen.removeAll() }
        seen[id] = placement
        return false
    }

    func keep(_ entry: Entry) {
        entry.header.lastUsed = generation
        let run = entry.header.run
        seen[ObjectIdentifier(run)] = nil
        if 2 * (count + 1) > table.count { grow() }
        let mask = table.count - 1
        var i = slot(run, mask)
        while let e = table[i] {
            if e.header.run === run {
                bytes += entry.size - e.size
                table[i] = entry
                return
            }
            i = (i + 1) & mask
        }
        table[i] = entry
        count += 1
        bytes += entry.size
    }

    private func grow() {
        let old = table
        table = Array(repeating: nil, count: 2 * old.count)
        let mask = table.count - 1
        for case let e? in old {
            var i = slot(e.header.run, mask)
            while table[i] != nil { i = (i + 1) & mask }
            table[i] = e
        }
    }

    /// Empties the cache when it is over budget (between draws only).
    func trim() {
        guard bytes > byteBudget else { return }
        for i in table.indices { table[i] = nil }
        count = 0
        bytes = 0
    }
}
