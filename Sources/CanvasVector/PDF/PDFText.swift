import CanvasGeometry
import CanvasPaint
import CanvasRender
import CanvasText

/// The fonts a PDF document uses: for each face, the glyphs drawn and the
/// characters each stands for. At the end each face is written once as a Type 0
/// font (Identity-H: a glyph's code is its index) over a CID font whose program is
/// a subset holding only those glyphs (indices kept), with their widths and a
/// ToUnicode map, so that the text can be selected, searched and extracted.
struct PDFFontRegistry {
    struct Entry {
        let face: FontFace
        let object: Int
        let name: String
        let format: FontSubset.Format
        var characters: [UInt32: String] = [:]
    }

    private var entries: [Entry] = []
    private var index: [ObjectIdentifier: Int] = [:]

    /// Whether glyphs of `source` are colour bitmaps (drawn as images).
    static func hasColorGlyphs(_ source: any GlyphOutlineSource) -> Bool {
        (source as? FontFace)?.colorStrike != nil
    }

    /// The font resource for `face`, or `nil` when it cannot be embedded.
    mutating func font(for face: FontFace, in document: PDFDocument) -> Int? {
        if let k = index[ObjectIdentifier(face)] { return k }
        guard let format = face.embeddableFormat else { return nil }
        let object = document.allocate()
        let name = document.addResource("Font", prefix: "F", object: object)
        entries.append(Entry(face: face, object: object, name: name, format: format))
        index[ObjectIdentifier(face)] = entries.count - 1
        return entries.count - 1
    }

    func name(_ k: Int) -> String { entries[k].name }

    /// The characters glyph `id` of font `k` stands for in the ToUnicode map.
    func characters(_ k: Int, glyph id: UInt32) -> String? { entries[k].characters[id] }

    /// Records that glyph `id` of font `k` was drawn for `text` (the first text
    /// recorded for a glyph is the one its ToUnicode entry gives).
    mutating func use(_ k: Int, glyph id: UInt32, text: String) {
        if let known = entries[k].characters[id], !known.isEmpty || text.isEmpty { return }
        entries[k].characters[id] = text
    }

    /// Writes every font used (called once, when the document ends).
    func writeFonts(into document: PDFDocument) {
        for entry in entries { write(entry, into: document) }
    }

    private func write(_ entry: Entry, into document: PDFDocument) {
        let face = entry.face
        let glyphs = entry.characters.keys.sorted()
        let subset = face.subset(glyphs: glyphs)
        // A six-letter subset tag from the glyph set (the same glyphs, the same tag).
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for g in glyphs { h = (h ^ UInt64(g)) &* 0x100_0000_01B3 }
        var tag = ""
        for _ in 0..<6 { tag.unicodeScalars.append(Unicode.Scalar(UInt8(65 + h % 26))); h /= 26 }
        let baseName = tag + "+" + face.postScriptName
        let k = 1000 / face.unitsPerEm
        let box = face.fontBox

        var fileEntry = ""
        if let subset {
            let file = document.allocate()
            switch subset.format {
            case .trueType:
                document.writeStream(file, entries: "/Length1 \(subset.data.count)", data: subset.data)
                fileEntry = " /FontFile2 \(file) 0 R"
            case .compactFontFormat:
                document.writeStream(file, entries: "/Subtype /OpenType", data: subset.data)
                fileEntry = " /FontFile3 \(file) 0 R"
            }
        }
        let descriptor = document.allocate()
        let flags = 4 | (face.isItalic ? 64 : 0)   // symbolic (glyphs outside the standard set), italic
        document.write(descriptor, "<< /Type /FontDescriptor /FontName /\(baseName) /Flags \(flags) "
            + "/FontBBox [\(PDFSyntax.number(box.minX * k)) \(PDFSyntax.number(box.minY * k)) "
            + "\(PDFSyntax.number(box.maxX * k)) \(PDFSyntax.number(box.maxY * k))] /ItalicAngle 0 "
            + "/Ascent \(PDFSyntax.number(face.ascender * k)) /Descent \(PDFSyntax.number(-face.descender * k)) "
            + "/CapHeight \(PDFSyntax.number(face.ascender * k)) /StemV 80\(fileEntry) >>")

        // Widths of the glyphs used, in thousandths of the em.
        var widths = ""
        for g in glyphs {
            widths += "\(g) [\(PDFSyntax.number((face.freeTypeAdvance(glyph: g) * k).rounded()))] "
        }
        let cid = document.allocate()
        let subtype = entry.format == .trueType ? "CIDFontType2" : "CIDFontType0"
        document.write(cid, "<< /Type /Font /Subtype /\(subtype) /BaseFont /\(baseName) "
            + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
            + "/FontDescriptor \(descriptor) 0 R /DW 1000 /W [\(widths)]"
            + (entry.format == .trueType ? " /CIDToGIDMap /Identity" : "") + " >>")

        let toUnicode = document.allocate()
        document.writeStream(toUnicode, entries: "", data: Array(PDFFontRegistry.toUnicodeCMap(entry.characters).utf8))
        document.write(entry.object, "<< /Type /Font /Subtype /Type0 /BaseFont /\(baseName) /Encoding /Identity-H "
            + "/DescendantFonts [\(cid) 0 R] /ToUnicode \(toUnicode) 0 R >>")
    }

    /// A ToUnicode CMap from two-byte glyph codes to UTF-16 text.
    static func toUnicodeCMap(_ characters: [UInt32: String]) -> String {
        var out = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        let mapped = characters.filter { !$0.value.isEmpty && $0.key <= 0xFFFF }.sorted { $0.key < $1.key }
        var i = 0
        while i < mapped.count {
            let block = mapped[i..<min(i + 100, mapped.count)]
            out += "\(block.count) beginbfchar\n"
            for (glyph, text) in block {
                let units = Array(text.utf16.prefix(256))
                out += "<" + hex4(glyph) + "> <" + units.map { hex4(UInt32($0)) }.joined() + ">\n"
            }
            out += "endbfchar\n"
            i += 100
        }
        out += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return out
    }

    static func hex4(_ v: UInt32) -> String {
        let s = String(v & 0xFFFF, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }
}

extension PDFContentWriter {
    /// Writes glyphs filled with a solid colour as PDF text in embedded fonts;
    /// false (nothing written) when a run's face cannot be embedded, so that the
    /// caller draws the outlines instead.
    mutating func writeText(_ geometry: GlyphRunGeometry, color: RGBA, item: DrawItem, blend: String,
                            into out: inout PDFBytes) -> Bool {
        var fonts: [Int] = []
        for run in geometry.runs {
            guard let face = run.source as? FontFace, let k = document.fonts.font(for: face, in: document),
                  run.scale.isFinite, run.scale > 0, run.widthScale.isFinite else { return false }
            fonts.append(k)
        }
        let t = item.transform
        out.op("q")
        let alpha = color.a * item.opacity
        if alpha < 1 || blend != "Normal" {
            out.op("/\(extGState(fill: alpha, stroke: alpha, blend: blend)) gs")
        }
        out.numbers(clamp01(color.r), clamp01(color.g), clamp01(color.b)); out.op("rg")
        out.numbers(t.a, t.b, t.c, t.d, t.tx, t.ty); out.op("cm")
        out.op("BT")
        for (run, k) in zip(geometry.runs, fonts) {
            guard let face = run.source as? FontFace else { continue }
            let em = run.scale * face.unitsPerEm
            out.op("/\(document.fonts.name(k)) 1 Tf")
            var glyphs = PDFBytes()
            var previous = GlyphRunText.unknown
            var exact = true
            for g in run.glyphs where g.id <= 0xFFFF && g.x.isFinite && g.y.isFinite {
                // A cluster's characters go with its first glyph (marks and the
                // rest of a multi-glyph cluster stand for nothing more).
                let text = g.cluster == previous ? "" : run.text?.characters(ofCluster: g.cluster) ?? ""
                previous = g.cluster
                document.fonts.use(k, glyph: g.id, text: text)
                // A glyph that stands for other characters elsewhere (a consonant
                // inside a reordered Devanagari cluster, say) makes the map inexact.
                if (document.fonts.characters(k, glyph: g.id) ?? "") != text { exact = false }
                glyphs.numbers(em * run.widthScale, 0, 0, -em, geometry.origin.x + g.x, geometry.origin.y + g.y)
                glyphs.op("Tm <\(PDFFontRegistry.hex4(g.id))> Tj")
            }
            // Where the map cannot give the run's characters back, the run says them
            // itself (marked content with ActualText, in logical order).
            if !exact, let actual = run.text.map({ PDFContentWriter.logicalText(of: run, in: $0) }), !actual.isEmpty {
                out.op("/Span << /ActualText \(PDFSyntax.textString(actual)) >> BDC")
                out.append(glyphs.bytes)
                out.op("EMC")
            } else {
                out.append(glyphs.bytes)
            }
        }
        out.op("ET")
        out.op("Q")
        return true
    }

    /// The characters of a run's clusters, in logical (reading) order.
    static func logicalText(of run: GlyphRunGeometry.Run, in text: GlyphRunText) -> String {
        var clusters = Set<UInt32>()
        for g in run.glyphs where g.cluster < GlyphRunText.unknown { clusters.insert(g.cluster) }
        return clusters.sorted().map { text.characters(ofCluster: $0) }.joined()
    }
}
