import Foundation
import OpenCanvas

extension Scenes {
    /// The 28 blend modes, one cell each: in a layer of its own, a translucent
    /// teal disc and a gradient bar (the destination), then an orange-to-magenta disc
    /// drawn over them with the cell's mode (the source).
    public static let blendModeGrid = Scene(
        name: "blend-mode-grid",
        summary: "all 28 GraphicsContext blend modes, each compositing a disc over a disc and a bar",
        size: CGSize(width: 448, height: 264)
    ) { context, size in
        let modes: [(String, GraphicsContext.BlendMode)] = [
            ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay),
            ("darken", .darken), ("lighten", .lighten), ("colorDodge", .colorDodge),
            ("colorBurn", .colorBurn), ("softLight", .softLight), ("hardLight", .hardLight),
            ("difference", .difference), ("exclusion", .exclusion), ("hue", .hue), ("saturation", .saturation),
            ("color", .color), ("luminosity", .luminosity), ("clear", .clear), ("copy", .copy),
            ("sourceIn", .sourceIn), ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop),
            ("destinationOver", .destinationOver), ("destinationIn", .destinationIn),
            ("destinationOut", .destinationOut), ("destinationAtop", .destinationAtop), ("xor", .xor),
            ("plusDarker", .plusDarker), ("plusLighter", .plusLighter),
        ]
        let source = Gradient(colors: [.orange, Color(red: 0.9, green: 0.1, blue: 0.6)])
        for (i, (name, mode)) in modes.enumerated() {
            let cell = CGRect(x: CGFloat(i % 7) * 64, y: CGFloat(i / 7) * 66, width: 64, height: 66)
            // A checkerboard shows where the result is transparent.
            for k in 0..<16 where (k / 4 + k % 4) % 2 == 0 {
                context.fill(Path(CGRect(x: cell.minX + 8 + CGFloat(k % 4) * 12, y: cell.minY + 4 + CGFloat(k / 4) * 12,
                                         width: 12, height: 12)), with: .color(white: 0.9))
            }
            context.drawLayer { layer in
                layer.fill(Path(ellipseIn: CGRect(x: cell.minX + 8, y: cell.minY + 4, width: 32, height: 32)),
                           with: .color(.teal.opacity(0.85)))
                layer.fill(Path(CGRect(x: cell.minX + 8, y: cell.minY + 38, width: 48, height: 10)),
                           with: .linearGradient(Gradient(colors: [.black, .white]),
                                                 startPoint: CGPoint(x: cell.minX + 8, y: 0),
                                                 endPoint: CGPoint(x: cell.minX + 56, y: 0)))
                layer.blendMode = mode
                let disc = CGRect(x: cell.minX + 22, y: cell.minY + 16, width: 34, height: 34)
                layer.fill(Path(ellipseIn: disc),
                           with: .linearGradient(source, startPoint: CGPoint(x: disc.minX, y: disc.minY),
                                                 endPoint: CGPoint(x: disc.maxX, y: disc.maxY)))
            }
            context.draw(Text(name).font(.system(size: 7)), at: CGPoint(x: cell.midX, y: cell.maxY - 8))
        }
    }
}
