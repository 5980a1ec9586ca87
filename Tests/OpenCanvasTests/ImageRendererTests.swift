import Testing
import Foundation
import OpenCanvas
import RenderTesting
import CanvasCodecs

@MainActor
@Suite("ImageRenderer and CGImage")
struct ImageRendererTests {
    @Test("pixel size is the view size times the scale, rounded up")
    func pixelSize() {
        let renderer = ImageRenderer(content: Canvas { _, _ in }.frame(width: 100.2, height: 50))
        #expect(renderer.cgImage?.width == 101)
        renderer.scale = 2
        #expect(renderer.cgImage?.width == 201)
        #expect(renderer.cgImage?.height == 100)
    }

    @Test("proposedSize is offered to a flexible canvas")
    func proposedSize() {
        let renderer = ImageRenderer(content: Canvas { _, _ in })
        renderer.proposedSize = ProposedViewSize(width: 64, height: 32)
        #expect(renderer.cgImage?.width == 64)
        #expect(renderer.cgImage?.height == 32)
    }

    @Test("isOpaque gives opaque pixels on black")
    func opaque() {
        let renderer = ImageRenderer(content: Canvas { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 10)), with: .color(.white.opacity(0.5)))
        }.frame(width: 10, height: 10))
        renderer.isOpaque = true
        let image = renderer.cgImage
        #expect(image?.pixel(x: 8, y: 5).alpha == 255)
        #expect(image?.pixel(x: 8, y: 5).red == 0)
        #expect(image?.pixel(x: 2, y: 5).red == 128)
    }

    @Test("PNG data decodes back to the same unpremultiplied pixels")
    func pngRoundTrip() throws {
        let image = try #require(renderCanvas(width: 30, height: 20) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 26, height: 16)), with: .color(.teal.opacity(0.6)))
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.orange))
        })
        let png = try #require(image.pngData())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try PNGCodec.decode([UInt8](png))
        #expect(decoded.width == 30 && decoded.height == 20)
        #expect(decoded.rgba == image.rgbaBytes())
    }

    @Test("pixels outside the image read as transparent")
    func outside() throws {
        let image = try #require(renderCanvas(width: 4, height: 4) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.black))
        })
        #expect(image.pixel(x: -1, y: 0).alpha == 0)
        #expect(image.pixel(x: 4, y: 0).alpha == 0)
        #expect(image.pixel(x: 0, y: 0).alpha == 255)
    }
}
