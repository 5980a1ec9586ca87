import Foundation
import CanvasGeometry
import CanvasVector

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// Where a PDF context's document goes: a file or a `Data` buffer.
public final class CGDataConsumer {
    enum Destination {
        case url(URL)
        case data(NSMutableData)
    }
    let destination: Destination

    /// A consumer that writes a file (`nil` for a URL that is not a file URL).
    public init?(url: CFURL) {
        guard let u = url as URL?, u.isFileURL else { return nil }
        destination = .url(u)
    }

    /// A consumer that appends to `data` (failable, as Core Graphics declares it;
    /// it does not fail).
    public init?(data: CFMutableData) {
        destination = .data(data)
    }

    /// Delivers the document's bytes; false when the file cannot be written.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        switch destination {
        case .data(let data):
            bytes.withUnsafeBytes { data.append($0.baseAddress!, length: $0.count) }
            return true
        case .url(let url):
            do {
                try Data(bytes).write(to: url)
                return true
            } catch {
                Diagnostics.report(.invalidValue, "OpenCanvas: the PDF could not be written to \(url.path): \(error)")
                return false
            }
        }
    }
}

// Keys of a PDF context's auxiliary information and of a page's information.
// (Immutable strings; `nonisolated(unsafe)` because NSString is not `Sendable` on Linux.)

/// The document's title (auxiliary information of `CGContext(consumer:mediaBox:_:)`).
nonisolated(unsafe) public let kCGPDFContextTitle: CFString = "kCGPDFContextTitle"
/// The document's author.
nonisolated(unsafe) public let kCGPDFContextAuthor: CFString = "kCGPDFContextAuthor"
/// The document's subject.
nonisolated(unsafe) public let kCGPDFContextSubject: CFString = "kCGPDFContextSubject"
/// The document's keywords.
nonisolated(unsafe) public let kCGPDFContextKeywords: CFString = "kCGPDFContextKeywords"
/// The program that made the document.
nonisolated(unsafe) public let kCGPDFContextCreator: CFString = "kCGPDFContextCreator"
/// A page's media box in `beginPDFPage(_:)`'s page information: a `CGRect`'s bytes as `Data`.
nonisolated(unsafe) public let kCGPDFContextMediaBox: CFString = "kCGPDFContextMediaBox"

/// A PDF context's document and the page being drawn.
final class PDFTarget {
    let document: PDFDocument
    let consumer: CGDataConsumer
    let defaultBox: CGRect
    /// The page being drawn: its recording, box and links.
    var page: (recorder: GraphicsContext.Recorder, box: CGRect, links: [PDFDocument.Link])?
    var isClosed = false

    init(document: PDFDocument, consumer: CGDataConsumer, defaultBox: CGRect) {
        self.document = document
        self.consumer = consumer
        self.defaultBox = defaultBox
    }

    func endPage() {
        guard let page else { return }
        self.page = nil
        let b = page.box
        document.addPage(page.recorder.list, mediaBox: Rect(x: b.minX, y: b.minY, width: b.width, height: b.height),
                         links: page.links)
    }

    func close() {
        guard !isClosed else { return }
        endPage()
        isClosed = true
        consumer.write(document.finish())
    }

    // A context released without closePDF() still delivers its document, as
    // Core Graphics does.
    deinit { close() }

    /// The entries of a CFDictionary by string key.
    static func entries(_ dictionary: CFDictionary?) -> [String: Any] {
        guard let dictionary else { return [:] }
        var out: [String: Any] = [:]
        for (key, value) in dictionary {
            if let k = key as? String { out[k] = value } else if let k = key as? NSString { out[String(k)] = value }
        }
        return out
    }

    static func string(_ value: Any?) -> String? {
        if let s = value as? String { return s }
        if let s = value as? NSString { return String(s) }
        return nil
    }
}

extension CGContext {
    /// A PDF context writing to `consumer`: pages of `mediaBox` (US Letter, 612 × 792
    /// points, when `nil`) unless a page says otherwise; `auxiliaryInfo` gives the
    /// document's title, author, subject, keywords and creator
    /// (`kCGPDFContextTitle` …). The document is written when the context is closed
    /// (`closePDF()`) or released.
    ///
    /// Drawing is recorded as it is on every context and written as PDF vectors at
    /// the end of each page: what PDF cannot express (filters, shadows, the
    /// Porter–Duff blend modes, `plusDarker`/`plusLighter`, conic gradients,
    /// linear-light layers, colour emoji) is drawn as an image of 2 pixels per point
    /// at its place (see `PDFContentWriter` in the CanvasVector module). Drawing
    /// outside a page is ignored.
    public convenience init?(consumer: CGDataConsumer, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        let box = mediaBox?.pointee ?? CGRect(x: 0, y: 0, width: 612, height: 792)
        guard box.isFiniteRect, box.width > 0, box.height > 0 else {
            Diagnostics.report(.invalidSize, "OpenCanvas: a PDF context needs a media box with a finite, positive size")
            return nil
        }
        let info = PDFTarget.entries(auxiliaryInfo)
        let document = PDFDocument(info: PDFDocument.Info(
            title: PDFTarget.string(info[kCGPDFContextTitle as String]),
            author: PDFTarget.string(info[kCGPDFContextAuthor as String]),
            subject: PDFTarget.string(info[kCGPDFContextSubject as String]),
            keywords: PDFTarget.string(info[kCGPDFContextKeywords as String]),
            creator: PDFTarget.string(info[kCGPDFContextCreator as String])), creationDate: CGContext.pdfDate())
        let idle = GraphicsContext(recorder: GraphicsContext.Recorder(), base: .identity, size: box.size,
                                   environment: EnvironmentValues())
        self.init(target: idle)
        isValid = false
        pdf = PDFTarget(document: document, consumer: consumer, defaultBox: box)
    }

    /// A PDF context writing the file at `url` (see `init(consumer:mediaBox:_:)`).
    public convenience init?(_ url: CFURL, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        guard let consumer = CGDataConsumer(url: url) else { return nil }
        self.init(consumer: consumer, mediaBox: mediaBox, auxiliaryInfo)
    }

    /// Starts a page of a PDF context; `pageInfo` may give its box
    /// (`kCGPDFContextMediaBox`, a `CGRect`'s bytes as `Data`). A page still open is
    /// ended first.
    public func beginPDFPage(_ pageInfo: CFDictionary?) {
        var box: CGRect?
        if let data = PDFTarget.entries(pageInfo)[kCGPDFContextMediaBox as String] as? Data,
           data.count == MemoryLayout<CGRect>.size {
            box = data.withUnsafeBytes { $0.loadUnaligned(as: CGRect.self) }
        }
        startPage(box)
    }

    /// Ends the page begun last (nothing when none is open).
    public func endPDFPage() {
        guard let pdf else { return }
        pdf.endPage()
        isValid = false
    }

    /// Starts a page of `mediaBox` (the context's box when `nil`); for other
    /// contexts, does nothing.
    public func beginPage(mediaBox: UnsafePointer<CGRect>?) { startPage(mediaBox?.pointee) }

    /// Ends the current page (as `endPDFPage()`).
    public func endPage() { endPDFPage() }

    /// Ends the document (and a page still open) and writes it to its consumer;
    /// drawing afterwards is ignored.
    public func closePDF() {
        guard let pdf else { return }
        pdf.close()
        isValid = false
    }

    /// Makes `rect` (user space) of the current page a link to `url`.
    public func setURL(_ url: CFURL, for rect: CGRect) {
        guard let pdf, pdf.page != nil, isValid, rect.isFiniteRect else { return }
        let r = rect.applying(ctm.concatenating(currentBase))
        pdf.page?.links.append(PDFDocument.Link(rect: Rect(x: r.minX, y: r.minY, width: r.width, height: r.height),
                                                url: (url as URL).absoluteString))
    }

    private func startPage(_ requested: CGRect?) {
        guard let pdf, !pdf.isClosed else { return }
        pdf.endPage()
        var box = requested ?? pdf.defaultBox
        if !(box.isFiniteRect && box.width > 0 && box.height > 0) { box = pdf.defaultBox }
        let recorder = GraphicsContext.Recorder()
        var environment = EnvironmentValues()
        environment.displayScale = CGFloat(pdf.document.fallbackScale)
        let target = GraphicsContext(recorder: recorder, base: .identity, size: box.size, environment: environment)
        // PDF's space: y up; the recording's root space: y down from the box's top-left corner.
        restart(target: target, base: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -box.minX, ty: box.maxY))
        pdf.page = (recorder, box, [])
    }

    /// Now as a PDF date (UTC), or `SOURCE_DATE_EPOCH`'s time when it is set (for
    /// reproducible documents).
    static func pdfDate() -> String {
        var date = Date()
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Double(epoch) {
            date = Date(timeIntervalSince1970: seconds)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let s = String(v ?? 0); return s.count < 2 ? "0" + s : s }
        return "D:\(c.year ?? 1970)\(two(c.month))\(two(c.day))\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }
}
#endif
