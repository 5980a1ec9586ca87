import Testing
import Foundation
import OpenCanvas

@MainActor @Suite("Getting started and drawing in a canvas, as documented")
struct GettingStartedSamples {
    @Test func firstPicture() throws {
        let view = Canvas { context, size in
            var copy = context
            copy.clip(to: Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)))
            copy.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
            context.translateBy(x: size.width / 2, y: size.height / 2)
            context.rotate(by: .degrees(30))
            context.fill(Path(CGRect(x: -40, y: -10, width: 80, height: 20)), with: .color(.orange.opacity(0.8)))
            context.draw(Text("Hello").font(.caption2), at: .zero)
        }
        .frame(width: 240, height: 160)
        let renderer = ImageRenderer(content: view)
        renderer.scale = 2
        let image = renderer.cgImage!          // 480 × 320 pixels
        let (r, g, b, a) = image.pixel(x: 10, y: 160)   // unpremultiplied 8-bit sRGB
        #expect(image.width == 480 && image.height == 320)
        #expect([r, g, b, a] == [0, 122, 255, 255])
        documentationPicture(image, "first-picture")
    }

    @Test func strokesGradientsAndText() throws {
        let chart = Canvas { context, size in
            let values: [CGFloat] = [0.3, 0.8, 0.5, 0.95, 0.6]
            let width = size.width / CGFloat(values.count)
            for (i, v) in values.enumerated() {
                let bar = CGRect(x: CGFloat(i) * width + 4, y: size.height * (1 - v), width: width - 8,
                                 height: size.height * v)
                context.fill(Path(roundedRect: bar, cornerRadius: 4),
                             with: .linearGradient(Gradient(colors: [.teal, .blue]),
                                                   startPoint: CGPoint(x: 0, y: bar.minY),
                                                   endPoint: CGPoint(x: 0, y: bar.maxY)))
            }
            var line = Path()
            line.move(to: CGPoint(x: 0, y: size.height * 0.5))
            line.addLine(to: CGPoint(x: size.width, y: size.height * 0.5))
            context.stroke(line, with: .color(.red), style: StrokeStyle(lineWidth: 2, dash: [6, 4]))
            context.draw(Text("target").font(.caption).foregroundStyle(.red),
                         at: CGPoint(x: size.width - 4, y: size.height * 0.5 - 4), anchor: .bottomTrailing)
        }
        .frame(width: 220, height: 120)
        let image = try #require(ImageRenderer(content: chart).cgImage)
        #expect(image.pixel(x: 110, y: 60).red > 200)       // the dashed line crosses the middle bar
        documentationPicture(image, "bar-chart")
    }

    @Test func layersAndFilters() throws {
        let glow = Canvas { context, size in
            context.drawLayer { layer in
                layer.addFilter(.shadow(color: .purple, radius: 8))
                layer.fill(Path(ellipseIn: CGRect(x: 30, y: 20, width: 60, height: 60)), with: .color(.pink))
            }
            var blurred = context
            blurred.addFilter(.blur(radius: 4))
            blurred.fill(Path(CGRect(x: 120, y: 30, width: 50, height: 40)), with: .color(.orange))
        }
        .frame(width: 200, height: 100)
        let image = try #require(ImageRenderer(content: glow).cgImage)
        #expect(image.pixel(x: 60, y: 50).red == 255)         // the pink circle
        #expect(image.pixel(x: 60, y: 84).alpha > 0)          // its glow below it
        documentationPicture(image, "layers-and-filters")
    }
}
