import CanvasGeometry
import CanvasRender

/// Path elements as SVG path data (`M`, `L`, `Q`, `C`, `Z`), numbers as PDF
/// writes them (no exponents).
struct SVGPath: PathSink {
    var out: [UInt8] = []

    private mutating func command(_ c: UInt8, _ values: Double...) {
        out.append(c)
        for (i, v) in values.enumerated() {
            if i > 0 { out.append(0x20) }
            PDFSyntax.appendNumber(v, to: &out)
        }
    }

    mutating func move(to p: Point) { command(0x4D, p.x, p.y) }
    mutating func line(to p: Point) { command(0x4C, p.x, p.y) }
    mutating func quad(to p: Point, control c: Point) { command(0x51, c.x, c.y, p.x, p.y) }
    mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        command(0x43, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
    }
    mutating func close() { out.append(0x5A) }

    /// The data of `geometry` under `transform`.
    static func data(_ geometry: Geometry, transform: Transform = .identity) -> String {
        var sink = SVGPath()
        geometry.replay(into: &sink, transform: transform)
        return String(decoding: sink.out, as: UTF8.self)
    }
}

extension SVGWriter {
    /// Glyphs as outlines: with a solid colour, each glyph defined once (font units)
    /// and placed with `<use>`; with a gradient, one path in user space (so the
    /// gradient spans the text, not each glyph). The characters follow as
    /// transparent `<text>`, for selection and search.
    mutating func writeGlyphs(_ geometry: GlyphRunGeometry, paint: String, matrix: String, blend: String,
                              into out: inout String) {
        let solid = !paint.contains("url(")
        out += "<g\(matrix)\(paint)\(blend)>"
        if solid {
            for run in geometry.runs {
                for g in run.glyphs where g.x.isFinite && g.y.isFinite {
                    guard let ref = glyphDefinition(run.source, g.id) else { continue }
                    let t = Transform(a: run.scale * run.widthScale, b: 0, c: 0, d: -run.scale,
                                      tx: geometry.origin.x + g.x, ty: geometry.origin.y + g.y)
                    out += "<use xlink:href=\"#\(ref)\" transform=\"\(SVGWriter.matrix(t))\"/>"
                }
            }
        } else {
            out += "<path d=\"\(SVGPath.data(.glyphs(geometry)))\"/>"
        }
        for run in geometry.runs {
            guard let text = run.text, let first = run.glyphs.first, first.x.isFinite, first.y.isFinite else { continue }
            let characters = PDFContentWriter.logicalText(of: run, in: text)
            guard !characters.isEmpty else { continue }
            let em = run.scale * run.source.unitsPerEm
            out += "<text x=\"\(SVGWriter.n(geometry.origin.x + first.x))\" y=\"\(SVGWriter.n(geometry.origin.y + first.y))\" "
                + "font-size=\"\(SVGWriter.n(em))\" fill-opacity=\"0\" stroke=\"none\">\(SVGWriter.escape(characters))</text>"
        }
        out += "</g>\n"
    }

    /// The id of a glyph's outline in the definitions (written once); `nil` for an
    /// empty outline (a space).
    private mutating func glyphDefinition(_ source: any GlyphOutlineSource, _ glyph: UInt32) -> String? {
        let key = "glyph \(source.faceID) \(glyph)"
        if let id = glyphIDs[key] { return id.isEmpty ? nil : id }
        let outline = source.outline(glyph: glyph)
        guard !outline.isEmpty else { glyphIDs[key] = ""; return nil }
        let id = "gl\(source.faceID)-\(glyph)"
        defs += "<path id=\"\(id)\" d=\"\(SVGPath.data(.path(outline)))\"/>\n"
        glyphIDs[key] = id
        return id
    }
}
