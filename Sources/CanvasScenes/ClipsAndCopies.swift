import Foundation
import OpenCanvas

extension Scenes {
    /// Value semantics of the context: a copy clipped to a circle draws stripes
    /// inside it only; the original, unclipped, draws the frame; an even-odd clip
    /// (a ring) and an inverse clip cut the rest.
    public static let clipsAndCopies = Scene(
        name: "clips-and-copies",
        summary: "clipping a copied context: circle, even-odd ring and inverse clips",
        size: CGSize(width: 300, height: 110)
    ) { context, size in
        // 1: stripes clipped to a circle through a copy.
        var circle = context
        circle.clip(to: Path(ellipseIn: CGRect(x: 10, y: 10, width: 90, height: 90)))
        for i in stride(from: 0, to: 120, by: 12) {
            circle.fill(Path(CGRect(x: CGFloat(i), y: 0, width: 6, height: size.height)), with: .color(.teal))
        }
        context.stroke(Path(CGRect(x: 10, y: 10, width: 90, height: 90)), with: .color(.gray), lineWidth: 1)

        // 2: a ring, as an even-odd clip of two circles.
        var ring = context
        var ringPath = Path(ellipseIn: CGRect(x: 110, y: 10, width: 90, height: 90))
        ringPath.addEllipse(in: CGRect(x: 135, y: 35, width: 40, height: 40))
        ring.clip(to: ringPath, style: FillStyle(eoFill: true))
        ring.fill(Path(CGRect(x: 110, y: 10, width: 90, height: 90)), with: .color(.orange))

        // 3: everything but a rounded square.
        var outside = context
        outside.clip(to: Path(roundedRect: CGRect(x: 230, y: 30, width: 50, height: 50), cornerRadius: 12),
                     options: .inverse)
        outside.fill(Path(CGRect(x: 210, y: 10, width: 90, height: 90)), with: .color(.purple.opacity(0.8)))
    }
}
