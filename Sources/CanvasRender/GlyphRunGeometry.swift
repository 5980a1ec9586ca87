import CanvasGeometry
import CanvasRaster

/// Glyphs to fill, as recorded: faces' outlines at a scale, placed in user space.
/// The renderer draws them from its glyph mask cache when the transform allows
/// (scale and translation), and as outlines otherwise; everything else (strokes,
/// clips, hit tests) sees the combined outline.
public final class GlyphRunGeometry: Sendable {
    public struct Glyph: Sendable {
        public var id: UInt32
        /// Where the glyph's characters start in its run's `text` (see `GlyphRunText`).
        public var cluster: UInt32
        /// The glyph origin (on the baseline), user space.
        public var x: Double
        public var y: Double
        public init(id: UInt32, cluster: UInt32 = GlyphRunText.unknown, x: Double, y: Double) {
            self.id = id; self.cluster = cluster; self.x = x; self.y = y
        }
    }

    public struct Run: Sendable {
        public var source: any GlyphOutlineSource
        /// Points per font unit (the em size over units per em).
        public var scale: Double
        /// Horizontal scale on top of `scale` (a synthesized font width).
        public var widthScale: Double
        public var glyphs: [Glyph]
        /// The characters the glyphs stand for, when known (vector output writes
        /// them so that the text can be selected and searched).
        public var text: GlyphRunText?
        public init(source: any GlyphOutlineSource, scale: Double, widthScale: Double = 1, glyphs: [Glyph],
                    text: GlyphRunText? = nil) {
            self.source = source; self.scale = scale; self.widthScale = widthScale; self.glyphs = glyphs
            self.text = text
        }
    }

    /// Glyph positions are relative to `origin` (so a laid-out text's runs are
    /// shared by every place it is drawn).
    public let runs: [Run]
    public let origin: Point
    /// A box (user space) that holds every glyph's outline, from the layout: it
    /// need not be tight (the renderer finds the glyphs' own boxes), only
    /// conservative.
    public let bounds: Rect

    public init(runs: [Run], origin: Point = Point(0, 0), bounds: Rect) {
        self.runs = runs
        self.origin = origin
        self.bounds = bounds
    }

    public var isEmpty: Bool { runs.allSatisfy { $0.glyphs.isEmpty } }

    /// Whether `other` draws the same glyphs at the same place: the same object, or
    /// equal runs at the same origin. Runs in the same storage (a laid-out text's,
    /// shared by the layout cache) are equal at once; otherwise they are compared
    /// glyph by glyph, faces by identity (the cache may have dropped a layout
    /// between two frames, or another thread laid the same text out again).
    public func drawsTheSame(as other: GlyphRunGeometry) -> Bool {
        if self === other { return true }
        guard origin == other.origin, bounds == other.bounds, runs.count == other.runs.count else { return false }
        return runs.withUnsafeBufferPointer { a in
            other.runs.withUnsafeBufferPointer { b in
                if a.baseAddress == b.baseAddress { return true }
                for k in a.indices {
                    let r = a[k], s = b[k]
                    guard r.source === s.source, r.scale == s.scale, r.widthScale == s.widthScale,
                          r.glyphs.count == s.glyphs.count else { return false }
                    let equal = r.glyphs.withUnsafeBufferPointer { g in
                        s.glyphs.withUnsafeBufferPointer { h in
                            if g.baseAddress == h.baseAddress { return true }
                            for i in g.indices where g[i].id != h[i].id || g[i].x != h[i].x || g[i].y != h[i].y {
                                return false
                            }
                            return true
                        }
                    }
                    if !equal { return false }
                }
                return true
            }
        }
    }

    /// The map from a glyph's font units (y up) to user space.
    @inlinable
    func glyphTransform(_ g: Glyph, in run: Run) -> Transform {
        Transform(a: run.scale * run.widthScale, b: 0, c: 0, d: -run.scale, tx: origin.x + g.x, ty: origin.y + g.y)
    }

    /// All outlines as one path in user space.
    public var pathData: PathData {
        var path = PathData()
        for run in runs {
            for g in run.glyphs {
                let outline = run.source.outline(glyph: g.id)
                if !outline.isEmpty { path.append(outline, transform: glyphTransform(g, in: run)) }
            }
        }
        return path
    }

    /// Sends every outline to a sink through `t`.
    public func replay<S: PathSink>(into sink: inout S, transform t: Transform) {
        for run in runs {
            for g in run.glyphs {
                let outline = run.source.outline(glyph: g.id)
                if outline.isEmpty { continue }
                outline.replay(into: &sink, transform: glyphTransform(g, in: run).concatenating(t))
            }
        }
    }
}

extension GlyphRunGeometry: Hashable {
    public static func == (a: GlyphRunGeometry, b: GlyphRunGeometry) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The text a laid-out text's glyphs came from: its UTF-16 units and the offsets
/// where clusters start and items end. A glyph's characters run from its cluster to
/// the next boundary (so a ligature's glyph stands for all of its letters).
public final class GlyphRunText: Sendable {
    /// A glyph whose characters are not known.
    public static let unknown = UInt32.max - 1
    /// A truncation's ellipsis.
    public static let ellipsis = UInt32.max

    public let units: [UInt16]
    public let boundaries: [Int32]

    public init(units: [UInt16], boundaries: [Int32]) {
        self.units = units
        self.boundaries = boundaries
    }

    /// The characters of the cluster starting at `cluster` (empty when unknown).
    public func characters(ofCluster cluster: UInt32) -> String {
        if cluster == GlyphRunText.ellipsis { return "\u{2026}" }
        guard cluster < GlyphRunText.unknown, Int(cluster) < units.count else { return "" }
        let start = Int(cluster)
        // The first boundary after the start (binary search).
        var lo = 0, hi = boundaries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(boundaries[mid]) <= start { lo = mid + 1 } else { hi = mid }
        }
        let end = lo < boundaries.count ? min(Int(boundaries[lo]), units.count) : units.count
        guard end > start else { return "" }
        return String(decoding: units[start..<end], as: UTF16.self)
    }
}
