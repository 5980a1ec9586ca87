import Testing
import Foundation
import CanvasText
import CanvasGeometry

/// The text engine below `Text`: fonts, shaping, bidi, line breaking, truncation.
@Suite("Text engine: fonts, shaping, layout")
struct TextEngineTests {
    let library = FontLibrary.shared

    func face(_ design: FontRequest.Design = .default, weight: Int = 400) throws -> FontFace {
        try #require(library.face(for: FontRequest(design: design, weight: weight)))
    }

    func layout(_ text: String, size: Double = 20, design: FontRequest.Design = .default,
                _ options: TextLayoutOptions = TextLayoutOptions()) -> TextLayout {
        TextLayout([TextSpan(text, style: TextStyle(font: FontRequest(design: design), size: size))], options: options)
    }

    /// The UTF-16 offsets of a line's glyph clusters are not kept; its glyph ids are.
    func glyphIDs(_ l: TextLayout) -> [UInt32] { l.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.id) } } }

    @Test("designs map to the installed families of the README's packages")
    func designs() throws {
        #expect(try face(.default).familyName == "Inter")
        #expect(try face(.serif).familyName == "Noto Serif")
        #expect(try face(.monospaced).familyName == "DejaVu Sans Mono")
        #expect(try face(.rounded).familyName == "Quicksand")
        #expect(try face(.default, weight: 700).path.contains("Bold"))
    }

    @Test("widths are the sum of FreeType's advances (no kerning pair in HHHH); baselines from the font's metrics")
    func measurement() throws {
        let inter = try face()
        let h = inter.glyphIndex(for: "H")
        let expected = 4 * inter.freeTypeAdvance(glyph: h) * 20 / inter.unitsPerEm
        let l = layout("HHHH")
        #expect(abs(l.size.width - expected) < 1e-9)
        // The system font at a size has the font's own line height: ascent + descent
        // + line gap, the baseline half the gap below the top plus the ascent.
        let scale = 20 / inter.unitsPerEm
        let natural = (inter.ascender + inter.descender + inter.lineGap) * scale
        #expect(abs(l.size.height - natural) < 1e-9)
        #expect(abs(l.firstBaseline - (inter.lineGap * scale / 2 + inter.ascender * scale)) < 1e-9)
        let two = layout("HH\nHH")
        #expect(abs(two.lastBaseline - two.firstBaseline - natural) < 1e-9)
    }

    @Test("monospaced digits (tnum) give every digit one width; italic and custom families resolve")
    func digitsAndFamilies() throws {
        func width(_ text: String, tabular: Bool) -> Double {
            TextLayout([TextSpan(text, style: TextStyle(size: 20, monospacedDigits: tabular))], options: TextLayoutOptions()).size.width
        }
        #expect(abs(width("1111", tabular: true) - width("8888", tabular: true)) < 1e-9)
        #expect(width("1111", tabular: false) != width("8888", tabular: false))
        let italic = try #require(library.face(for: FontRequest(italic: true)))
        #expect(italic.path.lowercased().contains("italic"))
        let custom = try #require(library.face(for: FontRequest(family: "Noto Serif")))
        #expect(custom.familyName == "Noto Serif")
        // A family that is not installed falls back to an installed face.
        #expect(library.face(for: FontRequest(family: "No Such Family 42")) != nil)
    }

    @Test("kerning: AV is narrower than A and V apart")
    func kerning() throws {
        let inter = try face()
        let separate = (inter.freeTypeAdvance(glyph: inter.glyphIndex(for: "A"))
            + inter.freeTypeAdvance(glyph: inter.glyphIndex(for: "V"))) * 20 / inter.unitsPerEm
        #expect(layout("AV").size.width < separate - 0.5)
    }

    @Test("ligatures: fi and ffi become single glyphs in Noto Serif")
    func ligatures() throws {
        let serif = try face(.serif)
        #expect(serif.shape("fi").count == 1)
        #expect(serif.shape("ffi").count == 1)
        #expect(serif.shape("fi").first?.id != serif.glyphIndex(for: "f"))
        #expect(glyphIDs(layout("fi", design: .serif)).count == 1)
    }

    @Test("Arabic: a word shapes into joined forms, right to left, from a fallback font")
    func arabic() throws {
        let word = "مرحبا"
        let l = layout(word)
        let line = try #require(l.lines.first)
        #expect(line.isRightToLeft)
        let run = try #require(line.runs.first)
        #expect(run.face.familyName != "Inter")                 // Inter has no Arabic
        // Joined forms differ from the isolated letters' glyphs.
        let isolated = word.unicodeScalars.map { run.face.glyphIndex(for: $0) }
        let ids = run.glyphs.map(\.id)
        #expect(ids.count == isolated.count)
        #expect(Set(ids) != Set(isolated))
        // Visual order: the first letter (meem) is drawn rightmost.
        let meemIsolated = run.face.glyphIndex(for: "م")
        let xs = run.glyphs.map(\.x)
        #expect(xs == xs.sorted())
        #expect(ids.last != meemIsolated || ids.count == 1)
    }

    @Test("Devanagari: a conjunct takes fewer glyphs than scalars, in a Devanagari face")
    func devanagari() throws {
        let l = layout("नमस्ते")
        let run = try #require(l.lines.first?.runs.first)
        #expect(run.face.familyName.contains("Devanagari"))
        #expect(run.glyphs.count < "नमस्ते".unicodeScalars.count)
    }

    @Test("bidi: a Hebrew word inside English is reversed, the English keeps its order")
    func bidi() throws {
        let l = layout("abc אבג def")
        let line = try #require(l.lines.first)
        #expect(!line.isRightToLeft)
        let runs = line.runs
        #expect(runs.count >= 2)
        // Runs are placed left to right: Latin, Hebrew, Latin.
        let faces = runs.map(\.face.familyName)
        #expect(faces.first == "Inter")
        #expect(faces.contains { $0 != "Inter" })
        var previous = -Double.infinity
        for run in runs { for g in run.glyphs { #expect(g.x >= previous - 1e-9); previous = g.x } }
    }

    @Test("line breaking: at spaces to fit, a long word breaks between characters")
    func breaking() {
        let full = layout("one two three").size.width
        let two = layout("one two three", TextLayoutOptions(maxWidth: full * 0.7))
        #expect(two.lines.count == 2)
        #expect(two.size.width <= full * 0.7)
        let long = layout("abcdefghijklmnop", TextLayoutOptions(maxWidth: 40))
        #expect(long.lines.count > 2)
        #expect(long.lines.allSatisfy { $0.width <= 40 })
        // A line separator always breaks; an empty line keeps its height.
        let blank = layout("a\n\nb")
        #expect(blank.lines.count == 3)
        #expect(abs(blank.lines[1].height - blank.lines[0].height) < 1e-9)
    }

    @Test("truncation: tail, head and middle end or start with an ellipsis and fit the width")
    func truncation() throws {
        let inter = try face()
        let ellipsis = inter.glyphIndex(for: "\u{2026}")
        let text = "The quick brown fox jumps over the lazy dog"
        for mode in [TextLayoutOptions.Truncation.tail, .head, .middle] {
            let l = layout(text, TextLayoutOptions(maxWidth: 150, lineLimit: 1, truncation: mode))
            #expect(l.lines.count == 1)
            #expect(l.isTruncated)
            #expect(l.size.width <= 150 + 1e-9)
            let ids = glyphIDs(l)
            #expect(ids.contains(ellipsis))
            switch mode {
            case .tail: #expect(ids.last == ellipsis)
            case .head: #expect(ids.first == ellipsis)
            case .middle: #expect(ids.first != ellipsis && ids.last != ellipsis)
            }
        }
        // Height cuts lines too; the last shown ends in an ellipsis.
        let lineHeight = layout("x").size.height
        let tall = layout(text, TextLayoutOptions(maxWidth: 120, maxHeight: lineHeight * 2.5))
        #expect(tall.lines.count == 2)
        #expect(glyphIDs(tall).last == ellipsis)
        // Text that fits is not truncated.
        #expect(!layout("fox", TextLayoutOptions(maxWidth: 150, lineLimit: 1)).isTruncated)
    }

    @Test("alignment: centre and trailing place lines in the alignment width; leading is right for RTL")
    func alignment() throws {
        let options = TextLayoutOptions(maxWidth: 300, alignment: .center, alignmentWidth: 300)
        let centred = layout("abc", options)
        let line = try #require(centred.lines.first)
        #expect(abs(line.x + line.width / 2 - 150) < 1e-9)
        var trailing = options
        trailing.alignment = .trailing
        let t = try #require(layout("abc", trailing).lines.first)
        #expect(abs(t.x + t.width - 300) < 1e-9)
        var leading = options
        leading.alignment = .leading
        let rtl = try #require(layout("שלום", leading).lines.first)
        #expect(abs(rtl.x + rtl.width - 300) < 1e-9)
    }

    @Test("fallback: emoji come from the colour emoji face as bitmaps; CJK from a CJK face")
    func fallback() throws {
        let l = layout("A😀中")
        let runs = try #require(l.lines.first?.runs)
        #expect(runs.count == 3)
        #expect(runs[1].isColorBitmap)
        #expect(runs[1].face.familyName == "Noto Color Emoji")
        let bitmap = try #require(runs[1].face.colorBitmap(glyph: runs[1].glyphs[0].id))
        #expect(bitmap.width > 100 && bitmap.height > 100)
        #expect(runs[2].face.hasGlyph(for: "中"))
    }

    @Test("underline and strikethrough come from the font's post and OS/2 metrics")
    func decorations() throws {
        let inter = try face()
        let style = TextStyle(size: 20, underline: TextDecoration(), strikethrough: TextDecoration(pattern: .dash))
        let l = TextLayout([TextSpan("Hi", style: style)], options: TextLayoutOptions())
        let line = try #require(l.lines.first)
        #expect(line.decorations.count == 2)
        let scale = 20 / inter.unitsPerEm
        let under = line.decorations[0], strike = line.decorations[1]
        #expect(abs(under.y - (line.baseline + inter.underlinePosition * scale)) < 1e-9)
        #expect(abs(strike.y - (line.baseline - inter.strikeoutPosition * scale)) < 1e-9)
        #expect(abs(under.x1 - under.x0 - line.width) < 1e-9)
        #expect(strike.pattern == .dash)
    }

    @Test("bad input: empty text, zero, negative, NaN and huge sizes, hostile font files")
    func badInput() throws {
        #expect(layout("").lines.isEmpty)
        #expect(layout("", TextLayoutOptions(maxWidth: 10)).size.width == 0)
        for size in [0, -5, Double.nan, -Double.infinity] {
            let l = layout("abc", size: size)
            #expect(l.size.width == 0 && l.size.height == 0)
        }
        let huge = layout("a", size: 1e300)
        #expect(huge.size.width.isFinite && huge.size.width > 0)
        #expect(layout("abc", TextLayoutOptions(maxWidth: .nan, maxHeight: -1, lineLimit: -3)).lines.count == 1)
        // Malformed font files are refused, never trapped on.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("oc-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try Data(contentsOf: URL(fileURLWithPath: try face().path))
        var rng = SystemRandomNumberGenerator()
        let cases: [(String, Data)] = [
            ("empty.ttf", Data()),
            ("garbage.ttf", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) })),
            ("truncated.otf", real.prefix(real.count / 3)),
            ("header-only.ttf", Data([0, 1, 0, 0, 0, 12, 0, 128, 0, 3, 0, 32])),
        ]
        for (name, bytes) in cases {
            let url = dir.appendingPathComponent(name)
            try bytes.write(to: url)
            if let f = library.face(path: url.path) {
                // FreeType may accept a truncated file's header; using it must not trap.
                _ = f.shape("Hello")
                _ = f.outline(glyph: 1)
            }
        }
        #expect(library.face(path: dir.appendingPathComponent("missing.ttf").path) == nil)
        #expect(library.face(path: dir.appendingPathComponent("empty.ttf").path) == nil)
        #expect(library.face(path: dir.appendingPathComponent("garbage.ttf").path) == nil)
    }
}
