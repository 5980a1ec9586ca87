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

    @Test func aViewAsAPDFDocument() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("opencanvas-report-\(getpid()).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        let renderer = ImageRenderer(content: ReportView())
        renderer.render(rasterizationScale: 2) { size, draw in
            var box = CGRect(origin: .zero, size: size)
            let info = [kCGPDFContextTitle as String: "Quarterly report"] as CFDictionary
            guard let pdf = CGContext(url as CFURL, mediaBox: &box, info) else { return }
            pdf.beginPDFPage(nil)
            draw(pdf)
            pdf.endPDFPage()
            pdf.closePDF()
        }
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7"))
        #expect(text.contains("/Title (Quarterly report)"))
        #expect(text.contains("/MediaBox [0 0 240 120]"))
        #expect(text.contains("/FontFile3"))        // the title's text, in an embedded font subset
        #expect(!text.contains("/Subtype /Image"))  // nothing in it needed pixels
    }
}

/// A small report: a title and a bar chart.
private struct ReportView: View {
    let values: [Double] = [3, 5, 2, 6]
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Quarterly report").font(.headline)
            Canvas { context, size in
                let width = size.width / CGFloat(values.count)
                for (i, v) in values.enumerated() {
                    let h = size.height * v / 6
                    context.fill(Path(CGRect(x: CGFloat(i) * width + 4, y: size.height - h, width: width - 8, height: h)),
                                 with: .color(.blue))
                }
            }
        }
        .padding(10)
        .frame(width: 240, height: 120)
    }
}
