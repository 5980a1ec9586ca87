import Foundation
import OpenCanvas

extension Scenes {
    /// Twelve translucent rounded bars rotated about the centre and six translucent
    /// ellipses: overlaps darken where source-over stacks them.
    public static let translucentShapes = Scene(
        name: "translucent-shapes",
        summary: "rotated translucent bars and ellipses blending where they overlap",
        size: CGSize(width: 240, height: 240)
    ) { context, size in
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let colors: [Color] = [.red, .orange, .yellow, .green, .teal, .blue, .indigo, .purple, .pink, .brown, .cyan, .mint]
        for (i, color) in colors.enumerated() {
            var c = context
            c.translateBy(x: center.x, y: center.y)
            c.rotate(by: .degrees(Double(i) * 30))
            c.fill(Path(roundedRect: CGRect(x: 8, y: -9, width: 100, height: 18), cornerRadius: 9),
                   with: .color(color.opacity(0.55)))
        }
        var ellipses = context
        ellipses.opacity = 0.35
        for i in 0..<6 {
            var c = ellipses
            c.translateBy(x: center.x, y: center.y)
            c.rotate(by: .degrees(Double(i) * 60))
            c.fill(Path(ellipseIn: CGRect(x: -30, y: -80, width: 60, height: 80)), with: .color(.blue))
        }
    }
}
