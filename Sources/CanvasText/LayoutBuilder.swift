/// The working state of one `TextLayout`: paragraphs itemized and shaped, lines
/// broken, chosen, truncated and placed (see `TextLayout` for the steps).
struct LayoutBuilder {
    let spans: [TextSpan]
    let options: TextLayoutOptions
    var units: [UInt16] = []
    /// Start offset of each span in `units`.
    var spanStarts: [Int] = []
    var lines: [TextLayout.Line] = []
    var truncated = false
    /// Glyph clusters and item ends (see `TextLayout.clusterBoundaries`).
    var boundaries: [Int] = []

    /// A shaped glyph in points; `dy` is down from the baseline.
    struct Glyph {
        var id: UInt32
        var cluster: Int
        var advance: Double
        var dx: Double
        var dy: Double
    }

    /// A run of text in one level, script, span and face, shaped (glyphs in visual order).
    struct Item {
        var range: Range<Int>
        var level: UInt8
        var script: Int32?
        var span: Int
        var face: FontFace
        var glyphs: [Glyph] = []
        var attachment: TextAttachment? = nil
    }

    /// A paragraph itemized: its items, its base level, and the advance of the text
    /// before each offset (for widths of logical ranges in constant time).
    struct Paragraph {
        var range: Range<Int>
        var items: [Item]
        var level: UInt8
        var clusterEnds: [Int]          // absolute offsets
        var prefix: [Double]            // prefix[i] = advance of range.lowerBound ..< range.lowerBound + i

        func width(_ r: Range<Int>) -> Double {
            let a = min(max(r.lowerBound - range.lowerBound, 0), prefix.count - 1)
            let b = min(max(r.upperBound - range.lowerBound, 0), prefix.count - 1)
            return prefix[b] - prefix[a]
        }
    }

    /// Part of a line: some glyphs of one item (or an ellipsis), in visual order.
    struct Piece {
        var start: Int
        var level: UInt8
        var span: Int
        var face: FontFace
        var glyphs: [Glyph]
        var attachment: TextAttachment? = nil
        var isEllipsis = false
    }

    init(spans: [TextSpan], options: TextLayoutOptions) {
        // Spans with no usable size draw nothing and take no room.
        self.spans = spans.map { span in
            var s = span
            if !s.style.size.isFinite || s.style.size <= 0 { s.text = ""; s.style.size = 0 }
            s.style.size = min(s.style.size, 16384)
            if !s.style.tracking.isFinite { s.style.tracking = 0 }
            if !s.style.baselineOffset.isFinite { s.style.baselineOffset = 0 }
            if let lh = s.style.lineHeight, !(lh.isFinite && lh >= 0) { s.style.lineHeight = nil }
            return s
        }
        self.options = options
        for span in self.spans {
            spanStarts.append(units.count)
            units.append(contentsOf: span.text.utf16)
        }
    }

    var maxWidth: Double? { options.maxWidth.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }

    func spanIndex(at offset: Int) -> Int {
        var lo = 0, hi = spanStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if spanStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return max(0, lo)
    }

    // MARK: Driver

    mutating func run() {
        guard spans.contains(where: { !$0.text.isEmpty }) else { return }
        // Paragraphs end at LF, CR, CR LF, NEL, LS and PS.
        var ranges: [Range<Int>] = []
        var start = 0, i = 0
        while i < units.count {
            let u = units[i]
            if u == 0x0A || u == 0x0D || u == 0x85 || u == 0x2028 || u == 0x2029 {
                ranges.append(start..<i)
                i += (u == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A) ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        ranges.append(start..<units.count)

        units.withUnsafeBufferPointer { text in
            var paragraphs: [Paragraph] = []
            var drafts: [(p: Int, range: Range<Int>)] = []
            for r in ranges {
                let paragraph = itemize(r, text)
                for item in paragraph.items {
                    boundaries.append(item.range.upperBound)
                    for g in item.glyphs { boundaries.append(g.cluster) }
                }
                for line in breakLines(paragraph, text) { drafts.append((paragraphs.count, line)) }
                paragraphs.append(paragraph)
            }
            let limit = max(1, options.lineLimit ?? Int.max)
            let maxHeight = options.maxHeight.flatMap { $0.isFinite ? max(0, $0) : nil }
            var height = 0.0
            var cut = false
            for (index, draft) in drafts.enumerated() {
                let line = makeLine(paragraphs[draft.p], [draft.range], ellipsisAt: nil, text)
                if let maxHeight, !lines.isEmpty, height + line.height > maxHeight + 1e-6 {
                    cut = true
                    break
                }
                lines.append(line)
                height += line.height
                if lines.count == limit && index + 1 < drafts.count {
                    cut = true
                    break
                }
            }
            if cut {
                // The last line shown ends with an ellipsis, taking as much of the rest
                // of its paragraph as fits.
                let draft = drafts[lines.count - 1]
                lines[lines.count - 1] = truncatedLine(paragraphs[draft.p], draft.range, text,
                                                       mode: lines.count == 1 ? options.truncation : .tail)
                truncated = true
            }
        }
        // Stack the lines.
        var top = 0.0
        for k in lines.indices {
            lines[k].top = top
            lines[k].baseline += top
            for r in lines[k].runs.indices {
                for g in lines[k].runs[r].glyphs.indices { lines[k].runs[r].glyphs[g].y += top }
            }
            for d in lines[k].decorations.indices { lines[k].decorations[d].y += top }
            for a in lines[k].attachments.indices { lines[k].attachments[a].y += top }
            top += lines[k].height
        }
    }

    // MARK: 1 — itemize and shape

    func itemize(_ range: Range<Int>, _ text: UnsafeBufferPointer<UInt16>) -> Paragraph {
        guard !range.isEmpty else {
            return Paragraph(range: range, items: [], level: 0, clusterEnds: [], prefix: [0])
        }
        let slice = UnsafeBufferPointer(rebasing: text[range])
        let (runs, paragraphLevel) = UnicodeSupport.bidiRuns(slice)
        let clusterEnds = UnicodeSupport.clusterEnds(slice)
        var items: [Item] = []
        var runIndex = 0
        var currentScript: Int32? = nil
        var clusterStart = 0
        var lastFallback: FontFace? = nil
        var scalars: [UInt32] = []
        for end in clusterEnds where end > clusterStart {
            let absStart = range.lowerBound + clusterStart
            while runIndex + 1 < runs.count && runs[runIndex + 1].start <= clusterStart { runIndex += 1 }
            let level = runs[runIndex].level
            let span = spanIndex(at: absStart)
            scalars.removeAll(keepingCapacity: true)
            var k = clusterStart
            while k < end {
                let u = UInt32(slice[k])
                if (0xD800..<0xDC00).contains(u), k + 1 < end, (0xDC00..<0xE000).contains(UInt32(slice[k + 1])) {
                    scalars.append(0x10000 + ((u - 0xD800) << 10) + (UInt32(slice[k + 1]) - 0xDC00))
                    k += 2
                } else {
                    scalars.append(u)
                    k += 1
                }
            }
            if let first = scalars.first, let s = UnicodeSupport.script(first) { currentScript = s }
            if let attachment = spans[span].attachment {
                // An inline box: an item of its own, with the span's face for metrics.
                var none: FontFace? = nil
                if let face = FontChooser.face(for: [0x20], style: spans[span].style, lastFallback: &none) {
                    items.append(Item(range: absStart..<(range.lowerBound + end), level: level, script: nil, span: span,
                                      face: face, attachment: attachment))
                }
                clusterStart = end
                continue
            }
            if let face = FontChooser.face(for: scalars, style: spans[span].style, lastFallback: &lastFallback) {
                let absEnd = range.lowerBound + end
                if var last = items.last, last.attachment == nil, last.level == level, last.span == span, last.face === face,
                   last.range.upperBound == absStart,
                   last.script == nil || currentScript == nil || last.script == currentScript {
                    last.range = last.range.lowerBound..<absEnd
                    if last.script == nil { last.script = currentScript }
                    items[items.count - 1] = last
                } else {
                    items.append(Item(range: absStart..<absEnd, level: level, script: currentScript, span: span,
                                      face: face))
                }
            }
            clusterStart = end
        }
        var prefix = [Double](repeating: 0, count: range.count + 1)
        for i in items.indices {
            let style = spans[items[i].span].style
            if let a = items[i].attachment {
                let advance = (a.width.isFinite ? max(0, a.width) : 0) + style.tracking
                items[i].glyphs = [Glyph(id: UInt32.max, cluster: items[i].range.lowerBound, advance: advance, dx: 0,
                                         dy: -style.baselineOffset)]
                let rel = items[i].range.lowerBound - range.lowerBound
                if rel >= 0 && rel < range.count { prefix[rel + 1] += advance }
                continue
            }
            let scale = style.size / items[i].face.unitsPerEm, xScale = scale * style.widthScale
            let shaped = items[i].face.shape(text, range: items[i].range, rightToLeft: items[i].level & 1 == 1,
                                             script: items[i].script.flatMap(UnicodeSupport.scriptTag),
                                             language: options.locale,
                                             features: style.monospacedDigits ? ["tnum"] : [])
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(shaped.count)
            for (j, g) in shaped.enumerated() {
                var advance = g.xAdvance * xScale
                if j + 1 == shaped.count || shaped[j + 1].cluster != g.cluster { advance += style.tracking }
                glyphs.append(Glyph(id: g.id, cluster: g.cluster, advance: advance.isFinite ? advance : 0,
                                    dx: g.xOffset * xScale, dy: -g.yOffset * scale - style.baselineOffset))
                let rel = g.cluster - range.lowerBound
                if rel >= 0 && rel < range.count { prefix[rel + 1] += glyphs[glyphs.count - 1].advance }
            }
            items[i].glyphs = glyphs
        }
        for i in 0..<range.count { prefix[i + 1] += prefix[i] }
        return Paragraph(range: range, items: items, level: paragraphLevel,
                         clusterEnds: clusterEnds.map { $0 + range.lowerBound }, prefix: prefix)
    }

    // MARK: 2 — line breaking

    static func isSpace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x3000 || u == 0x1680 || (0x2000...0x200A).contains(u) && u != 0x2007
            || u == 0x205F
    }

    /// `r` without its trailing spaces (they hang past the line's end).
    func visible(_ r: Range<Int>, _ text: UnsafeBufferPointer<UInt16>) -> Range<Int> {
        var e = r.upperBound
        while e > r.lowerBound && LayoutBuilder.isSpace(text[e - 1]) { e -= 1 }
        return r.lowerBound..<e
    }

    /// The lines of a paragraph, as ranges without their trailing spaces.
    func breakLines(_ p: Paragraph, _ text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        guard let maxWidth, !p.range.isEmpty, p.width(p.range) > maxWidth + 1e-9 else {
            return [visible(p.range, text)]
        }
        let breaks = UnicodeSupport.lineBreaks(UnsafeBufferPointer(rebasing: text[p.range]), locale: options.locale)
            .map { $0 + p.range.lowerBound }
        var lines: [Range<Int>] = []
        var start = p.range.lowerBound
        var lastFit: Int? = nil
        var b = 0
        while b < breaks.count {
            let end = breaks[b]
            if end <= start { b += 1; continue }
            if p.width(visible(start..<end, text)) <= maxWidth + 1e-9 {
                lastFit = end
                b += 1
                continue
            }
            if let fit = lastFit {
                lines.append(visible(start..<fit, text))
                start = fit
                lastFit = nil
                continue
            }
            // A word wider than the line: break it between clusters (at least one).
            var cut = start
            for c in p.clusterEnds where c > start {
                if c > end || (cut > start && p.width(start..<c) > maxWidth + 1e-9) { break }
                cut = c
            }
            if cut <= start { cut = end }
            lines.append(visible(start..<cut, text))
            start = cut
        }
        if start < p.range.upperBound || lines.isEmpty {
            lines.append(visible(start..<p.range.upperBound, text))
        }
        return lines
    }

    // MARK: 3 — truncation

    /// A line from `draft`'s start to its paragraph's end, cut to fit the width with
    /// an ellipsis (`mode` says where the text is elided).
    func truncatedLine(_ p: Paragraph, _ draft: Range<Int>, _ text: UnsafeBufferPointer<UInt16>,
                       mode: TextLayoutOptions.Truncation) -> TextLayout.Line {
        let start = draft.lowerBound
        let rest = visible(start..<p.range.upperBound, text)
        let spanAtCut = spanIndex(at: max(start, draft.upperBound - 1))
        let ellipsis = ellipsisPiece(span: spanAtCut, level: p.level, at: 0)
        let ellipsisWidth = ellipsis.map { $0.glyphs.reduce(0) { $0 + $1.advance } } ?? 0
        // Without a width the line keeps what it had and gains the ellipsis.
        let budget = (maxWidth ?? (p.width(draft) + ellipsisWidth)) - ellipsisWidth
        let ends = p.clusterEnds.filter { $0 > start && $0 <= rest.upperBound }
        let starts = [start] + ends.dropLast()
        switch mode {
        case .tail:
            var cut = start
            for e in ends where p.width(visible(start..<e, text)) <= budget + 1e-9 { cut = e }
            let kept = visible(start..<cut, text)
            return makeLine(p, [kept], ellipsisAt: kept.upperBound, text)
        case .head:
            var from = rest.upperBound
            for s in starts.reversed() where p.width(s..<rest.upperBound) <= budget + 1e-9 { from = s }
            while from < rest.upperBound && LayoutBuilder.isSpace(text[from]) { from += 1 }
            return makeLine(p, [from..<rest.upperBound], ellipsisAt: start, text)
        case .middle:
            // Grow the kept head and tail in turn while both fit.
            var head = start, tail = rest.upperBound
            var headIndex = 0, tailIndex = starts.count - 1
            var growHead = true
            while headIndex <= tailIndex {
                if growHead {
                    let e = ends[headIndex]
                    guard p.width(start..<e) + p.width(tail..<rest.upperBound) <= budget + 1e-9 else { break }
                    head = e
                    headIndex += 1
                } else {
                    let s = starts[tailIndex]
                    guard p.width(start..<head) + p.width(s..<rest.upperBound) <= budget + 1e-9 else { break }
                    tail = s
                    tailIndex -= 1
                }
                growHead.toggle()
            }
            if head >= tail { return makeLine(p, [rest], ellipsisAt: nil, text) }
            let kept = visible(start..<head, text)
            return makeLine(p, [kept, tail..<rest.upperBound], ellipsisAt: kept.upperBound, text)
        }
    }

    func ellipsisPiece(span: Int, level: UInt8, at position: Int) -> Piece? {
        guard span < spans.count else { return nil }
        let style = spans[span].style
        var fallback: FontFace? = nil
        guard style.size > 0, let face = FontChooser.face(for: [0x2026], style: style, lastFallback: &fallback) else {
            return nil
        }
        let scale = style.size / face.unitsPerEm, xScale = scale * style.widthScale
        let glyphs = face.shape("\u{2026}").map {
            Glyph(id: $0.id, cluster: position, advance: $0.xAdvance * xScale + style.tracking, dx: $0.xOffset * xScale,
                  dy: -$0.yOffset * scale - style.baselineOffset)
        }
        return Piece(start: position, level: level, span: span, face: face, glyphs: glyphs, isEllipsis: true)
    }

    // MARK: 4 — a line, reordered and placed

    func makeLine(_ p: Paragraph, _ ranges: [Range<Int>], ellipsisAt: Int?,
                  _ text: UnsafeBufferPointer<UInt16>) -> TextLayout.Line {
        var pieces: [(piece: Piece, order: Int)] = []
        for item in p.items {
            for r in ranges where r.overlaps(item.range) {
                let glyphs = item.glyphs.filter { r.contains($0.cluster) }
                if glyphs.isEmpty { continue }
                pieces.append((Piece(start: max(r.lowerBound, item.range.lowerBound), level: item.level,
                                     span: item.span, face: item.face, glyphs: glyphs, attachment: item.attachment), 1))
            }
        }
        if let at = ellipsisAt {
            let span = spanIndex(at: max(p.range.lowerBound, min(at, p.range.upperBound) - (at > p.range.lowerBound ? 1 : 0)))
            if let e = ellipsisPiece(span: span, level: p.level, at: at) { pieces.append((e, 0)) }
        }
        // Logical order (an ellipsis before text starting where it is), then UBA L2.
        pieces.sort { ($0.piece.start, $0.order) < ($1.piece.start, $1.order) }
        var ordered = pieces.map(\.piece)
        if let maxLevel = ordered.map(\.level).max(), maxLevel > 0 {
            let lowestOdd = (ordered.map(\.level).min() ?? 0) | 1
            var level = maxLevel
            while level >= lowestOdd {
                var i = 0
                while i < ordered.count {
                    if ordered[i].level >= level {
                        var j = i
                        while j < ordered.count && ordered[j].level >= level { j += 1 }
                        ordered[i..<j].reverse()
                        i = j
                    } else {
                        i += 1
                    }
                }
                if level == 0 { break }
                level -= 1
            }
        }
        // Vertical metrics: the tallest face of the line (or the style where the
        // line is empty), in a box of the style's line height when it has one.
        var ascent = 0.0, descent = 0.0, lineHeight = 0.0
        func account(_ face: FontFace, _ style: TextStyle) {
            let scale = style.size / face.unitsPerEm
            ascent = max(ascent, face.ascender * scale)
            descent = max(descent, face.descender * scale)
            let natural = (face.ascender + face.descender + face.lineGap) * scale
            lineHeight = max(lineHeight, style.lineHeight ?? natural)
        }
        if ordered.isEmpty {
            let style = spans[spanIndex(at: ranges.first?.lowerBound ?? p.range.lowerBound)].style
            var fb: FontFace? = nil
            if let face = FontChooser.face(for: [0x20], style: style, lastFallback: &fb) { account(face, style) }
        }
        // Inline boxes sit on the baseline (raised by their span's baseline offset).
        var boxAscent = 0.0, boxDescent = 0.0
        for piece in ordered {
            if let a = piece.attachment {
                let offset = spans[piece.span].style.baselineOffset
                boxAscent = max(boxAscent, a.baseline + offset)
                boxDescent = max(boxDescent, a.height - a.baseline - offset)
            } else {
                account(piece.face, spans[piece.span].style)
            }
        }
        if ordered.allSatisfy({ $0.attachment != nil }), let first = ordered.first {
            account(first.face, spans[first.span].style)
        }
        // The line box is the styles' line height (text styles keep Apple's leading
        // even where a face's ascent and descent add up to more: glyphs may overhang);
        // inline boxes taller than the text make the line taller.
        var height = lineHeight
        if boxAscent > ascent || boxDescent > descent {
            ascent = max(ascent, boxAscent)
            descent = max(descent, boxDescent)
            height = max(lineHeight, ascent + descent)
        }
        let baseline = (height - ascent - descent) / 2 + ascent

        var runs: [GlyphRun] = []
        var decorations: [DecorationLine] = []
        var attachments: [PlacedAttachment] = []
        var x = 0.0
        for piece in ordered {
            let span = spans[piece.span]
            let style = span.style
            if let a = piece.attachment {
                for g in piece.glyphs {
                    attachments.append(PlacedAttachment(id: a.id, colorTag: span.colorTag, x: x,
                                                        y: baseline + g.dy - a.baseline, width: max(0, a.width),
                                                        height: max(0, a.height)))
                    x += g.advance
                }
                continue
            }
            var placed: [PlacedGlyph] = []
            placed.reserveCapacity(piece.glyphs.count)
            let x0 = x
            for g in piece.glyphs {
                placed.append(PlacedGlyph(id: g.id, cluster: piece.isEllipsis ? PlacedGlyph.ellipsis : UInt32(clamping: g.cluster),
                                          x: x + g.dx, y: baseline + g.dy))
                x += g.advance
            }
            if var last = runs.last, last.face === piece.face, last.colorTag == span.colorTag, last.size == style.size,
               last.widthScale == style.widthScale {
                last.glyphs.append(contentsOf: placed)
                runs[runs.count - 1] = last
            } else {
                runs.append(GlyphRun(face: piece.face, size: style.size, colorTag: span.colorTag, glyphs: placed,
                                     widthScale: style.widthScale))
            }
            let scale = style.size / piece.face.unitsPerEm
            if let u = style.underline {
                decorations.append(DecorationLine(x0: x0, x1: x,
                                                  y: baseline + piece.face.underlinePosition * scale - style.baselineOffset,
                                                  thickness: max(piece.face.underlineThickness * scale, 0.5),
                                                  pattern: u.pattern, colorTag: u.colorTag ?? span.colorTag))
            }
            if let s = style.strikethrough {
                decorations.append(DecorationLine(x0: x0, x1: x,
                                                  y: baseline - piece.face.strikeoutPosition * scale - style.baselineOffset,
                                                  thickness: max(piece.face.strikeoutThickness * scale, 0.5),
                                                  pattern: s.pattern, colorTag: s.colorTag ?? span.colorTag))
            }
        }
        return TextLayout.Line(runs: runs, decorations: decorations, attachments: attachments, x: 0, width: x, top: 0,
                               height: height, baseline: baseline, isRightToLeft: p.level & 1 == 1)
    }
}

/// Picks the face for a grapheme cluster: the style's face when it has a glyph for
/// every scalar that needs one; colour emoji for emoji presentation; else a
/// fallback that has them (the last fallback used is tried first, so a run of
/// Chinese stays in one face).
enum FontChooser {
    static func face(for scalars: [UInt32], style: TextStyle, lastFallback: inout FontFace?) -> FontFace? {
        let library = FontLibrary.shared
        guard let primary = library.face(for: style.font) else { return nil }
        guard let first = scalars.first else { return primary }
        let needed = scalars.filter { !UnicodeSupport.isDefaultIgnorable($0) && !(0x300...0x36F).contains($0) }
        func covers(_ face: FontFace) -> Bool {
            needed.allSatisfy { s in Unicode.Scalar(s).map { face.hasGlyph(for: $0) } ?? false }
        }
        let emoji = first >= 0x80 && (UnicodeSupport.isEmojiPresentation(first)
            || scalars.contains(0xFE0F) && UnicodeSupport.isEmoji(first))
        if !emoji && covers(primary) { return primary }
        if let last = lastFallback, last.colorStrike != nil || !emoji, covers(last),
           !emoji || last.colorStrike != nil { return last }
        if let target = needed.first(where: { s in Unicode.Scalar(s).map { !primary.hasGlyph(for: $0) } ?? true }) ?? (emoji ? first : nil),
           let scalar = Unicode.Scalar(target),
           let fallback = library.fallback(for: scalar, request: style.font, emoji: emoji), covers(fallback) {
            lastFallback = fallback
            return fallback
        }
        return primary
    }
}
