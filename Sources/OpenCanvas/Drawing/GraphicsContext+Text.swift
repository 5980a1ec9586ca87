import Foundation
import Synchronization
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

        let spans: [TextSpan]
        /// The fills of colour tags 1…: runs with their own foreground, and
        /// decorations with their own colour. Tag 0 is `shading`.
        let fills: [Shading]
        let alignment: TextLayoutOptions.Alignment
        let lineLimit: Int?
        let truncation: TextLayoutOptions.Truncation
        let locale: String?

        init(text: Text, environment: EnvironmentValues) {
            shading = .foreground
            var builder = SpanBuilder(environment: environment)
            builder.add(text)
            spans = builder.spans
            fills = builder.fills
            switch environment.multilineTextAlignment {
            case .leading: alignment = .leading
            case .center: alignment = .center
            case .trailing: alignment = .trailing
            }
            lineLimit = environment.lineLimit.map { max(1, $0) }
            switch environment.truncationMode {
            case .head: truncation = .head
            case .middle: truncation = .middle
            case .tail: truncation = .tail
            }
            // The default (current) locale's identifier is looked up once per process.
            let identifier = environment.localeIdentifier ?? ResolvedText.currentLocaleIdentifier
            locale = identifier.isEmpty ? nil : identifier
        }

        static let currentLocaleIdentifier = Locale.current.identifier

        /// The layout in a proposed size (a `nil` or infinite dimension: unlimited).
        func layout(width: CGFloat?, height: CGFloat?, alignmentWidth: CGFloat? = nil) -> TextLayout {
            func limit(_ v: CGFloat?) -> Double? {
                guard let v, v.isFinite else { return nil }
                return Double(max(0, v))
            }
            let options = TextLayoutOptions(maxWidth: limit(width), maxHeight: limit(height), lineLimit: lineLimit,
                                            truncation: truncation, alignment: alignment,
                                            alignmentWidth: limit(alignmentWidth), locale: locale)
            return TextLayoutCache.shared.layout(spans, options)
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
            tag > 0 && tag <= fills.count ? fills[tag - 1] : shading
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
        let layout = text.layout(width: nil, height: nil)
        let origin = CGPoint(x: point.x - layout.size.width * anchor.x, y: point.y - layout.size.height * anchor.y)
        draw(layout, of: text, origin: origin,
             box: CGRect(origin: origin, size: CGSize(width: layout.size.width, height: layout.size.height)))
    }

    /// Draws resolved text with `rect` as its layout frame: lines wrap to its width
    /// and align within it (`multilineTextAlignment`), starting at its top; lines
    /// that do not fit its height are cut, the last shown ending in an ellipsis.
    /// Nothing is clipped: a line wider than the frame (a single character wider
    /// than it) overflows.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        guard rect.isFiniteRect else { return Diagnostics.report(.nonFiniteGeometry) }
        let r = rect.standardized
        let layout = text.layout(width: r.width, height: r.height, alignmentWidth: r.width)
        draw(layout, of: text, origin: r.origin,
             box: CGRect(x: r.minX, y: r.minY, width: max(r.width, layout.size.width), height: layout.size.height))
    }

    /// Resolves and draws `text` with `anchor` placed at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Resolves and draws `text` in `rect`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// Draws a laid-out text with its box's top-left at `origin`: outline glyphs of
    /// each fill as one path (a gradient fill spans `box`), colour glyphs as images,
    /// then underlines and strikethroughs.
    func draw(_ layout: TextLayout, of text: ResolvedText, origin: CGPoint, box: CGRect) {
        var tags: [Int] = []
        if text.fills.isEmpty {
            tags = [0]                  // one fill: no need to look
        } else {
            for line in layout.lines {
                for run in line.runs where !tags.contains(run.colorTag) { tags.append(run.colorTag) }
            }
        }
        let o = Point(Double(origin.x), Double(origin.y))
        for tag in tags {
            var runs: [GlyphRunGeometry.Run] = []
            for line in layout.lines {
                for run in line.runs where run.colorTag == tag && !run.isColorBitmap {
                    runs.append(GlyphRunGeometry.Run(source: run.face, scale: run.size / run.face.unitsPerEm,
                                                     glyphs: run.glyphs.map { .init(id: $0.id, x: o.x + $0.x, y: o.y + $0.y) }))
                }
            }
            // Glyphs can overhang the layout box (italics, tall accents): by at most
            // their face's reach.
            var em = 0.0
            for line in layout.lines {
                for run in line.runs where run.colorTag == tag { em = max(em, run.size * run.face.reach) }
            }
            let glyphs = GlyphRunGeometry(runs: runs, bounds: Rect(minX: Double(box.minX) - em, minY: Double(box.minY) - em,
                                                                   maxX: Double(box.maxX) + em, maxY: Double(box.maxY) + em))
            if !glyphs.isEmpty {
                record(.glyphs(glyphs), .fill(.nonZero, antialiased: true), text.fill(forTag: tag), bounds: box)
            }
        }
        for line in layout.lines {
            for run in line.runs where run.isColorBitmap {
                drawColorGlyphs(run, origin: origin)
            }
        }
        for line in layout.lines {
            for d in line.decorations {
                let path = DecorationPath.path(d, origin: origin)
                if !path.isEmpty { fill(path, with: text.fill(forTag: d.colorTag)) }
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

/// Turns a `Text`'s runs into engine spans against an environment: fonts resolved,
/// localized keys formatted, colours given tags.
struct SpanBuilder {
    let environment: EnvironmentValues
    var spans: [TextSpan] = []
    var fills: [GraphicsContext.Shading] = []
    private var foregroundTags: [Text.Foreground] = []
    private var colorTags: [Color] = []

    init(environment: EnvironmentValues) { self.environment = environment }

    mutating func add(_ text: Text, inherited: Text.Attributes = Text.Attributes()) {
        for run in text.runs {
            var attributes = run.attributes
            attributes.fill(from: inherited)
            switch run.content {
            case .verbatim(let s):
                append(s, attributes)
            case .localized(let key, let table, let bundle):
                for piece in key.resolve(table: table, bundle: bundle, locale: environment.locale) {
                    switch piece {
                    case .string(let s): append(s, attributes)
                    case .text(let inner): add(inner, inherited: attributes)
                    case .image(let image):
                        if let name = image.systemSymbolName { appendSymbol(name, attributes) }
                    }
                }
            case .symbol(let name):
                appendSymbol(name, attributes)
            }
        }
    }

    func style(_ a: Text.Attributes) -> CanvasText.TextStyle {
        var font = a.font ?? environment.font ?? .body
        if let w = a.weight { font = font.weight(w) }
        if let d = a.design { font.design = d }
        if a.italic == true { font = font.italic() }
        if a.monospacedDigit == true { font = font.monospacedDigit() }
        var style = font.textStyle
        style.tracking = Double((a.tracking ?? 0) + (a.kerning ?? 0))
        style.baselineOffset = Double(a.baselineOffset ?? 0)
        return style
    }

    mutating func tag(_ a: Text.Attributes) -> Int {
        guard let f = a.foreground else { return 0 }
        if let i = foregroundTags.firstIndex(of: f) { return i + 1 }
        foregroundTags.append(f)
        switch f {
        case .color(let c): fills.append(.color(c))
        case .style(let s): fills.append(.style(s))
        }
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

    mutating func append(_ string: String, _ a: Text.Attributes) {
        guard !string.isEmpty else { return }
        var s = style(a)
        s.underline = decoration(a.underline)
        s.strikethrough = decoration(a.strikethrough)
        spans.append(TextSpan(string, style: s, colorTag: tag(a)))
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
        spans.append(TextSpan(String(symbol.scalar), style: s, colorTag: tag(a)))
    }
}

/// Laid-out texts by their spans and options (the last 4,096), so a label drawn
/// again is not shaped again.
final class TextLayoutCache: Sendable {
    static let shared = TextLayoutCache()
    private struct Key: Hashable {
        var spans: [TextSpan]
        var options: TextLayoutOptions

        // Hashes what tells labels apart (their text and size); equality compares all.
        func hash(into hasher: inout Hasher) {
            for span in spans {
                hasher.combine(span.text)
                hasher.combine(span.style.size)
            }
            hasher.combine(options.maxWidth)
        }
    }
    private let cache = Mutex<[Key: TextLayout]>([:])
    static let capacity = 4096

    func layout(_ spans: [TextSpan], _ options: TextLayoutOptions) -> TextLayout {
        let key = Key(spans: spans, options: options)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let layout = TextLayout(spans, options: options)
        cache.withLock {
            if $0.count >= TextLayoutCache.capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = layout
        }
        return layout
    }
}

/// Colour glyph bitmaps as images (the last 512 glyphs).
final class ColorGlyphImages: Sendable {
    static let shared = ColorGlyphImages()
    private struct Key: Hashable { var face: UInt32; var glyph: UInt32 }
    private let cache = Mutex<[Key: (Image, FontFace.ColorBitmap)?]>([:])

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
