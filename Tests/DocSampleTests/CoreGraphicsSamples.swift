import Testing
import Foundation
import OpenCanvas

@MainActor @Suite("The Core Graphics bridge, as documented")
struct CoreGraphicsSamples {
    @Test func cgDrawingInsideACanvas() throws {
        let badge = Canvas { context, size in
            context.withCGContext { cg in
                cg.setFillColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
                cg.addEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 60))
                cg.fillPath()
                cg.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
                cg.setLineWidth(4)
                cg.move(to: CGPoint(x: 26, y: 40))
                cg.addLine(to: CGPoint(x: 36, y: 52))
                cg.addLine(to: CGPoint(x: 56, y: 28))
                cg.strokePath()
            }
        }
        .frame(width: 80, height: 80)
        let image = try #require(ImageRenderer(content: badge).cgImage)
        #expect(image.pixel(x: 20, y: 40) == (51, 153, 77, 255))
        documentationPicture(image, "cg-badge")
    }

    @Test func aBitmapContextOfYourOwn() throws {
        let width = 64, height = 32
        let context = try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8,
                                             bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 32, height: 16))     // y up: the bottom-left quarter
        let image = try #require(context.makeImage())
        #expect(image.pixel(x: 4, y: 28) == (0, 0, 255, 255))
        #expect(image.pixel(x: 4, y: 4).alpha == 0)
    }
}
