import Testing
import Foundation
import OpenCanvas
import CanvasCodecs
import CanvasScenes
import RenderTesting

/// Runs a command-line tool; its exit status and standard output.
private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

private func scratch(_ name: String) throws -> URL {
    let folder = ReferenceImage.outputDirectory.appendingPathComponent("pdf")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name)
}

/// Our raster over white against poppler's raster of our PDF: the mean difference
/// of the largest channel difference per pixel, and the share of pixels that differ
/// by more than 32/255. Writes both pictures and the difference on failure.
private func comparePDF(_ pdf: Data, with image: CGImage, name: String) throws -> (mean: Double, far: Double) {
    let file = try scratch("\(name).pdf")
    try pdf.write(to: file)
    let prefix = try scratch("\(name)-poppler")
    let dpi = "144"   // the scenes' images are 2 pixels per point
    let status = try run("pdftoppm", ["-r", dpi, "-png", "-singlefile", file.path, prefix.path]).status
    #expect(status == 0, "pdftoppm failed on \(file.path)")
    let theirs = try PNGCodec.decode([UInt8](Data(contentsOf: prefix.appendingPathExtension("png"))))
    #expect(theirs.width == image.width && theirs.height == image.height, "\(name): poppler's page is \(theirs.width)×\(theirs.height)")
    let ours = image.rgbaBytes()
    let w = min(theirs.width, image.width), h = min(theirs.height, image.height)
    var total = 0, far = 0
    var diff = [UInt8](repeating: 255, count: w * h * 4)
    var flattened = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            let i = (y * image.width + x) * 4, j = (y * theirs.width + x) * 4, k = (y * w + x) * 4
            let a = Int(ours[i + 3])
            var d = 0
            for c in 0..<3 {
                // Ours composited over white paper, as poppler draws the page.
                let over = (Int(ours[i + c]) * a + 255 * (255 - a) + 127) / 255
                flattened[k + c] = UInt8(over)
                d = max(d, abs(over - Int(theirs.rgba[j + c])))
            }
            total += d
            if d > 32 { far += 1; diff[k] = 255; diff[k + 1] = 0; diff[k + 2] = 0 } else {
                let g = UInt8(255 - min(255, d * 8)); diff[k] = g; diff[k + 1] = g; diff[k + 2] = g
            }
        }
    }
    let result = (Double(total) / Double(w * h), Double(far) / Double(w * h))
    if result.0 > 5 || result.1 > 0.04 {
        try Data(PNGCodec.encode(rgba: flattened, width: w, height: h)).write(to: try scratch("\(name)-ours.png"))
        try Data(PNGCodec.encode(rgba: diff, width: w, height: h)).write(to: try scratch("\(name)-diff.png"))
    }
    return result
}

/// PDF output, read back with independent tools: poppler (`pdftoppm`, `pdftotext`,
/// `pdfinfo`) and `qpdf --check`.
@MainActor
@Suite("PDF output")
struct PDFOutputTests {
    /// Every gallery scene as a PDF (the Apple way: `ImageRenderer.render` into a
    /// PDF context) matches our own raster of it once poppler rasterizes it: mean
    /// difference ≤ 5/255 and at most 4 % of pixels off by more than 32/255 (edges
    /// anti-aliased differently, gradients' hard edges, hinting of text; measured
    /// worst: mean 3.6, 2.8 %).
    @Test("gallery scene as PDF", arguments: Scenes.all.map(\.name))
    func scene(_ name: String) throws {
        let scene = try #require(Scenes.named(name))
        let image = try #require(scene.image(scale: 2))
        let pdf = scene.pdfData(title: name)
        #expect(pdf.starts(with: Data("%PDF-1.7".utf8)))
        let (mean, far) = try comparePDF(pdf, with: image, name: name)
        let check = try run("qpdf", ["--check", try scratch("\(name).pdf").path])
        print("pdf \(name): \(pdf.count) bytes, mean difference \(mean), \(far * 100) % off by > 32")
        #expect(mean <= 5 && far <= 0.04, "\(name): mean difference \(mean), \(far * 100) % of pixels off by > 32; see \(ReferenceImage.outputDirectory.path)/pdf")
        #expect(check.status == 0, "qpdf --check found problems in \(name).pdf")
    }

    @Test("text is real text: pdftotext reads it, fonts are embedded subsets, the file stays small")
    func text() throws {
        let pdf = Scenes.textStyles.pdfData(title: "Text styles")
        let file = try scratch("text-styles-text.pdf")
        try pdf.write(to: file)
        let text = String(decoding: try run("pdftotext", [file.path, "-"]).output, as: UTF8.self)
        for label in ["Large Title", "Headline", "Subheadline", "Footnote", "Caption 2"] {
            #expect(text.contains(label), "pdftotext did not find \(label) in: \(text)")
        }
        let fonts = String(decoding: try run("pdffonts", [file.path]).output, as: UTF8.self)
        #expect(fonts.contains("Inter"), "\(fonts)")
        // Every font line says embedded, subset, with a ToUnicode map ("yes yes yes").
        let lines = fonts.split(separator: "\n").dropFirst(2)
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("yes yes yes") }, "\(fonts)")
        // Subsets: Inter's whole files are 300 KB each.
        #expect(pdf.count < 80_000, "text-styles.pdf is \(pdf.count) bytes")
    }

    @Test("scripts: Arabic, Hebrew, Devanagari, CJK and Greek come back out as text")
    func scripts() throws {
        let pdf = Scenes.textScripts.pdfData()
        let file = try scratch("text-scripts-text.pdf")
        try pdf.write(to: file)
        let text = String(decoding: try run("pdftotext", [file.path, "-"]).output, as: UTF8.self)
        for sample in ["The quick brown fox jumps", "Γειά σου, κόσμε", "Привет, мир", "नमस्ते दुनिया", "你好，世界",
                       "こんにちは、世界"] {
            #expect(text.contains(sample), "pdftotext did not find \(sample) in: \(text)")
        }
        // Right-to-left lines come back in reading order (poppler marks them with
        // directional embedding characters).
        for sample in ["مرحبا بالعالم", "שלום עולם"] {
            #expect(text.contains(sample), "pdftotext did not find \(sample) in: \(text)")
        }
    }

    @Test("CGContext PDF API: pages with their own boxes, document info, links, a file URL")
    func contextAPI() throws {
        let url = try scratch("api.pdf")
        try? FileManager.default.removeItem(at: url)
        var box = CGRect(x: 0, y: 0, width: 200, height: 100)
        let info = [kCGPDFContextTitle as String: "Quarterly report", kCGPDFContextAuthor as String: "OpenCanvas tests",
                    kCGPDFContextCreator as String: "PDFOutputTests"] as CFDictionary
        let pdf = try #require(CGContext(url as CFURL, mediaBox: &box, info))
        pdf.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        pdf.fill(CGRect(x: 0, y: 0, width: 50, height: 50))     // outside a page: ignored
        pdf.beginPDFPage(nil)
        pdf.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        pdf.fill(CGRect(x: 0, y: 0, width: 100, height: 50))    // bottom-left quarter (y up)
        pdf.setURL(URL(string: "https://example.com/report")! as CFURL, for: CGRect(x: 0, y: 0, width: 100, height: 50))
        pdf.endPDFPage()
        var second = CGRect(x: 0, y: 0, width: 300, height: 300)
        let boxData = Data(bytes: &second, count: MemoryLayout<CGRect>.size)
        pdf.beginPDFPage([kCGPDFContextMediaBox as String: boxData] as CFDictionary)
        pdf.setStrokeColor(CGColor(red: 0, green: 0.5, blue: 0, alpha: 1))
        pdf.setLineWidth(10)
        pdf.setLineDash(phase: 0, lengths: [20, 10])
        pdf.stroke(CGRect(x: 50, y: 50, width: 200, height: 200))
        pdf.endPDFPage()
        pdf.closePDF()
        pdf.fill(CGRect(x: 0, y: 0, width: 10, height: 10))      // after closing: ignored

        #expect(try run("qpdf", ["--check", url.path]).status == 0)
        let pdfinfo = String(decoding: try run("pdfinfo", [url.path]).output, as: UTF8.self)
        func field(_ text: String, _ name: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        #expect(field(pdfinfo, "Title") == "Quarterly report", "\(pdfinfo)")
        #expect(field(pdfinfo, "Author") == "OpenCanvas tests", "\(pdfinfo)")
        #expect(field(pdfinfo, "Creator") == "PDFOutputTests", "\(pdfinfo)")
        #expect(field(pdfinfo, "Producer") == "OpenCanvas", "\(pdfinfo)")
        #expect(field(pdfinfo, "Pages") == "2", "\(pdfinfo)")
        let sizes = String(decoding: try run("pdfinfo", ["-f", "1", "-l", "2", url.path]).output, as: UTF8.self)
        #expect(field(sizes, "Page    1 size")?.hasPrefix("200 x 100 pts") == true, "\(sizes)")
        #expect(field(sizes, "Page    2 size")?.hasPrefix("300 x 300 pts") == true, "\(sizes)")
        let raw = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(raw.contains("/URI (https://example.com/report)"))

        // Page 1 at 72 dpi: blue bottom-left, white elsewhere (the fill outside a page left nothing).
        let prefix = try scratch("api-page1")
        #expect(try run("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-png", "-singlefile", url.path, prefix.path]).status == 0)
        let page = try PNGCodec.decode([UInt8](Data(contentsOf: prefix.appendingPathExtension("png"))))
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { Array(page.rgba[(y * page.width + x) * 4 ..< (y * page.width + x) * 4 + 3]) }
        #expect(page.width == 200 && page.height == 100)
        #expect(rgb(20, 80) == [0, 0, 255])
        #expect(rgb(150, 20) == [255, 255, 255])
        #expect(rgb(20, 20) == [255, 255, 255])
    }

    @Test("links in text become link annotations over the linked words (PDF and SVG)")
    func textLinks() throws {
        let view = Text("Read [the guide](https://example.com/guide) today").font(.system(size: 20))
            .frame(width: 300, height: 40)
        let renderer = ImageRenderer(content: view)
        let data = NSMutableData()
        renderer.render { size, draw in
            var box = CGRect(origin: .zero, size: size)
            guard let consumer = CGDataConsumer(data: data as CFMutableData),
                  let pdf = CGContext(consumer: consumer, mediaBox: &box, nil) else { return }
            pdf.beginPDFPage(nil)
            draw(pdf)
            pdf.endPDFPage()
            pdf.closePDF()
        }
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.contains("/Subtype /Link"))
        #expect(text.contains("/URI (https://example.com/guide)"))
        // The annotation covers "the guide", between "Read" and "today", within the line.
        let rect = try #require(text.split(separator: "/Rect [").dropFirst().first?.split(separator: "]").first)
        let numbers = rect.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count == 4)
        let file = try scratch("links.pdf")
        try (data as Data).write(to: file)
        let words = String(decoding: try run("pdftotext", ["-bbox", file.path, "-"]).output, as: UTF8.self)
        // pdftotext's word boxes: "the" starts the link, "guide" ends it.
        func box(_ word: String, _ name: String) -> Double? {
            guard let line = words.split(separator: "\n").first(where: { $0.contains(">\(word)<") }) else { return nil }
            return line.components(separatedBy: "\(name)=\"").dropFirst().first?.split(separator: "\"").first.flatMap { Double($0) }
        }
        let start = try #require(box("the", "xMin")), end = try #require(box("guide", "xMax"))
        #expect(abs(numbers[0] - start) < 3 && abs(numbers[2] - end) < 3, "\(numbers) vs the guide at \(start)…\(end)")
        #expect(numbers[1] >= 0 && numbers[3] <= 40 && numbers[3] > numbers[1])
        let svg = renderer.recording.svgDocument()
        #expect(svg.contains("<a xlink:href=\"https://example.com/guide\">"))
    }

    /// A gradient stroke is painted through its outline as a clip; a long stroke of
    /// tiny dashes has an outline of millions of points (the drawing fuzzer's input
    /// wrote 17 MB of path operators and took 3.5 s under AddressSanitizer). Past
    /// `maximumOutlinePoints` it is drawn as pixels: the file stays small, and
    /// poppler's page still matches our raster.
    @Test("a gradient stroke of tens of thousands of dashes is drawn as pixels, not as megabytes of path")
    func gradientStrokeOfTinyDashes() throws {
        let scene = Scene(name: "dashed-gradient-stroke", summary: "", size: CGSize(width: 200, height: 120)) { context, _ in
            var path = Path()
            // 6 lines of 180 points in dashes of 0.03: 18,000 dashes (the dasher's limit
            // is 2¹⁷ dashes and gaps), about 90,000 outline points.
            for row in 0..<6 {
                path.move(to: CGPoint(x: 10, y: 10 + Double(row) * 16))
                path.addLine(to: CGPoint(x: 190, y: 10 + Double(row) * 10))
            }
            let gradient = Gradient(colors: [.red, .blue])
            context.stroke(path, with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 200, y: 0)),
                           style: StrokeStyle(lineWidth: 4, dash: [0.03, 0.03]))
        }
        let image = try #require(scene.image(scale: 2))
        let pdf = scene.pdfData(title: "dashes")
        #expect(pdf.count < 1 << 20, "\(pdf.count) bytes")
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Subtype /Image"))
        let (mean, far) = try comparePDF(pdf, with: image, name: "dashed-gradient-stroke")
        #expect(mean <= 5 && far <= 0.04, "mean difference \(mean), \(far * 100) % of pixels off by > 32")
    }

    /// Only the page shows, so only the dashes the pen can reach on it are outlined
    /// (as the raster does with its clip): a stroke that runs 10⁵ points off the
    /// page in dashes of 1 stays a vector clip of the dozens of dashes on it.
    @Test("a gradient stroke running far off the page outlines only the dashes on it, as vectors")
    func gradientStrokeFarOffThePage() throws {
        let scene = Scene(name: "dashed-gradient-stroke-off-page", summary: "", size: CGSize(width: 200, height: 120)) { context, _ in
            var path = Path()
            path.move(to: CGPoint(x: 10, y: 60))
            path.addLine(to: CGPoint(x: 100_000, y: 60))
            let gradient = Gradient(colors: [.red, .blue])
            context.stroke(path, with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 200, y: 0)),
                           style: StrokeStyle(lineWidth: 6, dash: [1, 1]))
        }
        let image = try #require(scene.image(scale: 2))
        let pdf = scene.pdfData(title: "off the page")
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(!text.contains("/Subtype /Image"), "drawn as pixels")
        #expect(pdf.count < 64 << 10, "\(pdf.count) bytes")
        let (mean, far) = try comparePDF(pdf, with: image, name: "dashed-gradient-stroke-off-page")
        #expect(mean <= 5 && far <= 0.04, "mean difference \(mean), \(far * 100) % of pixels off by > 32")
    }

    @Test("a PDF context released without closePDF still writes its document; bad boxes are refused")
    func releaseAndBadInput() throws {
        let data = NSMutableData()
        do {
            let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
            let pdf = try #require(CGContext(consumer: consumer, mediaBox: nil, nil))
            pdf.beginPage(mediaBox: nil)
            pdf.fillEllipse(in: CGRect(x: 10, y: 10, width: 100, height: 100))
            // Hostile values on the way: ignored, never written as NaN.
            pdf.move(to: CGPoint(x: CGFloat.nan, y: 0))
            pdf.addLine(to: CGPoint(x: CGFloat.infinity, y: 1e300))
            pdf.strokePath()
            pdf.fill(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 1e300))
        }
        let bytes = data as Data
        #expect(bytes.starts(with: Data("%PDF-".utf8)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("nan") && !text.contains("inf"))
        #expect(text.contains("/MediaBox [0 0 612 792]"))   // US Letter by default
        let file = try scratch("released.pdf")
        try bytes.write(to: file)
        #expect(try run("qpdf", ["--check", file.path]).status == 0)

        var nan = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        var empty = CGRect(x: 0, y: 0, width: 0, height: 10)
        let consumer = try #require(CGDataConsumer(data: NSMutableData() as CFMutableData))
        #expect(CGContext(consumer: consumer, mediaBox: &nan, nil) == nil)
        #expect(CGContext(consumer: consumer, mediaBox: &empty, nil) == nil)
        #expect(CGDataConsumer(url: URL(string: "https://example.com/x.pdf")! as CFURL) == nil)
    }
}
