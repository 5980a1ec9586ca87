import Foundation
import OpenCanvas

extension Scenes {
    /// The same drawing composited in each colour mode, side by side: translucent
    /// red, green and blue discs and a red-to-green gradient. Blending in linear
    /// light makes overlaps and gradients brighter. The bottom bar adds two light
    /// greys with `plusLighter` on its right half, then multiplies the whole bar by
    /// a grey: the linear mode clamps the sum at 1 first, the extended mode keeps
    /// it above 1, so its right half stays lighter.
    public static let colorModes = Scene(
        name: "color-modes",
        summary: "one drawing composited in the nonLinear, linear and extendedLinear colour modes",
        size: CGSize(width: 330, height: 130)
    ) { context, size in
        func drawing(_ c: inout GraphicsContext) {
            let discs: [(CGFloat, CGFloat, Color)] = [(20, 10, .red), (45, 10, .green), (32, 32, .blue)]
            for (x, y, color) in discs {
                c.fill(Path(ellipseIn: CGRect(x: x, y: y, width: 45, height: 45)), with: .color(color.opacity(0.6)))
            }
            c.fill(Path(CGRect(x: 5, y: 84, width: 100, height: 16)),
                   with: .linearGradient(Gradient(colors: [.red, .green]), startPoint: CGPoint(x: 5, y: 0),
                                         endPoint: CGPoint(x: 105, y: 0)))
            var add = c
            add.fill(Path(CGRect(x: 5, y: 104, width: 100, height: 12)), with: .color(Color(white: 0.8)))
            add.blendMode = .plusLighter
            add.fill(Path(CGRect(x: 55, y: 104, width: 50, height: 12)), with: .color(Color(white: 0.8)))
            add.blendMode = .multiply
            add.fill(Path(CGRect(x: 5, y: 104, width: 100, height: 12)), with: .color(Color(white: 0.35)))
        }
        let modes: [ColorRenderingMode] = [.nonLinear, .linear, .extendedLinear]
        for (i, mode) in modes.enumerated() {
            let image = Image(size: CGSize(width: 110, height: 120), colorMode: mode, renderer: drawing)
            let origin = CGPoint(x: CGFloat(i) * 110, y: 5)
            context.fill(Path(CGRect(origin: origin, size: CGSize(width: 110, height: 120))),
                         with: .tiledImage(image, origin: origin))
        }
    }
}
