import Foundation
import OpenCanvas

extension Scenes {
    /// Every gradient shading and option: linear, radial and conic gradients in
    /// user space with pad, repeat, mirror and linear-light interpolation; the
    /// shape-style gradients mapped onto their shapes (an angular gradient over
    /// part of a turn, an elliptical gradient in a wide rectangle); hard stops.
    public static let gradients = Scene(
        name: "gradients",
        summary: "linear, radial and conic gradients with every option, shape-style gradients and hard stops",
        size: CGSize(width: 320, height: 240)
    ) { context, size in
        let rainbow = Gradient(colors: [.red, .yellow, .green, .blue])
        let twoTone = Gradient(colors: [.red, .green])
        let cell = CGSize(width: 80, height: 80)
        func frame(_ col: Int, _ row: Int) -> CGRect {
            CGRect(x: CGFloat(col) * cell.width + 4, y: CGFloat(row) * cell.height + 4,
                   width: cell.width - 8, height: cell.height - 8)
        }
        func label(_ s: String, _ col: Int, _ row: Int) {
            let r = frame(col, row)
            context.draw(Text(s).font(.system(size: 7)), at: CGPoint(x: r.midX, y: r.maxY - 5))
        }

        // Row 0: linear, the axis covering the middle third of each cell.
        for (col, options) in [GraphicsContext.GradientOptions(), .repeat, .mirror].enumerated() {
            let r = frame(col, 0)
            context.fill(Path(roundedRect: r, cornerRadius: 6),
                         with: .linearGradient(rainbow, startPoint: CGPoint(x: r.minX + r.width / 3, y: r.minY),
                                               endPoint: CGPoint(x: r.minX + 2 * r.width / 3, y: r.minY + 10),
                                               options: options))
            label(["pad", "repeat", "mirror"][col], col, 0)
        }
        // Red to green: encoded interpolation (top half) darkens in the middle;
        // linear light (bottom half) keeps it bright.
        let lr = frame(3, 0)
        let top = CGRect(x: lr.minX, y: lr.minY, width: lr.width, height: lr.height / 2)
        let bottom = CGRect(x: lr.minX, y: lr.midY, width: lr.width, height: lr.height / 2)
        context.fill(Path(top), with: .linearGradient(twoTone, startPoint: CGPoint(x: lr.minX, y: 0),
                                                      endPoint: CGPoint(x: lr.maxX, y: 0)))
        context.fill(Path(bottom), with: .linearGradient(twoTone, startPoint: CGPoint(x: lr.minX, y: 0),
                                                         endPoint: CGPoint(x: lr.maxX, y: 0), options: .linearColor))

        // Row 1: radial pad, repeat, mirror, and a conic turn starting at 12 o'clock.
        for (col, options) in [GraphicsContext.GradientOptions(), .repeat, .mirror].enumerated() {
            let r = frame(col, 1)
            context.fill(Path(ellipseIn: r),
                         with: .radialGradient(rainbow, center: CGPoint(x: r.midX, y: r.midY), startRadius: 6,
                                               endRadius: 18, options: options))
        }
        let cr = frame(3, 1)
        context.fill(Path(ellipseIn: cr),
                     with: .conicGradient(Gradient(colors: [.red, .yellow, .green, .blue, .purple, .red]),
                                          center: CGPoint(x: cr.midX, y: cr.midY), angle: .degrees(-90)))

        // Row 2: shape styles in unit space, mapped onto each shape's bounds.
        context.fill(Path(roundedRect: frame(0, 2), cornerRadius: 12),
                     with: .style(LinearGradient(colors: [.teal, .indigo], startPoint: .topLeading,
                                                 endPoint: .bottomTrailing)))
        context.fill(Path(ellipseIn: frame(1, 2)),
                     with: .style(RadialGradient(colors: [.white, .orange, .pink], center: .topLeading,
                                                 startRadius: 4, endRadius: 70)))
        context.fill(Path(ellipseIn: frame(2, 2)),
                     with: .style(AngularGradient(colors: [.yellow, .red], center: .center,
                                                  startAngle: .degrees(0), endAngle: .degrees(270))))
        // Hard stops (two stops at one location) under an elliptical gradient.
        let stripes = Gradient(stops: [.init(color: .blue, location: 0), .init(color: .blue, location: 0.5),
                                       .init(color: .mint, location: 0.5), .init(color: .mint, location: 0.75),
                                       .init(color: .indigo, location: 0.75), .init(color: .indigo, location: 1)])
        let er = frame(3, 2).insetBy(dx: 0, dy: 14)
        context.fill(Path(er), with: .style(EllipticalGradient(gradient: stripes)))
    }
}
