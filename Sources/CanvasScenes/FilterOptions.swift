import Foundation
import OpenCanvas

extension Scenes {
    /// The filter options: blur inside a card's bounds, plain (the edges fade with
    /// the transparency around the card) and `.opaque` (edges stay solid), and
    /// `.dithersResult`; `FilterOptions.linearColor` (stripes blurred in linear light
    /// stay brighter); a custom colour matrix (sepia); a threshold band
    /// (`alphaThreshold` with a maximum below 1); a shadow in linear light.
    public static let filterOptions = Scene(
        name: "filter-options",
        summary: "blur .opaque and .dithersResult, linearColor, a colour matrix and an alpha band",
        size: CGSize(width: 360, height: 170)
    ) { context, size in
        func card(_ c: inout GraphicsContext, _ r: CGRect) {
            c.fill(Path(r), with: .linearGradient(Gradient(colors: [.orange, .purple]), startPoint: CGPoint(x: r.minX, y: r.minY),
                                                  endPoint: CGPoint(x: r.maxX, y: r.maxY)))
            c.fill(Path(ellipseIn: r.insetBy(dx: r.width / 4, dy: r.height / 4)), with: .color(.white))
        }
        func label(_ s: String, _ x: CGFloat, _ y: CGFloat) {
            context.draw(Text(s).font(.system(size: 8)), at: CGPoint(x: x, y: y))
        }
        // A card blurred within its own bounds, plain and opaque.
        for (i, options) in [GraphicsContext.BlurOptions(), .opaque].enumerated() {
            let r = CGRect(x: 10 + CGFloat(i) * 85, y: 10, width: 70, height: 50)
            var c = context
            c.clip(to: Path(r))
            c.addFilter(.blur(radius: 5, options: options))
            c.drawLayer { card(&$0, r) }
            label(i == 0 ? "blur" : "blur .opaque", r.midX, 70)
        }

        // Stripes blurred in the encoded space and in linear light.
        for (i, options) in [GraphicsContext.FilterOptions(), .linearColor].enumerated() {
            var c = context
            c.addFilter(.blur(radius: 3), options: options)
            let x0 = 180 + CGFloat(i) * 90
            c.drawLayer { l in
                for k in 0..<8 {
                    l.fill(Path(CGRect(x: x0 + CGFloat(k) * 10, y: 10, width: 10, height: 50)),
                           with: .color(k % 2 == 0 ? .black : .white))
                }
            }
            label(i == 0 ? "blur (encoded)" : "blur .linearColor", x0 + 40, 70)
        }

        // A wide smooth gradient blurred with dithering.
        var dither = context
        dither.addFilter(.blur(radius: 8, options: .dithersResult))
        dither.fill(Path(CGRect(x: 10, y: 90, width: 110, height: 50)),
                    with: .linearGradient(Gradient(colors: [Color(white: 0.2), Color(white: 0.3)]),
                                          startPoint: CGPoint(x: 10, y: 0), endPoint: CGPoint(x: 120, y: 0)))
        label("blur .dithersResult", 65, 155)

        // Sepia through a colour matrix.
        var sepia = ColorMatrix()
        (sepia.r1, sepia.r2, sepia.r3) = (0.393, 0.769, 0.189)
        (sepia.g1, sepia.g2, sepia.g3) = (0.349, 0.686, 0.168)
        (sepia.b1, sepia.b2, sepia.b3) = (0.272, 0.534, 0.131)
        var matrix = context
        matrix.addFilter(.colorMatrix(sepia))
        card(&matrix, CGRect(x: 135, y: 90, width: 70, height: 50))
        label("colorMatrix", 170, 155)

        // Only the blurred edge band: alpha between 0.2 and 0.6.
        var band = context
        band.addFilter(.alphaThreshold(min: 0.2, max: 0.6, color: .teal))
        band.addFilter(.blur(radius: 4))
        band.fill(Path(ellipseIn: CGRect(x: 225, y: 92, width: 50, height: 46)), with: .color(.black))
        label("alphaThreshold", 250, 150)
        label("min 0.2, max 0.6", 250, 160)

        // A coloured shadow blended in linear light.
        var glow = context
        glow.addFilter(.shadow(color: .red, radius: 6), options: .linearColor)
        glow.fill(Path(ellipseIn: CGRect(x: 300, y: 100, width: 40, height: 30)), with: .color(.green))
        label("shadow", 320, 150)
        label(".linearColor", 320, 160)
    }
}
