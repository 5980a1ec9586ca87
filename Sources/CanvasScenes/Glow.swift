import Foundation
import OpenCanvas

extension Scenes {
    /// A glowing particle field: translucent discs added with `plusLighter` in a
    /// layer that is blurred and drawn under a sharp copy, on a dark background.
    public static let glow = Scene(
        name: "glow",
        summary: "particles added with plusLighter, blurred into a glow under sharp cores",
        size: CGSize(width: 240, height: 160)
    ) { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(red: 0.03, green: 0.02, blue: 0.1)))
        // A deterministic spiral of particles.
        var particles: [(CGPoint, CGFloat, Color)] = []
        let palette: [Color] = [.cyan, .pink, .yellow, .mint, .orange]
        for i in 0..<70 {
            let t = Double(i) * 0.37
            let r = 8 + Double(i) * 1.0
            let p = CGPoint(x: size.width / 2 + CGFloat(cos(t) * r * 1.3), y: size.height / 2 + CGFloat(sin(t) * r * 0.75))
            particles.append((p, CGFloat(3 + (i % 4)), palette[i % palette.count]))
        }
        func drawParticles(_ c: inout GraphicsContext, scale: CGFloat, opacity: Double) {
            c.blendMode = .plusLighter
            for (p, r, color) in particles {
                let rr = r * scale
                c.fill(Path(ellipseIn: CGRect(x: p.x - rr, y: p.y - rr, width: 2 * rr, height: 2 * rr)),
                       with: .color(color.opacity(opacity)))
            }
        }
        var glow = context
        glow.addFilter(.blur(radius: 6))
        glow.drawLayer { drawParticles(&$0, scale: 2.2, opacity: 0.6) }
        var cores = context
        drawParticles(&cores, scale: 0.6, opacity: 0.9)
    }
}
