import Foundation
import OpenCanvas

/// One of OpenCanvas's own example pictures: the gallery renders them, and the tests
/// compare them with reference images.
public struct Scene: Sendable {
    /// A short file-friendly name, e.g. "year-grid".
    public let name: String
    /// One line saying what it shows.
    public let summary: String
    /// Size in points.
    public let size: CGSize
    /// The canvas renderer.
    public let draw: @Sendable (inout GraphicsContext, CGSize) -> Void

    /// A scene that is more than one canvas renderer (a canvas with symbols): the
    /// whole view, at the scene's size.
    public let content: (@MainActor @Sendable () -> any View)?

    public init(name: String, summary: String, size: CGSize,
                draw: @escaping @Sendable (inout GraphicsContext, CGSize) -> Void) {
        self.name = name
        self.summary = summary
        self.size = size
        self.draw = draw
        self.content = nil
    }

    public init(name: String, summary: String, size: CGSize, content: @escaping @MainActor @Sendable () -> any View) {
        self.name = name
        self.summary = summary
        self.size = size
        self.draw = { _, _ in }
        self.content = content
    }

    /// The scene as a view: a canvas of its size.
    @MainActor
    public var view: some View {
        Canvas(renderer: draw).frame(width: size.width, height: size.height)
    }

    /// The scene rendered at `scale` pixels per point (with `threads` threads,
    /// or the default).
    @MainActor
    public func image(scale: CGFloat = 2, threads: Int? = nil) -> CGImage? {
        func render<V: View>(_ v: V) -> CGImage? {
            let renderer = ImageRenderer(content: v.frame(width: size.width, height: size.height))
            renderer.scale = scale
            if let threads { renderer.threadCount = threads }
            return renderer.cgImage
        }
        if let content { return render(content()) }
        return render(Canvas(renderer: draw))
    }
}

extension Scene {
    /// The scene as a one-page PDF document, written the way Apple documents it: an
    /// `ImageRenderer` drawing into a Core Graphics PDF context of the view's size.
    @MainActor
    public func pdfData(title: String? = nil) -> Data {
        func write<V: View>(_ v: V) -> Data {
            let data = NSMutableData()
            let renderer = ImageRenderer(content: v.frame(width: size.width, height: size.height))
            // What the view draws offscreen is drawn at 2 pixels per point.
            renderer.render(rasterizationScale: 2) { size, draw in
                var box = CGRect(origin: .zero, size: size)
                let info = title.map { [kCGPDFContextTitle as String: $0] as CFDictionary }
                guard let consumer = CGDataConsumer(data: data as CFMutableData),
                      let pdf = CGContext(consumer: consumer, mediaBox: &box, info) else { return }
                pdf.beginPDFPage(nil)
                draw(pdf)
                pdf.endPDFPage()
                pdf.closePDF()
            }
            return data as Data
        }
        if let content { return write(content()) }
        return write(Canvas(renderer: draw))
    }
}

extension Scene {
    /// The scene as an SVG document (OpenCanvas's own export; see `RecordedDrawing.svgDocument`).
    @MainActor
    public func svgDocument(title: String? = nil) -> String {
        func write<V: View>(_ v: V) -> String {
            let renderer = ImageRenderer(content: v.frame(width: size.width, height: size.height))
            renderer.scale = 2   // what is drawn offscreen (colour-mode layers, drawn images) at 2 px/pt
            return renderer.recording.svgDocument(title: title)
        }
        if let content { return write(content()) }
        return write(Canvas(renderer: draw))
    }
}

/// Every scene, in gallery order.
public enum Scenes {
    public static let all: [Scene] = [
        helloCanvas, yearGrid, starFillRules, translucentShapes, clipsAndCopies, strokeBasics, textStyles,
        strokeCapsJoinsDashes, hairlines, trimAlongCurve, cornerStyles, gradients, blendModeGrid, shadows, glow,
        clipLayers, colorModes, filters, filterOptions, photos, textScripts, capsuleLabels, clockFace, starField,
        systemIcons, worldClock, pathOperations,
    ]

    public static func named(_ name: String) -> Scene? { all.first { $0.name == name } }
}
