import Foundation
import CanvasGeometry
import CanvasText
import CanvasRender

extension GraphicsContext {
    /// A text resolved against a context's environment (font, locale, alignment,
    /// line limit, truncation): it can be measured, and drawn any number of times.
    public struct ResolvedText {
        /// The fill for parts of the text that have no colour of their own. Defaults
        /// to `.foreground`.
        public var shading: Shading

        package let spans: [TextSpan]
        /// The fills of colour tags 1…: runs with their own foreground, and
        /// decorations with their own colour. Tag 0 is `shading`.
        let fills: [Text.Foreground]
        /// Images set inline, by attachment id.
        let images: [Image]
        /// The UTF-16 ranges of the spans' text that link somewhere.
        let links: [(range: Range<Int>, url: URL)]
        let alignment: TextLayoutOptions.Alignment
        let lineLimit: Int?
        let truncation: TextLayoutOptions.Truncation
        let locale: String?

        package init(text: Text, environment: EnvironmentValues) {
            shading = .foreground
            var builder = SpanBuilder(font: environment.font, displayScale: environment.displayScale)
            builder.textCase = environment.textCase
            builder.locale = environment.locale
            builder.add(text, environment: environment, inherited: environment.fontAdjustments.attributes)
            spans = builder.spans
            fills = builder.fills
            images = builder.images
            links = builder.links
            (alignment, lineLimit, truncation, locale) = ResolvedText.paragraphSettings(environment)
        }

        /// What the environment says about laying out paragraphs: alignment, line
        /// limit, truncation and locale.
        static func paragraphSettings(_ environment: EnvironmentValues)
            -> (TextLayoutOptions.Alignment, Int?, TextLayoutOptions.Truncation, String?) {
            let alignment: TextLayoutOptions.Alignment
            switch environment.multilineTextAlignment {
            case .leading: alignment = .leading
            case .center: alignment = .center
            case .trailing: alignment = .trailing
            }
            let truncation: TextLayoutOptions.Truncation
            switch environment.truncationMode {
            case .head: truncation = .head
            case .middle: truncation = .middle
            case .tail: truncation = .tail
            }
            // The default (current) locale's identifier is looked up once per process.
            let identifier = environment.localeIdentifier ?? ResolvedText.currentLocaleIdentifier
            return (alignment, environment.lineLimit.map { max(1, $0) }, truncation, identifier.isEmpty ? nil : identifier)
        }

        static let currentLocaleIdentifier = Locale.current.identifier

        /// The layout in a proposed size (a `nil` or infinite dimension: unlimited).
        func layout(width: CGFloat?, height: CGFloat?, alignmentWidth: CGFloat? = nil) -> TextLayout {
            laidOut(width: width, height: height, alignmentWidth: alignmentWidth).layout
        }

        func laidOut(width: CGFloat?, height: CGFloat?, alignmentWidth: CGFloat? = nil) -> LaidOutText {
            let options = TextLayoutOptions(maxWidth: ResolvedText.limit(width), maxHeight: ResolvedText.limit(height),
                                            lineLimit: lineLimit, truncation: truncation, alignment: alignment,
                                            alignmentWidth: ResolvedText.limit(alignmentWidth), locale: locale)
            return TextLayoutCache.shared.layout(spans, options)
        }

        /// A proposed dimension as a layout limit (`nil` or infinite: none).
        static func limit(_ v: CGFloat?) -> Double? {
            guard let v, v.isFinite else { return nil }
            return Double(max(0, v))
        }

        /// The size the text takes when laid out in `size`: lines wrap to its width,
        /// and lines beyond its height (or the line limit) are cut, the last shown
        /// ending in an ellipsis. An infinite dimension is unlimited.
        public func measure(in size: CGSize) -> CGSize {
            let l = layout(width: size.width, height: size.height)
            return CGSize(width: l.size.width, height: l.size.height)
        }

        /// The distance from the top of the text to its first line's baseline.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            layout(width: size.width, height: size.height).firstBaseline
        }

        /// The distance from the top of the text to its last line's baseline.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            layout(width: size.width, height: size.height).lastBaseline
        }

        func fill(forTag tag: Int) -> Shading {
            guard tag > 0 && tag <= fills.count else { return shading }
            return SpanBuilder.shading(fills[tag - 1])
        }
    }

    /// Resolves `text` against this context's environment.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, environment: environment)
    }

    /// Draws resolved text at its ideal size (no wrapping), with `anchor` — a unit
    /// point of that size — placed at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        guard point.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        draw(text.laidOut(width: nil, height: nil), fill: text.fill(forTag:), links: text.links, images: text.images,
             at: point, anchor: anchor)
    }

    /// Draws a laid-out text at its ideal size with `anchor` placed at `point`.
    private func draw(_ laidOut: LaidOutText, fill: (Int) -> Shading, links: [(range: Range<Int>, url: URL)],
                      images: [Image], at point: CGPoint, anchor: UnitPoint, labelSlot: Int? = nil) {
        let size = laidOut.layout.size
        let origin = CGPoint(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y)
        draw(laidOut, fill: fill, links: links, images: images, origin: origin,
             box: CGRect(origin: origin, size: CGSize(width: size.width, height: size.height)), labelSlot: labelSlot)
    }

    /// Draws resolved text with `rect` as its layout frame: lines wrap to its width
    /// and align within it (`multilineTextAlignment`), starting at its top; lines
    /// that do not fit its height are cut, the last shown ending in an ellipsis.
    /// Nothing is clipped: a line wider than the frame (a single character wider
    /// than it) overflows.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        guard rect.isFiniteRect else { return Diagnostics.report(.nonFiniteGeometry) }
        let r = rect.standardized
        let laidOut = text.laidOut(width: r.width, height: r.height, alignmentWidth: r.width)
        let size = laidOut.layout.size
        draw(laidOut, fill: text.fill(forTag:), links: text.links, images: text.images, origin: r.origin,
             box: CGRect(x: r.minX, y: r.minY, width: max(r.width, size.width), height: size.height))
    }

    /// Resolves and draws `text` with `anchor` placed at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        // A label of one plain string with no decorations (most labels) makes its
        // one span directly: the span and options `resolve` would make, so the same
        // layout and the same drawing, without building a resolved text's arrays.
        if let label = SpanBuilder.plainLabel(text, environment: environment) {
            guard point.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
                return Diagnostics.report(.nonFiniteGeometry)
            }
            let (alignment, lineLimit, truncation, locale) = ResolvedText.paragraphSettings(environment)
            let options = TextLayoutOptions(maxWidth: nil, maxHeight: nil, lineLimit: lineLimit, truncation: truncation,
                                            alignment: alignment, alignmentWidth: nil, locale: locale)
            let own = label.fill
            let (laidOut, slot) = recorder.laidOut(label.span, options)
            if let slot, let (size, tag, reach) = recorder.singlePiece(slot) {
                // What `draw(laidOut, …)` records for a text of one piece of outline glyphs.
                let origin = CGPoint(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y)
                let box = CGRect(origin: origin, size: size)
                let bounds = Rect(minX: Double(box.minX) - reach, minY: Double(box.minY) - reach,
                                  maxX: Double(box.maxX) + reach, maxY: Double(box.maxY) + reach)
                let glyphs = recorder.firstGeometry(slot, origin: Point(Double(origin.x), Double(origin.y)), bounds: bounds)
                let shading: Shading = tag == 1 ? SpanBuilder.shading(own) : .foreground
                record(.glyphs(glyphs), .fill(.nonZero, antialiased: true), shading, bounds: box)
                return
            }
            draw(laidOut.takeUnretainedValue(), fill: { tag in
                tag == 1 ? SpanBuilder.shading(own) : .foreground
            }, links: [], images: [], at: point, anchor: anchor, labelSlot: slot)
            return
        }
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Resolves and draws `text` in `rect`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// Notes where linked runs were drawn (for vector output's link annotations): per
    /// line and link, the box of the glyphs' outlines across the line's height.
    func recordLinks(_ layout: TextLayout, _ links: [(range: Range<Int>, url: URL)], origin: CGPoint) {
        let t = rootTransform
        for line in layout.lines {
            var boxes: [Int: Rect] = [:]
            for run in line.runs {
                let scale = run.size / run.face.unitsPerEm
                for g in run.glyphs where g.cluster != PlacedGlyph.ellipsis {
                    guard let k = links.firstIndex(where: { $0.range.contains(Int(g.cluster)) }) else { continue }
                    let ink = run.face.outlineBounds(glyph: g.id)
                    let x0 = Double(origin.x) + g.x + (ink.isEmpty ? 0 : ink.minX * scale * run.widthScale)
                    let x1 = Double(origin.x) + g.x + (ink.isEmpty ? 0 : ink.maxX * scale * run.widthScale)
                    let top = Double(origin.y) + line.top, bottom = top + line.height
                    let r = Rect(minX: min(x0, x1), minY: top, maxX: max(x0, x1), maxY: bottom)
                    boxes[k] = boxes[k].map { $0.union(r) } ?? r
                }
            }
            for (k, box) in boxes.sorted(by: { $0.key < $1.key }) where box.isFinite && box.width > 0 {
                recorder.list.links.append(DisplayList.Link(rect: box.transformed(by: t), url: links[k].url.absoluteString))
            }
        }
    }

    /// Draws a laid-out text with its box's top-left at `origin`: outline glyphs of
    /// each fill as one path (a gradient fill spans `box`), colour glyphs as images,
    /// then underlines and strikethroughs.
    /// `labelSlot`: the label's place in the recorder's `labels` (its first piece's
    /// geometry is kept there).
    func draw(_ laidOut: LaidOutText, fill: (Int) -> Shading, links: [(range: Range<Int>, url: URL)], images: [Image],
              origin: CGPoint, box: CGRect, labelSlot: Int? = nil) {
        let o = Point(Double(origin.x), Double(origin.y))
        for (k, piece) in laidOut.glyphPieces.enumerated() {
            // Glyphs can overhang the layout box (italics, tall accents): by at most
            // their face's reach.
            let em = piece.reach
            let bounds = Rect(minX: Double(box.minX) - em, minY: Double(box.minY) - em,
                              maxX: Double(box.maxX) + em, maxY: Double(box.maxY) + em)
            let glyphs = k == 0 && labelSlot != nil ? recorder.firstGeometry(labelSlot!, origin: o, bounds: bounds)
                                                    : laidOut.geometry(k, origin: o, bounds: bounds)
            record(.glyphs(glyphs), .fill(.nonZero, antialiased: true), fill(piece.tag), bounds: box)
        }
        if !links.isEmpty { recordLinks(laidOut.layout, links, origin: origin) }
        guard laidOut.hasColorGlyphs || laidOut.hasDecorations || laidOut.hasAttachments else { return }
        for line in laidOut.layout.lines {
            for a in line.attachments where a.id >= 0 && a.id < images.count {
                var image = resolve(images[a.id])
                if image.shading != nil { image.shading = fill(a.colorTag) }
                draw(image, in: CGRect(x: origin.x + a.x, y: origin.y + a.y, width: a.width, height: a.height))
            }
        }
        for line in laidOut.layout.lines {
            for run in line.runs where run.isColorBitmap {
                drawColorGlyphs(run, origin: origin)
            }
        }
        for line in laidOut.layout.lines {
            for d in line.decorations {
                let path = DecorationPath.path(d, origin: origin)
                if !path.isEmpty { self.fill(path, with: fill(d.colorTag)) }
            }
        }
    }

    /// Colour emoji: each glyph's bitmap scaled from its strike to the run's size.
    private func drawColorGlyphs(_ run: GlyphRun, origin: CGPoint) {
        guard let strike = run.face.colorStrike, strike > 0 else { return }
        let k = run.size / strike
        for g in run.glyphs {
            guard let (image, bitmap) = ColorGlyphImages.shared.image(run.face, g.id) else { continue }
            let rect = CGRect(x: origin.x + g.x + bitmap.left * k, y: origin.y + g.y - bitmap.top * k,
                              width: Double(bitmap.width) * k, height: Double(bitmap.height) * k)
            draw(image, in: rect)
        }
    }
}

/// A plain label as laid out in a recorder's last recording.
struct LabelMemo {
    var span: TextSpan
    var options: TextLayoutOptions
    var text: LaidOutText
    /// Its first glyph piece as last drawn, and where (so that a label drawn again
    /// in place finds its geometry here, not under the shared text's lock).
    var geometry: GlyphRunGeometry?
    /// What drawing the label needs of its layout when that is one piece of
    /// outline glyphs and nothing else (no colour glyphs, decorations or inline
    /// images): a label drawn again then does not read the laid-out text at all.
    var size: CGSize
    var single: (tag: Int, reach: Double)?

    init(span: TextSpan, options: TextLayoutOptions, text: LaidOutText) {
        self.span = span; self.options = options; self.text = text
        size = CGSize(width: text.layout.size.width, height: text.layout.size.height)
        if text.glyphPieces.count == 1, !text.hasColorGlyphs, !text.hasDecorations, !text.hasAttachments {
            single = (text.glyphPieces[0].tag, text.glyphPieces[0].reach)
        }
    }
}

extension GraphicsContext.Recorder {
    /// The layout of the next plain label of this recording: the one drawn at the
    /// same place in the order of the last recording when it is the same label,
    /// otherwise the shared cache's.
    /// Also returns the label's place in `labels`, when it has one.
    /// The text is returned unretained: `labels` or the shared cache holds it
    /// (a label drawn again in place never reads it, so nor should a retain).
    /// It stays valid until the next label or the next recording.
    func laidOut(_ span: TextSpan, _ options: TextLayoutOptions) -> (Unmanaged<LaidOutText>, slot: Int?) {
        let k = labelCount
        labelCount = k &+ 1
        if k < labels.count {
            let kept = labels.withUnsafeBufferPointer { memo -> Unmanaged<LaidOutText>? in
                memo[k].span == span && memo[k].options == options ? Unmanaged.passUnretained(memo[k].text) : nil
            }
            if let kept { return (kept, k) }
        }
        let text = TextLayoutCache.shared.layout(span, options)
        if k < labels.count {
            labels[k] = LabelMemo(span: span, options: options, text: text)
        } else if k == labels.count, k < GraphicsContext.Recorder.labelLimit {
            labels.append(LabelMemo(span: span, options: options, text: text))
        } else {
            // Not remembered: held by the shared cache only, which may drop it.
            missed = text
            return (Unmanaged.passUnretained(text), nil)
        }
        return (Unmanaged.passUnretained(text), k)
    }

    /// The size, fill tag and glyph reach of the label in `slot`, when it is one
    /// piece of outline glyphs.
    func singlePiece(_ slot: Int) -> (CGSize, Int, Double)? {
        labels.withUnsafeBufferPointer { memo in memo[slot].single.map { (memo[slot].size, $0.tag, $0.reach) } }
    }

    /// The first glyph piece of the label in `slot` placed at `origin` within
    /// `bounds`: the one drawn last time when it was drawn there.
    func firstGeometry(_ slot: Int, origin: Point, bounds: Rect) -> GlyphRunGeometry {
        let kept = labels.withUnsafeBufferPointer { memo -> GlyphRunGeometry? in
            guard let g = memo[slot].geometry, g.origin == origin, g.bounds == bounds else { return nil }
            return g
        }
        if let kept { return kept }
        let made = labels[slot].text.geometry(0, origin: origin, bounds: bounds)
        labels[slot].geometry = made
        return made
    }
}

/// Turns a `Text`'s runs into engine spans against an environment: fonts resolved,
/// localized keys formatted, colours given tags.
struct SpanBuilder {
    /// The environment's font (what runs without a font of their own use).
    let defaultFont: Font?
    let displayScale: CGFloat
    /// Images set inline, by attachment id.
    var images: [Image] = []
    var spans: [TextSpan] = []
    /// The fills of tags 1…, in order of first use.
    var fills: [Text.Foreground] = []
    /// The UTF-16 ranges (of all the spans' text) of runs with a link.
    var links: [(range: Range<Int>, url: URL)] = []
    private var length = 0
    /// `textCase` of the environment: strings are drawn in it.
    var textCase: Text.Case?
    var locale = Locale.current

    init(font: Font?, displayScale: CGFloat) { self.defaultFont = font; self.displayScale = displayScale }

    /// Adds a span, noting its range when it links somewhere.
    mutating func appendSpan(_ span: TextSpan, link: URL? = nil) {
        let start = length
        spans.append(span)
        length += span.text.utf16.count
        if let link { links.append((start..<length, link)) }
    }

    mutating func add(_ text: Text, environment: EnvironmentValues, inherited: Text.Attributes? = nil) {
        spans.reserveCapacity(spans.count + text.runs.count)
        for run in text.runs {
            var attributes = run.attributes
            if let inherited { attributes.fill(from: inherited) }
            switch run.content {
            case .verbatim(let s):
                append(s, attributes)
            case .localized(let key, let table, let bundle):
                for (piece, markdown) in key.resolve(table: table, bundle: bundle, locale: environment.locale) {
                    let styled = Self.applying(markdown, to: attributes)
                    switch piece {
                    case .string(let s): append(s, styled)
                    case .text(let inner): add(inner, environment: environment, inherited: styled)
                    case .image(let image):
                        appendImage(image, styled)
                    }
                }
            case .image(let image):
                appendImage(image, attributes)
            case .date(let date, let style):
                append(DateText.string(date, style: style, locale: environment.locale,
                                       now: environment.clock?.date ?? Date()), attributes)
            case .dateRange(let from, let to):
                append(DateText.range(from, to, locale: environment.locale), attributes)
            }
        }
    }

    /// A run's attributes with a Markdown style from its key: the Markdown is the
    /// innermost styling, so it wins over the run's own modifiers.
    static func applying(_ markdown: InlineMarkdown.Style, to attributes: Text.Attributes) -> Text.Attributes {
        guard !markdown.isPlain else { return attributes }
        var a = attributes
        if markdown.strong { a.weight = .bold }
        if markdown.emphasis { a.italic = true }
        if markdown.code { a.design = .monospaced }
        if markdown.strikethrough { a.strikethrough = .some(.single) }
        if let link = markdown.link {
            a.foreground = .color(.accentColor)
            a.link = URL(string: link)
        }
        return a
    }

    func style(_ a: Text.Attributes) -> CanvasText.TextStyle { Self.style(a, defaultFont: defaultFont) }

    static func style(_ a: Text.Attributes, defaultFont: Font?) -> CanvasText.TextStyle {
        var font = a.font ?? defaultFont ?? .body
        if let w = a.weight { font = font.weight(w) }
        if let d = a.design { font.design = d }
        if let w = a.width { font.width = w }
        if a.italic == true { font = font.italic() }
        if a.monospacedDigit == true { font = font.monospacedDigit() }
        var style = font.textStyle
        style.tracking = Double((a.tracking ?? 0) + (a.kerning ?? 0))
        style.baselineOffset = Double(a.baselineOffset ?? 0)
        return style
    }

    /// A run's own fill as a shading.
    static func shading(_ foreground: Text.Foreground) -> GraphicsContext.Shading {
        switch foreground {
        case .unset: return .foreground
        case .color(let c): return .color(c)
        case .style(let s): return .style(s)
        }
    }

    /// The one span of a text that is a single non-empty verbatim string with no
    /// underline, strikethrough or link, drawn with no case change, and its own
    /// fill (colour tag 1) if it has one: what `add` makes of such a text. `nil`
    /// for any other text.
    static func plainLabel(_ text: Text, environment: EnvironmentValues)
        -> (span: TextSpan, fill: Text.Foreground)? {
        guard text.runs.count == 1, environment.textCase == nil,
              case .verbatim(let string) = text.runs.head.content, !string.isEmpty else { return nil }
        var a = text.runs.head.attributes
        if let inherited = environment.fontAdjustments.attributes { a.fill(from: inherited) }
        guard a.underline == nil, a.strikethrough == nil, a.link == nil else { return nil }
        return (TextSpan(string, style: style(a, defaultFont: environment.font), colorTag: a.fill.isSet ? 1 : 0), a.fill)
    }

    mutating func tag(_ a: Text.Attributes) -> Int {
        guard a.fill.isSet else { return 0 }
        let f = a.fill
        if let i = fills.firstIndex(of: f) { return i + 1 }
        fills.append(f)
        return fills.count
    }

    mutating func decoration(_ line: Text.LineStyle??) -> TextDecoration? {
        guard let outer = line, let style = outer else { return nil }
        let pattern: TextDecoration.Pattern
        switch style.pattern {
        case .dot: pattern = .dot
        case .dash: pattern = .dash
        case .dashDot: pattern = .dashDot
        case .dashDotDot: pattern = .dashDotDot
        default: pattern = .solid
        }
        var colorTag: Int? = nil
        if let c = style.color {
            var a = Text.Attributes()
            a.foreground = .color(c)
            colorTag = tag(a)
        }
        return TextDecoration(pattern: pattern, colorTag: colorTag)
    }

    mutating func append(_ original: String, _ a: Text.Attributes) {
        guard !original.isEmpty else { return }
        let string: String
        switch textCase {
        case .uppercase?: string = original.uppercased(with: locale)
        case .lowercase?: string = original.lowercased(with: locale)
        case nil: string = original
        }
        var s = style(a)
        s.underline = decoration(a.underline)
        s.strikethrough = decoration(a.strikethrough)
        appendSpan(TextSpan(string, style: s, colorTag: tag(a)), link: a.link)
    }

    /// An image inline: a system symbol as its icon-font character, any other image
    /// as a box of its size on the baseline.
    mutating func appendImage(_ image: Image, _ a: Text.Attributes) {
        if let name = image.systemSymbolName { return appendSymbol(name, a) }
        guard let (levels, scale) = image.pixels(displayScale: displayScale), scale > 0 else { return }
        let width = Double(levels.base.width) / scale, height = Double(levels.base.height) / scale
        images.append(image)
        appendSpan(TextSpan("\u{FFFC}", style: style(a), colorTag: tag(a),
                              attachment: TextAttachment(width: width, height: height, baseline: height, id: images.count - 1)))
    }

    /// An `Image(systemName:)` inline: its icon-font character at the text's size.
    mutating func appendSymbol(_ name: String, _ a: Text.Attributes) {
        guard let symbol = SystemSymbols.glyph(named: name) else { return }
        let base = style(a)
        var s = base
        s.font = SystemSymbols.fontRequest
        s.size = base.size * SystemSymbols.emScale
        s.lineHeight = nil
        s.tracking = base.tracking
        s.baselineOffset = base.baselineOffset + base.size * SystemSymbols.inlineBaselineShift
        appendSpan(TextSpan(String(symbol.scalar), style: s, colorTag: tag(a)), link: a.link)
    }
}

/// A text laid out, with its glyph runs grouped by fill and placed relative to the
/// layout box (shared by every draw of the same text).
final class LaidOutText: Sendable {
    struct GlyphPiece: Sendable {
        var tag: Int
        var runs: [GlyphRunGeometry.Run]
        /// How far glyphs may overhang the box, in points.
        var reach: Double
    }

    let layout: TextLayout
    let glyphPieces: [GlyphPiece]
    let hasColorGlyphs: Bool
    let hasDecorations: Bool
    let hasAttachments: Bool
    /// What it was laid out from (the cache's key).
    let spans: [TextSpan]
    let options: TextLayoutOptions

    /// Each piece's glyph geometry as last drawn (its origin and bounds): a label
    /// drawn again where it was — in every frame of a host — records the geometry
    /// made the first time instead of allocating another. The first piece's is
    /// kept apart from the others' array (most texts have one piece).
    private let drawnGeometry: Locked<(first: GlyphRunGeometry?, others: [GlyphRunGeometry?])>

    /// Piece `k`'s glyphs placed at `origin`, within `bounds`.
    func geometry(_ k: Int, origin: Point, bounds: Rect) -> GlyphRunGeometry {
        if let kept = drawnGeometry.withLock({ k == 0 ? $0.first : $0.others[k - 1] }), kept.origin == origin,
           kept.bounds == bounds { return kept }
        let made = GlyphRunGeometry(runs: glyphPieces[k].runs, origin: origin, bounds: bounds)
        drawnGeometry.withLock {
            if k == 0 { $0.first = made } else { $0.others[k - 1] = made }
        }
        return made
    }

    init(_ layout: TextLayout, spans: [TextSpan], options: TextLayoutOptions) {
        self.layout = layout
        self.spans = spans
        self.options = options
        var pieces: [GlyphPiece] = []
        var color = false, decorations = false, attachments = false
        let text = GlyphRunText(units: layout.units, boundaries: layout.clusterBoundaries)
        for line in layout.lines {
            decorations = decorations || !line.decorations.isEmpty
            attachments = attachments || !line.attachments.isEmpty
            for run in line.runs {
                if run.isColorBitmap { color = true; continue }
                let r = GlyphRunGeometry.Run(source: run.face, scale: run.size / run.face.unitsPerEm,
                                             widthScale: run.widthScale,
                                             glyphs: run.glyphs.map {
                                                 .init(id: $0.id,
                                                       cluster: $0.cluster == PlacedGlyph.ellipsis ? GlyphRunText.ellipsis : $0.cluster,
                                                       x: $0.x, y: $0.y)
                                             }, text: text)
                let reach = run.size * run.face.reach * max(1, run.widthScale)
                if let k = pieces.firstIndex(where: { $0.tag == run.colorTag }) {
                    pieces[k].runs.append(r)
                    pieces[k].reach = max(pieces[k].reach, reach)
                } else {
                    pieces.append(GlyphPiece(tag: run.colorTag, runs: [r], reach: reach))
                }
            }
        }
        glyphPieces = pieces
        drawnGeometry = Locked((nil, [GlyphRunGeometry?](repeating: nil, count: max(0, pieces.count - 1))))
        hasColorGlyphs = color
        hasDecorations = decorations
        hasAttachments = attachments
    }
}

/// Laid-out texts by their spans and options (up to 4,096), so a label drawn again
/// is not shaped or laid out again. An open-addressing table of (digest, text):
/// a hit costs a hash of the label's bytes, one probe and one comparison.
final class TextLayoutCache: @unchecked Sendable {
    static let shared = TextLayoutCache()
    static let capacity = 4096

    private struct Entry {
        var digest: UInt64
        var text: LaidOutText?
    }
    private struct Table {
        var entries = [Entry](repeating: Entry(digest: 0, text: nil), count: 2 * TextLayoutCache.capacity)
        var count = 0
    }
    private let lock = Locked(Table())

    /// FNV-1a of what tells labels apart (their text and size); equality compares all.
    static func digest(_ spans: [TextSpan], _ options: TextLayoutOptions) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for span in spans { mix(span, into: &h) }
        return finish(h, options)
    }

    private static func mix(_ span: TextSpan, into h: inout UInt64) {
        var text = span.text
        text.withUTF8 { bytes in
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        h = (h ^ span.style.size.bitPattern) &* 0x100_0000_01b3
    }

    private static func finish(_ h: UInt64, _ options: TextLayoutOptions) -> UInt64 {
        ((h ^ (options.maxWidth?.bitPattern ?? 1)) &* 0x100_0000_01b3) | 1     // 0 marks an empty slot
    }

    /// The layout of one span: on a hit, no array of spans is made.
    func layout(_ span: TextSpan, _ options: TextLayoutOptions) -> LaidOutText {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        TextLayoutCache.mix(span, into: &h)
        let digest = TextLayoutCache.finish(h, options)
        if let hit = find(digest, options, matching: { $0.spans.count == 1 && $0.spans[0] == span }) { return hit }
        return insert([span], options, digest: digest)
    }

    func layout(_ spans: [TextSpan], _ options: TextLayoutOptions) -> LaidOutText {
        let digest = TextLayoutCache.digest(spans, options)
        if let hit = find(digest, options, matching: { $0.spans == spans }) { return hit }
        return insert(spans, options, digest: digest)
    }

    /// The entry of `digest` whose text `matching` accepts, laid out with `options`.
    private func find(_ digest: UInt64, _ options: TextLayoutOptions, matching: (LaidOutText) -> Bool) -> LaidOutText? {
        let mask = 2 * TextLayoutCache.capacity - 1
        return lock.withLock { t -> LaidOutText? in
            var i = Int(truncatingIfNeeded: digest >> 7) & mask
            while t.entries[i].digest != 0 {
                if t.entries[i].digest == digest, let text = t.entries[i].text, matching(text),
                   text.options == options { return text }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Lays the spans out and keeps the result (starting again empty when full).
    private func insert(_ spans: [TextSpan], _ options: TextLayoutOptions, digest: UInt64) -> LaidOutText {
        let mask = 2 * TextLayoutCache.capacity - 1
        let laidOut = LaidOutText(TextLayout(spans, options: options), spans: spans, options: options)
        lock.withLock { t in
            if t.count >= TextLayoutCache.capacity {
                for k in t.entries.indices { t.entries[k] = Entry(digest: 0, text: nil) }
                t.count = 0
            }
            var i = Int(truncatingIfNeeded: digest >> 7) & mask
            while t.entries[i].digest != 0 { i = (i + 1) & mask }
            t.entries[i] = Entry(digest: digest, text: laidOut)
            t.count += 1
        }
        return laidOut
    }
}

final class ColorGlyphImages: Sendable {
    static let shared = ColorGlyphImages()
    private struct Key: Hashable { var face: UInt32; var glyph: UInt32 }
    private let cache = Locked<[Key: (Image, FontFace.ColorBitmap)?]>([:])

    func image(_ face: FontFace, _ glyph: UInt32) -> (Image, FontFace.ColorBitmap)? {
        let key = Key(face: face.faceID, glyph: glyph)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var entry: (Image, FontFace.ColorBitmap)? = nil
        if let bitmap = face.colorBitmap(glyph: glyph) {
            let cg = CGImage(width: bitmap.width, height: bitmap.height, premultiplied: bitmap.rgba)
            entry = (Image(decorative: cg, scale: 1).interpolation(.high), bitmap)
        }
        cache.withLock {
            if $0.count >= 512 { $0.removeAll() }
            $0[key] = entry
        }
        return entry
    }
}

/// The shape of an underline or strikethrough: a band, or its dots and dashes.
enum DecorationPath {
    static func path(_ d: DecorationLine, origin: CGPoint) -> Path {
        var path = Path()
        let y0 = origin.y + d.y - d.thickness / 2
        let x0 = origin.x + d.x0, x1 = origin.x + d.x1
        guard x1 > x0, d.thickness > 0 else { return path }
        let t = d.thickness
        // Dash lengths in multiples of the thickness.
        let pattern: [Double]
        switch d.pattern {
        case .solid: pattern = []
        case .dot: pattern = [1, 2]
        case .dash: pattern = [4, 2]
        case .dashDot: pattern = [4, 2, 1, 2]
        case .dashDotDot: pattern = [4, 2, 1, 2, 1, 2]
        }
        if pattern.isEmpty {
            path.addRect(CGRect(x: x0, y: y0, width: x1 - x0, height: t))
            return path
        }
        var x = x0
        var i = 0
        // At most 10,000 dashes (a hostile width cannot make an unbounded path).
        var count = 0
        while x < x1 && count < 10_000 {
            let length = pattern[i % pattern.count] * t
            if i % 2 == 0 { path.addRect(CGRect(x: x, y: y0, width: min(length, x1 - x), height: t)) }
            x += length
            i += 1
            count += 1
        }
        return path
    }
}
