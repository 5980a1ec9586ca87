import CanvasGeometry
import CanvasRaster

/// Glyphs to fill, as recorded: faces' outlines at a scale, placed in user space.
/// The renderer draws them from its glyph mask cache when the transform allows
/// (scale and translation), and as outlines otherwise; everything else (strokes,
/// clips, hit tests) sees the combined outline.
public final class GlyphRunGeometry: Sendable {
    public struct Glyph: Sendable {
        public var id: UInt32
        /// The glyph origin (on the baseline), user space.
        public var x: Double
        public var y: Double
        public init(id: UInt32, x: Double, y: Double) { self.id = id; self.x = x; self.y = y }
    }

    public struct Run: Sendable {
        public var source: any GlyphOutlineSource
        /// Points per font unit (the em size over units per em).
        public var scale: Double
        /// Horizontal scale on top of `scale` (a synthesized font width).
        public var widthScale: Double
        public var glyphs: [Glyph]
        public init(source: any GlyphOutlineSource, scale: Double, widthScale: Double = 1, glyphs: [Glyph]) {
            self.source = source; self.scale = scale; self.widthScale = widthScale; self.glyphs = glyphs
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
    /// the same runs storage (a laid-out text's, shared by the layout cache) at the
    /// same origin. (Quick and conservative: equal runs in other storage count as
    /// different.)
    public func drawsTheSame(as other: GlyphRunGeometry) -> Bool {
        if self === other { return true }
        guard origin == other.origin, bounds == other.bounds, runs.count == other.runs.count else { return false }
        return runs.withUnsafeBufferPointer { a in other.runs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
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
