import Foundation
import OpenCanvas

extension Scenes {
    /// The filters on one small drawing each: blur, the colour-matrix family,
    /// luminance to alpha, alpha threshold over a blur (metaballs), and a
    /// projection (a perspective tilt).
    public static let filters = Scene(
        name: "filters",
        summary: "blur, colour matrices, luminance to alpha, metaballs and a projection",
        size: CGSize(width: 360, height: 180)
    ) { context, size in
        func swatch(_ c: inout GraphicsContext, _ r: CGRect) {
            c.fill(Path(r), with: .linearGradient(Gradient(colors: [.red, .yellow, .green, .blue]),
                                                  startPoint: CGPoint(x: r.minX, y: r.minY),
                                                  endPoint: CGPoint(x: r.maxX, y: r.maxY)))
            c.fill(Path(ellipseIn: r.insetBy(dx: 12, dy: 12)), with: .color(.white.opacity(0.8)))
        }
        let filters: [(String, GraphicsContext.Filter)] = [
            ("none", .saturation(1)), ("blur", .blur(radius: 3)), ("hueRotation", .hueRotation(.degrees(120))),
            ("saturation", .saturation(0.2)), ("brightness", .brightness(0.3)), ("contrast", .contrast(2)),
            ("colorInvert", .colorInvert()), ("grayscale", .grayscale(1)), ("colorMultiply", .colorMultiply(.cyan)),
            ("luminanceToAlpha", .luminanceToAlpha),
        ]
        for (i, (name, filter)) in filters.enumerated() {
            let r = CGRect(x: 8 + CGFloat(i % 5) * 70, y: 6 + CGFloat(i / 5) * 60, width: 56, height: 40)
            var c = context
            c.addFilter(filter)
            swatch(&c, r)
            context.draw(Text(name).font(.system(size: 7)), at: CGPoint(x: r.midX, y: r.maxY + 7))
        }
        // Metaballs: thresholded blur of discs (the threshold added first applies last).
        var blobs = context
        blobs.addFilter(.alphaThreshold(min: 0.5, color: .indigo))
        blobs.addFilter(.blur(radius: 6))
        blobs.drawLayer { layer in
            for (x, y, r) in [(40.0, 150.0, 16.0), (70, 145, 12), (95, 155, 14), (125, 148, 10)] {
                layer.fill(Path(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)), with: .color(.black))
            }
        }
        // A perspective tilt: x' = x / w, w grows to the right.
        var tilt = context
        var m = ProjectionTransform()
        m.m13 = 0.004
        tilt.translateBy(x: 200, y: 130)
        tilt.addFilter(.projectionTransform(m))
        swatch(&tilt, CGRect(x: 0, y: 0, width: 120, height: 40))
    }
}
