import Foundation
import CanvasGeometry
import CanvasRender
import CanvasVector

extension RecordedDrawing {
    /// The drawing as a one-page PDF document of its size (an OpenCanvas
    /// addition, from any thread: the Apple way, `ImageRenderer.render` into a PDF
    /// `CGContext`, gives the same document). What PDF cannot express is drawn as
    /// an image of `fallbackScale` pixels per point (see `CGContext(consumer:mediaBox:_:)`).
    public func pdfData(title: String? = nil, fallbackScale: Double = 2) -> Data {
        let document = PDFDocument(info: PDFDocument.Info(title: title), fallbackScale: fallbackScale,
                                   creationDate: CGContext.pdfDate())
        document.addPage(vectorList, mediaBox: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        return Data(document.finish())
    }

    /// The drawing as an SVG document of its size (an OpenCanvas addition: Apple
    /// platforms have no SVG export), from any thread. What SVG cannot express is
    /// drawn as a PNG image of `fallbackScale` pixels per point; text is drawn as
    /// glyph outlines with its characters as transparent text (see `SVGDocument`).
    public func svgDocument(title: String? = nil, fallbackScale: Double = 2) -> String {
        SVGDocument.write(vectorList, width: Double(size.width), height: Double(size.height),
                          fallbackScale: fallbackScale, title: title)
    }

    /// The list as the vector writers read it: a drawing composited in linear
    /// light becomes one layer in that mode (which they draw as an image).
    private var vectorList: DisplayList {
        guard colorMode != .nonLinear else { return list }
        var wrapped = list
        let layer = wrapped.addLayer(colorMode: colorMode == .linear ? .linear : .extendedLinear)
        wrapped.layers[Int(layer)].items = list.layers[0].items
        wrapped.layers[0].items = [DrawItem(content: .layer(layer), transform: .identity)]
        return wrapped
    }
}
