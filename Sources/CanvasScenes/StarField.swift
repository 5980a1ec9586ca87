import Foundation
import OpenCanvas

extension Scenes {
    /// One resolved symbol — a yellow star — drawn 300 times at seeded positions,
    /// sizes and opacities over a night sky, plus a glow symbol behind the largest.
    public static let starField = Scene(
        name: "star-field",
        summary: "A star field: one canvas symbol drawn 300 times, scaled and faded",
        size: CGSize(width: 400, height: 240)
    ) {
        Canvas { context, size in
            let sky = Gradient(colors: [Color(red: 0.02, green: 0.03, blue: 0.15), Color(red: 0.12, green: 0.1, blue: 0.3)])
            context.fill(Path(CGRect(origin: .zero, size: size)),
                         with: .linearGradient(sky, startPoint: .zero, endPoint: CGPoint(x: 0, y: size.height)))
            guard let star = context.resolveSymbol(id: "star"), let glow = context.resolveSymbol(id: "glow") else { return }
            var seed: UInt64 = 0x5EED
            func random() -> Double {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return Double(seed >> 11) / Double(1 << 53)
            }
            for _ in 0..<300 {
                let x = random() * size.width, y = random() * size.height
                let scale = 0.25 + pow(random(), 3) * 1.1
                let w = star.size.width * scale, h = star.size.height * scale
                var c = context
                c.opacity = 0.35 + 0.65 * random()
                c.translateBy(x: x, y: y)
                c.rotate(by: .degrees(random() * 72))
                if scale > 1 {
                    c.draw(glow, in: CGRect(x: -w * 1.5, y: -h * 1.5, width: w * 3, height: h * 3))
                }
                c.draw(star, in: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            }
        } symbols: {
            Canvas { context, size in
                var star = context.resolve(Image(systemName: "star.fill"))
                star.shading = .color(Color(red: 1, green: 0.9, blue: 0.55))
                context.draw(star, in: CGRect(origin: .zero, size: size))
            }
            .frame(width: 18, height: 17)
            .tag("star")
            Canvas { context, size in
                let g = Gradient(colors: [Color(red: 1, green: 0.9, blue: 0.6).opacity(0.45), .clear])
                context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)),
                             with: .radialGradient(g, center: CGPoint(x: size.width / 2, y: size.height / 2),
                                                   startRadius: 0, endRadius: size.width / 2))
            }
            .frame(width: 40, height: 40)
            .tag("glow")
        }
    }
}
