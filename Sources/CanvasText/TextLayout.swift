import CanvasGeometry

/// A glyph placed in a layout box: its origin (on the baseline), in points, relative
/// to the box's top-left corner, y down.
public struct PlacedGlyph: Sendable {
    public var id: UInt32
    /// Where the glyph's text starts: its cluster's UTF-16 offset in the layout's
    /// `units`, or `PlacedGlyph.ellipsis` for a truncation's ellipsis.
    public var cluster: UInt32 = PlacedGlyph.ellipsis
    public var x: Double
    public var y: Double

    public static let ellipsis = UInt32.max
}

/// Glyphs of one face, size and colour, placed.
public struct GlyphRun: Sendable {
    public var face: FontFace
    /// The em size in points.
    public var size: Double
    public var colorTag: Int
    public var glyphs: [PlacedGlyph]
    /// Horizontal scale of the outlines (see `TextStyle.widthScale`).
    public var widthScale: Double = 1
    public var isColorBitmap: Bool { face.colorStrike != nil }
}

/// An inline box placed: its top-left corner and size, in points.
public struct PlacedAttachment: Sendable {
    public var id: Int
    public var colorTag: Int
    public var x: Double, y: Double, width: Double, height: Double
}

/// An underline or strikethrough, placed: a horizontal band centred at `y`.
public struct DecorationLine: Sendable {
    public var x0: Double, x1: Double, y: Double, thickness: Double
    public var pattern: TextDecoration.Pattern
    public var colorTag: Int
}

/// Styled text shaped, broken into lines, truncated and aligned, in points with the
/// layout box's top-left corner at (0, 0).
///
/// The steps, per paragraph (text between line separators):
/// 1. itemize: split the text where the bidi level (ICU's UBA), the script, the
///    style span or the font changes; the font is chosen per grapheme cluster — the
///    span's face when it has every glyph, else an installed fallback (colour emoji
///    for emoji presentation);
/// 2. shape each item with HarfBuzz (kerning, ligatures, complex scripts), with the
///    paragraph as context;
/// 3. break lines greedily at ICU's line-break opportunities (UAX #14), trailing
///    spaces hanging; a word wider than the width breaks between clusters;
/// 4. keep the lines that fit the line limit and height; the last one shown ends
///    with an ellipsis when text was cut (`truncation` head and middle apply to
///    single-line text; more lines truncate at the tail, as SwiftUI does);
/// 5. reorder each line's pieces visually (UBA rule L2) and align it: `leading`
///    follows the paragraph's direction (right for Arabic or Hebrew text).
public struct TextLayout: Sendable {
    public struct Line: Sendable {
        public var runs: [GlyphRun]
        public var decorations: [DecorationLine]
        public var attachments: [PlacedAttachment] = []
        /// Left edge (after alignment) and width of the line's ink advance.
        public var x: Double
        public var width: Double
        public var top: Double
        public var height: Double
        /// Baseline, from the top of the layout box.
        public var baseline: Double
        public var isRightToLeft: Bool
    }

    public var lines: [Line]
    /// Width of the widest line and height of all lines.
    public var size: (width: Double, height: Double)
    /// Whether text was cut (line limit, height or width).
    public var isTruncated: Bool
    /// The laid-out text as UTF-16, and the offsets where a glyph's text starts or
    /// an item ends (sorted, unique): a glyph's text runs from its cluster to the
    /// next of these (vector output maps glyphs back to their characters with it).
    public let units: [UInt16]
    public let clusterBoundaries: [Int32]

    /// Lays out one style of text.
    public init(_ text: String, style: TextStyle, maxWidth: Double? = nil) {
        self.init([TextSpan(text, style: style)], options: TextLayoutOptions(maxWidth: maxWidth))
    }

    public init(_ spans: [TextSpan], options: TextLayoutOptions) {
        var builder = LayoutBuilder(spans: spans, options: options)
        builder.run()
        lines = builder.lines
        size = (builder.lines.map(\.width).max() ?? 0, builder.lines.reduce(0) { $0 + $1.height })
        isTruncated = builder.truncated
        units = builder.units
        clusterBoundaries = Array(Set(builder.boundaries.map { Int32(clamping: $0) })).sorted()
        // Alignment within the box.
        let boxWidth = options.alignmentWidth.flatMap { $0.isFinite ? $0 : nil } ?? size.width
        for k in lines.indices {
            var f: Double
            switch options.alignment {
            case .leading: f = 0
            case .center: f = 0.5
            case .trailing: f = 1
            }
            if lines[k].isRightToLeft && options.alignment != .center { f = 1 - f }
            let dx = (boxWidth - lines[k].width) * f
            guard dx != 0, dx.isFinite else { continue }
            lines[k].x += dx
            for r in lines[k].runs.indices {
                for g in lines[k].runs[r].glyphs.indices { lines[k].runs[r].glyphs[g].x += dx }
            }
            for d in lines[k].decorations.indices {
                lines[k].decorations[d].x0 += dx
                lines[k].decorations[d].x1 += dx
            }
            for a in lines[k].attachments.indices { lines[k].attachments[a].x += dx }
        }
    }

    /// The first line's baseline from the top (0 when there is no line).
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }

    /// The outlines of every outline glyph of the runs with `colorTag` (all when nil),
    /// as one path in points, with the layout box's top-left at `origin`.
    public func outlines(origin: Point, colorTag: Int? = nil) -> PathData {
        var path = PathData()
        for line in lines {
            for run in line.runs where !run.isColorBitmap && (colorTag == nil || run.colorTag == colorTag) {
                let scale = run.size / run.face.unitsPerEm
                for g in run.glyphs {
                    let outline = run.face.outline(glyph: g.id)
                    if outline.isEmpty { continue }
                    let t = Transform(a: scale * run.widthScale, b: 0, c: 0, d: -scale, tx: origin.x + g.x, ty: origin.y + g.y)
                    path.append(outline, transform: t)
                }
            }
        }
        return path
    }
}

