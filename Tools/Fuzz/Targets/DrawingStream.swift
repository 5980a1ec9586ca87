import OpenCanvas
import RenderTesting

/// `GraphicsContext` call streams decoded from bytes by the stress test's
/// `HostileDrawing` (the same calls and hostile arguments, driven by `FuzzBytes`
/// instead of a seed), rendered on a small canvas and written as PDF and SVG. The first byte picks the colour
/// mode, the scale and whether the canvas is opaque.
enum DrawingStream {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        var source = FuzzBytes(bytes)
        let settings = source.byte()
        let mode = [ColorRenderingMode.nonLinear, .linear, .extendedLinear][Int(settings % 3)]
        let scale: CGFloat = [1, 2, 0.5, 1][Int(settings / 3 % 4)]
        let opaque = settings & 0x80 != 0
        // The drawing closure runs once per render; the stream is consumed there.
        let stream = Box(HostileDrawing(source: source))
        stream.value.callBudget = 48
        let canvas = Canvas(opaque: opaque, colorMode: mode) { context, _ in
            stream.value.draw(into: &context)
        } symbols: {
            Circle().fill(Color.orange).frame(width: 12, height: 12).tag(0)
            Text("Sym").tag(1)
        }
        let renderer = ImageRenderer(content: canvas.frame(width: 40, height: 28))
        renderer.scale = scale
        // Recorded once (the stream is consumed), then rasterized and written as
        // PDF and SVG.
        let recording = renderer.recording
        _ = recording.cgImage(scale: scale)
        _ = recording.pdfData(fallbackScale: Double(scale))
        _ = recording.svgDocument(fallbackScale: Double(scale))
    }
}

/// A mutable value a non-escaping drawing closure can reach.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
