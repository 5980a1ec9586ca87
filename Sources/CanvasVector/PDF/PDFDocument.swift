import CanvasGeometry
import CanvasRender

/// A PDF document written page by page from display lists: what a Core Graphics PDF
/// context records, as vectors (paths, shadings, images, transparency groups, real
/// text) wherever PDF can express the drawing, and as an image at `fallbackScale`
/// pixels per point where it cannot (see `PDFContentWriter`).
///
/// A page's display list is in its root space: points, y down, the origin at the
/// top-left corner of the page's media box (which is in PDF's own space, y up).
///
/// Every page and form shares one resource dictionary, so a resource (an image, a
/// font, a shading) is written once however often it is drawn.
public final class PDFDocument {
    /// The document information dictionary's entries (`nil` ones are left out).
    public struct Info: Sendable, Equatable {
        public var title: String?
        public var author: String?
        public var subject: String?
        public var keywords: String?
        public var creator: String?
        public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                    creator: String? = nil) {
            self.title = title; self.author = author; self.subject = subject; self.keywords = keywords
            self.creator = creator
        }
    }

    /// A link annotation: a rectangle of the page (root space) that opens `url`.
    public struct Link: Sendable, Equatable {
        public var rect: Rect
        public var url: String
        public init(rect: Rect, url: String) { self.rect = rect; self.url = url }
    }

    /// Pixels per point of what is drawn as an image because PDF cannot express it.
    public let fallbackScale: Double
    public let info: Info
    /// `D:YYYYMMDDHHmmSSZ`, or `nil` to leave the dates out.
    let creationDate: String?

    var out = PDFBytes()
    /// Byte offset of each object by number (object 0 is the free list's head).
    private var offsets: [Int] = [0]
    private let pagesObject: Int
    let resourcesObject: Int
    private var pageObjects: [Int] = []
    private(set) var isFinished = false

    /// Resource names by category (`ExtGState`, `Shading`, `XObject`, `Pattern`,
    /// `Font`), each with its object.
    private var resources: [String: [(name: String, object: Int)]] = [:]
    /// Resources already written, by a key describing them.
    var cache: [String: String] = [:]
    var fonts = PDFFontRegistry()
    /// Paints and images whose identities key `cache`: kept alive until the end, so
    /// that an identity is never reused by another object meanwhile.
    private var retained: [AnyObject] = []

    func retain(_ object: AnyObject) { retained.append(object) }

    public var pageCount: Int { pageObjects.count }

    /// `creationDate` as PDF writes dates (`D:20261204120000Z`); `nil` leaves it out.
    public init(info: Info = Info(), fallbackScale: Double = 2, creationDate: String? = nil) {
        self.info = info
        self.fallbackScale = fallbackScale.isFinite ? min(max(fallbackScale, 0.25), 8) : 2
        self.creationDate = creationDate
        out.append("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
        offsets.append(-1); pagesObject = 1
        offsets.append(-1); resourcesObject = 2
    }

    // MARK: Objects

    /// A new object number, for an object written later.
    func allocate() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Writes object `number` with `body` (a dictionary, array or other value).
    func write(_ number: Int, _ body: String) {
        offsets[number] = out.count
        out.append("\(number) 0 obj\n")
        out.append(body)
        out.append("\nendobj\n")
    }

    /// Writes a stream object: `entries` go in its dictionary (without `<<`/`>>`),
    /// with the length and, when it makes the data smaller, Flate compression.
    func writeStream(_ number: Int, entries: String, data: [UInt8], compress: Bool = true) {
        var body = data
        var filter = ""
        if compress, data.count > 64, let packed = PDFSyntax.deflate(data), packed.count < data.count {
            body = packed
            filter = " /Filter /FlateDecode"
        }
        offsets[number] = out.count
        out.append("\(number) 0 obj\n<< \(entries) /Length \(body.count)\(filter) >>\nstream\n")
        out.append(body)
        out.append("\nendstream\nendobj\n")
    }

    /// Registers `object` under a fresh name in the shared resources and returns the name.
    func addResource(_ category: String, prefix: String, object: Int) -> String {
        let name = "\(prefix)\(object)"
        resources[category, default: []].append((name, object))
        return name
    }

    // MARK: Pages

    /// Adds a page showing `list`. `mediaBox` is in PDF space (points, y up); the
    /// list's root space has its origin at the box's top-left corner, y down.
    public func addPage(_ list: DisplayList, mediaBox: Rect, links: [Link] = []) {
        guard !isFinished else { return }
        let box = mediaBox.isFinite && !mediaBox.isEmpty ? mediaBox : Rect(x: 0, y: 0, width: 612, height: 792)
        let page = allocate()
        let contents = allocate()
        // Root space (y down from the top-left corner) to PDF space.
        let rootToPage = Transform(a: 1, b: 0, c: 0, d: -1, tx: box.minX, ty: box.maxY)
        var writer = PDFContentWriter(document: self, list: list,
                                      pageRect: Rect(x: 0, y: 0, width: box.width, height: box.height),
                                      patternBase: rootToPage)
        var content = PDFBytes()
        content.numbers(rootToPage.a, rootToPage.b, rootToPage.c, rootToPage.d, rootToPage.tx, rootToPage.ty)
        content.op("cm")
        writer.writeLayer(0, into: &content)
        writeStream(contents, entries: "", data: content.bytes)

        var annotations: [Int] = []
        for link in links + list.links.map({ Link(rect: $0.rect, url: $0.url) }) where link.rect.isFinite && !link.rect.isEmpty && !link.url.isEmpty {
            let r = link.rect.transformed(by: rootToPage)
            let n = allocate()
            write(n, "<< /Type /Annot /Subtype /Link /Rect [\(PDFSyntax.number(r.minX)) \(PDFSyntax.number(r.minY)) "
                + "\(PDFSyntax.number(r.maxX)) \(PDFSyntax.number(r.maxY))] /Border [0 0 0] "
                + "/A << /S /URI /URI \(PDFSyntax.textString(link.url)) >> >>")
            annotations.append(n)
        }
        let annots = annotations.isEmpty ? "" : " /Annots [" + annotations.map { "\($0) 0 R" }.joined(separator: " ") + "]"
        write(page, "<< /Type /Page /Parent \(pagesObject) 0 R /MediaBox [\(PDFSyntax.number(box.minX)) "
            + "\(PDFSyntax.number(box.minY)) \(PDFSyntax.number(box.maxX)) \(PDFSyntax.number(box.maxY))] "
            + "/Resources \(resourcesObject) 0 R /Contents \(contents) 0 R "
            + "/Group << /S /Transparency /CS /DeviceRGB >>\(annots) >>")
        pageObjects.append(page)
    }

    /// Ends the document and returns its bytes (the same bytes when called again).
    public func finish() -> [UInt8] {
        if isFinished { return out.bytes }
        isFinished = true
        fonts.writeFonts(into: self)
        var dict = "<< /ProcSet [/PDF /Text /ImageB /ImageC]"
        for category in resources.keys.sorted() {
            dict += " /\(category) <<"
            for entry in resources[category]! { dict += " /\(entry.name) \(entry.object) 0 R" }
            dict += " >>"
        }
        write(resourcesObject, dict + " >>")
        write(pagesObject, "<< /Type /Pages /Kids [" + pageObjects.map { "\($0) 0 R" }.joined(separator: " ")
            + "] /Count \(pageObjects.count) >>")
        let infoObject = allocate()
        var infoDict = "<< /Producer (OpenCanvas)"
        for (key, value) in [("Title", info.title), ("Author", info.author), ("Subject", info.subject),
                             ("Keywords", info.keywords), ("Creator", info.creator)] {
            if let value { infoDict += " /\(key) \(PDFSyntax.textString(value))" }
        }
        if let creationDate { infoDict += " /CreationDate (\(creationDate)) /ModDate (\(creationDate))" }
        write(infoObject, infoDict + " >>")
        let catalog = allocate()
        write(catalog, "<< /Type /Catalog /Pages \(pagesObject) 0 R >>")

        let xref = out.count
        out.append("xref\n0 \(offsets.count)\n0000000000 65535 f \n")
        for offset in offsets.dropFirst() {
            let text = String(max(offset, 0))
            out.append(String(repeating: "0", count: max(0, 10 - text.utf8.count)) + text + " 00000 n \n")
        }
        // The file identifier: a hash of everything written (the same drawing, the same file).
        var h1: UInt64 = 0xCBF2_9CE4_8422_2325, h2: UInt64 = 0x8422_2325_CBF2_9CE4
        for b in out.bytes { h1 = (h1 ^ UInt64(b)) &* 0x100_0000_01B3; h2 = (h2 &+ UInt64(b)) &* 0x9E37_79B9_7F4A_7C15 }
        let id = String(h1, radix: 16) + String(h2, radix: 16)
        let hexID = String(repeating: "0", count: max(0, 32 - id.count)) + id
        out.append("trailer\n<< /Size \(offsets.count) /Root \(catalog) 0 R /Info \(infoObject) 0 R "
            + "/ID [<\(hexID)> <\(hexID)>] >>\nstartxref\n\(xref)\n%%EOF\n")
        return out.bytes
    }
}
