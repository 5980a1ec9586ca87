import CanvasGeometry

/// The resolved style of a run of text.
public struct TextStyle: Hashable, Sendable {
    public var font: FontRequest
    /// Point size (the em size).
    public var size: Double
    /// Distance between baselines of successive lines, or `nil` for the font's own.
    public var lineHeight: Double?
    /// Extra space added after every glyph, in points (`tracking`/`kerning`).
    public var tracking: Double

    public init(font: FontRequest = FontRequest(), size: Double = 17, lineHeight: Double? = nil,
                 tracking: Double = 0) {
        self.font = font; self.size = size; self.lineHeight = lineHeight; self.tracking = tracking
    }
}

/// A glyph placed on a line: position of its origin relative to the line's start on
/// the baseline, in points, y down.
public struct PlacedGlyph: Sendable {
    public var id: UInt32
    public var x: Double
    public var y: Double
}

/// Text broken into lines and positioned, in points, with the top-left of the
/// layout box at (0, 0).
public struct TextLayout: Sendable {
    public struct Line: Sendable {
        public var glyphs: [PlacedGlyph]
        public var width: Double
        /// Baseline, from the top of the layout box.
        public var baseline: Double
    }

    public var lines: [Line]
    public var face: FontFace?
    public var style: TextStyle
    /// Width of the widest line and height of all lines.
    public var size: (width: Double, height: Double)
    public var lineHeight: Double
    /// Distance from the top of a line box to its baseline.
    public var ascent: Double

    /// Lays out `text`, breaking lines at `\n` and, when `maxWidth` is given, at the
    /// last space that keeps a line within it (a word longer than the width stays
    /// whole on its own line).
    public init(_ text: String, style: TextStyle, maxWidth: Double? = nil) {
        self.style = style
        let face = FontLibrary.shared.face(for: style.font)
        self.face = face
        let size = style.size.isFinite ? max(0, style.size) : 0
        guard let face, size > 0 else {
            if !text.isEmpty && size > 0 { Diagnostics.report(.fontUnavailable) }
            lines = []
            self.size = (0, 0)
            lineHeight = 0
            ascent = 0
            return
        }
        let scale = size / face.unitsPerEm
        let natural = (face.ascender + face.descender + face.lineGap) * scale
        let lh = style.lineHeight ?? natural
        lineHeight = lh
        // Centre the glyphs' ascent + descent in the line box.
        let glyphHeight = (face.ascender + face.descender) * scale
        ascent = face.ascender * scale + (lh - glyphHeight) / 2

        var result: [Line] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            let string = String(paragraph)
            let shaped = face.shape(string)
            let utf8 = Array(string.utf8)
            var glyphs: [PlacedGlyph] = []
            var pen = 0.0
            var lastBreakGlyph = -1          // index of a space glyph we may break at
            var lineStart = 0
            var i = 0
            func emit(upTo end: Int, width: Double) {
                result.append(Line(glyphs: Array(glyphs[lineStart..<end]), width: width, baseline: 0))
            }
            var widthAtBreak = 0.0
            var xs: [Double] = []
            while i < shaped.count {
                let g = shaped[i]
                let isSpace = g.cluster < utf8.count && utf8[g.cluster] == 0x20
                let advance = g.xAdvance * scale + style.tracking
                if let maxWidth, !isSpace, pen + advance > maxWidth + 1e-9, lastBreakGlyph >= lineStart {
                    // Break after the last space: the next line starts at the glyph after it.
                    emit(upTo: lastBreakGlyph, width: widthAtBreak)
                    let restart = lastBreakGlyph + 1
                    let shift = restart < xs.count ? xs[restart] : pen
                    for k in restart..<glyphs.count { glyphs[k].x -= shift }
                    for k in restart..<xs.count { xs[k] -= shift }
                    pen -= shift
                    lineStart = restart
                    lastBreakGlyph = -1
                    continue
                }
                if isSpace {
                    lastBreakGlyph = glyphs.count
                    widthAtBreak = pen
                }
                glyphs.append(PlacedGlyph(id: g.id, x: pen + g.xOffset * scale, y: -g.yOffset * scale))
                xs.append(pen)
                pen += advance
                i += 1
            }
            // Trailing spaces do not count towards the width.
            var end = glyphs.count
            var width = pen
            while end > lineStart, shaped[end - 1].cluster < utf8.count, utf8[shaped[end - 1].cluster] == 0x20 {
                end -= 1
                width = xs[end]
            }
            emit(upTo: glyphs.count, width: max(0, width))
        }
        for k in result.indices { result[k].baseline = ascent + Double(k) * lh }
        lines = result
        let widest = result.map(\.width).max() ?? 0
        self.size = (widest, Double(result.count) * lh)
    }

    /// The outlines of every glyph, as one path in points with the layout box's
    /// top-left at `origin`. Lines are offset horizontally by `alignment` (0 leading,
    /// 0.5 centre, 1 trailing) within `boxWidth`.
    public func outlines(origin: Point, boxWidth: Double? = nil, alignment: Double = 0) -> PathData {
        var path = PathData()
        guard let face else { return path }
        let scale = style.size / face.unitsPerEm
        let box = boxWidth ?? size.width
        for line in lines {
            let dx = (box - line.width) * alignment
            for g in line.glyphs {
                let outline = face.outline(glyph: g.id)
                if outline.isEmpty { continue }
                let t = Transform(a: scale, b: 0, c: 0, d: -scale,
                                  tx: origin.x + dx + g.x, ty: origin.y + line.baseline + g.y)
                path.append(outline, transform: t)
            }
        }
        return path
    }
}
